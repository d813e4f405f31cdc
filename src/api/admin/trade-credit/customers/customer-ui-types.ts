/**
 * The answers of the admin routes the customer widget reads (sole-trader
 * enrollment, trade account, erasure requests). Types only, no imports: the
 * admin bundle imports them too (`import type`).
 */

/** `GET /admin/trade-credit/customers/:id/enrollment` → `{ enrollment }` (null when the customer never enrolled). */
export type TradeCreditEnrollment = {
  id: string
  /** DRAFT, SUBMITTED, IN_REVIEW, ACCEPTED, DECLINED, WITHDRAWN, or VERIFIED (a returning buyer). */
  status: string
  /** proposal, returning_buyer or autofill. */
  source: string
  proposal_id: string | null
  country_code: string
  company_name: string | null
  organization_number: string | null
  decided_at: string | null
  /** ACCEPTED or VERIFIED with an organization number: the customer's checkouts use it. */
  enrolled: boolean
  last_polled_at: string | null
  created_at: string | null
  updated_at: string | null
}

export type TradeCreditEnrollmentAnswer = { enrollment: TradeCreditEnrollment | null }

/** A user of a trade account (a Medusa customer who orders for the business). */
export type TradeCreditTradeAccountUser = {
  id: string
  customer_id: string
  service_user_id: string
  verified: boolean
  verified_at: string | null
  customer: { id: string; email: string | null; first_name: string | null; last_name: string | null } | null
}

/** A business onboarded as a trade account customer (`GET /admin/trade-credit/customers/:id/trade-account`). */
export type TradeCreditTradeAccount = {
  id: string
  service_customer_id: string
  merchant_customer_id: string
  trade_name: string
  canonical_id: string | null
  country_code: string | null
  organization_number: string | null
  created_at?: string
  users: TradeCreditTradeAccountUser[]
}

export type TradeCreditCustomerTradeAccountAnswer = {
  trade_account: TradeCreditTradeAccount | null
  user: TradeCreditTradeAccountUser | null
}

/** `POST .../users/:user_id/verification-link`. */
export type TradeCreditVerificationLinkAnswer = {
  redirect_url: string
  return_url: string
  user_id: string
  event: string
}

/** An erasure request as `GET /admin/trade-credit/erasure-requests` lists it (never the address). */
export type TradeCreditErasureRequest = {
  id: string
  reference: string
  case: "NO_RECORDS" | "RETAINED" | "ERASABLE"
  status: "recorded" | "submitted" | "failed"
  source: "admin" | "customer_deleted"
  customer_id: string | null
  requested_by: string | null
  submitted_at: string | null
  anonymised_at: string | null
  error: string | null
  created_at: string
}

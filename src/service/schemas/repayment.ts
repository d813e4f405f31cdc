import { z } from "@medusajs/framework/zod"
import { CountryCode, Currency, Email, Money, PhoneNumber } from "./common"
import { LineItem, TaxSubtotal } from "./order"

/**
 * Repayment interface, version 1.0.0 (contract section 3), under
 * `{baseUrl}/repay/v1`. A plan is named by `plan_id` in the query (GET) or
 * the body (PUT, POST).
 */

/** Plans are repaid in 1 to 36 instalments, one a month (interfaces.md). */
export const MIN_NUMBER_OF_PERIODS = 1
export const MAX_NUMBER_OF_PERIODS = 36
/** The only cadence the service supports. */
export const REPAYMENT_PERIODS = ["MONTHLY"] as const
export const RepaymentPeriod = z.enum(REPAYMENT_PERIODS)
export type RepaymentPeriod = z.infer<typeof RepaymentPeriod>

/** A calendar date, "2026-03-01" (instalment issue dates are in UTC). */
export const IsoDate = z.iso.date()
/** An ISO 8601 instant with its offset ("2026-02-14T10:00:00Z", "2026-02-14T11:00:00+01:00"). */
export const IsoDateTime = z.iso.datetime({ offset: true })

export const PlanTerms = z.object({
  period: RepaymentPeriod,
  number_of_periods: z.number().int().min(MIN_NUMBER_OF_PERIODS).max(MAX_NUMBER_OF_PERIODS),
})
export type PlanTerms = z.infer<typeof PlanTerms>

/** An account's address (`billing_address`, and the buyer company's `official_address`) **(chosen: one shape)**. */
export const RepaymentAddress = z.object({
  address_line_1: z.string().min(1).max(255),
  address_line_2: z.string().max(255).nullable().optional(),
  city: z.string().min(1).max(100),
  region: z.string().max(100).nullable().optional(),
  postal_code: z.string().min(1).max(20),
  country_code: CountryCode,
})
export type RepaymentAddress = z.infer<typeof RepaymentAddress>

export const RepaymentBuyerCompany = z.object({
  trade_name: z.string().min(1).max(255),
  official_address: RepaymentAddress,
  country_code: CountryCode,
  /** The organization number. */
  national_identifier: z.string().min(1).max(50),
})
export type RepaymentBuyerCompany = z.infer<typeof RepaymentBuyerCompany>

export const AccountRepresentative = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  phone_number: PhoneNumber,
  email: Email,
})
export type AccountRepresentative = z.infer<typeof AccountRepresentative>

/** POST /account and PUT /account/{account_id} (the whole account, replaced). */
export const AccountRequest = z.object({
  buyer_company: RepaymentBuyerCompany,
  billing_address: RepaymentAddress,
  invoice_email: Email,
  invoice_cc_emails: z.array(Email).max(10).default([]),
  account_representative: AccountRepresentative,
  /** The merchant's id of the account record, unique per merchant **(chosen)**. */
  merchant_account_reference: z.string().min(1).max(100),
})
export type AccountRequest = z.infer<typeof AccountRequest>

/** The account: `{id, ...body}`. */
export const RepaymentAccount = AccountRequest.extend({ id: z.string() })
export type RepaymentAccount = z.infer<typeof RepaymentAccount>

/** POST /credit-check */
export const CreditCheckRequest = z.object({
  country_code: CountryCode,
  national_identifier: z.string().min(1).max(50),
  company_name: z.string().min(1).max(255),
  amount: Money,
  currency: Currency,
  instalment_period: RepaymentPeriod,
})
export type CreditCheckRequest = z.infer<typeof CreditCheckRequest>

export const CREDIT_DECISIONS = ["APPROVED", "DECLINED"] as const
export const CreditDecision = z.enum(CREDIT_DECISIONS)

/** A declined check answers null limits **(chosen)**. */
export const CreditCheckResult = z.object({
  decision: CreditDecision,
  minimum_instalments: z.number().int().min(MIN_NUMBER_OF_PERIODS).max(MAX_NUMBER_OF_PERIODS).nullable(),
  maximum_instalments: z.number().int().min(MIN_NUMBER_OF_PERIODS).max(MAX_NUMBER_OF_PERIODS).nullable(),
  maximum_instalment_amount: Money.nullable(),
  currency: Currency,
})
export type CreditCheckResult = z.infer<typeof CreditCheckResult>

/** POST /preview: one or more tentative plans. */
export const PreviewRequest = z.object({
  total_repayment_amount: Money,
  currency: Currency,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  terms: z.array(PlanTerms).min(1).max(MAX_NUMBER_OF_PERIODS),
})
export type PreviewRequest = z.infer<typeof PreviewRequest>

/** An instalment of a preview. */
export const PreviewInstalment = z.object({
  invoice_issue_date: IsoDate,
  repayment_amount: Money,
  tax_subtotals: z.array(TaxSubtotal),
})
export type PreviewInstalment = z.infer<typeof PreviewInstalment>

export const PreviewResult = z.object({
  previews: z.array(z.object({ terms: PlanTerms, instalments: z.array(PreviewInstalment).min(1) })),
})
export type PreviewResult = z.infer<typeof PreviewResult>

/** POST /plan */
export const PlanRequest = z.object({
  /** The merchant's reference of the plan, unique per merchant while the plan holds it **(chosen)**. */
  reference: z.string().min(1).max(100),
  description: z.string().max(1000).optional(),
  account_id: z.string().min(1).max(100),
  total_repayment_amount: Money,
  currency: Currency,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  /** When the buyer agreed to the plan. */
  consent_date: IsoDateTime,
  line_items: z.array(LineItem).min(1),
  terms: PlanTerms,
})
export type PlanRequest = z.infer<typeof PlanRequest>

export const INSTALMENT_STATUSES = ["PLANNED", "INVOICED", "CANCELLED"] as const
export const InstalmentStatus = z.enum(INSTALMENT_STATUSES)
export type InstalmentStatus = z.infer<typeof InstalmentStatus>

export const Instalment = PreviewInstalment.extend({ id: z.string(), status: InstalmentStatus })
export type Instalment = z.infer<typeof Instalment>

/** The plan, as POST /plan and PUT /cancellation answer it. */
export const RepaymentPlan = z.object({
  id: z.string(),
  reference: z.string(),
  account_id: z.string(),
  total_repayment_amount: Money,
  currency: Currency,
  terms: PlanTerms,
  line_items: z.array(LineItem),
  tax_subtotals: z.array(TaxSubtotal),
  instalments: z.array(Instalment),
})
export type RepaymentPlan = z.infer<typeof RepaymentPlan>

export const FUNDING_STATUSES = ["PENDING", "ACCEPTED", "REJECTED"] as const
export const FundingStatus = z.enum(FUNDING_STATUSES)
export type FundingStatus = z.infer<typeof FundingStatus>

export const FULFILMENT_STATUSES = ["NOT_INITIATED", "PENDING", "SUCCEEDED", "FAILED"] as const
export const PlanFulfilmentStatus = z.enum(FULFILMENT_STATUSES)
export type PlanFulfilmentStatus = z.infer<typeof PlanFulfilmentStatus>

/** GET /status?plan_id= (and the 202 answer of PUT /fulfilment). */
export const PlanStatus = z.object({
  plan_id: z.string(),
  funding_status: FundingStatus,
  fulfilment_status: PlanFulfilmentStatus,
  invoiced_amount: Money,
  cancelled_amount: Money,
  credited_amount: Money,
  /** Why funding was REJECTED; null otherwise. */
  credit_decline_reason: z.string().nullable(),
})
export type PlanStatus = z.infer<typeof PlanStatus>

export const PlanStatusQuery = z.object({ plan_id: z.string().min(1).max(100) })

/** PUT /fulfilment */
export const PlanFulfilmentRequest = z.object({ plan_id: z.string().min(1).max(100) })
export type PlanFulfilmentRequest = z.infer<typeof PlanFulfilmentRequest>

/** PUT /cancellation */
export const PlanCancellationRequest = z.object({
  plan_id: z.string().min(1).max(100),
  cancel_reason: z.string().min(1).max(255),
  cancelled_at: IsoDateTime,
})
export type PlanCancellationRequest = z.infer<typeof PlanCancellationRequest>

/** POST /credit */
export const PlanCreditRequest = z.object({
  plan_id: z.string().min(1).max(100),
  amount: Money,
  currency: Currency,
  reason: z.string().min(1).max(255),
})
export type PlanCreditRequest = z.infer<typeof PlanCreditRequest>

export const PlanCredit = z.object({
  id: z.string(),
  plan_id: z.string(),
  amount: Money,
  currency: Currency,
})
export type PlanCredit = z.infer<typeof PlanCredit>

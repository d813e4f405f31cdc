import type { AccountRequest, AccountUpdateRequest } from "../../service/schemas/repayment"
import type { Representative } from "../../service/schemas/order"
import type { BuyerSourceInput } from "../order/buyer"
import { buildBuyer, normalisePhoneNumber } from "../order/buyer"
import type { SessionInput } from "../order/session-input"
import { digestOf } from "./plan-idempotency-keys"
import { billingAddressOf, type MedusaAddressLike, toRepaymentAddress } from "./repayment-address"
import type { ResolvedCompany } from "./repayment-company"

/** The account body sent to the service (`AccountRequest`, defaults applied; the plugin always sends a reference). */
export type AccountBody = AccountRequest & { merchant_account_reference: string }

const MAX_REFERENCE = 100

/** The buyer of a checkout: the Medusa customer when logged in, else a digest of the cart email (no email in keys or
 * logs). */
export function buyerKeyOf(
  customerId: string | null | undefined,
  email: string | null | undefined,
): string | undefined {
  if (customerId) return customerId
  const address = (email ?? "").trim().toLowerCase()
  return address ? `guest-${digestOf(address)}` : undefined
}

/** `merchant_account_reference`: the buyer and the company ("cus_01.../GB-08123456"), at most 100 characters. */
export function accountReferenceOf(buyerKey: string, companyKey: string): string {
  const reference = `${buyerKey}/${companyKey}`
  return reference.length <= MAX_REFERENCE ? reference : `${buyerKey.slice(0, 60)}/${digestOf(companyKey)}`
}

/**
 * The repayment account of a buyer from the checkout: the company, the cart's
 * billing address (else its shipping address), the representative (the
 * session's, each missing field from the cart, as for an order), invoices to
 * the first of `invoice_emails` (else the representative), the others in copy.
 */
export function buildAccountBody(
  input: SessionInput,
  cart: BuyerSourceInput,
  company: ResolvedCompany,
  reference: string,
): AccountBody {
  const { representative } = buildBuyer(input, cart, { representativeRequired: true })
  const [invoiceEmail, ...copies] = input.invoice_emails?.length ? input.invoice_emails : [representative.email]
  return {
    buyer_company: {
      trade_name: company.trade_name,
      official_address: company.official_address,
      country_code: company.country_code,
      national_identifier: company.national_identifier,
    },
    billing_address: billingAddressOf(cart),
    invoice_email: invoiceEmail,
    invoice_cc_emails: copies,
    account_representative: representative,
    merchant_account_reference: reference,
  }
}

/**
 * The `PUT /account/{id}` body of an account: what the interface lets change (the company's trade name and
 * official address, the billing address, the invoice emails, the representative); the company's country and
 * national identifier are not part of it.
 */
export function accountUpdateOf(body: AccountBody): AccountUpdateRequest {
  return {
    buyer_company: { trade_name: body.buyer_company.trade_name, official_address: body.buyer_company.official_address },
    billing_address: body.billing_address,
    invoice_email: body.invoice_email,
    invoice_cc_emails: body.invoice_cc_emails,
    account_representative: body.account_representative,
  }
}

/** The customer's details as the payment module gives them to account-holder methods. */
export type PaymentCustomerLike = {
  id: string
  email?: string | null
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  billing_address?:
    (MedusaAddressLike & { phone?: string | null; first_name?: string | null; last_name?: string | null }) | null
}

/**
 * An account body with a customer's changed details: their default billing
 * address, and their name, email and phone as the representative where they
 * are usable. Anything the customer lacks stays as it was.
 */
export function withCustomerDetails(body: AccountBody, customer: PaymentCustomerLike): AccountBody {
  let billing = body.billing_address
  try {
    if (customer.billing_address) billing = toRepaymentAddress(customer.billing_address, "billing_address")
  } catch {
    // An incomplete default address of the customer does not replace a complete one.
  }
  const pick = (...values: (string | null | undefined)[]) => values.map((v) => (v ?? "").trim()).find(Boolean)
  const previous = body.account_representative
  const phone = normalisePhoneNumber(pick(customer.billing_address?.phone, customer.phone), billing.country_code)
  const representative: Representative = {
    first_name: (pick(customer.first_name, customer.billing_address?.first_name) ?? previous.first_name).slice(0, 100),
    last_name: (pick(customer.last_name, customer.billing_address?.last_name) ?? previous.last_name).slice(0, 100),
    email: pick(customer.email)?.toLowerCase() ?? previous.email,
    phone_number: phone ?? previous.phone_number,
  }
  // Invoices that went to the representative follow the representative's new email.
  const invoice_email = body.invoice_email === previous.email ? representative.email : body.invoice_email
  return { ...body, billing_address: billing, account_representative: representative, invoice_email }
}

import { type PlanRequest, REPAYMENT_CURRENCIES, type RepaymentCurrency } from "../../service/schemas/repayment"
import { type BuyerSourceInput, buildBuyer } from "../order/buyer"
import { PayloadError } from "../order/errors"
import type { BuiltLines } from "../order/lines"
import type { SessionInput } from "../order/session-input"
import { planLineItemsOf, planTaxSubtotalsOf } from "./plan-lines"
import { type MedusaAddressLike, shippingAddressOf } from "./repayment-address"
import { quote } from "../../utils/quote"

export type PlanBodyInput = {
  /** The payment session id: the plan's `reference` (Medusa ids fit `[A-Za-z0-9_-]`, 1 to 40). */
  sessionId: string
  cart: BuyerSourceInput & { id: string; currency_code: string; shipping_address?: MedusaAddressLike | null }
  /** The storefront's session input (company, representative fields). */
  input: SessionInput
  accountId: string
  numberOfPeriods: number
  lines: BuiltLines
  /** When the buyer agreed (placing the order); the plan carries its day. */
  consentedAt: Date
}

/** The cart's currency as the repayment interface's (CART_NOT_SUPPORTED naming `currency_code` otherwise). */
export function repaymentCurrencyOf(currencyCode: string): RepaymentCurrency {
  const currency = REPAYMENT_CURRENCIES.find((c) => c === currencyCode.toUpperCase())
  if (!currency) {
    throw new PayloadError(
      "CART_NOT_SUPPORTED",
      `Trade credit instalments are paid in ${REPAYMENT_CURRENCIES.join(", ")}, ` +
        `not ${quote(currencyCode.toUpperCase())}`,
      "currency_code",
    )
  }
  return currency
}

/** A plan's `reference`: the session id when it fits the interface (`[A-Za-z0-9_-]`, 1 to 40), else refused. */
function referenceOf(sessionId: string): string {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(sessionId)) {
    throw new PayloadError(
      "INVALID_SESSION_DATA",
      `The payment session id ${quote(sessionId)} cannot be a plan reference`,
      "session_id",
    )
  }
  return sessionId
}

/**
 * The `POST /plan` body of a cart (contract section 3): the cart's lines in
 * the repayment interface's names, the buyer's representative (the session's,
 * each missing field from the customer or the billing address; the phone in
 * E.164) and the address the goods go to (the cart's shipping address, else
 * its billing address). Anything missing is a Medusa error naming the field.
 */
export function buildPlanBody({
  sessionId,
  cart,
  input,
  accountId,
  numberOfPeriods,
  lines,
  consentedAt,
}: PlanBodyInput): PlanRequest {
  const { representative } = buildBuyer(input, cart, { representativeRequired: true })
  return {
    reference: referenceOf(sessionId),
    description: `Medusa cart ${cart.id}`,
    account_id: accountId,
    total_repayment_amount: lines.gross_amount,
    currency: repaymentCurrencyOf(cart.currency_code),
    tax_subtotals: planTaxSubtotalsOf(lines.tax_subtotals),
    consent_date: consentedAt.toISOString().slice(0, 10),
    line_items: planLineItemsOf(lines.line_items),
    buyer_representative: representative,
    shipping_address: shippingAddressOf(cart),
    terms: { period: "MONTHLY", number_of_periods: numberOfPeriods },
  }
}

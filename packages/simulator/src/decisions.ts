import BigNumber from "bignumber.js"
import type { DeclineReason } from "./contract/orders"
import type { CompanyRecord } from "./state/companies"

export type { DeclineReason }
export type Decision = { approved: true; decline_reason: null } | { approved: false; decline_reason: DeclineReason }

/** Credit limit of a company without one of its own (gross, in the order's currency). */
export const DEFAULT_CREDIT_LIMIT = "50000.00"
/** Smallest and largest invoice the service accepts (gross, any currency). */
export const MIN_INVOICE_AMOUNT = "1.00"
export const MAX_INVOICE_AMOUNT = "1000000.00"

const approve: Decision = { approved: true, decline_reason: null }
const decline = (decline_reason: DeclineReason): Decision => ({ approved: false, decline_reason })

/**
 * The simulator's credit decision, the same for an intent, a create and an
 * edit. Deterministic, checked in this order: the company is known, the
 * amount is within the invoice bounds, the company is not high risk, the
 * amount is within the company's limit (and its max_single_order_value, when
 * set). The limit applies to each order on its own: what the buyer owes
 * shows in customer.credit_limit.updated.v1, not in the decision.
 */
export function decide(company: CompanyRecord | undefined, grossAmount: string): Decision {
  if (!company) return decline("BUYER_NOT_FOUND")
  const gross = new BigNumber(grossAmount)
  if (gross.lt(MIN_INVOICE_AMOUNT)) return decline("ORDER_BELOW_MIN_INVOICE_AMOUNT")
  if (gross.gt(MAX_INVOICE_AMOUNT)) return decline("ORDER_EXCEEDS_MAX_INVOICE_AMOUNT")
  if (company.declined) return decline("TOO_HIGH_RISK")
  if (gross.gt(company.credit_limit ?? DEFAULT_CREDIT_LIMIT)) return decline("BUYER_LIMIT_EXCEEDED")
  if (company.max_single_order_value && gross.gt(company.max_single_order_value)) return decline("BUYER_LIMIT_EXCEEDED")
  return approve
}

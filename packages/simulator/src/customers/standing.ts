import type { SimulatorContext } from "../context"
import type { CompanyRecord } from "../state/companies"
import { settleArrears } from "./arrears"
import { forgetSettled } from "./buyers"
import { announceCreditChange, creditViewOf } from "./credit-limit"

/**
 * Runs a change of what a buyer owes (an invoice, a payment, a credit, a collection, a recourse) and announces what
 * it changed: the arrears block entered or left (a payment also ends a state the control API forced), then
 * `customer.credit_limit.updated.v1` when the balance moved. A buyer the service does not know changes nothing.
 */
export function changingStanding<T>(
  ctx: SimulatorContext,
  company: CompanyRecord | undefined,
  change: () => T,
  options: { payment?: boolean } = {},
): T {
  if (!company) return change()
  const before = creditViewOf(company)
  const result = change()
  forgetSettled(company)
  if (options.payment && company.arrears?.forced) company.arrears.forced = false
  settleArrears(ctx, company)
  announceCreditChange(ctx, company, before)
  return result
}

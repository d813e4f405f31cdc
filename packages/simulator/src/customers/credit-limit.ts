import type BigNumber from "bignumber.js"
import { CUSTOMER_EVENTS, type CreditLimitUpdatedData } from "../contract/after-invoice-events"
import type { SimulatorContext } from "../context"
import { DEFAULT_CREDIT_LIMIT } from "../decisions"
import { bn, money, sumOf } from "../orders/amounts"
import { unpaidOf } from "../orders/invoice-status"
import type { CompanyRecord } from "../state/companies"
import type { MerchantState } from "../state/merchants"
import { currencyOfCompany, merchantsOfCompany, receivablesOf } from "./buyers"

const positive = (value: BigNumber) => (value.gt(0) ? value : bn(0))

/** A buyer's credit as `customer.credit_limit.updated.v1` carries it. */
export type CreditView = { limit: string; balance: string; max: string; approved: boolean }

/**
 * The company's limit (its own, else the default 50000.00), what is left of it (the limit less what the buyer still
 * owes on its invoices, over all merchants), and the largest single order (its own `max_single_order_value`, else
 * the limit).
 */
export function creditViewOf(company: CompanyRecord): CreditView {
  const limit = money(company.credit_limit ?? DEFAULT_CREDIT_LIMIT)
  const owed = sumOf(receivablesOf(company), (invoice) => positive(unpaidOf(invoice)))
  return {
    limit,
    balance: money(bn(limit).minus(owed)),
    max: money(company.max_single_order_value ?? limit),
    approved: !company.declined,
  }
}

const same = (a: CreditView, b: CreditView) =>
  a.limit === b.limit && a.balance === b.balance && a.max === b.max && a.approved === b.approved

/** Sends `customer.credit_limit.updated.v1` to the company's merchants when its credit is not what it was. */
export function announceCreditChange(
  ctx: SimulatorContext,
  company: CompanyRecord,
  before: CreditView,
  only?: MerchantState[],
): boolean {
  const now = creditViewOf(company)
  if (same(before, now)) return false
  const data: CreditLimitUpdatedData = {
    buyer_company_name: company.name,
    buyer_organization_number: company.organization_number,
    country: company.country,
    previous_credit_limit: before.limit,
    previous_credit_limit_balance: before.balance,
    credit_limit: now.limit,
    credit_limit_balance: now.balance,
    max_single_order_value: now.max,
    buyer_is_in_arrears: company.arrears?.state === "blocked",
    currency: currencyOfCompany(company),
    credit_approved: now.approved,
    decline_reason: now.approved ? null : "TOO_HIGH_RISK",
  }
  for (const merchant of merchantsOfCompany(ctx, company, only)) {
    ctx.webhooks.emit(merchant, CUSTOMER_EVENTS.creditLimitUpdated, data)
  }
  return true
}

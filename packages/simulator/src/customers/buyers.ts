import type { SimulatorContext } from "../context"
import type { CompanyRecord } from "../state/companies"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { unpaidOf } from "../orders/invoice-status"

/** The registry's record of an order's buyer (the directory's own, so a change through the control API shows). */
export function companyOfOrder(ctx: SimulatorContext, record: OrderRecord): CompanyRecord | undefined {
  const company = record.company
  return company && (ctx.companies.get(company.canonical_id) ?? company)
}

/** The invoices the company still owes on, over all merchants (empty for a company of an older state file). */
export const receivablesOf = (company: CompanyRecord): LedgerInvoice[] => (company.receivables ??= [])

/** A new invoice to the company: owed, and its merchant one of the company's. */
export function noteInvoice(company: CompanyRecord, invoice: LedgerInvoice): void {
  receivablesOf(company).push(invoice)
  const merchants = (company.invoiced_by ??= [])
  if (!merchants.includes(invoice.merchant)) merchants.push(invoice.merchant)
}

/** Drops the invoices nothing is owed on any more (paid, credited, collected or recoursed in full). */
export function forgetSettled(company: CompanyRecord): void {
  company.receivables = receivablesOf(company).filter((invoice) => unpaidOf(invoice).gt(0))
}

/** The currency a company's limits are given in: its country's (chosen; the simulator's limits have none). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  GB: "GBP",
  NO: "NOK",
  SE: "SEK",
  DK: "DKK",
  US: "USD",
  CH: "CHF",
  PL: "PLN",
}
export const currencyOfCompany = (company: CompanyRecord) => CURRENCY_BY_COUNTRY[company.country] ?? "EUR"

/**
 * The merchants a buyer's events go to: `only` when given (the control API's `merchant`); else those with an
 * invoice to the company, else those with an order or a trade account of it, else every merchant (a company no
 * merchant has dealt with yet: the control API still reaches a shop that is about to).
 */
export function merchantsOfCompany(
  ctx: SimulatorContext,
  company: CompanyRecord,
  only?: MerchantState[],
): MerchantState[] {
  if (only) return only
  const all = ctx.merchants.list()
  const invoiced = new Set(company.invoiced_by ?? [])
  if (invoiced.size) return all.filter((merchant) => invoiced.has(merchant.id))
  const dealt = all.filter(
    (merchant) =>
      merchant.orders.all().some((record) => record.company?.canonical_id === company.canonical_id) ||
      merchant.tradeAccounts.allCustomers().some((customer) => customer.canonicalId === company.canonical_id),
  )
  return dealt.length ? dealt : all
}

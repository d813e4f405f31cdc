import type BigNumber from "bignumber.js"
import type { TaxSubtotal } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { InvoicedInstalment, RepaymentInvoice } from "../state/repayment"
import { newRepaymentId } from "./ids"
import { bn, money, sumOf } from "./money"
import { announceInstalmentInvoices, datesOfInstalmentInvoice } from "./statements"

/** Per-rate sums of several instalments' tax subtotals, by rate. */
function mergeTaxSubtotals(lists: TaxSubtotal[][]): TaxSubtotal[] {
  const byRate = new Map<string, { taxable: BigNumber; tax: BigNumber }>()
  for (const subtotal of lists.flat()) {
    const rate = bn(subtotal.tax_rate).toFixed(6)
    const sums = byRate.get(rate) ?? { taxable: bn(0), tax: bn(0) }
    byRate.set(rate, { taxable: sums.taxable.plus(subtotal.taxable_amount), tax: sums.tax.plus(subtotal.tax_amount) })
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => bn(a).comparedTo(b) ?? 0)
    .map(([tax_rate, sums]) => ({ tax_rate, taxable_amount: money(sums.taxable), tax_amount: money(sums.tax) }))
}

/**
 * Invoices every instalment that is due: PLANNED, of a plan whose fulfilment
 * SUCCEEDED, with an issue date on or before today (simulator clock, UTC).
 * The instalments due together are grouped per account, month and currency:
 * one invoice lists the instalments of all that account's plans for that
 * month. An invoice, once issued, never changes; an instalment that becomes
 * due later for the same month (its plan was fulfilled later) goes on an
 * invoice of its own, and on the same billing statement. Sends
 * instalments.invoiced.v1 and billing_statement.created.v1 (statements.ts). Returns the invoices issued.
 */
export function invoiceDueInstalments(ctx: SimulatorContext, merchant: MerchantState): RepaymentInvoice[] {
  const today = ctx.clock.iso().slice(0, 10)
  const groups = new Map<
    string,
    { account_id: string; month: string; currency: string; items: InvoicedInstalment[]; mark: (() => void)[] }
  >()
  for (const record of merchant.repayment.allPlans()) {
    if (record.fulfilment.status !== "SUCCEEDED") continue
    const { plan } = record
    for (const instalment of plan.instalments) {
      if (instalment.status !== "PLANNED" || instalment.invoice_issue_date > today) continue
      const month = instalment.invoice_issue_date.slice(0, 7)
      const key = `${plan.account_id}|${month}|${plan.currency}`
      const group = groups.get(key) ?? {
        account_id: plan.account_id,
        month,
        currency: plan.currency,
        items: [],
        mark: [],
      }
      group.items.push({
        plan_id: plan.id,
        plan_reference: plan.reference,
        instalment_id: instalment.id,
        invoice_issue_date: instalment.invoice_issue_date,
        repayment_amount: instalment.repayment_amount,
        tax_subtotals: instalment.tax_subtotals,
      })
      group.mark.push(() => (instalment.status = "INVOICED"))
      groups.set(key, group)
    }
  }
  const issued: RepaymentInvoice[] = []
  const ordered = [...groups.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.account_id.localeCompare(b.account_id),
  )
  for (const group of ordered) {
    const invoice: RepaymentInvoice = {
      id: newRepaymentId("rinv"),
      number: ctx.documents.nextInvoice(),
      account_id: group.account_id,
      month: group.month,
      issue_date: `${group.month}-01`,
      currency: group.currency,
      amount: money(sumOf(group.items, (i) => i.repayment_amount)),
      tax_subtotals: mergeTaxSubtotals(group.items.map((i) => i.tax_subtotals)),
      instalments: group.items,
      issued_at: ctx.clock.iso(),
    }
    for (const mark of group.mark) mark()
    datesOfInstalmentInvoice(ctx, merchant, invoice)
    merchant.repayment.addInvoice(invoice)
    issued.push(invoice)
  }
  if (issued.length) announceInstalmentInvoices(ctx, merchant, issued)
  return issued
}

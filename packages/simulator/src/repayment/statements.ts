import { randomUUID } from "node:crypto"
import { BILLING_STATEMENT_EVENT, INSTALMENTS_INVOICED_EVENT } from "../contract/after-invoice-events"
import type { SimulatorContext } from "../context"
import { DEFAULT_DUE_IN_DAYS, addDays } from "../orders/due-dates"
import type { MerchantState } from "../state/merchants"
import type { BillingPeriod, RepaymentInvoice } from "../state/repayment"
import { bn, money, sumOf } from "./money"

/** The published statement line's `invoice_number` is an integer: the digits of the simulator's `INV-000123`. */
const numberOf = (invoiceNumber: string) => {
  const digits = invoiceNumber.replace(/\D/g, "")
  return digits && Number(digits) > 0 ? Number(digits) : null
}

const midnight = (date: string) => `${date}T00:00:00.000Z`

/** Dates, reference and period of a new instalment invoice: due the account's `due_in_days` (default 30) later. */
export function datesOfInstalmentInvoice(ctx: SimulatorContext, merchant: MerchantState, invoice: RepaymentInvoice) {
  const account = merchant.repayment.account(invoice.account_id)?.account
  invoice.due_date = addDays(invoice.issue_date, account?.due_in_days ?? DEFAULT_DUE_IN_DAYS)
  const period = merchant.repayment.period(invoice.account_id, invoice.month, invoice.currency, () => ({
    id: randomUUID(),
    account_id: invoice.account_id,
    month: invoice.month,
    currency: invoice.currency,
    statement_number: ctx.documents.nextStatement(),
    credit_ids: [],
  }))
  invoice.billing_period_id = period.id
}

function statementOf(merchant: MerchantState, period: BillingPeriod) {
  const invoices = merchant.repayment
    .invoices(period.account_id)
    .filter((invoice) => invoice.billing_period_id === period.id)
  const planIds = new Set(merchant.repayment.account(period.account_id)?.planIds ?? [])
  const credits = merchant.repayment
    .allPlans()
    .filter((record) => planIds.has(record.plan.id) && record.plan.currency === period.currency)
    .flatMap((record) => record.credits)
  // Each credit of the account goes on the first statement issued after it.
  const stated = new Set(merchant.repayment.allPeriods().flatMap((p) => p.credit_ids))
  for (const credit of credits) if (!stated.has(credit.id)) period.credit_ids.push(credit.id)
  const listed = credits.filter((credit) => period.credit_ids.includes(credit.id))
  const gross = sumOf(invoices, (i) => i.amount).minus(sumOf(listed, (c) => c.amount))
  const dueDates = invoices.map((i) => i.due_date ?? i.issue_date).sort()
  return {
    merchant_id: merchant.merchantId,
    billing_period_id: period.id,
    statement_number: period.statement_number,
    payment_reference: `STM-${String(period.statement_number).padStart(6, "0")}`,
    gross_amount: money(gross),
    outstanding_amount: money(gross.gt(0) ? gross : bn(0)),
    currency: period.currency,
    due_date: midnight(dueDates[dueDates.length - 1]),
    issue_date: midnight(`${period.month}-01`),
    billing_account_id: period.account_id,
    invoices: invoices.flatMap((invoice) =>
      invoice.instalments.map((instalment) => ({
        root_order_id: null,
        order_id: instalment.plan_id,
        invoice_id: invoice.id,
        amount: instalment.repayment_amount,
        invoice_number: numberOf(invoice.number),
        invoice_number_string: invoice.number,
      })),
    ),
    credit_notes: listed.map((credit) => ({ refund_id: credit.id, credited_amount: credit.amount })),
  }
}

/**
 * What the 1st of a month sends for the instalment invoices just issued: instalments.invoiced.v1 for each, then
 * billing_statement.created.v1 for each account's month (one per billing period, listing all its instalment
 * invoices so far, one line per plan, and the account's credits not on an earlier statement). Nothing is paid on
 * them in the simulator: the outstanding amount is the gross.
 */
export function announceInstalmentInvoices(
  ctx: SimulatorContext,
  merchant: MerchantState,
  issued: RepaymentInvoice[],
): void {
  const periods = new Map<string, BillingPeriod>()
  for (const invoice of issued) {
    ctx.webhooks.emit(merchant, INSTALMENTS_INVOICED_EVENT, {
      invoice_id: invoice.id,
      merchant_id: merchant.merchantId,
      issue_date: invoice.issue_date,
      due_date: invoice.due_date ?? invoice.issue_date,
      invoice_number: invoice.number,
      payment_reference: invoice.number,
      instalment_account_id: invoice.account_id,
      gross_amount: invoice.amount,
      tax_subtotals: invoice.tax_subtotals,
      instalments: invoice.instalments.map((i) => ({ plan_id: i.plan_id, instalment_id: i.instalment_id })),
    })
    const period = merchant.repayment.allPeriods().find((p) => p.id === invoice.billing_period_id)
    if (period) periods.set(period.id, period)
  }
  for (const period of periods.values()) {
    ctx.webhooks.emit(merchant, BILLING_STATEMENT_EVENT, statementOf(merchant, period))
  }
}

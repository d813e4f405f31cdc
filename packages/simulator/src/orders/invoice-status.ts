import type BigNumber from "bignumber.js"
import type { SimulatorContext } from "../context"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { OrderRecord } from "../state/orders"
import { bn, money, sumOf } from "./amounts"
import { daysBetween, todayOf } from "./due-dates"

/** The published `PaymentStatusEnum` (checkout-api). */
export type PaymentStatus =
  | "NOT_PAID"
  | "PAID"
  | "PARTIAL_PAYMENT"
  | "OVERDUE"
  | "IN_COLLECTIONS"
  | "CANCELLED"
  | "REFUNDED"
  | "PARTIAL_REFUND"
  | "RECOURSED"
  | "PARTIAL_RECOURSE"

/** An order's invoices after they were issued (an empty list for an order not invoiced, or of an older file). */
export const ledgerOf = (record: OrderRecord): LedgerInvoice[] => (record.ledger ??= [])

/** What the buyer still owes on an invoice: its gross less what was paid, credited, collected and recoursed. */
export const unpaidOf = (invoice: LedgerInvoice): BigNumber =>
  bn(invoice.gross_amount)
    .minus(invoice.paid_amount)
    .minus(invoice.credited_amount)
    .minus(invoice.collected_amount)
    .minus(invoice.recoursed_amount)

/** Unpaid, and its due date passed on the simulator clock (the due date itself is still in time). */
export const isOverdue = (ctx: SimulatorContext, invoice: LedgerInvoice) =>
  unpaidOf(invoice).gt(0) && invoice.due_date < todayOf(ctx)

/**
 * The status of one invoice or several together, in this order: recourse (all or part), collection, refunded in
 * full, nothing left to pay, overdue, paid in part, credited in part, not paid.
 */
export function paymentStatusOf(ctx: SimulatorContext, invoices: LedgerInvoice[]): PaymentStatus {
  const total = (pick: (i: LedgerInvoice) => string) => sumOf(invoices, pick)
  const unpaid = sumOf(invoices, unpaidOf)
  const gross = total((i) => i.gross_amount)
  if (total((i) => i.recoursed_amount).gt(0)) return unpaid.gt(0) ? "PARTIAL_RECOURSE" : "RECOURSED"
  if (total((i) => i.collected_amount).gt(0)) return "IN_COLLECTIONS"
  if (total((i) => i.credited_amount).gte(gross)) return "REFUNDED"
  if (!unpaid.gt(0)) return "PAID"
  if (invoices.some((i) => isOverdue(ctx, i))) return "OVERDUE"
  if (total((i) => i.paid_amount).gt(0)) return "PARTIAL_PAYMENT"
  if (total((i) => i.credited_amount).gt(0)) return "PARTIAL_REFUND"
  return "NOT_PAID"
}

/** Never below zero in an answer (a credit after a recourse may pass what was owed). */
const owed = (value: BigNumber) => money(value.gt(0) ? value : 0)

/**
 * `GET /v1/order/{order_id}/invoice_details` (published `InvoiceDetailsWithStatusSchema`): the order's invoices
 * together (`id` the order's), or one invoice when read by its id. The number, issue date, URL and payment reference
 * are the latest invoice's; the due date is the earliest of those still unpaid (else the latest's).
 */
export function invoiceDetails(ctx: SimulatorContext, record: OrderRecord, invoices: LedgerInvoice[], id: string) {
  const latest = invoices[invoices.length - 1]
  const open = invoices.filter((i) => unpaidOf(i).gt(0)).sort((a, b) => a.due_date.localeCompare(b.due_date))
  const dueDate = open[0]?.due_date ?? latest.due_date
  const total = (pick: (i: LedgerInvoice) => string) => money(sumOf(invoices, pick))
  const lastUpdated = invoices.map((i) => i.last_updated).sort()[invoices.length - 1]
  return {
    id,
    gross_amount: total((i) => i.gross_amount),
    net_amount: total((i) => i.net_amount),
    tax_amount: total((i) => i.tax_amount),
    total_paid_amount: total((i) => i.paid_amount),
    total_credited_amount: total((i) => i.credited_amount),
    total_collected_amount: total((i) => i.collected_amount),
    total_recoursed_amount: total((i) => i.recoursed_amount),
    unpaid_amount: owed(sumOf(invoices, unpaidOf)),
    payment_status: paymentStatusOf(ctx, invoices),
    invoice_number: latest.number,
    invoice_issue_date: latest.issue_date,
    due_date: dueDate,
    due_in_days: daysBetween(latest.issue_date, latest.due_date),
    requested_due_in_days: record.extras.terms?.duration_days ?? null,
    invoice_url: invoices.length === 1 ? latest.invoice_url : (record.order.invoice_url ?? latest.invoice_url),
    invoice_emails: record.extras.invoice_details?.invoice_emails ?? null,
    payment_reference: latest.payment_reference,
    payment_reference_type: null,
    payment_reference_message: "",
    payment_reference_ocr: "",
    status: "ACTIVE",
    statement_number: null,
    billing_period_id: null,
    payee: null,
    recourse_request_status: null,
    due_in_days_calculation_method: null,
    last_updated: lastUpdated,
  }
}

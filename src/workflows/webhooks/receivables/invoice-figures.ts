import { Money } from "../../../core/money/money"
import type { ReceivableStatus } from "../../../modules/trade-credit/models/receivable"
import type { ReceivableEntryKind } from "../../../modules/trade-credit/models/receivable-entry"
import type { ReceivableEntryInput } from "../../../modules/trade-credit/receivables"
import type { ReconciliationEvent } from "../../../service/schemas/after-invoice-events"
import type { InvoiceDetails } from "../../../service/schemas/order"

/** An invoice's amounts (decimal strings, two decimals) and where it stands. */
export type InvoiceFigures = {
  amount: string
  paid_amount: string
  credited_amount: string
  collected_amount: string
  recoursed_amount: string
  outstanding_amount: string
  status: ReceivableStatus
}

/** A line of an invoice's life as kept: its kind and its amount signed as the service signed it. */
export type EntryAmount = { kind: ReceivableEntryKind; amount: unknown }

/** A date the service wrote ("2026-03-03" or an ISO date-time); `fallback` when it is none. */
export function dateOf(text: string | null | undefined, fallback: Date): Date {
  if (!text) return fallback
  const at = new Date(text)
  return Number.isNaN(at.getTime()) ? fallback : at
}

/** The date a date-only value names (a due date, an issue date), null when none or not a date. */
export function dayOf(text: string | null | undefined): Date | null {
  if (!text) return null
  const at = new Date(text.length === 10 ? `${text}T00:00:00.000Z` : text)
  return Number.isNaN(at.getTime()) ? null : at
}

const KIND_OF_EVENT: Record<ReconciliationEvent["type"], ReceivableEntryKind> = {
  "order.reconciliation.invoiced.v1": "invoiced",
  "order.reconciliation.payment_allocated.v1": "payment",
  "order.reconciliation.credited.v1": "credited",
  "order.reconciliation.collected.v1": "collected",
  "order.reconciliation.recoursed.v1": "recoursed",
}

/**
 * The dated line one reconciliation event adds to its invoice's life: its kind (a payment allocated with a positive
 * amount is one taken back, `payment_reversed`), the event's amount as signed, the date of what happened (the
 * payment's booking, the credit note's, the collection's, the recourse's; the event's `time` when it names none) and
 * the reference of what it was (the payment's reference or id, the refund's, collection's or recourse's id).
 */
export function entryOfEvent(event: ReconciliationEvent): ReceivableEntryInput {
  const { data } = event
  const sent = dateOf(event.time, new Date())
  const base = {
    event_id: event.id,
    amount: Money.fromDecimal(data.amount).toDecimal(),
    currency_code: currencyOf(data.currency),
  }
  switch (KIND_OF_EVENT[event.type]) {
    case "payment": {
      const reversed = Money.fromDecimal(data.amount).isPositive()
      return {
        ...base,
        kind: reversed ? "payment_reversed" : "payment",
        occurred_at: dateOf(data.payment?.booked_at, sent),
        reference: data.payment?.payment_reference ?? data.payment?.payment_id ?? null,
      }
    }
    case "credited":
      return {
        ...base,
        kind: "credited",
        occurred_at: dateOf(data.credit_note?.credited_at, sent),
        reference: data.credit_note?.refund_id ?? null,
      }
    case "collected":
      return {
        ...base,
        kind: "collected",
        occurred_at: dateOf(data.collection?.collected_at, sent),
        reference: data.collection?.collection_id ?? null,
      }
    case "recoursed":
      return {
        ...base,
        kind: "recoursed",
        occurred_at: dateOf(data.recourse?.recoursed_at, sent),
        reference: data.recourse?.recourse_id ?? null,
      }
    default:
      return { ...base, kind: "invoiced", occurred_at: sent, reference: data.invoice_id }
  }
}

/** A currency as the module keeps it: Medusa's spelling (lower case), whatever case the service sent. */
export const currencyOf = (currency: string) => currency.trim().toLowerCase()

/** An invoice's amounts, exact: what was invoiced, paid, credited, collected, recoursed and what is outstanding. */
export type InvoiceTotals = {
  amount: Money
  paid: Money
  credited: Money
  collected: Money
  recoursed: Money
  outstanding: Money
}

/**
 * Where an invoice stands by its amounts: recourse, collection, credited in full, nothing left to pay (once something
 * was invoiced), paid in part, open.
 */
export function statusOfTotals(totals: InvoiceTotals): ReceivableStatus {
  if (totals.recoursed.isPositive()) return "recoursed"
  if (totals.collected.isPositive()) return "in_collection"
  if (totals.amount.isPositive() && totals.credited.gte(totals.amount)) return "credited"
  if (totals.amount.isPositive() && !totals.outstanding.isPositive()) return "paid"
  return totals.paid.isPositive() ? "part_paid" : "open"
}

/** The published PaymentStatusEnum read as where the invoice stands ("overdue" is not kept: it is derived). */
const STATUS_OF_PAYMENT_STATUS: Record<string, ReceivableStatus> = {
  PAID: "paid",
  PARTIAL_PAYMENT: "part_paid",
  IN_COLLECTIONS: "in_collection",
  RECOURSED: "recoursed",
  PARTIAL_RECOURSE: "recoursed",
  REFUNDED: "credited",
}

/**
 * Where the invoice stands by the service's `payment_status`: PAID paid, PARTIAL_PAYMENT part paid, IN_COLLECTIONS in
 * collection, RECOURSED and PARTIAL_RECOURSE recoursed, REFUNDED credited; any other (NOT_PAID, OVERDUE,
 * PARTIAL_REFUND, CANCELLED, a value added later) or none (the status is optional) by the invoice's totals
 * (statusOfTotals: open, or part paid when something was paid, as an overdue invoice paid in part).
 */
export function statusOfPaymentStatus(paymentStatus: string | null, totals: InvoiceTotals): ReceivableStatus {
  const known = paymentStatus ? STATUS_OF_PAYMENT_STATUS[paymentStatus.toUpperCase()] : undefined
  return known ?? statusOfTotals(totals)
}

/** The figures the service's read gives (its totals are the invoice's; `unpaid_amount` is what is outstanding). */
export function figuresOfRead(read: InvoiceDetails): InvoiceFigures {
  const totals: InvoiceTotals = {
    amount: Money.fromDecimal(read.gross_amount),
    paid: Money.fromDecimal(read.total_paid_amount),
    credited: Money.fromDecimal(read.total_credited_amount),
    collected: Money.fromDecimal(read.total_collected_amount),
    recoursed: Money.fromDecimal(read.total_recoursed_amount),
    outstanding: Money.fromDecimal(read.unpaid_amount),
  }
  return {
    amount: read.gross_amount,
    paid_amount: read.total_paid_amount,
    credited_amount: read.total_credited_amount,
    collected_amount: read.total_collected_amount,
    recoursed_amount: read.total_recoursed_amount,
    outstanding_amount: read.unpaid_amount,
    status: statusOfPaymentStatus(read.payment_status, totals),
  }
}

/**
 * The figures an invoice's own lines give, when no read applies (it failed, or the service has no read of the
 * invoice alone): what was invoiced (`known` when no line says: the row's amount so far), less what was paid,
 * credited, collected and recoursed (each line's amount as the service signed it, negated); where it stands by those
 * totals (statusOfTotals).
 */
export function figuresOfEntries(entries: readonly EntryAmount[], known: string | null): InvoiceFigures {
  const total = (...kinds: ReceivableEntryKind[]) =>
    Money.sum(entries.filter((e) => kinds.includes(e.kind)).map((e) => Money.fromMedusa(e.amount, "an entry amount")))
  const invoicedLines = entries.some((e) => e.kind === "invoiced")
  const amount = invoicedLines ? total("invoiced") : Money.fromDecimal(known ?? "0")
  const paid = total("payment", "payment_reversed").negated()
  const credited = total("credited").negated()
  const collected = total("collected").negated()
  const recoursed = total("recoursed").negated()
  const outstanding = amount.minus(paid).minus(credited).minus(collected).minus(recoursed)
  return {
    amount: amount.toDecimal(),
    paid_amount: paid.toDecimal(),
    credited_amount: credited.toDecimal(),
    collected_amount: collected.toDecimal(),
    recoursed_amount: recoursed.toDecimal(),
    outstanding_amount: outstanding.toDecimal(),
    status: statusOfTotals({ amount, paid, credited, collected, recoursed, outstanding }),
  }
}

/** Statuses after which the buyer owes nothing more on the invoice (its `settled_at` is set). */
export const SETTLED_STATUSES: readonly ReceivableStatus[] = ["paid", "credited"]

/** Statuses the reconciliation job reads again (a lost event may have moved them on). */
export const UNSETTLED_STATUSES: readonly ReceivableStatus[] = ["open", "part_paid", "in_collection"]

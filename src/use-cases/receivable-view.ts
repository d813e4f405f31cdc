import { Money } from "../core/money/money"
import type { ReceivableEntryRow, ReceivableRow } from "../modules/trade-credit/types"
import type {
  TradeCreditReceivable,
  TradeCreditReceivableEntry,
} from "../api/admin/trade-credit/receivables/receivable-types"
import { isOverdue } from "./receivable-filters"

type Row = Record<string, unknown>

/**
 * An amount of a row as a decimal string, exactly: the row's raw value (`raw_<field>`: what the service sent, kept
 * exact) or its number; two decimals at least ("1200.00"), more only when the amount has them. Null for none.
 */
export function decimalOf(row: Row, field: string): string | null {
  const value = row[`raw_${field}`] ?? row[field]
  if (value === null || value === undefined) return null
  const money = Money.fromMedusa(value, field)
  return money.isWholeCents() ? money.toDecimal() : money.toString()
}

/** A time of a row in ISO 8601; null for none. */
export const isoOf = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null)

const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

export function receivableEntryView(entry: ReceivableEntryRow): TradeCreditReceivableEntry {
  const row = entry as unknown as Row
  return {
    id: entry.id,
    kind: entry.kind,
    amount: decimalOf(row, "amount")!,
    currency_code: entry.currency_code,
    occurred_at: isoOf(entry.occurred_at)!,
    reference: textOf(entry.reference),
  }
}

/** A document as the admin routes answer it, with its life (`entries`, oldest first) and whether it is overdue. */
export function receivableView(
  receivable: ReceivableRow,
  entries: ReceivableEntryRow[],
  now: Date,
): TradeCreditReceivable {
  const row = receivable as unknown as Row
  return {
    id: receivable.id,
    kind: receivable.kind,
    document_id: receivable.document_id,
    number: textOf(receivable.number),
    status: receivable.status,
    overdue: isOverdue(receivable, now),
    order_id: textOf(receivable.order_id),
    customer_id: textOf(receivable.customer_id),
    company_key: textOf(receivable.company_key),
    company_name: textOf(receivable.company_name),
    payment_reference: textOf(receivable.payment_reference),
    currency_code: receivable.currency_code,
    amount: decimalOf(row, "amount")!,
    paid_amount: decimalOf(row, "paid_amount"),
    credited_amount: decimalOf(row, "credited_amount"),
    collected_amount: decimalOf(row, "collected_amount"),
    recoursed_amount: decimalOf(row, "recoursed_amount"),
    outstanding_amount: decimalOf(row, "outstanding_amount"),
    issued_at: isoOf(receivable.issued_at),
    due_at: isoOf(receivable.due_at),
    settled_at: isoOf(receivable.settled_at),
    document_url: textOf(receivable.document_url),
    entries: entries.map(receivableEntryView),
  }
}

import type { ReceivableRow } from "../modules/trade-credit/types"
import { csvRecord, spreadsheetText } from "./csv"
import { isOverdue, type ReceivableQuery } from "./receivable-filters"
import { decimalOf, isoOf } from "./receivable-view"
import { allReceivables, type ReceivablesDeps } from "./receivables"

/** The export's columns, its header row: amounts are exact decimal strings, times ISO 8601 (UTC). */
export const RECEIVABLE_CSV_COLUMNS = [
  "kind",
  "number",
  "status",
  "overdue",
  "company_name",
  "company",
  "order_id",
  "customer_id",
  "currency",
  "amount",
  "paid_amount",
  "credited_amount",
  "collected_amount",
  "recoursed_amount",
  "outstanding_amount",
  "issued_at",
  "due_at",
  "settled_at",
  "payment_reference",
  "document_id",
] as const

/** One document as a CSV record of RECEIVABLE_CSV_COLUMNS. */
export function receivableCsvRecord(receivable: ReceivableRow, now: Date): string {
  const row = receivable as unknown as Record<string, unknown>
  return csvRecord([
    receivable.kind,
    spreadsheetText(receivable.number),
    receivable.status,
    isOverdue(receivable, now) ? "yes" : "no",
    spreadsheetText(receivable.company_name),
    spreadsheetText(receivable.company_key),
    receivable.order_id,
    receivable.customer_id,
    receivable.currency_code?.toUpperCase(),
    decimalOf(row, "amount"),
    decimalOf(row, "paid_amount"),
    decimalOf(row, "credited_amount"),
    decimalOf(row, "collected_amount"),
    decimalOf(row, "recoursed_amount"),
    decimalOf(row, "outstanding_amount"),
    isoOf(receivable.issued_at),
    isoOf(receivable.due_at),
    isoOf(receivable.settled_at),
    spreadsheetText(receivable.payment_reference),
    spreadsheetText(receivable.document_id),
  ])
}

/**
 * The CSV export of the documents a query selects, in chunks: the header row, then one chunk per batch read. The
 * first chunk is ready only once the first batch was read, so a failing read fails before anything is sent.
 */
export async function* receivablesCsv(
  deps: ReceivablesDeps,
  query: ReceivableQuery,
  now = new Date(),
): AsyncGenerator<string> {
  let header = csvRecord(RECEIVABLE_CSV_COLUMNS)
  for await (const rows of allReceivables(deps, query, now)) {
    yield header + rows.map((row) => receivableCsvRecord(row, now)).join("")
    header = ""
  }
  if (header) yield header
}

import { RECEIVABLE_KINDS, type ReceivableKind, type ReceivableStatus } from "../modules/trade-credit/models/receivable"

/**
 * What the Receivables page filters on: a status (`open` and `overdue` are the open and part-paid documents before
 * and after their due date, so the five statuses the merchant picks from never overlap), a kind, a search text (the
 * document's number, the company's name or organization number, the payment reference), an order or a customer.
 */
export const RECEIVABLE_STATUS_FILTERS = [
  "open",
  "overdue",
  "part_paid",
  "paid",
  "credited",
  "in_collection",
  "recoursed",
] as const
export type ReceivableStatusFilter = (typeof RECEIVABLE_STATUS_FILTERS)[number]

export { RECEIVABLE_KINDS }

/** The sort orders offered: a field, descending with a leading "-". */
export const RECEIVABLE_ORDERS = [
  "issued_at",
  "-issued_at",
  "due_at",
  "-due_at",
  "number",
  "-number",
  "amount",
  "-amount",
] as const
export type ReceivableOrder = (typeof RECEIVABLE_ORDERS)[number]

export type ReceivableQuery = {
  status?: ReceivableStatusFilter
  kind?: ReceivableKind
  q?: string
  order_id?: string
  customer_id?: string
  order?: ReceivableOrder
}

/** The statuses of a document still owed: overdue once its due date has passed. */
export const UNSETTLED_STATUSES: ReceivableStatus[] = ["open", "part_paid"]

/** Whether a document is overdue at `now`: still owed, its due date passed. */
export const isOverdue = (row: { status: string; due_at?: Date | string | null }, now: Date): boolean =>
  UNSETTLED_STATUSES.includes(row.status as ReceivableStatus) &&
  row.due_at != null &&
  new Date(row.due_at).getTime() < now.getTime()

/** `text` for a LIKE pattern: its `\`, `%` and `_` taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The module's filters (read by PostgreSQL, never over all rows in memory) for a query at `now`. */
export function receivableFilters(query: ReceivableQuery, now: Date): Record<string, unknown> {
  const and: Record<string, unknown>[] = []
  if (query.kind) and.push({ kind: query.kind })
  if (query.order_id) and.push({ order_id: query.order_id })
  if (query.customer_id) and.push({ customer_id: query.customer_id })
  if (query.status === "open")
    and.push({ status: UNSETTLED_STATUSES }, { $or: [{ due_at: null }, { due_at: { $gte: now } }] })
  else if (query.status === "overdue") and.push({ status: UNSETTLED_STATUSES }, { due_at: { $lt: now } })
  else if (query.status) and.push({ status: query.status })
  const q = query.q?.trim()
  if (q) {
    const like = { $ilike: `%${likeLiteral(q)}%` }
    const fields = ["number", "company_name", "company_key", "payment_reference", "document_id"]
    and.push({ $or: fields.map((field) => ({ [field]: like })) })
  }
  return and.length ? { $and: and } : {}
}

/** The module's order for a sort (`-issued_at` by default), documents without the field last, the id breaking ties. */
export function receivableOrder(order: ReceivableOrder = "-issued_at"): Record<string, string> {
  const descending = order.startsWith("-")
  const field = descending ? order.slice(1) : order
  return { [field]: descending ? "DESC NULLS LAST" : "ASC NULLS LAST", id: descending ? "DESC" : "ASC" }
}

import { Money } from "../core/money/money"
import type { ReceivableRow, TradeCreditModuleService } from "../modules/trade-credit"
import type { ReceivableKind, ReceivableStatus } from "../modules/trade-credit/models/receivable"
import { companyKeyOf } from "../modules/trade-credit/receivables"

/**
 * The buyer's own documents (issue #38): the invoices, credit notes, instalment invoices and statements a logged-in
 * customer may see. That is the documents of the orders they placed (`customer_id`) and, when they are a user of a
 * trade account, the documents of that account's company (`company_key`, `<country>:<organization number>`), which
 * their colleagues' orders and the company's statements carry. Nothing else: a customer of another company, or of no
 * trade account, never sees a document of a company they do not belong to.
 */

/** What the use case reads, from the plugin's module. */
export type BuyerDocumentsStore = Pick<
  TradeCreditModuleService,
  "listTradeAccountUsers" | "listTradeAccounts" | "listReceivables" | "listAndCountReceivables"
>

/** A document as the buyer reads it: amounts as decimal strings, dates as ISO timestamps, never the service's URL. */
export type BuyerDocument = {
  id: string
  kind: ReceivableKind
  number: string | null
  order_id: string | null
  currency_code: string
  amount: string
  paid_amount: string | null
  outstanding_amount: string | null
  status: ReceivableStatus
  /** Open or part paid, and its due day is over. */
  overdue: boolean
  issued_at: string | null
  due_at: string | null
  settled_at: string | null
  /** Whether the service gave the document's PDF (`GET /store/trade-credit/documents/{id}/pdf`); false: not ready. */
  pdf_available: boolean
}

export type BuyerDocumentsPage = { documents: BuyerDocument[]; count: number; limit: number; offset: number }

/**
 * The company of the customer's trade account, as the documents carry it: none when the customer is no user of a
 * trade account, or the account's business was onboarded without an organization number.
 */
export async function companyKeysOfCustomer(store: BuyerDocumentsStore, customerId: string): Promise<string[]> {
  const [user] = await store.listTradeAccountUsers({ customer_id: customerId }, { take: 1 })
  if (!user) return []
  const [account] = await store.listTradeAccounts({ id: user.trade_account_id }, { take: 1 })
  if (!account?.organization_number) return []
  return [companyKeyOf(account.country_code, account.organization_number)]
}

/** The filter of the documents the customer may see. */
const visibleTo = (customerId: string, companyKeys: string[]) =>
  companyKeys.length
    ? { $or: [{ customer_id: customerId }, { company_key: companyKeys }] }
    : { customer_id: customerId }

/** The customer's documents, the latest issued first. */
export async function listBuyerDocuments(
  store: BuyerDocumentsStore,
  customerId: string,
  { limit, offset }: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<BuyerDocumentsPage> {
  const filters = visibleTo(customerId, await companyKeysOfCustomer(store, customerId))
  const [rows, count] = await store.listAndCountReceivables(filters, {
    order: { issued_at: "DESC", id: "DESC" },
    take: limit,
    skip: offset,
  })
  return { documents: (rows as ReceivableRow[]).map((row) => buyerDocumentOf(row, now)), count, limit, offset }
}

/** One of the customer's documents by its id; undefined for a document that is not theirs (or no document). */
export async function findBuyerDocument(
  store: BuyerDocumentsStore,
  customerId: string,
  id: string,
): Promise<ReceivableRow | undefined> {
  const filters = { id, ...visibleTo(customerId, await companyKeysOfCustomer(store, customerId)) }
  const [row] = await store.listReceivables(filters, { take: 1 })
  return row as ReceivableRow | undefined
}

/** A bigNumber column as a decimal string: its exact raw value (the service's), else its number. */
function decimalOf(row: ReceivableRow, field: "amount" | "paid_amount" | "outstanding_amount"): string | null {
  const raw = (row as unknown as Record<string, unknown>)[`raw_${field}`]
  const value = raw ?? row[field]
  return value === null || value === undefined ? null : Money.fromMedusa(value, field).toDecimal()
}

const isoOf = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)

/** The UTC day of a moment, "2026-03-03": an invoice due on 3 March is overdue from 4 March. */
const dayOf = (value: Date | string) => new Date(value).toISOString().slice(0, 10)

/** Whether a document is overdue: open or part paid, and its due day is over. */
export function isOverdue(row: Pick<ReceivableRow, "status" | "due_at">, now: Date): boolean {
  if (row.status !== "open" && row.status !== "part_paid") return false
  return Boolean(row.due_at) && dayOf(row.due_at!) < dayOf(now)
}

/** The buyer's view of a document. */
export function buyerDocumentOf(row: ReceivableRow, now: Date): BuyerDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number ?? null,
    order_id: row.order_id ?? null,
    currency_code: row.currency_code,
    amount: decimalOf(row, "amount")!,
    paid_amount: decimalOf(row, "paid_amount"),
    outstanding_amount: decimalOf(row, "outstanding_amount"),
    status: row.status,
    overdue: isOverdue(row, now),
    issued_at: isoOf(row.issued_at),
    due_at: isoOf(row.due_at),
    settled_at: isoOf(row.settled_at),
    pdf_available: Boolean(row.document_url),
  }
}

// The buyer's own documents (invoices, credit notes, instalment invoices, monthly statements) as the plugin's store
// routes give them to a logged-in customer, and what a page shows of them: the status in the buyer's words, money and
// dates in the buyer's locale.
//
//   GET /store/trade-credit/documents?limit=&offset=  → {documents, count, limit, offset}
//   GET /store/trade-credit/documents/{id}/pdf        → the PDF (404: not the customer's; 409: not ready yet)

import type { ClientSdk } from "./company-search"
import { buyerLanguageOf } from "./buyer-messages"
import type { KitTextKey } from "./texts"

const BASE = "/store/trade-credit/documents"

export type TradeCreditDocumentKind = "invoice" | "credit_note" | "instalment_invoice" | "statement"

/** A document as the store route gives it: amounts as decimal strings ("1200.00"), dates as ISO timestamps. */
export type TradeCreditDocument = {
  id: string
  kind: TradeCreditDocumentKind
  number: string | null
  order_id: string | null
  currency_code: string
  amount: string
  paid_amount: string | null
  outstanding_amount: string | null
  status: "open" | "part_paid" | "paid" | "credited" | "in_collection" | "recoursed"
  /** Open or part paid, and its due day is over. */
  overdue: boolean
  issued_at: string | null
  due_at: string | null
  settled_at: string | null
  /** Whether its PDF can be downloaded; false: the service has not issued it yet. */
  pdf_available: boolean
}

export type TradeCreditDocumentsPage = {
  documents: TradeCreditDocument[]
  count: number
  limit: number
  offset: number
}

/**
 * The logged-in customer's documents, the latest first. From a server (a server component, a server action), pass
 * the customer's `headers` (`{ authorization: "Bearer …" }`, the starter's getAuthHeaders()).
 */
export async function listTradeCreditDocuments({
  sdk,
  limit,
  offset,
  headers,
}: {
  sdk: ClientSdk
  limit?: number
  offset?: number
  headers?: Record<string, string>
}): Promise<TradeCreditDocumentsPage> {
  const query = { ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) }
  return await sdk.client.fetch<TradeCreditDocumentsPage>(BASE, { query, headers })
}

/** The PDF route of a document, on the Medusa server. */
export const tradeCreditDocumentPdfPath = (id: string) => `${BASE}/${encodeURIComponent(id)}/pdf`

/**
 * A document's PDF through the SDK (the customer's login with it): the answer as @medusajs/js-sdk gives a non-JSON
 * answer, a fetch Response (`.blob()`, `.body`). A refusal throws as the SDK throws (`status` 404, 409, 401).
 */
export async function fetchTradeCreditDocumentPdf({
  sdk,
  id,
  headers,
}: {
  sdk: ClientSdk
  id: string
  headers?: Record<string, string>
}): Promise<Response> {
  return await sdk.client.fetch<Response>(tradeCreditDocumentPdfPath(id), {
    headers: { ...headers, accept: "application/pdf" },
  })
}

/** The status a buyer reads, as a text key: overdue when an open (or part-paid) document's due day is over. */
export function documentStatusKey(document: Pick<TradeCreditDocument, "status" | "overdue">): KitTextKey {
  if (document.status === "open" && document.overdue) return "documents.status.overdue"
  if (document.status === "part_paid" && document.overdue) return "documents.status.part_paid_overdue"
  return `documents.status.${document.status}`
}

/** The locale of money and dates: a locale given ("nb-NO", "en-US") as it is, else the buyer language's country's. */
export function documentLocaleOf(language: string | undefined): string {
  if (language && /^[a-z]{2,3}-[A-Za-z]{2}$/.test(language)) return language
  return { en: "en-GB", nb: "nb-NO", sv: "sv-SE", nl: "nl-NL", de: "de-DE" }[buyerLanguageOf(language ?? "en")]
}

/**
 * An amount in the locale ("£1,200.00", "1 200,00 kr"). Intl reads the decimal string as it is (ECMA-402 formats a
 * string exactly; an older engine reads it as a number, which only rounds past 15 digits): never Number().
 */
export function formatDocumentMoney(amount: string, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format
  return (format as unknown as (value: string) => string)(amount)
}

/** A date in the locale ("3 Mar 2026"), on the UTC day the service gave: a due date never moves a day. */
export function formatDocumentDate(iso: string | null, locale: string): string {
  if (!iso) return ""
  const day = new Date(iso)
  if (Number.isNaN(day.getTime())) return ""
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(day)
}

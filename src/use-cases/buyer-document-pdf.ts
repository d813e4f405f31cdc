import type { PdfDocument } from "../client/orders"
import { quote } from "../utils/quote"
import { type BuyerDocumentsStore, findBuyerDocument } from "./buyer-documents"
import type { ServiceFailure } from "./deps"
import { type DocumentOutcome, fetchDocument } from "./order-documents"

export type BuyerDocumentPdfDeps = {
  store: BuyerDocumentsStore
  /** The service's document behind a link it gave (`client.orders.documentPdf`). */
  documentPdf: (url: string) => Promise<PdfDocument>
  /** The store edge's service failure: mapped and logged in the buyer's words, then thrown. */
  fail: ServiceFailure
}

const KIND_WORDS = {
  invoice: "invoice",
  credit_note: "credit note",
  instalment_invoice: "instalment invoice",
  statement: "statement",
} as const

/**
 * The PDF of one of a logged-in customer's documents (buyer-documents.ts), from the link the service gave for it. A
 * document that is not the customer's is refused as one that does not exist (TRADE_CREDIT_DOCUMENT_NOT_FOUND), one
 * whose PDF the service has not issued yet as TRADE_CREDIT_NOT_INVOICED; the service's own refusals likewise.
 */
export async function buyerDocumentPdf(
  deps: BuyerDocumentPdfDeps,
  customerId: string,
  id: string,
): Promise<DocumentOutcome> {
  const row = await findBuyerDocument(deps.store, customerId, id)
  if (!row)
    return { outcome: "refused", code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND", message: `You have no document ${quote(id)}` }
  const what = `${KIND_WORDS[row.kind]}${row.number ? ` ${row.number}` : ""}`
  const url = row.document_url
  if (!url) {
    const message = `The PDF of ${what} is not ready yet: the trade credit service has not issued it. Try again later.`
    return { outcome: "refused", code: "TRADE_CREDIT_NOT_INVOICED", message }
  }
  return fetchDocument(deps, `the PDF of ${what}`, row.number || row.id, () => deps.documentPdf(url))
}

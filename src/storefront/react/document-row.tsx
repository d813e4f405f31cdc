"use client"
import { documentStatusKey, formatDocumentDate, formatDocumentMoney, type TradeCreditDocument } from "../documents"
import { DocumentPdf, type PdfSource } from "./document-pdf"
import type { Texts } from "./texts"

/** What the buyer reads under the status of a document with the collection agency, or payable to the shop. */
const HINTS = { in_collection: "documents.hint.in_collection", recoursed: "documents.hint.recoursed" } as const

/** One document: kind, number, issue and due dates, amount and what is left to pay, status, PDF. */
export function DocumentRow({
  document: doc,
  locale,
  t,
  ...pdf
}: PdfSource & { document: TradeCreditDocument; locale: string; t: Texts }) {
  const money = (amount: string | null) =>
    amount === null ? "" : formatDocumentMoney(amount, doc.currency_code, locale)
  const hint = doc.status === "in_collection" || doc.status === "recoursed" ? HINTS[doc.status] : undefined
  const state = doc.overdue ? "overdue" : doc.status
  return (
    <tr data-document-id={doc.id} data-status={state}>
      <td className="kind">{t(`documents.kind.${doc.kind}`)}</td>
      <td className="number">{doc.number ?? ""}</td>
      <td className="issued">{formatDocumentDate(doc.issued_at, locale)}</td>
      <td className="due">{formatDocumentDate(doc.due_at, locale)}</td>
      <td className="amount">{money(doc.amount)}</td>
      <td className="outstanding">{money(doc.outstanding_amount)}</td>
      <td className="status">
        <strong>{t(documentStatusKey(doc))}</strong>
        {hint ? <small className="hint">{t(hint)}</small> : null}
      </td>
      <td className="pdf">
        <DocumentPdf document={doc} t={t} {...pdf} />
      </td>
    </tr>
  )
}

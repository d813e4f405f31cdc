"use client"
import { useState } from "react"
import type { ClientSdk } from "../company-search"
import { fetchTradeCreditDocumentPdf, type TradeCreditDocument } from "../documents"
import { statusOf } from "../error-fields"
import type { Texts } from "./texts"

/** Where a document's PDF is: a link of the storefront (`{id}` filled in), or downloaded through the SDK. */
export type PdfSource = { pdfHref?: string | ((document: TradeCreditDocument) => string); sdk?: ClientSdk }

/** Saves a downloaded PDF as the browser saves a download. */
async function save(answer: Response, name: string) {
  const url = URL.createObjectURL(await answer.blob())
  const link = Object.assign(document.createElement("a"), { href: url, download: `${name}.pdf` })
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** A document's PDF: the link (or a button downloading it through the SDK), or "Not ready yet". */
export function DocumentPdf({
  document: doc,
  pdfHref,
  sdk,
  t,
}: PdfSource & { document: TradeCreditDocument; t: Texts }) {
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!doc.pdf_available) return <span className="muted not-ready">{t("documents.notReady")}</span>
  const label = t("documents.download")
  if (pdfHref) {
    const href = typeof pdfHref === "string" ? pdfHref.replace("{id}", encodeURIComponent(doc.id)) : pdfHref(doc)
    return (
      <a href={href} download className="pdf">
        {label}
      </a>
    )
  }
  if (!sdk) return null
  const download = async () => {
    setBusy(true)
    setFailure(undefined)
    try {
      await save(await fetchTradeCreditDocumentPdf({ sdk, id: doc.id }), doc.number || doc.id)
    } catch (error) {
      setFailure(t(statusOf(error) === 409 ? "documents.notReady" : "documents.downloadFailed"))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="link pdf" onClick={download} disabled={busy}>
        {label}
      </button>
      {failure ? (
        <span className="error trade-credit-error" role="alert">
          {" "}
          {failure}
        </span>
      ) : null}
    </>
  )
}

import type { MedusaResponse } from "@medusajs/framework/http"
import type { PdfDocument } from "../../client/orders"

/** Streams a PDF as a download named after the document's number, never cached by a browser or proxy. */
export function sendPdf(res: MedusaResponse, number: string, pdf: PdfDocument) {
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `attachment; filename="${number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`)
  res.setHeader("Content-Length", String(pdf.body.length))
  res.setHeader("Cache-Control", "private, no-store")
  res.status(200).end(pdf.body)
}

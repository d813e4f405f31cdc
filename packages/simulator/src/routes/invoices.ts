import { Router } from "express"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import { merchantOf } from "../locals"
import { renderDocument } from "../pdf"
import type { IssuedDocument, OrderRecord } from "../state/orders"
import { orderOf, route } from "./handler"

/**
 * `number` picks one document (an invoice or a credit note); otherwise
 * v=original is the latest invoice, and without it the latest credit note
 * (the latest invoice when nothing was refunded).
 */
function pickDocument(record: OrderRecord, query: { v?: unknown; number?: unknown }): IssuedDocument {
  if (typeof query.number === "string") {
    const doc = [...record.invoices, ...record.creditNotes].find((d) => d.number === query.number)
    if (!doc) throw notFound(`Document ${query.number}`)
    return doc
  }
  const latestInvoice = record.invoices[record.invoices.length - 1]
  if (query.v === "original") return latestInvoice
  return record.creditNotes[record.creditNotes.length - 1] ?? latestInvoice
}

/** Invoice download (contract section 2): 409 INVALID_STATE before any fulfilment. */
export function invoiceRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/v1/invoice/:orderId/pdf",
    route(async (req, res) => {
      const record = orderOf(ctx, res, req.params.orderId)
      if (record.invoices.length === 0) throw invalidState("The order has no invoice before its first fulfilment")
      const doc = pickDocument(record, req.query)
      const merchant = merchantOf(res)
      const { order } = record
      const company = order.buyer.company
      const pdf = await ctx.pdfs.get(doc.number, () =>
        renderDocument(doc, {
          merchantName: merchant.name,
          buyerName: record.company?.name ?? company.company_name ?? company.company_canonical_id ?? "",
          buyerNumber: record.company?.organization_number ?? company.organization_number,
          buyerCountry: record.company?.country ?? company.country_prefix,
          orderId: order.id,
          merchantOrderId: order.merchant_order_id,
        }),
      )
      res.setHeader("Content-Type", "application/pdf")
      res.setHeader("Content-Disposition", `inline; filename="${doc.number}.pdf"`)
      res.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    }),
  )

  return router
}

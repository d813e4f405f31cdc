import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { fetchDocument, InvoiceParams, InvoiceQuery, loadServiceOrder, parseOr400, sendNotYet, sendPdf } from "../../documents"

/**
 * GET /admin/trade-credit/orders/:id/invoice[?fulfilment=<service fulfilment id or invoice number>]
 *
 * The invoice of a Medusa order paid by trade credit, as a PDF download: the one
 * of the given fulfilment, else the latest (an order shipped in parts has one
 * invoice per shipment). 409 in words before anything is invoiced; 404 for an
 * order not paid by trade credit or an unknown fulfilment.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const { id } = parseOr400(InvoiceParams, req.params, "path parameter")
  const { fulfilment: wanted } = parseOr400(InvoiceQuery, req.query, "query parameter")
  const loaded = await loadServiceOrder(req, res, id)
  if (!loaded) return
  const { serviceOrder, client, displayId } = loaded

  const fulfilments = serviceOrder.fulfilments
  if (fulfilments.length === 0) {
    return sendNotYet(
      res,
      "TRADE_CREDIT_NOT_INVOICED",
      `Nothing is invoiced for order ${displayId ? `#${displayId}` : id} yet: the trade credit service issues an invoice ` +
        "when the goods ship (or when the payment is captured). Try again after the first shipment."
    )
  }
  if (wanted) {
    const fulfilment = fulfilments.find((f) => f.id === wanted || f.invoice_number === wanted)
    if (!fulfilment) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Order ${id} has no invoice for "${wanted}"; its invoices are ${fulfilments.map((f) => f.invoice_number).join(", ")}`,
        "TRADE_CREDIT_DOCUMENT_NOT_FOUND"
      )
    }
    const pdf = await fetchDocument(res, `invoice ${fulfilment.invoice_number}`, () => client.orders.documentPdf(fulfilment.invoice_url))
    if (pdf) sendPdf(res, fulfilment.invoice_number, pdf)
    return
  }
  const latest = fulfilments[fulfilments.length - 1]
  const pdf = await fetchDocument(res, "the invoice", () => client.orders.invoicePdf(serviceOrder.id, { lang: "en_US", original: true }))
  if (pdf) sendPdf(res, latest.invoice_number, pdf)
}

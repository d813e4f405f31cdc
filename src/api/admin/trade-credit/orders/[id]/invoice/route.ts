import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Codes } from "../../../../../errors/codes"
import { quote } from "../../../../../errors/quote"
import { RouteError } from "../../../../../errors/route-error"
import { fetchDocument, type InvoiceQuery, loadServiceOrder, sendPdf } from "../../documents"

/**
 * GET /admin/trade-credit/orders/:id/invoice[?fulfilment=<service fulfilment id or invoice number>]
 *
 * The invoice of a Medusa order paid by trade credit, as a PDF download: the one
 * of the given fulfilment, else the latest (an order shipped in parts has one
 * invoice per shipment). 409 in words before anything is invoiced; 404 for an
 * order not paid by trade credit or an unknown fulfilment. The latest is asked in
 * the region's invoice language, else the order's locale's. The parameters are
 * checked by admin-ui-middlewares.ts.
 */
export const GET = async (req: MedusaRequest<unknown, InvoiceQuery>, res: MedusaResponse) => {
  const id = req.params.id
  const wanted = req.validatedQuery.fulfilment
  const { serviceOrder, client, displayId, invoiceLanguage } = await loadServiceOrder(req, id)

  const fulfilments = serviceOrder.fulfilments
  if (fulfilments.length === 0) {
    throw new RouteError(
      Codes.TRADE_CREDIT_NOT_INVOICED,
      `Nothing is invoiced for order ${displayId ? `#${displayId}` : quote(id)} ` +
        `yet: the trade credit service issues an invoice ` +
        "when the goods ship (or when the payment is captured). Try again after the first shipment.",
    )
  }
  if (wanted) {
    const fulfilment = fulfilments.find(
      (f) => f.id === wanted || (f.invoice_number !== "" && f.invoice_number === wanted),
    )
    if (!fulfilment) {
      throw new RouteError(
        Codes.TRADE_CREDIT_DOCUMENT_NOT_FOUND,
        `Order ${quote(id)} has no invoice for "${quote(wanted)}"; its invoices ` +
          `are ${fulfilments.map((f) => f.invoice_number).join(", ")}`,
      )
    }
    // A fulfilment the client derived from an order fulfilled whole (no link in the answer) is the order's one invoice.
    const single = fulfilments.length === 1 && fulfilment.invoice_url === ""
    const name = fulfilment.invoice_number || `invoice-${serviceOrder.id}`
    const pdf = await fetchDocument(`invoice ${name}`, async () =>
      single
        ? client.orders.invoicePdf(serviceOrder.id, { lang: await invoiceLanguage(), original: true })
        : client.orders.documentPdf(fulfilment.invoice_url),
    )
    return sendPdf(res, name, pdf)
  }
  const latest = fulfilments[fulfilments.length - 1]
  const lang = await invoiceLanguage()
  const pdf = await fetchDocument("the invoice", () =>
    client.orders.invoicePdf(serviceOrder.id, { lang, original: true }),
  )
  sendPdf(res, latest.invoice_number || `invoice-${serviceOrder.id}`, pdf)
}

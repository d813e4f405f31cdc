import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { invoiceOfOrder } from "../../../../../../use-cases/invoice-download"
import { RouteError } from "../../../../../errors/route-error"
import { documentDepsOf, type InvoiceQuery } from "../../documents"
import { sendPdf } from "../../../../../utils/send-pdf"

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
  const input = { orderId: req.params.id, fulfilment: req.validatedQuery.fulfilment }
  const outcome = await invoiceOfOrder(documentDepsOf(req), input)
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  sendPdf(res, outcome.name, outcome.pdf)
}

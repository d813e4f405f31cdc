import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Codes } from "../../../../../../errors/codes"
import { quote } from "../../../../../../errors/quote"
import { RouteError } from "../../../../../../errors/route-error"
import { fetchDocument, loadServiceOrder, sendPdf } from "../../../documents"

/**
 * GET /admin/trade-credit/orders/:id/credit-notes/:number
 *
 * One credit note of a Medusa order paid by trade credit, as a PDF download, by
 * its number (or the service's refund id). 409 in words when nothing was
 * refunded yet; 404 for an unknown number or an order not paid by trade credit.
 * The parameters are checked by admin-ui-middlewares.ts.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const { id, number } = req.params
  const { serviceOrder, client, displayId } = await loadServiceOrder(req, id)

  const refunds = serviceOrder.refunds
  if (refunds.length === 0) {
    throw new RouteError(
      Codes.TRADE_CREDIT_NO_CREDIT_NOTE,
      `No credit note exists for order ${displayId ? `#${displayId}` : quote(id)} yet: the trade credit service issues one for each refund.`
    )
  }
  const refund = refunds.find((r) => r.credit_note_number === number || r.id === number)
  if (!refund) {
    throw new RouteError(
      Codes.TRADE_CREDIT_DOCUMENT_NOT_FOUND,
      `Order ${quote(id)} has no credit note "${quote(number)}"; its credit notes are ${refunds.map((r) => r.credit_note_number).join(", ")}`
    )
  }
  const pdf = await fetchDocument(`credit note ${refund.credit_note_number}`, () => client.orders.documentPdf(refund.credit_note_url))
  sendPdf(res, refund.credit_note_number, pdf)
}

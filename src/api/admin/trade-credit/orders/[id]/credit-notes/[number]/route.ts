import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CreditNoteParams, fetchDocument, loadServiceOrder, parseOr400, sendNotYet, sendPdf } from "../../../documents"

/**
 * GET /admin/trade-credit/orders/:id/credit-notes/:number
 *
 * One credit note of a Medusa order paid by trade credit, as a PDF download, by
 * its number (or the service's refund id). 409 in words when nothing was
 * refunded yet; 404 for an unknown number or an order not paid by trade credit.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const { id, number } = parseOr400(CreditNoteParams, req.params, "path parameter")
  const loaded = await loadServiceOrder(req, res, id)
  if (!loaded) return
  const { serviceOrder, client, displayId } = loaded

  const refunds = serviceOrder.refunds
  if (refunds.length === 0) {
    return sendNotYet(
      res,
      "TRADE_CREDIT_NO_CREDIT_NOTE",
      `No credit note exists for order ${displayId ? `#${displayId}` : id} yet: the trade credit service issues one for each refund.`
    )
  }
  const refund = refunds.find((r) => r.credit_note_number === number || r.id === number)
  if (!refund) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${id} has no credit note "${number}"; its credit notes are ${refunds.map((r) => r.credit_note_number).join(", ")}`,
      "TRADE_CREDIT_DOCUMENT_NOT_FOUND"
    )
  }
  const pdf = await fetchDocument(res, `credit note ${refund.credit_note_number}`, () => client.orders.documentPdf(refund.credit_note_url))
  if (pdf) sendPdf(res, refund.credit_note_number, pdf)
}

import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { creditNoteOfOrder } from "../../../../../../../use-cases/credit-note-download"
import { RouteError } from "../../../../../../errors/route-error"
import { documentDepsOf } from "../../../documents"
import { sendPdf } from "../../../../../../utils/send-pdf"

/**
 * GET /admin/trade-credit/orders/:id/credit-notes/:number
 *
 * One credit note of a Medusa order paid by trade credit, as a PDF download, by
 * its number (or the service's refund id). 409 in words when nothing was
 * refunded yet; 404 for an unknown number or an order not paid by trade credit.
 * The parameters are checked by admin-ui-middlewares.ts.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const outcome = await creditNoteOfOrder(documentDepsOf(req), { orderId: req.params.id, number: req.params.number })
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  sendPdf(res, outcome.name, outcome.pdf)
}

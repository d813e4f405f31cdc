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
      `No credit note exists for order ${displayId ? `#${displayId}` : quote(id)} ` +
        `yet: the trade credit service issues one for each refund.`,
    )
  }
  const refund = refunds.find((r) => r.credit_note_number === number || r.id === number)
  if (!refund) {
    throw new RouteError(
      Codes.TRADE_CREDIT_DOCUMENT_NOT_FOUND,
      `Order ${quote(id)} has no credit note "${quote(number)}"; its credit notes ` +
        `are ${refunds.map((r) => r.credit_note_number).join(", ")}`,
    )
  }
  const url = refund.credit_note_url
  if (url === null && !isLatest(refund, refunds)) {
    // The published documents let a refund come without its link; only the latest credit note is fetchable without one.
    throw new RouteError(
      Codes.TRADE_CREDIT_NO_CREDIT_NOTE,
      `The trade credit service gives no link to credit note "${quote(refund.credit_note_number)}" ` +
        `of order ${quote(id)} yet: ` +
        "only the order's latest credit note can be downloaded without one. Try again later.",
    )
  }
  const pdf = await fetchDocument(`credit note ${refund.credit_note_number}`, () =>
    url === null ? client.orders.invoicePdf(serviceOrder.id) : client.orders.documentPdf(url),
  )
  sendPdf(res, refund.credit_note_number, pdf)
}

type RefundRow = { id: string; refund_no?: number | null }

/**
 * Whether a refund is the order's latest, the credit note GET /v1/invoice/{id}/pdf gives without `v=original`: the only
 * one, or the one with the highest `refund_no` when every refund carries one (never guessed from the list's order).
 */
function isLatest(refund: RefundRow, refunds: readonly RefundRow[]): boolean {
  if (refunds.length === 1) return refunds[0].id === refund.id
  const numbers = refunds.map((r) => r.refund_no)
  if (numbers.some((n) => n == null) || refund.refund_no == null) return false
  return (
    Math.max(...(numbers as number[])) === refund.refund_no &&
    numbers.filter((n) => n === refund.refund_no).length === 1
  )
}

import { quote } from "../utils/quote"
import { type DocumentOutcome, fetchDocument, invoicedOrderOf, type OrderDocumentsDeps } from "./order-documents"

/**
 * One credit note of a Medusa order paid by trade credit, by its number (or the service's refund id). Refused with a
 * code: nothing refunded yet (in words), an unknown number, an order not paid by trade credit, a credit note the
 * service gives no link to and that is not the order's latest.
 */
export async function creditNoteOfOrder(
  deps: OrderDocumentsDeps,
  input: { orderId: string; number: string },
): Promise<DocumentOutcome> {
  const { orderId: id, number } = input
  const read = await invoicedOrderOf(deps, id)
  if (read.outcome === "refused") return read
  const { serviceOrder, client, displayId } = read

  const refunds = serviceOrder.refunds
  if (refunds.length === 0) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NO_CREDIT_NOTE",
      message:
        `No credit note exists for order ${displayId ? `#${displayId}` : quote(id)} ` +
        `yet: the trade credit service issues one for each refund.`,
    }
  }
  const refund = refunds.find((r) => r.credit_note_number === number || r.id === number)
  if (!refund) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
      message:
        `Order ${quote(id)} has no credit note "${quote(number)}"; its credit notes ` +
        `are ${refunds.map((r) => r.credit_note_number).join(", ")}`,
    }
  }
  const url = refund.credit_note_url
  if (url === null && !isLatest(refund, refunds)) {
    // The published documents let a refund come without its link; only the latest credit note is fetchable without one.
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NO_CREDIT_NOTE",
      message:
        `The trade credit service gives no link to credit note "${quote(refund.credit_note_number)}" ` +
        `of order ${quote(id)} yet: ` +
        "only the order's latest credit note can be downloaded without one. Try again later.",
    }
  }
  return fetchDocument(deps, `credit note ${refund.credit_note_number}`, refund.credit_note_number, () =>
    url === null ? client.orders.invoicePdf(serviceOrder.id) : client.orders.documentPdf(url),
  )
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

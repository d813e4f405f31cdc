import { randomUUID } from "node:crypto"
import type { Refund, RefundRequest } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { assertAmounts, bn, checkRefundAmounts, money, sumOf } from "./amounts"
import { documentUrls } from "./documents"
import { emitOrderEvent, touch } from "./events"
import { expireIfDue } from "./lifecycle"

/** Fulfilled and not yet refunded (gross). */
export const refundableGross = (record: OrderRecord) =>
  sumOf(record.order.fulfilments, (f) => f.gross_amount).minus(sumOf(record.order.refunds, (r) => r.amount))

/**
 * POST /v1/order/{id}/refund. No body: all that was fulfilled and not yet
 * refunded. A body: that part (arithmetic checked; above what remains
 * refundable is 409). A refund_reference seen before answers its first refund
 * again, whatever the body. Each refund issues a credit note. The order is
 * REFUNDED once everything fulfilled is refunded and nothing is left to fulfil.
 */
export function refundOrder(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord, body: RefundRequest | undefined): Refund {
  expireIfDue(ctx, merchant, record)
  const { order } = record
  const reference = body?.refund_reference
  const earlier = reference !== undefined ? record.refundsByReference.get(reference) : undefined
  if (earlier) return earlier
  if (order.fulfilments.length === 0) throw invalidState("Nothing has been fulfilled: there is nothing to refund")
  const refundable = refundableGross(record)
  if (!refundable.gt(0)) throw invalidState("Everything fulfilled has been refunded already")
  let net: string
  let tax: string
  if (body) {
    if (body.currency !== order.currency) {
      throw schemaError("The refund's currency is not the order's", [{ loc: ["body", "currency"], msg: `must be ${order.currency}`, type: "value_error" }])
    }
    if (!bn(body.amount).gt(0)) {
      throw schemaError("A refund must be more than zero", [{ loc: ["body", "amount"], msg: "must be more than 0.00", type: "value_error" }])
    }
    assertAmounts(checkRefundAmounts(body))
    if (bn(body.amount).gt(refundable)) {
      throw invalidState(`The refund (${body.amount}) is more than what remains refundable (${refundable.toFixed(2)})`)
    }
    net = money(sumOf(body.tax_subtotals, (t) => t.taxable_amount))
    tax = money(sumOf(body.tax_subtotals, (t) => t.tax_amount))
  } else {
    net = money(sumOf(record.invoices, (i) => i.net_amount ?? 0).minus(sumOf(record.creditNotes, (c) => c.net_amount ?? 0)))
    tax = money(sumOf(record.invoices, (i) => i.tax_amount ?? 0).minus(sumOf(record.creditNotes, (c) => c.tax_amount ?? 0)))
  }
  const amount = body?.amount ?? money(refundable)
  const number = ctx.documents.nextCreditNote()
  const now = ctx.clock.iso()
  const refund: Refund = {
    id: randomUUID(),
    amount,
    currency: order.currency,
    credit_note_number: number,
    credit_note_url: documentUrls.byNumber(ctx, order.id, number),
    refund_date: now,
    reason: body?.reason ?? null,
    refund_reference: reference ?? null,
    line_items: body?.line_items ?? null,
  }
  order.refunds.push(refund)
  if (reference !== undefined) record.refundsByReference.set(reference, refund)
  record.creditNotes.push({
    kind: "credit_note",
    number,
    issued_at: now,
    currency: order.currency,
    gross_amount: amount,
    net_amount: net,
    tax_amount: tax,
    line_items: refund.line_items,
  })
  order.credit_note_url = documentUrls.creditNote(ctx, order.id)
  const allRefunded = refundable.minus(amount).isZero()
  if (allRefunded && (order.state === "FULFILLED" || order.state === "CANCELLED")) order.state = "REFUNDED"
  touch(ctx, record)
  emitOrderEvent(ctx, merchant, record, "order.refunded")
  return refund
}

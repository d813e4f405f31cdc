import { randomUUID } from "node:crypto"
import { checkOrderAmounts } from "../../service/order-arithmetic"
import type { FulfilRequest, Order } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { assertAmounts, bn, sumOf } from "./amounts"
import { documentUrls } from "./documents"
import { emitOrderEvent, touch } from "./events"
import { expireIfDue } from "./lifecycle"
import { type Part, remainderOf } from "./remainder"

/** What remains to fulfil (gross). */
export const unfulfilledGross = (record: OrderRecord) =>
  bn(record.order.gross_amount).minus(sumOf(record.order.fulfilments, (f) => f.gross_amount))

/**
 * POST /v1/order/{id}/fulfilled, from CONFIRMED or FULFILLING. No body: all
 * that remains. A body: that part (its arithmetic checked; more than what
 * remains is 409). Each fulfilment issues an invoice; the order is FULFILLING
 * until nothing remains, then FULFILLED. Sends order.fulfilled each time.
 */
export function fulfilOrder(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord, body: FulfilRequest | undefined): Order {
  expireIfDue(ctx, merchant, record)
  const { order } = record
  if (order.state !== "CONFIRMED" && order.state !== "FULFILLING") {
    throw invalidState(`Only a CONFIRMED or FULFILLING order can be fulfilled (state ${order.state})`)
  }
  const remaining = unfulfilledGross(record)
  let part: Part
  if (body) {
    assertAmounts(checkOrderAmounts(body))
    if (!bn(body.gross_amount).gt(0)) {
      throw schemaError("A fulfilment must be more than zero", [{ loc: ["body", "gross_amount"], msg: "must be more than 0.00", type: "value_error" }])
    }
    if (bn(body.gross_amount).gt(remaining)) {
      throw invalidState(`The fulfilment (${body.gross_amount}) is more than what remains to fulfil (${remaining.toFixed(2)})`)
    }
    part = body
  } else {
    part = remainderOf(record)
  }
  const number = ctx.documents.nextInvoice()
  const now = ctx.clock.iso()
  order.fulfilments.push({
    id: randomUUID(),
    gross_amount: part.gross_amount,
    invoice_number: number,
    invoice_url: documentUrls.byNumber(ctx, order.id, number),
    line_items: part.line_items,
  })
  record.invoices.push({
    kind: "invoice",
    number,
    issued_at: now,
    currency: order.currency,
    gross_amount: part.gross_amount,
    net_amount: part.net_amount,
    tax_amount: part.tax_amount,
    line_items: part.line_items,
  })
  order.invoice_url = documentUrls.invoice(ctx, order.id)
  order.state = remaining.minus(part.gross_amount).isZero() ? "FULFILLED" : "FULFILLING"
  touch(ctx, record)
  emitOrderEvent(ctx, merchant, record, "order.fulfilled")
  return order
}

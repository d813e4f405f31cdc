import type { EditOrderRequest, Order, OrderState } from "../contract/orders"
import type { SimulatorContext } from "../context"
import { decide } from "../decisions"
import { invalidState, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { assertAmounts, bn } from "./amounts"
import { checkTotals } from "./arithmetic"
import { answerAddress, extrasOf } from "./create"
import { emitOrderEvent, touch } from "./events"

const EDITABLE: OrderState[] = ["UNVERIFIED", "VERIFIED", "CONFIRMED"]

const awaitsBuyer = (order: Order) => order.status === "APPROVED" && order.state === "UNVERIFIED"

function setState(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord, state: OrderState): void {
  record.order.state = state
  if (state !== "UNVERIFIED") merchant.orders.awaitingVerification.delete(record)
  touch(ctx, record)
}

/** An approved order left UNVERIFIED for unverifiedTtlMs is cancelled (order.cancelled). Checked on every read. */
export function expireIfDue(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  force = false,
): boolean {
  if (!awaitsBuyer(record.order)) return false
  if (!force && ctx.clock.nowMs() - record.createdAtMs < ctx.unverifiedTtlMs) return false
  record.verification = "expired"
  setState(ctx, merchant, record, "CANCELLED")
  emitOrderEvent(ctx, merchant, record, "order.cancelled.v1")
  return true
}

/** The timer's sweep (and the control API's): expires every due order; `force` expires all that wait. */
export function sweepExpired(ctx: SimulatorContext, force = false): number {
  let expired = 0
  for (const merchant of ctx.merchants.list()) {
    for (const record of merchant.orders.awaitingVerification) {
      if (expireIfDue(ctx, merchant, record, force)) expired++
      else if (awaitsBuyer(record.order)) break
    }
  }
  return expired
}

/**
 * The buyer's answer at payment_url (the hosted page, or the control API):
 * approve → VERIFIED (order.verified), back to merchant_confirmation_url;
 * reject → CANCELLED (order.rejected), to merchant_order_verification_failed_url,
 * else merchant_cancel_order_url, else merchant_confirmation_url.
 */
export function decideVerification(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  approve: boolean,
) {
  expireIfDue(ctx, merchant, record)
  if (!awaitsBuyer(record.order))
    throw invalidState(`Order ${record.order.id} is not waiting for verification (state ${record.order.state})`)
  const urls = record.order.merchant_urls
  if (approve) {
    record.verification = "approved"
    setState(ctx, merchant, record, "VERIFIED")
    emitOrderEvent(ctx, merchant, record, "order.verified.v1")
    return { order: record.order, redirect_url: urls.merchant_confirmation_url }
  }
  record.verification = "rejected"
  setState(ctx, merchant, record, "CANCELLED")
  emitOrderEvent(ctx, merchant, record, "order.rejected.v1", { decline_reason: record.order.decline_reason })
  const redirect_url =
    urls.merchant_order_verification_failed_url ?? urls.merchant_cancel_order_url ?? urls.merchant_confirmation_url
  return { order: record.order, redirect_url }
}

/** VERIFIED → CONFIRMED; 409 from any other state. No event (none exists for it). */
export function confirmOrder(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord): Order {
  expireIfDue(ctx, merchant, record)
  if (record.order.state !== "VERIFIED")
    throw invalidState(`Only a VERIFIED order can be confirmed (state ${record.order.state})`)
  setState(ctx, merchant, record, "CONFIRMED")
  return record.order
}

/**
 * 200 and CANCELLED (order.cancelled) until fulfilment ends; 202 when already cancelled; 409 once FULFILLED or
 * REFUNDED.
 */
export function cancelOrder(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord): 200 | 202 {
  expireIfDue(ctx, merchant, record)
  const { state } = record.order
  if (state === "CANCELLED") return 202
  if (state === "FULFILLED" || state === "REFUNDED")
    throw invalidState(`The order is ${state} and can no longer be cancelled`)
  setState(ctx, merchant, record, "CANCELLED")
  emitOrderEvent(ctx, merchant, record, "order.cancelled.v1")
  return 200
}

/**
 * PUT /v1/order/{id}: replaces amounts, lines and addresses until fulfilment
 * starts. Amounts are checked again (400 with the failing code); a higher
 * gross is decided again (409 INVALID_STATE with the decline reason in
 * error_details). A `merchant_order_id` replaces the order's (409 when another
 * live order holds it). Optional fields left out keep their value.
 */
export function editOrder(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  body: EditOrderRequest,
): Order {
  expireIfDue(ctx, merchant, record)
  const { order } = record
  if (order.status !== "APPROVED") throw invalidState("A declined order cannot be edited")
  if (!EDITABLE.includes(order.state))
    throw invalidState(`The order is ${order.state}: edits are allowed until fulfilment starts`)
  if (body.currency !== order.currency) {
    throw schemaError("The currency of an order cannot change", [
      { loc: ["body", "currency"], msg: `must be ${order.currency}`, type: "value_error" },
    ])
  }
  assertAmounts(checkTotals(body))
  const renamed = body.merchant_order_id !== undefined && body.merchant_order_id !== order.merchant_order_id
  if (renamed) {
    const holder = merchant.orders.holderOf(body.merchant_order_id!)
    if (holder)
      throw invalidState(
        `merchant_order_id ${body.merchant_order_id} is already used by order ${holder.order.id}`,
        holder.order.id,
      )
  }
  if (bn(body.gross_amount).gt(order.gross_amount)) {
    const decision = decide(record.company, body.gross_amount)
    if (!decision.approved)
      throw invalidState(`The edit is declined: ${decision.decline_reason}`, decision.decline_reason)
  }
  if (renamed) merchant.orders.rename(record, body.merchant_order_id!)
  Object.assign(order, {
    gross_amount: body.gross_amount,
    net_amount: body.net_amount,
    tax_amount: body.tax_amount,
    discount_amount: body.discount_amount,
    payable_amount: body.gross_amount,
    invoice_amount: body.gross_amount,
    line_items: body.line_items,
    tax_subtotals: body.tax_subtotals,
    billing_address: answerAddress(body.billing_address),
    shipping_address: answerAddress(body.shipping_address),
    merchant_reference: body.merchant_reference ?? order.merchant_reference,
  })
  record.extras = extrasOf(body, record.extras)
  touch(ctx, record)
  return order
}

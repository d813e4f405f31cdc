import type { ORDER_EVENT_TYPES } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"

export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]

/** Sends an order event (contract section 7) with the order's state after the change. */
export function emitOrderEvent(ctx: SimulatorContext, merchant: MerchantState, record: OrderRecord, type: OrderEventType) {
  const { order } = record
  return ctx.webhooks.emit(merchant, type, {
    order_id: order.id,
    merchant_order_id: order.merchant_order_id,
    state: order.state,
    status: order.status,
    gross_amount: order.gross_amount,
    currency: order.currency,
  })
}

/** Moves an order to a new state and stamps date_updated. */
export function touch(ctx: SimulatorContext, record: OrderRecord): void {
  record.order.date_updated = ctx.clock.iso()
}

import type { OrderEventType, RefundEventData } from "../contract/webhooks"
import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"

export type { OrderEventType }

/**
 * Sends an order event (contract section 7) with the order's state after the change. `extra` carries what
 * order.refunded.v1 (the refund) and order.rejected.v1 (decline_reason) add.
 */
export function emitOrderEvent(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  type: OrderEventType,
  extra: Partial<RefundEventData> & { decline_reason?: string | null } = {},
) {
  const { order } = record
  return ctx.webhooks.emit(merchant, type, {
    order_id: order.id,
    merchant_order_id: order.merchant_order_id,
    merchant_id: order.merchant_id,
    state: order.state,
    status: order.status,
    gross_amount: order.gross_amount,
    invoice_amount: order.invoice_amount,
    payable_amount: order.payable_amount,
    prepaid_amount: order.prepaid_amount,
    currency: order.currency,
    buyer_company_name: order.buyer.company.company_name ?? "",
    ...extra,
  })
}

/** Moves an order to a new state and stamps date_updated. */
export function touch(ctx: SimulatorContext, record: OrderRecord): void {
  record.order.date_updated = ctx.clock.iso()
}

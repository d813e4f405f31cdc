import { TradeCreditError } from "../../client/errors"
import type { TradeCreditClient } from "../../client/index"
import type { Order } from "../../service/schemas/order"
import type { MedusaPaymentState } from "./types"
import { merchantOrderIdOf } from "../../core/order/merchant-reference"

/**
 * The service's order for a Medusa payment: by the order id in the payment's (or
 * session's) data, or, when the data has none (the process stopped between the
 * service's answer and Medusa's write), by merchant_order_id: the cart's
 * reference and the session's tag (merchant-reference.ts), or, for an order made
 * before 0.2.0, the payment session id. Null when the service has no order for it.
 */
export async function readServiceOrder(client: TradeCreditClient, state: MedusaPaymentState): Promise<Order | null> {
  const orderId = state.payment?.data.order_id ?? state.session.data.order_id
  if (orderId) {
    try {
      return await client.orders.get(orderId)
    } catch (error) {
      if (error instanceof TradeCreditError && error.code === "NOT_FOUND") return null
      throw error
    }
  }
  const cartId = state.cart?.id
  const orders = [
    ...(cartId ? await client.orders.getByMerchantOrderId(merchantOrderIdOf(cartId, state.session.id)) : []),
    ...(await client.orders.getByMerchantOrderId(state.session.id)),
  ]
  // Oldest first: the live one wins, else the latest (a declined or cancelled one).
  return orders.find((o) => o.status !== "REJECTED" && o.state !== "CANCELLED") ?? orders[orders.length - 1] ?? null
}

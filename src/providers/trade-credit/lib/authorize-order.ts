import { MedusaError } from "@medusajs/framework/utils"
import type { OrderSummary } from "../../../service/schemas"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import type { TradeCreditPaymentData } from "../../../core/order/payment-data"
import { acceptedOrder } from "./find-or-create-order"
import type { IntentReuse } from "./intent-reuse"
import type { ProviderDeps } from "./provider-deps"

/**
 * The authorization on cart completion: the session's order, found or made (the first completion makes it and the
 * buyer verifies; the second, on the buyer's return, reads it), confirmed once the buyer verified. A cancelled order
 * (the verification failed or expired) refuses the completion.
 */
export async function authorizeOrder(
  deps: Pick<ProviderDeps, "client" | "options" | "logger" | "call" | "readCart">,
  intents: IntentReuse,
  sessionId: string,
  data: TradeCreditPaymentData
): Promise<OrderSummary> {
  const order = await acceptedOrder(deps, intents, sessionId, data)
  if (order.state === "CANCELLED") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The trade credit order was cancelled (the buyer's verification failed or expired). Choose the payment method again to start over.",
      "TRADE_CREDIT_ORDER_CANCELLED"
    )
  }
  if (order.state !== "VERIFIED") return order
  return await deps.call(
    "confirm the order",
    () => deps.client.orders.confirm(order.id, { idempotencyKey: idempotencyKeys.confirm(order.id) }),
    { payment_session_id: sessionId, service_order_id: order.id }
  )
}

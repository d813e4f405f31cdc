import { MedusaError } from "@medusajs/framework/utils"
import type { OrderSummary } from "../service/schemas/order"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import type { TradeCreditPaymentData } from "../core/order/payment-data"
import { planAuthorization } from "../core/order/status"
import { declined } from "./errors"
import { findOrCreateOrder } from "./find-or-create-order"
import type { IntentReuse } from "./intent-reuse"
import { closingGoneSession } from "./order-gone"
import type { InvoiceDeps } from "./deps"
import { assertNever } from "../utils/assert-never"

/**
 * The authorization on cart completion: the session's order, found or made (the first completion makes it and the
 * buyer verifies; the second, on the buyer's return, reads it), then what `planAuthorization` decides for the state
 * the service has now: refuse (declined, or cancelled because the verification failed or expired), wait for the
 * buyer, confirm, or answer authorized. The planner's `complete_cart` (webhooks, reconciliation) ends here too. An
 * order the service no longer knows (404) is refused as TRADE_CREDIT_ORDER_GONE, its session closed (order-gone.ts):
 * the buyer chooses the method again, which makes a new order with a new verification page.
 */
export async function authorizeOrder(
  deps: Pick<InvoiceDeps, "client" | "options" | "logger" | "call" | "fail" | "readCart" | "medusa">,
  intents: IntentReuse,
  sessionId: string,
  data: TradeCreditPaymentData,
): Promise<OrderSummary> {
  // A session's order the service no longer knows: refused (TRADE_CREDIT_ORDER_GONE) and the session closed.
  const order = await closingGoneSession(deps, sessionId, data, () => findOrCreateOrder(deps, intents, sessionId, data))
  const step = planAuthorization(order)
  switch (step.type) {
    case "refuse":
      if (step.reason === "declined") {
        throw declined(order.decline_reason, {
          logger: deps.logger,
          ids: { payment_session_id: sessionId, service_order_id: order.id },
        })
      }
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The trade credit order was cancelled (the buyer's verification failed " +
          "or expired). Choose the payment method again to start over.",
        "TRADE_CREDIT_ORDER_CANCELLED",
      )
    case "confirm":
      return await deps.call(
        "confirm the order",
        () => deps.client.orders.confirm(order.id, { idempotencyKey: idempotencyKeys.confirm(order.id) }),
        { payment_session_id: sessionId, service_order_id: order.id },
      )
    case "wait":
    case "authorized":
      // The buyer still verifies (the storefront sends them to the payment_url), or it is confirmed already.
      return order
    default:
      return assertNever(step, "authorization step")
  }
}

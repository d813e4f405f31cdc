import type { IPaymentModuleService } from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { withoutGoneOrder } from "../core/order/payment-data"
import type { MedusaServices } from "./services"

/**
 * The payment module's generated `updatePaymentSessions`: it writes the row only. Its public `updatePaymentSession`
 * would ask the provider to update the session (a credit check, an order edit), which is wrong for a session whose
 * order the service no longer knows.
 */
type SessionRows = IPaymentModuleService & {
  updatePaymentSessions(data: { id: string; status?: string; data?: Record<string, unknown> }): Promise<unknown>
}

/**
 * Closes a payment session whose service order the service no longer knows (TRADE_CREDIT_ORDER_GONE): `canceled`,
 * as a session whose order the service cancelled, its data without the order (`order_id`, `state` and `payment_url`
 * null: nothing sends the buyer to the dead page) and with `gone_order_id` naming it. The buyer chooses the
 * method again, which starts a new session (a new order). Medusa keeps a session's row when its provider throws, so
 * the provider writes it itself, without calling itself again.
 */
export async function closeGoneSession(
  medusa: Pick<MedusaServices, "payments">,
  sessionId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const rows = medusa.payments() as SessionRows
  await rows.updatePaymentSessions({
    id: sessionId,
    status: PaymentSessionStatus.CANCELED,
    data: withoutGoneOrder(data),
  })
}

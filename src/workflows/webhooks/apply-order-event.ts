import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { OrderEvent } from "../../service/schemas/webhook"
import { reconcileSession } from "../reconciliation/reconcile-session"
import type { ReconciliationOutcome, RepairActionType } from "../reconciliation/types"

/**
 * What an order event may change in Medusa: what the service decides (verification, cancellation, invoices and
 * credit notes). Money Medusa has not recorded (a capture or refund made in the service's portal) and unrecorded
 * sessions are left to the reconciliation run, which reports or records them.
 */
export const WEBHOOK_REPAIRS: ReadonlySet<RepairActionType> = new Set([
  "complete_cart",
  "authorize_order_payment",
  "confirm_at_service",
  "cancel_session",
  "cancel_payment",
  "cancel_order",
  "sync_payment_data",
])

/**
 * Reads the order back from the service and brings Medusa in line with its current state (never with the event
 * alone: a late or repeated event changes nothing), under the session's lock (reconcile-session.ts). Never throws: a
 * failure is an outcome with `error`.
 */
export async function applyOrderEvent(container: MedusaContainer, event: OrderEvent): Promise<ReconciliationOutcome> {
  const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  return await reconcileSession(container, client, {
    sessionId: event.data.merchant_order_id,
    serviceOrderId: event.data.order_id,
    allowed: WEBHOOK_REPAIRS,
    leftTo: "the reconciliation job",
  })
}

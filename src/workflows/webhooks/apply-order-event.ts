import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { OrderEvent } from "../../service/schemas/webhook"
import { reconcileSession } from "../reconciliation/reconcile-session"
import type { ReconciliationOutcome, RepairActionType } from "../reconciliation/types"
import { errorMessage } from "../../utils/error-message"
import { sessionOfOrder } from "./session-of-order"

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
 * alone: a late or repeated event changes nothing), under the session's lock (reconcile-session.ts). The session is
 * found from the order (session-of-order.ts). Never throws: a failure is an outcome with `error`.
 */
export async function applyOrderEvent(container: MedusaContainer, event: OrderEvent): Promise<ReconciliationOutcome> {
  const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  let sessionId: string | null
  try {
    sessionId = await sessionOfOrder(container, event.data)
  } catch (error) {
    return unmatched(event, "could not find the payment session of the order", errorMessage(error))
  }
  if (!sessionId) return unmatched(event, "no trade credit payment session for this order in Medusa")
  return await reconcileSession(container, client, {
    sessionId,
    serviceOrderId: event.data.order_id,
    allowed: WEBHOOK_REPAIRS,
    leftTo: "the reconciliation job",
  })
}

/** The outcome of an event whose session was not found: in sync when Medusa has none, an error to retry otherwise. */
function unmatched(event: OrderEvent, found: string, error?: string): ReconciliationOutcome {
  return {
    session_id: event.data.merchant_order_id,
    payment_id: null,
    order_id: null,
    service_order_id: event.data.order_id,
    found,
    action: "none",
    in_sync: !error,
    repaired: false,
    ...(error && { error }),
  }
}

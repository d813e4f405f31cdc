import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { OrderEvent } from "../../../service/schemas"
import { eventOrderReads } from "../../../providers/trade-credit/lib/event-order-reads"
import { reconcileSession } from "../../reconciliation/reconcile-session"
import type { ReconciliationOutcome, RepairActionType } from "../../reconciliation/types"

/**
 * What an order event may change in Medusa. Authorization (completing the cart)
 * is Medusa's own webhook handling (`order.verified.v1` → `authorized`); the plugin
 * does what Medusa ignores: cancellations and rejections, and the service's
 * invoices and credit notes in the payment's data.
 */
export const WEBHOOK_REPAIRS: ReadonlySet<RepairActionType> = new Set([
  "cancel_session",
  "cancel_payment",
  "cancel_order",
  "sync_payment_data",
])

/**
 * Reads the order back from the service (one read per event, shared with the
 * provider's webhook handling) and brings Medusa in line with its
 * current state (never with the event alone: a late or repeated event changes
 * nothing). Never throws: a failure is an outcome with `error`.
 */
export const applyOrderEventStep = createStep(
  "trade-credit-apply-order-event",
  async (event: OrderEvent, { container }) => {
    const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
    const outcome: ReconciliationOutcome = await reconcileSession(container, client, {
      sessionId: event.data.merchant_order_id,
      serviceOrderId: event.data.order_id,
      // The provider's webhook handling reads the same order for this event: one read serves both.
      readOrder: (orderId) => eventOrderReads.read(event.id, orderId, (id) => client.orders.get(id)),
      allowed: WEBHOOK_REPAIRS,
      leftTo: "Medusa's webhook handling or the reconciliation job",
    })
    return new StepResponse(outcome)
  }
)

import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import type { Order } from "../../../service/schemas/order"
import { editRefused, tradeCreditClientOf } from "../lib/edit-bodies"
import type { OrderEditSyncPlan } from "./prepare-order-edit-sync"

/**
 * Sends the confirmed order to the service when it differs from what the
 * service holds (an edit confirmed without the plugin's check, or a preview
 * that differed by a cent from the confirmed order). Returns the service order.
 */
export const syncServiceOrderStep = createStep(
  "sync-trade-credit-service-order",
  async (plan: OrderEditSyncPlan | null, { container }) => {
    if (!plan) return new StepResponse<Order | null>(null)
    if (!plan.body) return new StepResponse<Order | null>(plan.service_order)
    const client = tradeCreditClientOf(container)
    const key = idempotencyKeys.edit(plan.service_order_id, { sync: plan.run, body: plan.body })
    try {
      return new StepResponse<Order | null>(
        await client.orders.edit(plan.service_order_id, plan.body, { idempotencyKey: key }),
      )
    } catch (error) {
      throw editRefused(error, { container, ids: { order_id: plan.order_id, service_order_id: plan.service_order_id } })
    }
  },
)

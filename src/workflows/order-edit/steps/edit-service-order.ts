import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import type { EditOrderRequest, Order } from "../../../service/schemas/order"
import { callService, editRefused, tradeCreditClientOf } from "../lib/edit-bodies"
import type { TradeCreditOrderEditPlan } from "./prepare-trade-credit-order-edit"

type EditInput = Pick<
  TradeCreditOrderEditPlan,
  "service_order_id" | "order_change_id" | "attempt" | "body" | "previous" | "unchanged"
> & {
  /** "edit" sends the body, "revert" the previous content. */
  direction?: "edit" | "revert"
}

/**
 * PUT /v1/order/{id} with the edited order. A raise is decided again by the
 * service: a decline is a clear error and nothing changes. If a later step of
 * the workflow fails, the compensation puts the previous content back.
 */
export const editServiceOrderStep = createStep(
  "edit-trade-credit-service-order",
  async (input: EditInput | null, { container }) => {
    if (!input || input.unchanged) return new StepResponse<Order | null, EditInput | null>(null, null)
    const direction = input.direction ?? "edit"
    const body = direction === "edit" ? input.body : input.previous
    const client = tradeCreditClientOf(container)
    // The key names this attempt and direction: a retry of the same call is answered once; a
    // later attempt, or putting the previous content back, is a new edit.
    const key = idempotencyKeys.edit(input.service_order_id, {
      change: input.order_change_id,
      attempt: input.attempt,
      direction,
      body,
    })
    let order: Order
    try {
      order = await client.orders.edit(input.service_order_id, body, { idempotencyKey: key })
    } catch (error) {
      throw editRefused(error, {
        container,
        ids: { order_change_id: input.order_change_id, service_order_id: input.service_order_id },
      })
    }
    return new StepResponse<Order | null, EditInput | null>(order, direction === "edit" ? input : null)
  },
  async (input, { container }) => {
    if (!input) return
    const client = tradeCreditClientOf(container)
    const previous: EditOrderRequest = input.previous
    const key = idempotencyKeys.edit(input.service_order_id, {
      change: input.order_change_id,
      attempt: input.attempt,
      direction: "revert",
      body: previous,
    })
    await callService(
      "put the order back as it was",
      () => client.orders.edit(input.service_order_id, previous, { idempotencyKey: key }),
      {
        container,
        ids: { order_change_id: input.order_change_id, service_order_id: input.service_order_id },
      },
    )
  },
)

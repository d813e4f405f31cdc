import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { toMedusaError } from "../../../use-cases/errors"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import type { OrderState } from "../../../service/schemas/order"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type CancelUnverifiedOrderInput = {
  session_id: string
  service_order_id: string
  /**
   * Whether the order is still UNVERIFIED at the service and must be cancelled there; false when the service ended it
   * already. The planner decides (planRepair with `expireBefore`), from the order read back under the session's lock.
   */
  cancel_at_service: boolean
}

/** `free`: the session's order is (now) over, so the cart may be freed. */
export type CancelUnverifiedOrderResult = {
  session_id: string
  service_order_id: string
  free: boolean
  state?: OrderState
  reason: string
}

export const cancelUnverifiedOrderStepId = "trade-credit-cancel-unverified-order"

/**
 * Cancels at the service an order whose buyer never verified (the planner found it UNVERIFIED and past the TTL), under
 * an idempotency key of the order, so a retry cancels once. A cancellation cannot be undone: no compensation.
 */
export const cancelUnverifiedOrderStep = createStep<CancelUnverifiedOrderInput, CancelUnverifiedOrderResult, undefined>(
  cancelUnverifiedOrderStepId,
  async (input, { container }) => {
    const base = { session_id: input.session_id, service_order_id: input.service_order_id, free: true }
    if (!input.cancel_at_service)
      return new StepResponse<CancelUnverifiedOrderResult>({
        ...base,
        reason: "the service had ended the order already",
      })
    const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
    try {
      const { order } = await client.orders.cancel(input.service_order_id, {
        idempotencyKey: idempotencyKeys.cancel(input.service_order_id),
      })
      return new StepResponse<CancelUnverifiedOrderResult>({
        ...base,
        state: order.state,
        reason: "the buyer did not verify in time: cancelled",
      })
    } catch (error) {
      throw toMedusaError(error, "cancel the unverified order", {
        logger: pluginLoggerOf(container),
        ids: { payment_session_id: input.session_id, service_order_id: input.service_order_id },
      })
    }
  },
)

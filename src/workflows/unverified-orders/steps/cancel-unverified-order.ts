import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { toMedusaError } from "../../../providers/trade-credit/lib/errors"
import { idempotencyKeys } from "../../../core/order/idempotency-keys"
import type { OrderState } from "../../../service/schemas"
import { pluginLoggerOf } from "../../../utils/plugin-logger"

export type CancelUnverifiedOrderInput = {
  session_id: string
  service_order_id: string
  /** Orders created at the service before this moment (ISO 8601) have waited too long. */
  cutoff: string
}

/** `free`: the session's order is (now) cancelled, so the cart is freed; otherwise why it was left alone. */
export type CancelUnverifiedOrderResult = { session_id: string; service_order_id: string; free: boolean; state?: OrderState; reason: string }

export const cancelUnverifiedOrderStepId = "trade-credit-cancel-unverified-order"

/**
 * Cancels at the service an order whose buyer never verified, reading its state
 * back first: an order the buyer verified meanwhile is left alone (the webhook or
 * the buyer's return places it), one the service cancelled or declined already
 * only frees the cart. A cancellation cannot be undone: no compensation.
 */
export const cancelUnverifiedOrderStep = createStep<CancelUnverifiedOrderInput, CancelUnverifiedOrderResult, undefined>(
  cancelUnverifiedOrderStepId,
  async (input, { container }) => {
    const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
    const logger = pluginLoggerOf(container)
    const done = (free: boolean, reason: string, state?: OrderState) =>
      new StepResponse<CancelUnverifiedOrderResult>({ session_id: input.session_id, service_order_id: input.service_order_id, free, state, reason })
    const call = async <T>(action: string, run: () => Promise<T>) => {
      try {
        return await run()
      } catch (error) {
        throw toMedusaError(error, action, { logger, ids: { payment_session_id: input.session_id, service_order_id: input.service_order_id } })
      }
    }

    const order = await call("read the order", () => client.orders.get(input.service_order_id))
    if (order.state === "CANCELLED") return done(true, "the service had cancelled the order already", order.state)
    if (order.status === "REJECTED") return done(true, "the service declined the order", order.state)
    if (order.state !== "UNVERIFIED") return done(false, `the buyer verified the order (state ${order.state})`, order.state)
    if (new Date(order.date_created).getTime() >= new Date(input.cutoff).getTime()) {
      return done(false, "the order has not waited long enough", order.state)
    }
    const { order: cancelled } = await call("cancel the unverified order", () =>
      client.orders.cancel(order.id, { idempotencyKey: idempotencyKeys.cancel(order.id) })
    )
    return done(true, "the buyer did not verify in time: cancelled", cancelled.state)
  }
)

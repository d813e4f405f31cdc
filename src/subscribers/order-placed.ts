import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { captureWhenDue } from "../workflows/capture-on/capture-when-due"
import { confirmWhenPlaced } from "../workflows/capture-on/confirm-when-placed"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

/**
 * When an order is placed, in this order (one subscriber: the two never race for the service order):
 * 1. its one-click service order (a verified trade account user's, authorized VERIFIED so that the buyer waited for
 *    one call) is confirmed at the service (confirm-when-placed.ts); a failure is logged and left to the capture,
 *    which confirms before it fulfils, and to the reconciliation;
 * 2. with `captureOn: "order"` (a region's setting, or the options'), its trade credit payment is captured, so the
 *    service invoices it whole at once (services, digital goods, made-to-order work). Orders of other regions, and
 *    orders paid otherwise, are left alone; an instalment order placed while its funding is pending is captured when
 *    the funding is accepted (sync-plan-funding.ts).
 */
export default async function onOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = pluginLoggerOf(container)
  const orderId = event.data.id
  try {
    for (const done of await confirmWhenPlaced(container, orderId)) {
      logLine(logger, "info", `trade-credit: order ${done.service_order_id} of order ${orderId} is ${done.state}`, {
        order_id: orderId,
        payment_id: done.payment_id,
        service_order_id: done.service_order_id,
      })
    }
  } catch (error) {
    logLine(
      logger,
      "warn",
      `trade-credit: could not confirm the service order of order ${orderId} when it was placed: ` +
        `${(error as Error).message.replace(/\.$/, "")}. The capture confirms it first; the reconciliation repairs it.`,
      { order_id: orderId, ...errorIds(error) },
    )
  }
  try {
    const result = await captureWhenDue(container, orderId, "order_placed")
    if (result.captured) {
      logLine(
        logger,
        "info",
        `trade-credit: payment ${result.payment_id} of order ${orderId} captured when the order was placed`,
        {
          order_id: orderId,
          payment_id: result.payment_id,
        },
      )
    }
  } catch (error) {
    logLine(
      logger,
      "error",
      `trade-credit: could not capture the payment of order ${orderId} when it was placed: ` +
        `${(error as Error).message.replace(/\.$/, "")}. The payment can be captured from the admin.`,
      { order_id: orderId, ...errorIds(error) },
    )
    throw error
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.PLACED,
  context: { subscriberId: "trade-credit-order-placed" },
}

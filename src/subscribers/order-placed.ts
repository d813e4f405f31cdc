import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { captureWhenDue } from "../workflows/capture-on/capture-when-due"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

/**
 * `captureOn: "order"` (a region's setting, or the options'): the order's trade credit payment is captured when the
 * order is placed, so the service invoices it whole at once (services, digital goods, made-to-order work). Orders of
 * other regions, and orders paid otherwise, are left alone; an instalment order placed while its funding is pending
 * is captured when the funding is accepted (sync-plan-funding.ts).
 */
export default async function captureOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = pluginLoggerOf(container)
  const orderId = event.data.id
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
  context: { subscriberId: "trade-credit-capture-on-order-placed" },
}

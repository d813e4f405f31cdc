import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderEditWorkflowEvents } from "@medusajs/framework/utils"
import { readOrderPaymentCollections, tradeCreditPaymentsOf } from "../medusa/order-payments"
import { syncTradeCreditOrderEditWorkflow } from "../workflows/order-edit/sync-trade-credit-order-edit"
import { writePaymentData } from "../workflows/reconciliation/payment-records"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

/**
 * After Medusa confirmed an order edit: the service order holds the confirmed
 * order and the order is paid by it again (see syncTradeCreditOrderEditWorkflow).
 * A failure is logged as an error and written on the order's trade credit
 * payment (`order_edit_error`, shown with the payment in the admin), never
 * dropped: the merchant must know the invoice would not match the order.
 */
export default async function syncOrderEdit({ event, container }: SubscriberArgs<{ order_id: string }>) {
  const orderId = event.data.order_id
  try {
    const { result } = await syncTradeCreditOrderEditWorkflow(container).run({ input: { order_id: orderId } })
    if (result.payment) {
      logLine(
        pluginLoggerOf(container),
        "info",
        `trade-credit: the edited order ${orderId} is paid by trade credit order ` +
          `${result.plan?.service_order_id} again (payment ${result.payment.id})`,
        { order_id: orderId, payment_id: result.payment.id, service_order_id: result.plan?.service_order_id },
      )
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    const message =
      `trade-credit: order ${orderId} was edited in Medusa, but the trade credit ` +
      `side could not follow${code ? ` [${code}]` : ""}: ` +
      `${(error as Error).message}. Check the trade credit order before it is invoiced.`
    logLine(pluginLoggerOf(container), "error", message, { order_id: orderId, ...errorIds(error) })
    await recordError(container, orderId, message).catch(() => undefined)
    throw error
  }
}

/** Writes the failure on the order's latest trade credit payment, where the admin shows the payment. */
async function recordError(container: SubscriberArgs<unknown>["container"], orderId: string, message: string) {
  const payment = tradeCreditPaymentsOf(
    await readOrderPaymentCollections(orderId, container.resolve(ContainerRegistrationKeys.QUERY)),
  ).pop()
  if (!payment) return
  await writePaymentData(container, payment.id, { ...payment.data, order_edit_error: message })
}

export const config: SubscriberConfig = {
  event: OrderEditWorkflowEvents.CONFIRMED,
  context: { subscriberId: "trade-credit-order-edit-confirmed" },
}

import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import { isInvoiceWebhookProvider } from "../providers/trade-credit/lib/provider-ids"
import { handleOrderWebhookWorkflow } from "../workflows/webhooks/handle-order-webhook"
import { verifyDelivery, type WebhookDelivery } from "../service/webhook-delivery"

type WebhookReceived = { provider?: string; payload?: WebhookDelivery }

/**
 * The service's order events, next to Medusa's own webhook subscriber: Medusa
 * acts on `authorized` only (order.verified.v1 completes the cart), so the plugin
 * handles what Medusa ignores (order.cancelled.v1, order.rejected.v1, and any event
 * whose order reads back as cancelled). Each delivery is verified (Standard
 * Webhooks signature, timestamp, JSON, event shape); a refused one is logged and
 * changes nothing.
 */
export default async function tradeCreditWebhookHandler({ event, container }: SubscriberArgs<WebhookReceived>) {
  // `POST /hooks/payment/trade-credit_<id>`: the invoice provider's deliveries.
  if (!isInvoiceWebhookProvider(event.data?.provider)) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const verified = verifyDelivery(event.data.payload ?? {}, tradeCredit.getOptions().webhookSecret)
  if (!verified.ok) {
    logger.warn(`trade-credit webhook: ignored a delivery: ${verified.reason}`)
    return
  }
  const serviceEvent = verified.event
  if (!serviceEvent.type.startsWith("order.") || !("order_id" in serviceEvent.data)) {
    logger.info(`trade-credit webhook: ${serviceEvent.type} ${serviceEvent.id} is not an order event; not handled here`)
    return
  }
  const label = `${serviceEvent.type} ${serviceEvent.id} (order ${serviceEvent.data.order_id})`
  const { result } = await handleOrderWebhookWorkflow(container).run({ input: serviceEvent as any })
  if (!result.handled) {
    logger.info(`trade-credit webhook: ${label} was handled before; nothing to do (${result.outcome ?? "no outcome"})`)
    return
  }
  const detail = result.detail
  if (detail?.error) {
    logger.warn(`trade-credit webhook: ${label}: ${detail.found}; failed: ${detail.error}`)
    // Medusa's event bus may retry the delivery; the event row says "failed" so a retry is let through.
    throw new Error(`trade-credit webhook ${serviceEvent.id} failed: ${detail.error}`)
  }
  const message = `trade-credit webhook: ${label}: ${result.outcome}`
  if (detail?.action.includes("reported:")) logger.warn(message)
  else logger.info(message)
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "trade-credit-order-webhook-handler" },
}

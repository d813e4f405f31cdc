import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { handleWebhookEventWorkflow, type WebhookHandlingResult } from "../workflows/webhooks/handle-webhook-event"
import { TRADE_CREDIT_WEBHOOK_EVENT, type TradeCreditWebhookReceived } from "../workflows/webhooks/webhook-received"

/**
 * The one sync pipeline of the service's order and funding events, queued by the plugin's receiver after their
 * signature held (src/api/hooks/trade-credit/receive-delivery.ts). Each event is claimed by its id in the database
 * (a repeated or concurrent delivery, on this instance or another, does nothing), then the service's current state is
 * read back and Medusa brought in line with it: an order's by the planner the reconciliation job uses
 * (src/workflows/reconciliation/plan-repair.ts: complete the cart, authorize, confirm, cancel, sync), a plan's by the
 * funding sync the funding poll uses (src/workflows/webhooks/sync-plan-funding.ts).
 */
export default async function tradeCreditWebhookHandler({ event, container }: SubscriberArgs<TradeCreditWebhookReceived>) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const serviceEvent = event.data.event
  const about = serviceEvent.type === "repayment.plan.funding_decided" ? `plan ${serviceEvent.data.plan_id}` : `order ${serviceEvent.data.order_id}`
  const { result } = await handleWebhookEventWorkflow(container).run({ input: { event: serviceEvent, verified_with: event.data.verified_with ?? null } })
  report(logger, `${serviceEvent.type} ${serviceEvent.id} (${about})`, result)
}

function report(logger: Logger, label: string, result: WebhookHandlingResult) {
  if (!result.handled) {
    logger.info(`trade-credit webhook: ${label} was handled before; nothing to do (${result.outcome ?? "no outcome"})`)
    return
  }
  if (result.error) {
    logger.warn(`trade-credit webhook: ${label}: ${result.outcome}`)
    // Medusa's Redis event bus retries (the in-process one does not); the event row says "failed", so a retry or the
    // service's redelivery is let through, and the reconciliation job repairs what none of them does.
    throw new Error(`trade-credit webhook ${label} failed: ${result.error}`)
  }
  const message = `trade-credit webhook: ${label}: ${result.outcome}`
  if (result.outcome?.includes("reported:")) logger.warn(message)
  else logger.info(message)
}

export const config: SubscriberConfig = {
  event: TRADE_CREDIT_WEBHOOK_EVENT,
  context: { subscriberId: "trade-credit-webhook-pipeline" },
}

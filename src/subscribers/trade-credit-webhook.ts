import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { handleWebhookEventWorkflow, type WebhookHandlingResult } from "../workflows/webhooks/handle-webhook-event"
import {
  subjectOf,
  TRADE_CREDIT_WEBHOOK_EVENT,
  type TradeCreditWebhookReceived,
} from "../workflows/webhooks/webhook-received"
import { type LogIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"

/**
 * The one sync pipeline of the service's events, queued by the plugin's receiver after their signature held
 * (src/api/hooks/trade-credit/receive-delivery.ts). Each event is claimed by its id in the database (a repeated or
 * concurrent delivery, on this instance or another, does nothing), then the service's current state is read back and
 * Medusa brought in line with it: an order's by the planner the reconciliation job uses
 * (src/workflows/reconciliation/plan-repair.ts: complete the cart, authorize, confirm, cancel, sync), a plan's by the
 * funding sync the funding poll uses (src/workflows/webhooks/sync-plan-funding.ts), a sole trader's proposal by the
 * enrollment sync the enrollment poll uses (src/workflows/enrollment/apply-proposal-state.ts); the events after the
 * invoice are kept in the plugin's module (an invoice's life read back, instalment invoices, statements, a company's
 * credit and arrears, a trade-account user verified: src/workflows/webhooks/steps/apply-webhook-event.ts).
 */
export default async function tradeCreditWebhookHandler({
  event,
  container,
}: SubscriberArgs<TradeCreditWebhookReceived>) {
  const logger = pluginLoggerOf(container)
  const serviceEvent = event.data.event
  const { about, ids } = subjectOf(serviceEvent)
  const { result } = await handleWebhookEventWorkflow(container).run({
    input: { event: serviceEvent, verified_with: event.data.verified_with ?? null },
  })
  report(logger, `${serviceEvent.type} ${serviceEvent.id} (${about})`, ids, result)
}

function report(logger: Logger, label: string, ids: LogIds, result: WebhookHandlingResult) {
  if (!result.handled) {
    logLine(
      logger,
      "info",
      `trade-credit webhook: ${label} was handled before; nothing to do (${result.outcome ?? "no outcome"})`,
      ids,
    )
    return
  }
  if (result.error) {
    logLine(logger, "warn", `trade-credit webhook: ${label}: ${result.outcome}`, ids)
    // Medusa's Redis event bus retries (the in-process one does not); the event row says "failed", so a retry or the
    // service's redelivery is let through, and what none of them does is caught up by the reconciliation job (orders),
    // the funding poll (plans) or the enrollment poll (proposals still SUBMITTED or IN_REVIEW here).
    throw new Error(`trade-credit webhook ${label} failed: ${result.error}`)
  }
  const message = `trade-credit webhook: ${label}: ${result.outcome}`
  logLine(logger, result.outcome?.includes("reported:") ? "warn" : "info", message, ids)
}

export const config: SubscriberConfig = {
  event: TRADE_CREDIT_WEBHOOK_EVENT,
  context: { subscriberId: "trade-credit-webhook-pipeline" },
}

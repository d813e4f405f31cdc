import type { FundingDecidedEvent, OrderEvent, WebhookEvent } from "../../service/schemas/webhook"

/**
 * The event the plugin's receiver (src/api/hooks/trade-credit/receive-delivery.ts) queues on Medusa's event bus for
 * each verified delivery of a known type (order, funding and enrollment events);
 * src/subscribers/trade-credit-webhook.ts
 * runs the sync pipeline on it. Only the receiver emits it, after the signature held: the pipeline does not verify
 * again.
 */
export const TRADE_CREDIT_WEBHOOK_EVENT = "trade-credit.webhook.received"

/** `enrollment.approved` / `enrollment.declined` (either spelling of the service is read as these). */
export type EnrollmentEvent = Extract<WebhookEvent, { type: "enrollment.approved" | "enrollment.declined" }>

/** The service's events the pipeline handles. */
export type ServiceEvent = OrderEvent | FundingDecidedEvent | EnrollmentEvent

export const isFundingEvent = (event: ServiceEvent): event is FundingDecidedEvent =>
  event.type === "repayment.plan.funding_decided"

export const isEnrollmentEvent = (event: ServiceEvent): event is EnrollmentEvent =>
  event.type === "enrollment.approved" || event.type === "enrollment.declined"

/** The service's order an event is about (kept on the event's row), null for a plan's or a proposal's. */
export const serviceOrderIdOf = (event: ServiceEvent): string | null =>
  isFundingEvent(event) || isEnrollmentEvent(event) ? null : event.data.order_id

/** `verified_with`: the fingerprint of the webhook secret whose signature held (absent in events queued before
 * 2026-11-26). */
export type TradeCreditWebhookReceived = { event: ServiceEvent; verified_with?: string }

/** What the pipeline found and did for one event (a failure has `error`; it never throws). */
export type WebhookEventOutcome = { found: string; action: string; error?: string }

import type { FundingDecidedEvent, OrderEvent } from "../../service/schemas"

/**
 * The event the plugin's receiver (src/api/hooks/trade-credit/receive-delivery.ts) queues on Medusa's event bus for
 * each verified order or funding delivery; src/subscribers/trade-credit-webhook.ts runs the sync pipeline on it.
 * Only the receiver emits it, after the signature held: the pipeline does not verify again.
 */
export const TRADE_CREDIT_WEBHOOK_EVENT = "trade-credit.webhook.received"

/** The service's events the pipeline handles. */
export type ServiceEvent = OrderEvent | FundingDecidedEvent

/** `verified_with`: the fingerprint of the webhook secret whose signature held (absent in events queued before 2026-11-26). */
export type TradeCreditWebhookReceived = { event: ServiceEvent; verified_with?: string }

/** What the pipeline found and did for one event (a failure has `error`; it never throws). */
export type WebhookEventOutcome = { found: string; action: string; error?: string }

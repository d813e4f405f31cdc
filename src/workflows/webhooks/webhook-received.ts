import {
  ARREARS_EVENT_TYPES,
  type ArrearsEvent,
  BILLING_STATEMENT_EVENT_TYPE,
  type BillingStatementEvent,
  CREDIT_LIMIT_EVENT_TYPE,
  type CreditLimitUpdatedEvent,
  INSTALMENTS_INVOICED_EVENT_TYPE,
  type InstalmentsInvoicedEvent,
  RECONCILIATION_EVENT_TYPES,
  type ReconciliationEvent,
  USER_VERIFIED_EVENT_TYPE,
  type UserVerifiedEvent,
} from "../../service/schemas/after-invoice-events"
import type { FundingDecidedEvent, OrderEvent, WebhookEvent } from "../../service/schemas/webhook"
import type { LogIds } from "../../utils/log-line"

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

/** A company's credit event: its limit, or its arrears. */
export type CompanyCreditServiceEvent = CreditLimitUpdatedEvent | ArrearsEvent

/** The service's events the pipeline handles. */
export type ServiceEvent =
  | OrderEvent
  | FundingDecidedEvent
  | EnrollmentEvent
  | ReconciliationEvent
  | InstalmentsInvoicedEvent
  | BillingStatementEvent
  | CompanyCreditServiceEvent
  | UserVerifiedEvent

export const isFundingEvent = (event: ServiceEvent): event is FundingDecidedEvent =>
  event.type === "repayment.plan.funding_decided"

export const isEnrollmentEvent = (event: ServiceEvent): event is EnrollmentEvent =>
  event.type === "enrollment.approved" || event.type === "enrollment.declined"

export const isReconciliationEvent = (event: ServiceEvent): event is ReconciliationEvent =>
  (RECONCILIATION_EVENT_TYPES as readonly string[]).includes(event.type)

export const isInstalmentsInvoicedEvent = (event: ServiceEvent): event is InstalmentsInvoicedEvent =>
  event.type === INSTALMENTS_INVOICED_EVENT_TYPE

export const isBillingStatementEvent = (event: ServiceEvent): event is BillingStatementEvent =>
  event.type === BILLING_STATEMENT_EVENT_TYPE

export const isCompanyCreditEvent = (event: ServiceEvent): event is CompanyCreditServiceEvent =>
  event.type === CREDIT_LIMIT_EVENT_TYPE || (ARREARS_EVENT_TYPES as readonly string[]).includes(event.type)

export const isUserVerifiedEvent = (event: ServiceEvent): event is UserVerifiedEvent =>
  event.type === USER_VERIFIED_EVENT_TYPE

/** An order event (`order.verified.v1`, ... and their older names): what is left once the others are told apart. */
export const isOrderEvent = (event: ServiceEvent): event is OrderEvent =>
  event.type.startsWith("order.") && !isReconciliationEvent(event)

/** The service's order an event is about (kept on the event's row): an order's or an invoice's, else null. */
export const serviceOrderIdOf = (event: ServiceEvent): string | null =>
  isOrderEvent(event) || isReconciliationEvent(event) ? event.data.order_id : null

/** What an event is about, in its log lines: the order, the plan, the proposal, the document, company or user. */
export function subjectOf(event: ServiceEvent): { about: string; ids: LogIds } {
  const base = { event_id: event.id, event_type: event.type }
  if (isFundingEvent(event))
    return { about: `plan ${event.data.plan_id}`, ids: { ...base, plan_id: event.data.plan_id } }
  if (isEnrollmentEvent(event))
    return { about: `proposal ${event.data.proposal_id}`, ids: { ...base, proposal_id: event.data.proposal_id } }
  if (isInstalmentsInvoicedEvent(event)) return { about: `instalment invoice ${event.data.invoice_id}`, ids: base }
  if (isBillingStatementEvent(event)) return { about: `statement ${event.data.billing_period_id}`, ids: base }
  // Not the organization number: a sole trader's may be a personal number.
  if (isCompanyCreditEvent(event)) return { about: "a buyer company", ids: base }
  if (isUserVerifiedEvent(event))
    return { about: `user ${event.data.user_id}`, ids: { ...base, service_user_id: event.data.user_id } }
  return { about: `order ${event.data.order_id}`, ids: { ...base, service_order_id: event.data.order_id } }
}

/** `verified_with`: the fingerprint of the webhook secret whose signature held (absent in events queued before
 * 2026-11-26). */
export type TradeCreditWebhookReceived = { event: ServiceEvent; verified_with?: string }

/** What the pipeline found and did for one event (a failure has `error`; it never throws). */
export type WebhookEventOutcome = { found: string; action: string; error?: string }

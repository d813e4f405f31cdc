import { z } from "@medusajs/framework/zod"
import {
  AFTER_INVOICE_EVENT_TYPES,
  ArrearsEvent,
  BillingStatementEvent,
  CreditLimitUpdatedEvent,
  InstalmentsInvoicedEvent,
  ReconciliationEvent,
  UserVerifiedEvent,
} from "./after-invoice-events"
import { Envelope, unread } from "./webhook-envelope"

/**
 * Webhook envelopes (contract section 7): `{id, specversion, source, type, time, data}`. `specversion` and `source`
 * are read when present and not required, so an older delivery still parses.
 *
 * What a reader accepts (contract section 9): every event the published documents allow (webhooks-api.yaml), under
 * its published name and the seed's. The plugin reads from an event only what names the resource it is about (the
 * order, the proposal, the plan) and acts on that resource as the service has it now, read back (the order, the
 * proposal, the plan's status): so `data` requires only those ids, every other field is optional, may be null and is
 * any string (the published schemas type `state`, `status` and the currency as plain strings and the amounts with an
 * open-ended pattern), and fields not listed are dropped. A new value or a missing optional field never turns a real
 * event into a 400 the service would retry for days.
 */

/** The published order event names (section 8: the versioned `.v1` names). */
export const ORDER_EVENT_TYPES = [
  "order.verified.v1",
  "order.cancelled.v1",
  "order.fulfilled.v1",
  "order.refunded.v1",
  "order.rejected.v1",
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]

/** The names before the correction of 2026-11-24, still accepted (a receiver acts on the state it reads back). */
export const LEGACY_ORDER_EVENT_TYPES = [
  "order.verified",
  "order.cancelled",
  "order.fulfilled",
  "order.refunded",
  "order.rejected",
] as const

/** The enrollment events by the seed's name (`enrollment.approved`) and the contract's (`enrollment.declined`). */
export const ENROLLMENT_EVENT_TYPES = ["enrollment.approved", "enrollment.declined"] as const

/** The funding decision of an instalment plan (contract section 7, **(chosen)**: no published schema). */
export const FUNDING_EVENT_TYPE = "repayment.plan.funding_decided"

/**
 * The published names of the events the seed or the contract names otherwise (published/README.md): the plugin reads
 * either spelling as the seed's (`EVENT_RENAMES` of conformance/published.ts, the other way round).
 */
export const SEED_EVENT_NAMES: Readonly<Record<string, (typeof ENROLLMENT_EVENT_TYPES)[number]>> = {
  "business_registry.approved.v1": "enrollment.approved",
  "business_registry.rejected.v1": "enrollment.declined",
}

/** Every name of an event the plugin acts on, as it may arrive (seed, contract and published spellings). */
export const ACTED_ON_EVENT_TYPES: readonly string[] = [
  ...ORDER_EVENT_TYPES,
  ...LEGACY_ORDER_EVENT_TYPES,
  ...ENROLLMENT_EVENT_TYPES,
  ...Object.keys(SEED_EVENT_NAMES),
  FUNDING_EVENT_TYPE,
  ...AFTER_INVOICE_EVENT_TYPES,
]

/**
 * The service's published events (webhooks-api.yaml) the plugin knows and does not act on: credit lines, payee
 * accounts, workflows. Nothing in Medusa follows them: a signed delivery is acknowledged (200, `handled: false`),
 * logged at debug, counted by type for Settings → Trade credit (`countReceivedEventType`: received, not dropped
 * silently) and never queued, whatever its data holds. A unit test holds this list and ACTED_ON_EVENT_TYPES to the
 * published document: every published name is in one of them.
 */
export const IGNORED_EVENT_TYPES = [
  "merchant.payee_account.activated.v1",
  "credit_line.requested.v1",
  "credit_line.request.approved.v1",
  "credit_line.request.rejected.v1",
  "credit_line.opened.v1",
  "credit_line.closed.v1",
  "workflow.created.v1",
  "workflow.progressed.v1",
  "workflow.in_review.v1",
  "workflow.completed.v1",
  "workflow.failed.v1",
] as const

/** Either name, kept as received (the plugin tells order events by their `order.` prefix and the state it reads back).
 * */
const OrderEventTypeName = z.enum([...ORDER_EVENT_TYPES, ...LEGACY_ORDER_EVENT_TYPES])

/**
 * `data` of the order events (published OrderDataBase, OrderRefundData, OrderRejectedData). Read: `order_id` (the
 * order read back, `GET /v1/order/:id`) and `merchant_order_id` (the buyer's reference: the pipeline finds the Medusa
 * payment session, whose lock it takes, from the order; session-of-order.ts). Everything else is kept as the service
 * sent it and never acted on: `state` and `status` are optional in the published schema and the pipeline takes the
 * order's state from the order read back.
 */
export const OrderEventData = z.object({
  order_id: z.string(),
  merchant_order_id: z.string(),
  root_order_id: unread(),
  merchant_id: unread(),
  state: unread(),
  status: unread(),
  gross_amount: unread(),
  invoice_amount: unread(),
  payable_amount: unread(),
  prepaid_amount: unread(),
  currency: unread(),
  buyer_company_name: unread(),
  // order.refunded.v1
  refund_id: unread(),
  merchant_refund_reference: unread(),
  refunded_gross_amount: unread(),
  refunded_payable_amount: unread(),
  refunded_prepaid_amount: unread(),
  // order.rejected.v1
  decline_reason: unread(),
})

export const OrderEvent = z.object({
  ...Envelope,
  type: OrderEventTypeName,
  data: OrderEventData,
})
export type OrderEvent = z.infer<typeof OrderEvent>

/**
 * `enrollment.approved` (published `business_registry.approved.v1`, EnrollmentApprovedEventData: `proposal_id`,
 * `merchant_id` (nullable), `organization_number`). Read: `proposal_id` (the proposal read back decides), and
 * `organization_number` only when the proposal read back is ACCEPTED without an enrolled business. `company_name` and
 * `country_code` are not promised (a sender may add them): the proposal read back gives them.
 */
export const EnrollmentApprovedEvent = z.object({
  ...Envelope,
  type: z.literal("enrollment.approved"),
  data: z.object({
    proposal_id: z.string(),
    merchant_id: unread(),
    organization_number: unread(),
    company_name: unread(),
    country_code: unread(),
  }),
})

/** `enrollment.declined` (published `business_registry.rejected.v1`). Read: `proposal_id`. */
export const EnrollmentDeclinedEvent = z.object({
  ...Envelope,
  type: z.literal("enrollment.declined"),
  data: z.object({ proposal_id: z.string(), merchant_id: unread(), rejection_reason: unread() }),
})

/**
 * `repayment.plan.funding_decided` **(chosen)**. Read: `plan_id` (the plan's status read back decides);
 * `funding_status` is kept as sent (`PENDING`, `ACCEPTED`, `REJECTED`, or a value added later) and never acted on.
 */
export const FundingDecidedEvent = z.object({
  ...Envelope,
  type: z.literal(FUNDING_EVENT_TYPE),
  data: z.object({ plan_id: z.string(), funding_status: unread() }),
})
export type FundingDecidedEvent = z.infer<typeof FundingDecidedEvent>

/**
 * Any event the plugin acts on; the order events by either name, the enrollment events by the seed's, the events
 * after the invoice by their published names (after-invoice-events.ts).
 */
export const WebhookEvent = z.discriminatedUnion("type", [
  OrderEvent,
  EnrollmentApprovedEvent,
  EnrollmentDeclinedEvent,
  FundingDecidedEvent,
  ReconciliationEvent,
  InstalmentsInvoicedEvent,
  BillingStatementEvent,
  CreditLimitUpdatedEvent,
  ArrearsEvent,
  UserVerifiedEvent,
])
export type WebhookEvent = z.infer<typeof WebhookEvent>

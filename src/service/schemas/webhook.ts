import { z } from "@medusajs/framework/zod"
import { Currency, Money } from "./common"
import { OrderState, OrderStatus } from "./order"

/**
 * Webhook envelopes (contract section 7): `{id, specversion, source, type, time, data}`. `specversion` and `source`
 * are read when present and not required, so an older delivery still parses.
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

/** Either name, kept as received (the plugin tells order events by their `order.` prefix and the state it reads back). */
const OrderEventTypeName = z.enum([...ORDER_EVENT_TYPES, ...LEGACY_ORDER_EVENT_TYPES])

const Envelope = {
  id: z.string(),
  specversion: z.string().optional(),
  source: z.string().optional(),
  time: z.string(),
}

export const OrderEventData = z.object({
  order_id: z.string(),
  merchant_order_id: z.string(),
  merchant_id: z.string().optional(),
  state: OrderState,
  status: OrderStatus,
  gross_amount: Money,
  invoice_amount: Money.optional(),
  payable_amount: Money.optional(),
  prepaid_amount: Money.optional(),
  currency: Currency,
  buyer_company_name: z.string().nullable().optional(),
  // order.refunded.v1
  refund_id: z.string().optional(),
  merchant_refund_reference: z.string().nullable().optional(),
  refunded_gross_amount: Money.optional(),
  refunded_payable_amount: Money.optional(),
  refunded_prepaid_amount: Money.optional(),
  // order.rejected.v1
  decline_reason: z.string().nullable().optional(),
})

export const OrderEvent = z.object({
  ...Envelope,
  type: OrderEventTypeName,
  data: OrderEventData,
})
export type OrderEvent = z.infer<typeof OrderEvent>

export const EnrollmentApprovedEvent = z.object({
  ...Envelope,
  type: z.literal("enrollment.approved"),
  data: z.object({
    proposal_id: z.string(),
    merchant_id: z.string().optional(),
    organization_number: z.string(),
    company_name: z.string(),
    country_code: z.string(),
  }),
})

export const EnrollmentDeclinedEvent = z.object({
  ...Envelope,
  type: z.literal("enrollment.declined"),
  data: z.object({ proposal_id: z.string(), merchant_id: z.string().optional(), rejection_reason: z.string().nullable().optional() }),
})

export const FundingDecidedEvent = z.object({
  ...Envelope,
  type: z.literal("repayment.plan.funding_decided"),
  data: z.object({ plan_id: z.string(), funding_status: z.enum(["PENDING", "ACCEPTED", "REJECTED"]) }),
})
export type FundingDecidedEvent = z.infer<typeof FundingDecidedEvent>

/** Any event the plugin acts on; the order events by either name. */
export const WebhookEvent = z.discriminatedUnion("type", [OrderEvent, EnrollmentApprovedEvent, EnrollmentDeclinedEvent, FundingDecidedEvent])
export type WebhookEvent = z.infer<typeof WebhookEvent>

import { z } from "@medusajs/framework/zod"
import { Currency, Money } from "./common"
import { OrderState, OrderStatus } from "./order"

/** Webhook envelopes (contract section 7). */

export const ORDER_EVENT_TYPES = [
  "order.verified",
  "order.cancelled",
  "order.fulfilled",
  "order.refunded",
  "order.rejected",
] as const

export const OrderEventData = z.object({
  order_id: z.string(),
  merchant_order_id: z.string(),
  state: OrderState,
  status: OrderStatus,
  gross_amount: Money,
  currency: Currency,
})

export const OrderEvent = z.object({
  id: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  time: z.string(),
  data: OrderEventData,
})
export type OrderEvent = z.infer<typeof OrderEvent>

export const EnrollmentApprovedEvent = z.object({
  id: z.string(),
  type: z.literal("enrollment.approved"),
  time: z.string(),
  data: z.object({
    proposal_id: z.string(),
    organization_number: z.string(),
    company_name: z.string(),
    country_code: z.string(),
  }),
})

export const EnrollmentDeclinedEvent = z.object({
  id: z.string(),
  type: z.literal("enrollment.declined"),
  time: z.string(),
  data: z.object({ proposal_id: z.string() }),
})

export const FundingDecidedEvent = z.object({
  id: z.string(),
  type: z.literal("repayment.plan.funding_decided"),
  time: z.string(),
  data: z.object({ plan_id: z.string(), funding_status: z.enum(["PENDING", "ACCEPTED", "REJECTED"]) }),
})

export const WebhookEvent = z.discriminatedUnion("type", [
  OrderEvent,
  EnrollmentApprovedEvent,
  EnrollmentDeclinedEvent,
  FundingDecidedEvent,
])
export type WebhookEvent = z.infer<typeof WebhookEvent>

/** Webhooks (contract.md section 7, with section 8), as the simulator sends them. */

export const SPEC_VERSION = "1.0"

/** Order events: the published names carry their version. */
export const ORDER_EVENT_TYPES = [
  "order.verified.v1",
  "order.cancelled.v1",
  "order.fulfilled.v1",
  "order.refunded.v1",
  "order.rejected.v1",
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]

/** `{id, specversion, source, type, time, data}`; `source` is the service's base URL (chosen). */
export type WebhookEnvelope = {
  id: string
  specversion: string
  source: string
  type: string
  time: string
  data: unknown
}

/** Data of every order event. */
export type OrderEventData = {
  order_id: string
  merchant_order_id: string
  merchant_id: string
  state: string
  status: string
  gross_amount: string
  invoice_amount: string
  payable_amount: string
  prepaid_amount: string
  currency: string
  buyer_company_name: string | null
}

/** What order.refunded.v1 adds. */
export type RefundEventData = {
  refund_id: string
  merchant_refund_reference: string | null
  refunded_gross_amount: string
  refunded_payable_amount: string
  refunded_prepaid_amount: string
}

import type { IntentBuyer, OrderIntent, OrderState, OrderStatus, OrderSummary } from "../../service/schemas/order"

/**
 * What the provider keeps in the payment session's and the payment's `data`.
 * The storefront can read it: it holds the buyer's own details and the service's
 * ids and links, nothing secret. Capture, refund and cancel return the whole
 * object; Medusa merges what they return into `payment.data` (a key goes away
 * only when it is set to null).
 */
export type TradeCreditPaymentData = Record<string, unknown> & {
  session_id?: string
  tracking_id?: string
  /** The invoice terms of the cart's region when the buyer was credit-checked (Settings → Trade credit). */
  invoice_terms_days?: number | null
  intent_id?: string
  gross_amount?: string
  currency?: string
  merchant_order_id?: string
  order_id?: string
  state?: OrderState
  status?: OrderStatus
  payment_url?: string | null
  /**
   * "refused": the confirm sent first on the buyer's return was refused (the buyer had not verified yet); the service
   * answers that key's refusal again, so the next return reads the order first (authorize-order.ts).
   */
  confirm_first?: "refused" | null
  decline_reason?: string | null
  fulfilments?: { id: string; gross_amount: string; invoice_number: string; invoice_url: string }[]
  refunds?: {
    id: string
    amount: string
    credit_note_number: string
    /** null when the service gives no link to it (yet): fetched as the order's latest credit note when it is that. */
    credit_note_url: string | null
    refund_reference: string | null
  }[]
}

/** The parts of a service order worth keeping on the Medusa payment. */
export function orderSummary(order: OrderSummary): Partial<TradeCreditPaymentData> {
  return {
    order_id: order.id,
    merchant_order_id: order.merchant_order_id,
    state: order.state,
    status: order.status,
    decline_reason: order.decline_reason,
    payment_url: order.state === "UNVERIFIED" ? order.payment_url : null,
    gross_amount: order.gross_amount,
    currency: order.currency,
    fulfilments: order.fulfilments.map((f) => ({
      id: f.id,
      gross_amount: f.gross_amount,
      invoice_number: f.invoice_number,
      invoice_url: f.invoice_url,
    })),
    refunds: order.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      credit_note_number: r.credit_note_number,
      credit_note_url: r.credit_note_url,
      refund_reference: r.refund_reference,
    })),
  }
}

/** Merges a fresh order summary into stored data. */
export function withOrder(data: TradeCreditPaymentData, order: OrderSummary): TradeCreditPaymentData {
  return { ...data, ...orderSummary(order) }
}

/** What a session's data says of its service order (orderSummary's keys, and the order's merchant id). */
const ORDER_KEYS = [
  "order_id",
  "merchant_order_id",
  "state",
  "status",
  "decline_reason",
  "payment_url",
  "fulfilments",
  "refunds",
] as const

/**
 * Session data whose service order the service no longer knows (TRADE_CREDIT_ORDER_GONE): the buyer's input and the
 * credit check kept, the order's keys null (no `payment_url` to send the buyer to; Medusa merges what is written into
 * the stored data, so a key goes away only when it is set to null), `gone_order_id` naming the order for the
 * merchant's log and for a second completion's answer.
 */
export function withoutGoneOrder(data: Record<string, unknown>): Record<string, unknown> {
  const cleared = Object.fromEntries(ORDER_KEYS.map((key) => [key, null]))
  return { ...data, ...cleared, gone_order_id: data.order_id ?? data.gone_order_id ?? null }
}

/**
 * Session data that waits for the buyer's company: a storefront that starts the session before it knows the company
 * (Medusa's starter does) gets a pending session naming what is missing, and starts it again with the company.
 */
export function awaitingCompany<T extends Record<string, unknown>>(
  data: T,
  sessionId: string,
): T & { session_id: string; missing: string[] } {
  return { ...data, session_id: sessionId, missing: ["company"] }
}

/**
 * Session data after an approved credit check: the intent's ids and amount, the buyer's company as checked and the
 * invoice terms of the buyer in the cart's region (the region's, or the customer's or their group's).
 */
export function withIntent(
  data: TradeCreditPaymentData,
  sessionId: string,
  intent: Pick<OrderIntent, "id" | "tracking_id" | "gross_amount" | "currency">,
  company: IntentBuyer["company"],
  invoiceTermsDays: number | null,
): TradeCreditPaymentData {
  return {
    ...data,
    session_id: sessionId,
    intent_id: intent.id,
    tracking_id: intent.tracking_id,
    gross_amount: intent.gross_amount,
    currency: intent.currency,
    buyer_company: company,
    invoice_terms_days: invoiceTermsDays,
  }
}

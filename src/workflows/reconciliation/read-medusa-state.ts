import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import BigNumber from "bignumber.js"
import type { TradeCreditPaymentData } from "../../providers/trade-credit/lib/payment-data"
import type { MedusaPaymentState } from "./types"

const FIELDS = [
  "id",
  "provider_id",
  "status",
  "data",
  "payment.id",
  "payment.captured_at",
  "payment.canceled_at",
  "payment.data",
  "payment.raw_amount",
  "payment.captures.id",
  "payment.captures.raw_amount",
  "payment.captures.created_at",
  "payment.refunds.id",
  "payment.refunds.raw_amount",
  "payment.refunds.created_at",
  "payment_collection.id",
  "payment_collection.cart.id",
  "payment_collection.cart.completed_at",
  "payment_collection.order.id",
  "payment_collection.order.status",
  "payment_collection.order.fulfillments.id",
  "payment_collection.order.fulfillments.canceled_at",
  "payment_collection.order.transactions.reference",
  "payment_collection.order.transactions.reference_id",
]

/**
 * How old a capture or refund row without an order transaction must be before it counts as unfinished: Medusa
 * books a capture on the order right after the provider answers, so a younger one may be in flight still.
 * Longer than any call the transport makes (its deadline is a few times the timeout).
 */
export const UNBOOKED_AFTER_MS = 60_000

type MoneyRow = { id: string; raw_amount?: unknown; amount?: unknown; created_at?: string | Date }

/**
 * Rows no order transaction of `reference` names, older than UNBOOKED_AFTER_MS. Medusa's refundPaymentsWorkflow
 * books a refund under the payment's id instead: any transaction naming the payment counts as booking all its rows.
 */
function unbooked(rows: MoneyRow[] | undefined, order: any, reference: "capture" | "refund", paymentId: string) {
  const booked = new Set(((order?.transactions ?? []) as any[]).filter((t) => t?.reference === reference).map((t) => t.reference_id))
  if (booked.has(paymentId)) return []
  const before = Date.now() - UNBOOKED_AFTER_MS
  return (rows ?? [])
    .filter((row) => row && !booked.has(row.id) && row.created_at && new Date(row.created_at).getTime() < before)
    .map((row) => ({ id: row.id, amount: total([row]) }))
}

/** Exact sum of Medusa amounts (BigNumber raw values) as a decimal string. */
const total = (rows: { raw_amount?: unknown; amount?: unknown }[] | undefined) =>
  (rows ?? []).reduce((acc, row) => acc.plus(MathBN.convert((row.raw_amount ?? row.amount ?? 0) as any).toString()), new BigNumber(0)).toFixed()

/**
 * Reads what Medusa has for one trade credit payment session: the session, its
 * payment (with captured and refunded totals), its cart and the order placed
 * from it. Undefined when there is no such session.
 */
export async function readMedusaPaymentState(container: MedusaContainer, sessionId: string): Promise<MedusaPaymentState | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: FIELDS, filters: { id: sessionId } })
  const row = data[0] as any
  if (!row) return undefined
  const payment = row.payment
  const cart = row.payment_collection?.cart
  const order = row.payment_collection?.order
  return {
    session: {
      id: row.id,
      provider_id: row.provider_id,
      status: row.status,
      data: (row.data ?? {}) as TradeCreditPaymentData,
    },
    payment: payment
      ? {
          id: payment.id,
          captured_at: payment.captured_at ?? null,
          canceled_at: payment.canceled_at ?? null,
          data: (payment.data ?? {}) as TradeCreditPaymentData,
          captured: total(payment.captures),
          refunded: total(payment.refunds),
          authorized: payment.raw_amount ? total([payment]) : undefined,
          refund_ids: (payment.refunds ?? []).map((r: { id: string }) => r.id),
          ...(order && {
            unbooked_captures: unbooked(payment.captures, order, "capture", payment.id),
            unbooked_refunds: unbooked(payment.refunds, order, "refund", payment.id),
          }),
        }
      : null,
    cart: cart ? { id: cart.id, completed_at: cart.completed_at ?? null } : null,
    order: order
      ? {
          id: order.id,
          status: order.status,
          live_fulfillments: (order.fulfillments ?? []).filter((f: any) => f && !f.canceled_at).length,
        }
      : null,
  }
}

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Money } from "../../core/money/money"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
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

/** What Medusa's own work may add around a provider call before it books a capture or refund on the order. */
const BOOKING_SLACK_MS = 20_000

/**
 * How old a capture or refund row without an order transaction must be before it counts as unfinished: Medusa
 * writes the row, calls the provider, then books it on the order, so a younger one may be in flight still. Longer
 * than any call the transport makes (its deadline: three times the timeout, retries and waits included) plus
 * Medusa's own work: 50 s with the default timeout of 10 s.
 */
export const unfinishedAfterMs = (timeoutMs: number) => 3 * timeoutMs + BOOKING_SLACK_MS

type MoneyRow = { id: string; raw_amount?: unknown; amount?: unknown; created_at?: string | Date }

/** The order's fields the query reads (FIELDS). */
type OrderRow = {
  id: string
  status: string
  fulfillments?: ({ id: string; canceled_at?: string | Date | null } | null)[] | null
  transactions?: ({ reference?: string | null; reference_id?: string | null } | null)[] | null
}

/** The payment session as the query reads it (FIELDS). */
type SessionRow = {
  id: string
  provider_id: string
  status: string
  data?: TradeCreditPaymentData | null
  payment?: {
    id: string
    captured_at?: string | Date | null
    canceled_at?: string | Date | null
    data?: TradeCreditPaymentData | null
    raw_amount?: unknown
    captures?: MoneyRow[]
    refunds?: MoneyRow[]
  } | null
  payment_collection?: {
    id: string
    cart?: { id: string; completed_at?: string | Date | null } | null
    order?: OrderRow | null
  } | null
}

/**
 * Rows no order transaction of `reference` names, older than `olderThanMs`. Medusa's refundPaymentsWorkflow
 * books a refund under the payment's id instead: any transaction naming the payment counts as booking all its rows.
 */
function unbooked(
  rows: MoneyRow[] | undefined,
  order: OrderRow,
  reference: "capture" | "refund",
  paymentId: string,
  olderThanMs: number,
) {
  const booked = new Set(
    (order?.transactions ?? []).filter((t) => t?.reference === reference).map((t) => t?.reference_id),
  )
  if (booked.has(paymentId)) return []
  const before = Date.now() - olderThanMs
  return (rows ?? [])
    .filter((row) => row && !booked.has(row.id) && row.created_at && new Date(row.created_at).getTime() < before)
    .map((row) => ({ id: row.id, amount: total([row]) }))
}

/**
 * The exact sum of Medusa amounts (BigNumber raw values) as a decimal string: Medusa's computed totals keep more
 * decimals than cents ("1515.0876"), and a capture is refused above the payment's exact amount. Compared with the
 * service's amounts in whole cents (plan-repair.ts).
 */
export const total = (rows: { raw_amount?: unknown; amount?: unknown }[] | undefined) =>
  Money.sum((rows ?? []).map((row) => Money.fromMedusa(row.raw_amount ?? row.amount ?? 0, "a Medusa amount"))).toFixed()

/**
 * Reads what Medusa has for one trade credit payment session: the session, its
 * payment (with captured and refunded totals), its cart and the order placed
 * from it. Undefined when there is no such session.
 */
export async function readMedusaPaymentState(
  container: MedusaContainer,
  sessionId: string,
): Promise<MedusaPaymentState | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: FIELDS, filters: { id: sessionId } })
  const row = data[0] as SessionRow | undefined
  if (!row) return undefined
  const payment = row.payment
  const cart = row.payment_collection?.cart
  const order = row.payment_collection?.order
  const olderThanMs = unfinishedAfterMs(
    container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getOptions().timeoutMs,
  )
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
          refund_ids: (payment.refunds ?? []).map((r) => r.id),
          ...(order && {
            unbooked_captures: unbooked(payment.captures, order, "capture", payment.id, olderThanMs),
            unbooked_refunds: unbooked(payment.refunds, order, "refund", payment.id, olderThanMs),
          }),
        }
      : null,
    cart: cart ? { id: cart.id, completed_at: cart.completed_at ?? null } : null,
    order: order
      ? {
          id: order.id,
          status: order.status,
          live_fulfillments: (order.fulfillments ?? []).filter((f) => f && !f.canceled_at).length,
        }
      : null,
  }
}

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { tradeCreditPaymentsOf } from "../../medusa/order-payments"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"

export type TradeCreditOrderPayment = {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string
  captured_at: string | Date | null
  canceled_at: string | Date | null
  data: TradeCreditPaymentData
  captures: { id: string; amount: unknown }[]
  /** The service's order id (payment data `order_id`). */
  service_order_id: string
}

/** A payment as ORDER_PAYMENT_FIELDS read it. */
type QueriedPayment = Omit<TradeCreditOrderPayment, "captures" | "service_order_id"> & {
  captures?: TradeCreditOrderPayment["captures"] | null
}

export const ORDER_PAYMENT_FIELDS = [
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.amount",
  "payment_collections.payments.currency_code",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.data",
  "payment_collections.payments.captures.id",
  "payment_collections.payments.captures.amount",
]

/** The trade credit payment among an order's payments (read with ORDER_PAYMENT_FIELDS), the live one first. */
export function tradeCreditPaymentOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
  order: { payment_collections?: any[] | null } | undefined,
): TradeCreditOrderPayment | undefined {
  const payments = tradeCreditPaymentsOf<QueriedPayment>(order?.payment_collections).sort(
    (a, b) => Number(!!a.canceled_at) - Number(!!b.canceled_at),
  )
  const payment = payments[0]
  if (!payment) return undefined
  return { ...payment, captures: payment.captures ?? [], service_order_id: payment.data.order_id }
}

type ReadOrder = { id: string; display_id?: number; status?: string; region_id?: string | null; locale?: string | null }

/** Reads an order's trade credit payment; undefined when the order does not exist or was not paid by trade credit. */
export async function readOrderTradeCreditPayment(
  container: MedusaContainer,
  orderId: string,
): Promise<{ order: ReadOrder; payment?: TradeCreditOrderPayment } | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "status", "region_id", "locale", ...ORDER_PAYMENT_FIELDS],
    filters: { id: orderId },
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
  const order = data[0] as any
  if (!order) return undefined
  const { id, display_id, status, region_id, locale } = order
  return { order: { id, display_id, status, region_id, locale }, payment: tradeCreditPaymentOf(order) }
}

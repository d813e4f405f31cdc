import type { Query } from "./services"
import type { OrderEditPaymentData } from "./order-edit-payment"
import { isInvoiceProviderId } from "./provider-ids"

/*
 * An order's trade credit payment, found one way everywhere: among the
 * payments of the order's payment collections (as Query reads them), those
 * of the plugin's providers; for the invoice provider, those that stand for
 * a service order (the payment data's `order_id`).
 */

export type OrderPaymentRow = {
  id: string
  provider_id: string
  amount: unknown
  data: OrderEditPaymentData | null
  canceled_at: unknown
  captured_at: unknown
  payment_collection_id?: string
}

export type OrderPaymentCollectionRow = {
  id: string
  status: string
  amount: unknown
  raw_amount?: unknown
  currency_code: string
  created_at: unknown
  payments?: OrderPaymentRow[] | null
  payment_sessions?: { id: string; provider_id: string; status: string }[] | null
}

type CollectionOf<P> = { id: string; payments?: readonly P[] | null } | null | undefined

const COLLECTION_FIELDS = [
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.raw_amount",
  "payment_collections.currency_code",
  "payment_collections.created_at",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.amount",
  "payment_collections.payments.data",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.payment_collection_id",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
]

/** The payment collections of a Medusa order, newest last, with their payments and sessions. */
export async function readOrderPaymentCollections(
  orderId: string,
  query: Pick<Query, "graph">,
): Promise<OrderPaymentCollectionRow[]> {
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", ...COLLECTION_FIELDS],
    filters: { id: orderId },
  })
  // Query answers what the fields ask for; its generated types (.medusa/types, after `medusa develop`) type every
  // relation as nullable, so the row is named here, once.
  const collections = (data[0]?.payment_collections ?? []) as OrderPaymentCollectionRow[]
  return collections.sort(
    (a, b) => new Date(a.created_at as string).getTime() - new Date(b.created_at as string).getTime(),
  )
}

/** The payments of an order's collections that `isProvider` names (all of them, cancelled too), each with its
 * collection's id. */
export function providerPaymentsOf<P extends { provider_id?: string | null }>(
  collections: readonly CollectionOf<P>[] | null | undefined,
  isProvider: (providerId: unknown) => boolean,
): (P & { payment_collection_id: string })[] {
  return (collections ?? []).flatMap((c) =>
    c
      ? (c.payments ?? [])
          .filter((p) => p && isProvider(p.provider_id))
          .map((p) => ({ ...p, payment_collection_id: c.id }))
      : [],
  )
}

type InvoicePayment = { provider_id?: string | null; data?: { order_id?: unknown } | null }

/** A payment that stands for a service order, with its collection's id. */
export type ServiceOrderPayment<P extends InvoicePayment> = P & {
  payment_collection_id: string
  data: NonNullable<P["data"]> & { order_id: string }
}

/** The trade credit payments of an order: the invoice provider's that stand for a service order (cancelled ones too),
 * in the collections' order. */
export function tradeCreditPaymentsOf<P extends InvoicePayment = OrderPaymentRow>(
  collections: readonly CollectionOf<P>[] | null | undefined,
): ServiceOrderPayment<P>[] {
  return providerPaymentsOf(collections, isInvoiceProviderId).filter(
    (p): p is ServiceOrderPayment<P> => typeof p.data?.order_id === "string" && p.data.order_id !== "",
  )
}

/** The live (not cancelled) trade credit payment of an order, if any (the latest one). */
export function activeTradeCreditPaymentOf(
  collections: readonly OrderPaymentCollectionRow[],
): OrderPaymentRow | undefined {
  return tradeCreditPaymentsOf(collections)
    .filter((p) => !p.canceled_at)
    .pop()
}

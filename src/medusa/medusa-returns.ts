import type { IPaymentModuleService } from "@medusajs/framework/types"
import { type MedusaReturn, type MedusaReturnItemName, receivedReturnsOf } from "../core/order/received-returns"
import type { ReceivedReturn } from "../core/order/returned-lines"
import type { Query } from "./services"

/**
 * What a refund is for, read from Medusa's records: a provider is only given the
 * refund's amount and id. Medusa creates the refund row (committed) before it
 * calls the provider, so the refund leads to its payment, the payment to its
 * collection and order, and the order to its returns (claims return goods
 * through a return too).
 */

/** What the reads need: Medusa's Query and payment module. */
export type ReturnReaders = { query: () => Query; payments: () => IPaymentModuleService }

/** What an item's line name is made of (core/order/line-details.ts nameOfItem). */
const ITEM_FIELDS = [
  "items.id",
  "items.title",
  "items.subtitle",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
]

const RETURN_FIELDS = [
  "returns.id",
  "returns.status",
  "returns.claim_id",
  "returns.exchange_id",
  "returns.canceled_at",
  "returns.received_at",
  "returns.created_at",
  // Named fields of return items come back without their amounts (2.21.2): read them whole.
  "returns.items.*",
]

/** A payment or payment session as Query reads it with `payment_collection.order.id`. */
type WithOrderOfCollection = { payment_collection?: { order?: { id?: string } | null } | null }

/** The Medusa order a refund (else a payment session) belongs to. */
async function orderIdOfRefund(
  medusa: ReturnReaders,
  refundId: string,
  sessionId?: string,
): Promise<string | undefined> {
  const [refund] = await medusa.payments().listRefunds({ id: refundId }, { select: ["id", "payment_id"] })
  const paymentId = (refund as { payment_id?: string } | undefined)?.payment_id
  if (paymentId) {
    const { data } = await medusa
      .query()
      .graph({ entity: "payment", fields: ["id", "payment_collection.order.id"], filters: { id: paymentId } })
    const orderId = (data[0] as WithOrderOfCollection | undefined)?.payment_collection?.order?.id
    if (orderId) return orderId
  }
  if (!sessionId) return undefined
  const { data } = await medusa
    .query()
    .graph({ entity: "payment_session", fields: ["id", "payment_collection.order.id"], filters: { id: sessionId } })
  return (data[0] as WithOrderOfCollection | undefined)?.payment_collection?.order?.id
}

/** The received returns of the order a refund belongs to; empty when it cannot be told. */
export async function readReceivedReturnsOfRefund(
  medusa: ReturnReaders,
  refundId: string,
  sessionId?: string,
): Promise<ReceivedReturn[]> {
  const orderId = await orderIdOfRefund(medusa, refundId, sessionId)
  if (!orderId) return []
  const { data } = await medusa
    .query()
    .graph({ entity: "order", fields: ["id", ...ITEM_FIELDS, ...RETURN_FIELDS], filters: { id: orderId } })
  const order = data[0] as { returns?: MedusaReturn[]; items?: MedusaReturnItemName[] } | undefined
  return receivedReturnsOf(order?.returns, order?.items ?? [])
}

import { container } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import BigNumber from "bignumber.js"
import { toDecimalOrUndefined, ZERO } from "../../../core/money/decimal"
import { nameOfItem } from "../../../core/order/line-details"
import type { MedusaLineItem } from "../../../core/order/medusa-cart"
import type { ReceivedReturn } from "../../../core/order/returned-lines"

/**
 * What a refund is for, read from Medusa's records: a provider is only given the
 * refund's amount and id. Medusa creates the refund row (committed) before it
 * calls the provider, so the refund leads to its payment, the payment to its
 * collection and order, and the order to its returns (claims return goods
 * through a return too).
 */

const query = () => container.resolve(ContainerRegistrationKeys.QUERY)

/** What an item's line name is made of (payload's nameOfItem). */
const ITEM_FIELDS = ["items.id", "items.title", "items.subtitle", "items.product_title", "items.variant_title", "items.variant_sku"]

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

/** The Medusa order a refund (else a payment session) belongs to. */
async function orderIdOfRefund(refundId: string, sessionId?: string): Promise<string | undefined> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [refund] = await payments.listRefunds({ id: refundId }, { select: ["id", "payment_id"] })
  const paymentId = (refund as { payment_id?: string } | undefined)?.payment_id
  if (paymentId) {
    const { data } = await query().graph({ entity: "payment", fields: ["id", "payment_collection.order.id"], filters: { id: paymentId } })
    const orderId = (data[0] as any)?.payment_collection?.order?.id as string | undefined
    if (orderId) return orderId
  }
  if (!sessionId) return undefined
  const { data } = await query().graph({ entity: "payment_session", fields: ["id", "payment_collection.order.id"], filters: { id: sessionId } })
  return (data[0] as any)?.payment_collection?.order?.id as string | undefined
}

type MedusaReturn = {
  id: string
  status?: string | null
  claim_id?: string | null
  exchange_id?: string | null
  canceled_at?: unknown
  received_at?: unknown
  created_at?: unknown
  items?:
    | { item_id: string; received_quantity?: unknown; damaged_quantity?: unknown; raw_received_quantity?: unknown; raw_damaged_quantity?: unknown }[]
    | null
}

const time = (value: unknown) => (value ? new Date(value as string).getTime() : 0)

type MedusaItem = { id: string; title?: string | null; subtitle?: string | null; product_title?: string | null; variant_title?: string | null; variant_sku?: string | null }

/** The order's returns that received goods (received or received damaged), oldest first, each item with its line name. */
export function receivedReturnsOf(returns: readonly MedusaReturn[] | null | undefined, items: readonly MedusaItem[] = []): ReceivedReturn[] {
  const names = new Map(items.map((item) => [item.id, nameOfItem(item as MedusaLineItem)]))
  return [...(returns ?? [])]
    .filter((r) => !r.canceled_at && r.status !== "canceled")
    .sort((a, b) => time(a.received_at ?? a.created_at) - time(b.received_at ?? b.created_at))
    .map((r) => ({
      id: r.id,
      claim_id: r.claim_id ?? null,
      exchange_id: r.exchange_id ?? null,
      items: (r.items ?? [])
        .map((i) => ({
          item_id: i.item_id,
          ...(names.has(i.item_id) && { name: names.get(i.item_id) }),
          quantity: (toDecimalOrUndefined(i.raw_received_quantity ?? i.received_quantity) ?? ZERO).plus(
            toDecimalOrUndefined(i.raw_damaged_quantity ?? i.damaged_quantity) ?? ZERO
          ),
        }))
        .filter((i) => (i.quantity as BigNumber).gt(0)),
    }))
    .filter((r) => r.items.length > 0)
}

/** The received returns of the order a refund belongs to; empty when it cannot be told. */
export async function readReceivedReturnsOfRefund(refundId: string, sessionId?: string): Promise<ReceivedReturn[]> {
  const orderId = await orderIdOfRefund(refundId, sessionId)
  if (!orderId) return []
  const { data } = await query().graph({ entity: "order", fields: ["id", ...ITEM_FIELDS, ...RETURN_FIELDS], filters: { id: orderId } })
  const order = data[0] as { returns?: MedusaReturn[]; items?: MedusaItem[] } | undefined
  return receivedReturnsOf(order?.returns, order?.items ?? [])
}

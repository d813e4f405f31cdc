import { Exact } from "../money/exact"
import { type ItemNameFields, nameOfItem } from "./line-details"
import type { ReceivedReturn } from "./returned-lines"

/**
 * Medusa's returns of an order (as Query reads them, `returns.*` and `returns.items.*`) → the received returns a refund
 * may stand for (returned-lines.ts). Pure: the provider reads them (src/medusa/medusa-returns.ts).
 */

export type MedusaReturn = {
  id: string
  status?: string | null
  claim_id?: string | null
  exchange_id?: string | null
  canceled_at?: unknown
  received_at?: unknown
  created_at?: unknown
  items?:
    | {
        item_id: string
        received_quantity?: unknown
        damaged_quantity?: unknown
        raw_received_quantity?: unknown
        raw_damaged_quantity?: unknown
      }[]
    | null
}

/** An order item as read for its line name. */
export type MedusaReturnItemName = ItemNameFields & { id: string }

const time = (value: unknown) => (value ? new Date(value as string).getTime() : 0)

/** A quantity Medusa read (null or absent: none). */
const quantityOf = (value: unknown) =>
  value === null || value === undefined ? Exact.ZERO : Exact.fromMedusa(value, "returned quantity")

/** The order's returns that received goods (received or received damaged), oldest first, each item with its line name.
 * */
export function receivedReturnsOf(
  returns: readonly MedusaReturn[] | null | undefined,
  items: readonly MedusaReturnItemName[] = [],
): ReceivedReturn[] {
  const names = new Map(items.map((item) => [item.id, nameOfItem(item)]))
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
          quantity: quantityOf(i.raw_received_quantity ?? i.received_quantity).plus(
            quantityOf(i.raw_damaged_quantity ?? i.damaged_quantity),
          ),
        }))
        .filter((i) => i.quantity.isPositive())
        .map((i) => ({ ...i, quantity: i.quantity.toString() })),
    }))
    .filter((r) => r.items.length > 0)
}

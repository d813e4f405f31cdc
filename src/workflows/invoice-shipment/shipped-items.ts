import { Exact } from "../../core/money/exact"
import type { ShippedItem } from "./shipment-body"

/** The parts of a Medusa fulfillment and order item that say what was shipped (as Query reads them). */
export type MedusaFulfillment = {
  id: string
  created_at?: string | Date | null
  shipped_at?: string | Date | null
  canceled_at?: string | Date | null
  items?: { line_item_id?: string | null; quantity: unknown; inventory_item_id?: string | null }[] | null
}

export type MedusaOrderItem = {
  id: string
  quantity: unknown
  requires_shipping?: boolean | null
  detail?: { shipped_quantity?: unknown; fulfilled_quantity?: unknown } | null
  variant?: { inventory_items?: { inventory?: { id: string } | null; required_quantity?: unknown }[] | null } | null
}

/** An order's items as shipsTheRest and everythingShipped read them (Query fields of the order). */
export const SHIPPING_ITEM_FIELDS = [
  "items.id",
  "items.quantity",
  "items.requires_shipping",
  "items.detail.quantity",
  "items.detail.shipped_quantity",
  "items.detail.fulfilled_quantity",
]

/** The items read with SHIPPING_ITEM_FIELDS, each with its quantity: Query answers it from the item's detail unless the
 * order's totals are asked for. */
export function withItemQuantities(items: MedusaOrderItem[] | null | undefined): MedusaOrderItem[] {
  return (items ?? []).map((item) => ({
    ...item,
    quantity: item.quantity ?? (item.detail as { quantity?: unknown } | null)?.quantity,
  }))
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : 0)

/**
 * The order line items and units a fulfillment carries. A fulfillment has one
 * item per line item, or, for a variant made of several inventory items (a
 * kit), one per inventory item with the quantity times its required quantity:
 * units are then read from one of them, as Medusa's createOrderShipmentWorkflow does.
 */
export function shippedItemsOf(fulfillment: MedusaFulfillment, orderItems: MedusaOrderItem[]): ShippedItem[] {
  const byLineItem = new Map<string, NonNullable<MedusaFulfillment["items"]>>()
  for (const item of fulfillment.items ?? []) {
    if (!item.line_item_id) continue
    byLineItem.set(item.line_item_id, [...(byLineItem.get(item.line_item_id) ?? []), item])
  }
  const shipped: ShippedItem[] = []
  for (const [lineItemId, items] of byLineItem) {
    const inventory = orderItems.find((i) => i.id === lineItemId)?.variant?.inventory_items ?? []
    let quantity: Exact
    const kitPart = items.find(
      (i) => i.inventory_item_id && inventory.some((l) => l.inventory?.id === i.inventory_item_id),
    )
    const link = kitPart && inventory.find((l) => l.inventory?.id === kitPart.inventory_item_id)
    if (kitPart && link?.required_quantity) {
      quantity = Exact.fromMedusa(kitPart.quantity, "fulfillment item quantity").dividedBy(
        Exact.fromMedusa(link.required_quantity, "required quantity"),
      )
    } else {
      quantity = Exact.sum(items.map((i) => Exact.fromMedusa(i.quantity, "fulfillment item quantity")))
    }
    if (quantity.isPositive()) shipped.push({ line_item_id: lineItemId, quantity: quantity.toString() })
  }
  return shipped
}

/**
 * True when this fulfillment ships the last remaining items: every item that
 * needs shipping is shipped in full (fulfilled in full, for "fulfillment"), and
 * no other live fulfillment was shipped (created) after this one, so that of two
 * shipments handled out of order only the later one fulfils "all that remains".
 */
export function shipsTheRest(
  fulfillment: MedusaFulfillment,
  fulfillments: MedusaFulfillment[],
  orderItems: MedusaOrderItem[],
  trigger: "shipment" | "fulfillment",
): boolean {
  const when = (f: MedusaFulfillment) => time(trigger === "shipment" ? f.shipped_at : f.created_at)
  const later = fulfillments.some((f) => f.id !== fulfillment.id && !f.canceled_at && when(f) > when(fulfillment))
  return !later && everythingShipped(orderItems, trigger)
}

/** True when every item that needs shipping is shipped in full (fulfilled in full, for "fulfillment"). */
export function everythingShipped(orderItems: MedusaOrderItem[], trigger: "shipment" | "fulfillment"): boolean {
  const toShip = orderItems.filter((item) => item.requires_shipping !== false)
  if (toShip.length === 0) return false
  return toShip.every((item) => {
    const done = trigger === "shipment" ? item.detail?.shipped_quantity : item.detail?.fulfilled_quantity
    return Exact.fromMedusa(done ?? 0, "shipped quantity").gte(Exact.fromMedusa(item.quantity, "item quantity"))
  })
}

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LineItem } from "../../../service/schemas/order"
import { buildLines } from "../../../core/order/lines"
import { ORDER_FIELDS } from "../../../core/order/cart-fields"
import { ORDER_PAYMENT_FIELDS, tradeCreditPaymentOf } from "../order-payment"
import { shippedItemsOf, shipsTheRest, type MedusaFulfillment, type MedusaOrderItem } from "../shipped-items"
import type { ShippedItem } from "../shipment-body"

export type InvoiceShipmentInput = {
  /** The Medusa fulfillment that was shipped (shipment.created `id`) or created (order.fulfillment_created
   * `fulfillment_id`). */
  fulfillment_id: string
  /** What happened to it: "shipment" (marked shipped) or "fulfillment" (created). */
  trigger: "shipment" | "fulfillment"
}

/** What the workflow invoices, or why it does nothing. */
export type LoadedShipment =
  | { applies: false; fulfillment_id: string; reason: string }
  | {
      applies: true
      fulfillment_id: string
      order_id: string
      payment_id: string
      currency_code: string
      service_order_id: string
      shipped: ShippedItem[]
      last_shipment: boolean
      order_lines: LineItem[]
    }

const FULFILLMENT_FIELDS = [
  "id",
  "created_at",
  "shipped_at",
  "canceled_at",
  "items.line_item_id",
  "items.quantity",
  "items.inventory_item_id",
  "order.id",
]

const ORDER_SHIPPING_FIELDS = [
  "items.detail.shipped_quantity",
  "items.detail.fulfilled_quantity",
  "items.variant.inventory_items.inventory.id",
  "items.variant.inventory_items.required_quantity",
  "fulfillments.id",
  "fulfillments.created_at",
  "fulfillments.shipped_at",
  "fulfillments.canceled_at",
]

export const loadShipmentStepId = "trade-credit-load-shipment"

/**
 * Reads the fulfillment, its order and the order's trade credit payment, and
 * decides whether this shipment is the plugin's to invoice: only a live,
 * shipped (or, with captureOn "fulfillment", created) fulfillment of an order
 * paid by trade credit whose payment is neither cancelled nor captured in full.
 */
export const loadShipmentStep = createStep<InvoiceShipmentInput, LoadedShipment, undefined>(
  loadShipmentStepId,
  async (input, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const skip = (reason: string) =>
      new StepResponse<LoadedShipment>({ applies: false, fulfillment_id: input.fulfillment_id, reason })

    const { data: fulfillments } = await query.graph({
      entity: "fulfillment",
      fields: FULFILLMENT_FIELDS,
      filters: { id: input.fulfillment_id },
    })
    const fulfillment: (MedusaFulfillment & { order?: { id: string } | null }) | undefined = fulfillments[0]
    if (!fulfillment) return skip("the fulfillment does not exist")
    const orderId = fulfillment.order?.id
    if (!orderId) return skip("the fulfillment belongs to no order (a return or exchange fulfillment)")
    if (fulfillment.canceled_at) return skip("the fulfillment was cancelled")
    if (input.trigger === "shipment" && !fulfillment.shipped_at) return skip("the fulfillment is not shipped")

    const { data: orders } = await query.graph({
      entity: "order",
      fields: [...ORDER_FIELDS, ...ORDER_SHIPPING_FIELDS, ...ORDER_PAYMENT_FIELDS],
      filters: { id: orderId },
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
    const order = orders[0] as any
    if (!order) return skip(`the order ${orderId} does not exist`)
    const payment = tradeCreditPaymentOf(order)
    if (!payment) return skip("the order is not paid by trade credit")
    if (payment.canceled_at) return skip("the trade credit payment was cancelled")
    if (payment.captured_at) return skip("the trade credit payment is captured in full already")

    const items = (order.items ?? []) as MedusaOrderItem[]
    return new StepResponse<LoadedShipment>({
      applies: true,
      fulfillment_id: fulfillment.id,
      order_id: order.id,
      payment_id: payment.id,
      currency_code: payment.currency_code,
      service_order_id: payment.service_order_id,
      shipped: shippedItemsOf(fulfillment, items),
      last_shipment: shipsTheRest(fulfillment, order.fulfillments ?? [], items, input.trigger),
      order_lines: buildLines(order).line_items,
    })
  },
)

import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { CaptureOn } from "../../core/order/capture-on"
import { providerPaymentsOf } from "../../medusa/order-payments"
import { isPlanProviderId, isPluginProviderId } from "../../medusa/provider-ids"
import {
  everythingShipped,
  type MedusaOrderItem,
  SHIPPING_ITEM_FIELDS,
  withItemQuantities,
} from "../invoice-shipment/shipped-items"
import { captureOnOfRegion } from "./capture-moment"

/** What set the check off: the order was placed, or its plan's funding was accepted. */
export type DueSignal = "order_placed" | "funding_accepted"

export type CaptureWhenDueResult = {
  order_id: string
  captured: boolean
  capture_on?: CaptureOn
  payment_id?: string
  reason?: string
}

const FIELDS = [
  "id",
  "region_id",
  ...SHIPPING_ITEM_FIELDS,
  "payment_collections.id",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
]

type Payment = { id: string; provider_id: string; captured_at?: unknown; canceled_at?: unknown }
type OrderRow = {
  id: string
  region_id?: string | null
  items?: MedusaOrderItem[] | null
  payment_collections?: { id: string; payments?: Payment[] | null }[] | null
}

async function readOrder(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: FIELDS, filters: { id: orderId } })
  const order = data[0] as OrderRow | undefined
  if (!order) return undefined
  const items = withItemQuantities(order.items)
  const payment = providerPaymentsOf<Payment>(order.payment_collections, isPluginProviderId).find(
    (p) => !p.canceled_at && !p.captured_at,
  )
  return { order: { ...order, items }, payment }
}

/**
 * Whether the capture is due now: always with "order"; for a plan whose funding was just accepted, also with
 * "shipment" or "fulfillment" once every item is shipped (fulfilled): its last shipment came while funding was
 * pending, when there was no payment to capture. A shipment of an invoice order is the shipment subscriber's.
 */
function dueReason(
  captureOn: CaptureOn,
  signal: DueSignal,
  plan: boolean,
  items: MedusaOrderItem[],
): string | undefined {
  if (captureOn === "order") return undefined
  if (signal === "funding_accepted" && plan && captureOn !== "manual") {
    return everythingShipped(items, captureOn)
      ? undefined
      : `items remain to ${captureOn === "shipment" ? "ship" : "fulfil"}`
  }
  return `the region captures on ${captureOn}`
}

/**
 * Captures an order's trade credit payment when its moment has come with no shipment event to carry it: the order
 * placed in a region that captures on "order" (the invoice order fulfilled whole, the plan fulfilled), or a plan's
 * funding accepted after its moment passed. Through Medusa's capturePaymentWorkflow (the provider calls the service
 * with the capture's idempotency key), under a lock of the payment and read again under it: one capture however often
 * the signal comes, on any instance.
 */
export async function captureWhenDue(
  container: MedusaContainer,
  orderId: string,
  signal: DueSignal,
): Promise<CaptureWhenDueResult> {
  const found = await readOrder(container, orderId)
  if (!found) return { order_id: orderId, captured: false, reason: "the order does not exist" }
  const { order, payment } = found
  if (!payment) return { order_id: orderId, captured: false, reason: "the order has no open trade credit payment" }
  const captureOn = await captureOnOfRegion(container, order.region_id)
  const notDue = dueReason(captureOn, signal, isPlanProviderId(payment.provider_id), order.items)
  const base = { order_id: orderId, capture_on: captureOn, payment_id: payment.id }
  if (notDue) return { ...base, captured: false, reason: notDue }

  // The lock capture-plan-on-shipment.ts takes too: a shipment and an accepted funding never both capture.
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return await locking.execute(`trade-credit:payment-capture:${payment.id}`, async () => {
    const again = await readOrder(container, orderId)
    if (again?.payment?.id !== payment.id)
      return { ...base, captured: false, reason: "the payment is captured already" }
    await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id } })
    return { ...base, captured: true }
  })
}

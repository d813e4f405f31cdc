import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { providerPaymentsOf } from "../../medusa/order-payments"
import { isPlanProviderId } from "../../medusa/provider-ids"
import {
  type MedusaFulfillment,
  type MedusaOrderItem,
  SHIPPING_ITEM_FIELDS,
  shipsTheRest,
  withItemQuantities,
} from "../invoice-shipment/shipped-items"

export type CapturePlanOnShipmentInput = { fulfillment_id: string; trigger: "shipment" | "fulfillment" }
export type CapturePlanOnShipmentResult = {
  captured: boolean
  reason?: string
  payment_id?: string
  order_id?: string
  /** The order's plan has no payment yet: its funding is pending (it is captured when accepted, if due then). */
  awaiting_funding?: boolean
}

const FIELDS = [
  "id",
  ...SHIPPING_ITEM_FIELDS,
  "fulfillments.id",
  "fulfillments.created_at",
  "fulfillments.shipped_at",
  "fulfillments.canceled_at",
  "payment_collections.id",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
]

type PlanPayment = { id: string; provider_id: string; captured_at?: unknown; canceled_at?: unknown }

/** The order of a fulfillment with what `shipsTheRest` and the plan payment need. */
async function readOrderOfFulfillment(container: MedusaContainer, fulfillmentId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: fulfillments } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "created_at", "shipped_at", "canceled_at", "order.id"],
    filters: { id: fulfillmentId },
  })
  const fulfillment = fulfillments[0] as (MedusaFulfillment & { order?: { id: string } | null }) | undefined
  const orderId = fulfillment?.order?.id
  if (!fulfillment || !orderId) return undefined
  const { data: orders } = await query.graph({ entity: "order", fields: FIELDS, filters: { id: orderId } })
  const order = orders[0] as
    | {
        id: string
        items?: MedusaOrderItem[] | null
        fulfillments?: MedusaFulfillment[] | null
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
        payment_collections?: any[] | null
      }
    | undefined
  if (!order) return undefined
  const items = withItemQuantities(order.items)
  return { fulfillment, order: { ...order, items } }
}

/** The order's live, uncaptured instalment plan payment, if any. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
const openPlanPaymentOf = (collections: any[] | null | undefined) =>
  providerPaymentsOf<PlanPayment>(collections, isPlanProviderId).find((p) => !p.canceled_at && !p.captured_at)

/** A plan session of the order still waiting for the service's funding decision (its payment comes with it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Query rows are untyped (no .medusa/types)
const awaitsFunding = (collections: any[] | null | undefined) =>
  (collections ?? []).some((c) =>
    (c?.payment_sessions ?? []).some(
      (s: { provider_id?: string; status?: string } | null) =>
        isPlanProviderId(s?.provider_id) && s.status === PaymentSessionStatus.PENDING_AUTHORIZATION,
    ),
  )

/**
 * Instalments with `captureOn: "shipment"` (or "fulfillment"): a repayment plan is fulfilled whole (the service
 * invoices its instalments from then on), so its payment is captured when the order's last item ships, through
 * Medusa's own capturePaymentWorkflow (the plan provider fulfils the plan; Medusa books the capture). Earlier
 * shipments of a plan order capture nothing. One capture however often the event comes: under Medusa's lock of the
 * payment, a payment already captured is left alone (and Medusa refuses a second capture of the whole amount).
 */
export async function capturePlanOnShipment(
  container: MedusaContainer,
  { fulfillment_id, trigger }: CapturePlanOnShipmentInput,
): Promise<CapturePlanOnShipmentResult> {
  const found = await readOrderOfFulfillment(container, fulfillment_id)
  if (!found) return { captured: false, reason: "the fulfillment belongs to no order" }
  const { fulfillment, order } = found
  const payment = openPlanPaymentOf(order.payment_collections)
  if (!payment && awaitsFunding(order.payment_collections)) {
    return {
      captured: false,
      reason: "the plan's funding is pending: it is captured when the service accepts it",
      order_id: order.id,
      awaiting_funding: true,
    }
  }
  if (!payment) return { captured: false, reason: "the order has no open instalment plan payment", order_id: order.id }
  if (fulfillment.canceled_at) return { captured: false, reason: "the fulfillment was cancelled", order_id: order.id }
  if (trigger === "shipment" && !fulfillment.shipped_at)
    return { captured: false, reason: "the fulfillment is not shipped", order_id: order.id }
  if (!shipsTheRest(fulfillment, order.fulfillments ?? [], order.items ?? [], trigger)) {
    return {
      captured: false,
      reason: "items remain to ship: the plan is fulfilled with the last shipment",
      order_id: order.id,
      payment_id: payment.id,
    }
  }
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return await locking.execute(`trade-credit:payment-capture:${payment.id}`, async () => {
    // Read again under the lock: another delivery of the event may have captured it meanwhile.
    const again = await readOrderOfFulfillment(container, fulfillment_id)
    if (!again || !openPlanPaymentOf(again.order.payment_collections)) {
      return {
        captured: false,
        reason: "the plan payment is captured already",
        order_id: order.id,
        payment_id: payment.id,
      }
    }
    await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id } })
    return { captured: true, order_id: order.id, payment_id: payment.id }
  })
}

import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderEditPaymentData } from "../../../medusa/order-edit-payment"
import { activeTradeCreditPaymentOf, readOrderPaymentCollections } from "../../../medusa/order-payments"
import { buildEditBody } from "../../../core/order/order-body"
import { ORDER_FIELDS } from "../../../core/order/cart-fields"
import type { EditOrderRequest } from "../../../service/schemas/order"
import {
  assertServiceOrderEditable,
  callService,
  contentDigest,
  editBodyOfServiceOrder,
  orderWithPreview,
  tradeCreditClientOf,
} from "../lib/edit-bodies"

export type TradeCreditOrderEditPlan = {
  order_id: string
  order_change_id: string
  /** One attempt at confirming: its calls share idempotency keys, a later attempt gets new ones. */
  attempt: string
  payment_id: string
  payment_data: OrderEditPaymentData
  service_order_id: string
  /** The service order as the edit makes it, and as it is now. */
  body: EditOrderRequest
  previous: EditOrderRequest
  /** The edit changes nothing the service holds (e.g. only a note): no call is needed. */
  unchanged: boolean
}

/**
 * Reads what confirming the order's pending edit would send to the service:
 * null when the order is not paid by trade credit (or has no pending edit);
 * a clear error when the service order can no longer be edited.
 */
export const prepareTradeCreditOrderEditStep = createStep(
  "prepare-trade-credit-order-edit",
  async ({ order_id }: { order_id: string }, { container }) => {
    const payment = activeTradeCreditPaymentOf(
      await readOrderPaymentCollections(order_id, container.resolve(ContainerRegistrationKeys.QUERY)),
    )
    if (!payment?.data?.order_id) return new StepResponse(null)
    const orders = container.resolve(Modules.ORDER)
    const changes = await orders.listOrderChanges(
      { order_id, status: ["pending", "requested"] },
      { select: ["id", "status", "change_type"] },
    )
    const change = changes.find((c) => c.change_type === "edit")
    if (!change) return new StepResponse(null)

    const serviceOrderId = payment.data.order_id
    const client = tradeCreditClientOf(container)
    const serviceOrder = await callService("read the order", () => client.orders.get(serviceOrderId), {
      container,
      ids: { order_id, service_order_id: serviceOrderId },
    })
    assertServiceOrderEditable(serviceOrder)

    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: order_id } })
    const preview = await orders.previewOrderChange(order_id)
    const body = buildEditBody(orderWithPreview(data[0], preview))
    const previous = editBodyOfServiceOrder(serviceOrder)
    const plan: TradeCreditOrderEditPlan = {
      order_id,
      order_change_id: change.id,
      attempt: randomUUID(),
      payment_id: payment.id,
      payment_data: payment.data,
      service_order_id: serviceOrderId,
      body,
      previous,
      unchanged: contentDigest(body) === contentDigest(previous),
    }
    return new StepResponse(plan)
  },
)

import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  readOrderPaymentCollections,
  tradeCreditPaymentsOf,
  type OrderPaymentCollectionRow,
  type OrderPaymentRow,
} from "../../../medusa/order-payments"
import { buildEditBody } from "../../../core/order/order-body"
import type { MedusaCartInput } from "../../../core/order/medusa-cart"
import { ORDER_FIELDS } from "../../../core/order/cart-fields"
import type { EditOrderRequest, Order } from "../../../service/schemas/order"
import { callService, contentDigest, editBodyOfServiceOrder, tradeCreditClientOf } from "../lib/edit-bodies"

export type OrderEditSyncPlan = {
  order_id: string
  run: string
  service_order_id: string
  service_order: Order
  /** The confirmed order's body, when the service order differs from it. */
  body: EditOrderRequest | null
  /** The live trade credit payment, whose data follows the service order. */
  active: Pick<OrderPaymentRow, "id" | "data"> | null
  /** A payment Medusa cancelled for the edit, whose service order no live payment stands for yet. */
  replaced: Pick<OrderPaymentRow, "id" | "provider_id" | "data"> | null
  /** The collection Medusa opened for the edited order's total. */
  open_collection: Pick<OrderPaymentCollectionRow, "id" | "amount" | "raw_amount" | "currency_code"> | null
}

const OPEN_COLLECTION_STATUSES = new Set(["not_paid", "awaiting"])

/**
 * After Medusa confirmed an order edit: how the service order and the order's
 * payments must follow. Null when the order is not paid by trade credit.
 */
export const prepareOrderEditSyncStep = createStep(
  "prepare-trade-credit-order-edit-sync",
  async ({ order_id }: { order_id: string }, { container }) => {
    const collections = await readOrderPaymentCollections(order_id, container.resolve(ContainerRegistrationKeys.QUERY))
    const payments = tradeCreditPaymentsOf(collections)
    const active = payments.filter((p) => !p.canceled_at).pop() ?? null
    const replacedCandidate = payments.filter((p) => p.canceled_at && p.data?.replaced_by_order_edit).pop() ?? null
    const serviceOrderId = (active ?? replacedCandidate)?.data?.order_id
    if (!serviceOrderId) return new StepResponse(null)
    const replaced =
      replacedCandidate &&
      !payments.some((p) => !p.canceled_at && p.data?.order_id === replacedCandidate.data?.order_id)
        ? replacedCandidate
        : null

    const client = tradeCreditClientOf(container)
    const serviceOrder = await callService("read the order", () => client.orders.get(serviceOrderId), {
      container,
      ids: { order_id, service_order_id: serviceOrderId },
    })
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: order_id } })
    const body = buildEditBody(data[0] as MedusaCartInput)
    const differs = contentDigest(body) !== contentDigest(editBodyOfServiceOrder(serviceOrder))
    if (differs && !["UNVERIFIED", "VERIFIED", "CONFIRMED"].includes(serviceOrder.state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${order_id} was edited in Medusa, but its trade credit order is ` +
          `${serviceOrder.state} and can no longer be edited: ` +
          (`the service invoices ${serviceOrder.gross_amount} ${serviceOrder.currency}, ` +
            `Medusa's total is ${body.gross_amount}.`),
        "TRADE_CREDIT_EDIT_AFTER_FULFILMENT",
      )
    }
    const open = [...collections]
      .reverse()
      .find((c) => OPEN_COLLECTION_STATUSES.has(c.status) && !(c.payments ?? []).some((p) => !p.canceled_at))
    const plan: OrderEditSyncPlan = {
      order_id,
      run: randomUUID(),
      service_order_id: serviceOrderId,
      service_order: serviceOrder,
      body: differs ? body : null,
      active: active && { id: active.id, data: active.data },
      replaced: replaced && { id: replaced.id, provider_id: replaced.provider_id, data: replaced.data },
      open_collection: open
        ? { id: open.id, amount: open.amount, raw_amount: open.raw_amount, currency_code: open.currency_code }
        : null,
    }
    return new StepResponse(plan)
  },
)

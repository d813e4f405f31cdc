import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderEditPaymentData } from "../../../medusa/order-edit-payment"
import { withOrder } from "../../../core/order/payment-data"
import { writePaymentData } from "../../reconciliation/payment-records"
import type { Order } from "../../../service/schemas/order"

type MarkInput = {
  payment_id: string
  payment_data: OrderEditPaymentData
  order_change_id: string
  /** The service order after the edit (null when nothing had to change there). */
  service_order: Order | null
  gross_amount: string
}

/**
 * Keeps the payment's data in step with the edited service order, and marks it
 * for the order change about to be confirmed: when Medusa then cancels this
 * payment (it re-collects an edited order's total), the provider keeps the
 * service order (see lib/order-edit-payment.ts). The compensation puts the data back.
 */
export const markPaymentForOrderEditStep = createStep(
  "mark-trade-credit-payment-for-order-edit",
  async (input: MarkInput | null, { container }) => {
    if (!input) return new StepResponse(null, null)
    const base = input.service_order ? withOrder(input.payment_data, input.service_order) : input.payment_data
    const data: OrderEditPaymentData = {
      ...base,
      order_edit: { order_change_id: input.order_change_id, gross_amount: input.gross_amount },
    }
    await writePaymentData(container, input.payment_id, data)
    return new StepResponse(data, { payment_id: input.payment_id, data: input.payment_data })
  },
  async (previous, { container }) => {
    if (!previous) return
    await writePaymentData(container, previous.payment_id, asBefore(previous.data))
  },
)

/**
 * Medusa merges an update of `data` into the stored object (mergeObjectProperties):
 * the edit's mark is removed by writing null, not by leaving it out.
 */
const asBefore = (data: OrderEditPaymentData) => ({ ...data, order_edit: data.order_edit ?? null })

/** Puts a payment's data back (a confirmation that failed after the payment was marked). */
export const restorePaymentDataStep = createStep(
  "restore-trade-credit-payment-data",
  async (input: { payment_id: string; data: OrderEditPaymentData } | null, { container }) => {
    if (!input) return new StepResponse(null)
    await writePaymentData(container, input.payment_id, asBefore(input.data))
    return new StepResponse(input.data)
  },
)

import type { BigNumberInput } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderEditPaymentData } from "../../../medusa/order-edit-payment"
import type { OrderEditSyncPlan } from "./prepare-order-edit-sync"

/**
 * Medusa re-collects an edited order's total in a new payment collection and
 * cancelled the trade credit payment (the provider kept the service order).
 * A session in the new collection takes over that service order (the provider
 * checks it may, and that the service order is for the new total), and is
 * authorized: the order is paid by the same, edited, trade credit order again.
 */
export const reattachTradeCreditPaymentStep = createStep(
  "reattach-trade-credit-payment",
  async (plan: OrderEditSyncPlan | null, { container }) => {
    if (!plan?.replaced || !plan.open_collection || plan.active) return new StepResponse(null)
    const payments = container.resolve(Modules.PAYMENT)
    // The edit's marks stay with the replaced payment; the new session takes the rest of its data.
    const {
      order_edit: _orderEdit,
      replaced_by_order_edit: _replacedBy,
      replaces_payment_id: _replaces,
      order_edit_error: _editError,
      ...kept
    } = (plan.replaced.data ?? {}) as OrderEditPaymentData
    const session = await payments.createPaymentSession(plan.open_collection.id, {
      provider_id: plan.replaced.provider_id,
      // The collection's amount as Medusa read it (its raw form when there is one).
      amount: (plan.open_collection.raw_amount ?? plan.open_collection.amount) as BigNumberInput,
      currency_code: plan.open_collection.currency_code,
      data: { ...kept, replaces_payment_id: plan.replaced.id },
      context: {},
    })
    // A session that fails to authorize stays (status error): deleting it would ask the provider to
    // delete it, and the next attempt opens a session of its own anyway.
    const payment = await payments.authorizePaymentSession(session.id, {})
    return new StepResponse(payment)
  },
)

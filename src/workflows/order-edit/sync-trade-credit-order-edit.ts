import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { prepareOrderEditSyncStep } from "./steps/prepare-order-edit-sync"
import { reattachTradeCreditPaymentStep } from "./steps/reattach-trade-credit-payment"
import { refreshPaymentDataStep } from "./steps/refresh-payment-data"
import { syncServiceOrderStep } from "./steps/sync-service-order"

export const syncTradeCreditOrderEditWorkflowId = "sync-trade-credit-order-edit"

/**
 * After Medusa confirmed an order edit (event `order-edit.confirmed`): the
 * service order holds the confirmed order (normally already, from the check
 * before the confirmation), and the order is paid by it again: the payment
 * Medusa cancelled to re-collect the new total is taken over by a new,
 * authorized payment in the new collection, or the live payment's data follows
 * the new gross.
 */
export const syncTradeCreditOrderEditWorkflow = createWorkflow(
  syncTradeCreditOrderEditWorkflowId,
  (input: { order_id: string }) => {
    const plan = prepareOrderEditSyncStep(input)
    const order = syncServiceOrderStep(plan)
    const payment = reattachTradeCreditPaymentStep(plan)
    refreshPaymentDataStep({ plan, order })
    return new WorkflowResponse({ plan, payment })
  },
)

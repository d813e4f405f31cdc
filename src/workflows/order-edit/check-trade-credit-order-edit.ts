import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { editServiceOrderStep } from "./steps/edit-service-order"
import { markPaymentForOrderEditStep } from "./steps/mark-payment-for-order-edit"
import { prepareTradeCreditOrderEditStep } from "./steps/prepare-trade-credit-order-edit"

export const checkTradeCreditOrderEditWorkflowId = "check-trade-credit-order-edit"

/**
 * Runs before Medusa confirms an order edit (POST /admin/order-edits/:id/confirm)
 * of an order paid by trade credit: the edited order goes to the service first
 * (PUT /v1/order/{id}, where a raise is credit-checked again), so a declined or
 * impossible edit is refused before Medusa changes anything, and Medusa and the
 * service never disagree. Then the payment is marked for the edit. Returns null
 * for an order that is not paid by trade credit.
 */
export const checkTradeCreditOrderEditWorkflow = createWorkflow(
  checkTradeCreditOrderEditWorkflowId,
  (input: { order_id: string }) => {
    const plan = prepareTradeCreditOrderEditStep(input)
    const edited = editServiceOrderStep(plan)
    const mark = transform({ plan, edited }, ({ plan, edited }) =>
      plan
        ? {
            payment_id: plan.payment_id,
            payment_data: plan.payment_data,
            order_change_id: plan.order_change_id,
            service_order: edited,
            gross_amount: plan.body.gross_amount,
          }
        : null,
    )
    markPaymentForOrderEditStep(mark)
    return new WorkflowResponse(plan)
  },
)

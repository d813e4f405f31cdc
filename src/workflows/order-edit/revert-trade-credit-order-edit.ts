import { Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { editServiceOrderStep } from "./steps/edit-service-order"
import { restorePaymentDataStep } from "./steps/mark-payment-for-order-edit"
import type { TradeCreditOrderEditPlan } from "./steps/prepare-trade-credit-order-edit"

export const revertTradeCreditOrderEditWorkflowId = "revert-trade-credit-order-edit"

/** Whether Medusa confirmed the change after all (then the edit stands, and nothing is put back). */
const orderChangeConfirmedStep = createStep(
  "trade-credit-order-change-confirmed",
  async (input: { order_change_id: string }, { container }) => {
    const [change] = await container
      .resolve(Modules.ORDER)
      .listOrderChanges({ id: input.order_change_id }, { select: ["id", "status"] })
    return new StepResponse(change?.status === "confirmed")
  },
)

/**
 * When Medusa's confirmation fails after the service was edited (a lock, a
 * reservation, a validation of Medusa's own), the service order and the
 * payment's data go back to what they were, unless the change got confirmed.
 */
export const revertTradeCreditOrderEditWorkflow = createWorkflow(
  revertTradeCreditOrderEditWorkflowId,
  (plan: TradeCreditOrderEditPlan) => {
    const confirmed = orderChangeConfirmedStep({ order_change_id: plan.order_change_id })
    const revert = transform({ plan, confirmed }, ({ plan, confirmed }) =>
      confirmed ? null : { ...plan, direction: "revert" as const },
    )
    editServiceOrderStep(revert)
    const restore = transform({ plan, confirmed }, ({ plan, confirmed }) =>
      confirmed ? null : { payment_id: plan.payment_id, data: plan.payment_data },
    )
    restorePaymentDataStep(restore)
    return new WorkflowResponse(confirmed)
  },
)

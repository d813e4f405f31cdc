import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { type CancelUnverifiedOrderInput, cancelUnverifiedOrderStep } from "./steps/cancel-unverified-order"

export const expireUnverifiedOrderWorkflowId = "trade-credit-expire-unverified-order"

/**
 * One payment session whose buyer never came back from the service's
 * verification page (the planner's `expire_unverified`: planRepair with
 * `expireBefore`): its order is cancelled at the service, then the session is
 * deleted, which frees the cart (the buyer can choose a payment method again and
 * a new session makes a new order; completing the cart without one fails, as
 * with any cart that has no payment session).
 */
export const expireUnverifiedOrderWorkflow = createWorkflow(
  expireUnverifiedOrderWorkflowId,
  (input: CancelUnverifiedOrderInput) => {
    const result = cancelUnverifiedOrderStep(input)
    when("trade-credit-free-the-cart", { result }, ({ result }) => result.free).then(() => {
      const ids = transform({ result }, ({ result }) => [result.session_id])
      deletePaymentSessionsWorkflow.runAsStep({ input: { ids } })
    })
    return new WorkflowResponse(result)
  },
)

import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { OrderEvent } from "../../service/schemas"
import type { ReconciliationOutcome } from "../reconciliation/types"
import { applyOrderEventStep } from "./steps/apply-order-event"
import { claimWebhookEventStep, FAILED_PREFIX } from "./steps/claim-webhook-event"
import { recordWebhookOutcomeStep } from "./steps/record-webhook-outcome"

export type HandleOrderWebhookResult = {
  /** False when the event was handled before (a repeated delivery): nothing was done. */
  handled: boolean
  outcome: string | null
  detail?: ReconciliationOutcome
}

export const handleOrderWebhookWorkflowId = "trade-credit-handle-order-webhook"

const describeOutcome = (o: ReconciliationOutcome) =>
  o.error ? `${FAILED_PREFIX}: ${o.found}; ${o.error}` : `${o.found}; ${o.action}`

/**
 * A verified order event of the service: kept by its id (a repeated delivery
 * does nothing), then Medusa is brought in line with the order's current state
 * at the service: a cancelled or rejected order cancels the payment session (the
 * buyer can choose again) or the Medusa order and its payment (when nothing was
 * fulfilled or captured; otherwise the discrepancy is reported).
 */
export const handleOrderWebhookWorkflow = createWorkflow(handleOrderWebhookWorkflowId, (event: WorkflowData<OrderEvent>) => {
  const claim = claimWebhookEventStep(
    transform({ event }, ({ event }) => ({ event_id: event.id, type: event.type, service_order_id: event.data.order_id }))
  )
  const detail = when("trade-credit-webhook-claimed", { claim }, ({ claim }) => claim.claimed).then(() => {
    const outcome = applyOrderEventStep(event)
    recordWebhookOutcomeStep(transform({ claim, outcome }, ({ claim, outcome }) => ({ record_id: claim.record_id, outcome: describeOutcome(outcome) })))
    return outcome
  })
  const result = transform({ claim, detail }, ({ claim, detail }): HandleOrderWebhookResult =>
    claim.claimed && detail
      ? { handled: true, outcome: describeOutcome(detail), detail }
      : { handled: false, outcome: claim.previous_outcome }
  )
  return new WorkflowResponse(result)
})

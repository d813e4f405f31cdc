import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { claimWebhookEventStep, FAILED_PREFIX } from "./steps/claim-webhook-event"
import { applyWebhookEventStep } from "./steps/apply-webhook-event"
import { recordWebhookOutcomeStep } from "./steps/record-webhook-outcome"
import { type ServiceEvent, serviceOrderIdOf, type WebhookEventOutcome } from "./webhook-received"

/** What the pipeline did with one event. */
export type WebhookHandlingResult = {
  /** False when the event was handled before (a repeated delivery): nothing was done. */
  handled: boolean
  outcome: string | null
  /** Why the handling failed: the event row says `failed`, so a redelivery is let through. */
  error?: string
}

export const handleWebhookEventWorkflowId = "trade-credit-handle-webhook-event"

const describeOutcome = (o: WebhookEventOutcome) =>
  o.error ? `${FAILED_PREFIX}: ${o.found}; ${o.error}` : `${o.found}; ${o.action}`

/**
 * The one sync pipeline of the service's events: the event is kept by its id (a repeated or concurrent delivery, on
 * any instance, does nothing), then Medusa is brought in line with the service's state now: for an order, by the
 * reconciliation's planner (a verified order completes the cart, or authorizes the payment of an order placed before;
 * a cancelled or rejected one cancels the payment session, or the Medusa order and its payment when nothing was
 * fulfilled or captured, otherwise the discrepancy is reported; invoices and credit notes go into the payment's data);
 * for a plan, by the funding sync (authorized, or marked rejected); for a sole trader's proposal, by the enrollment
 * sync the enrollment poll runs (applyProposalStateWorkflow, under the proposal's lock).
 */
export type HandleWebhookEventInput = {
  event: ServiceEvent
  /** The fingerprint of the webhook secret whose signature held, kept on the event's row. */
  verified_with?: string | null
}

export const handleWebhookEventWorkflow = createWorkflow(
  handleWebhookEventWorkflowId,
  (input: WorkflowData<HandleWebhookEventInput>) => {
    const event = transform({ input }, ({ input }) => input.event)
    const claim = claimWebhookEventStep(
      transform({ input }, ({ input: { event, verified_with } }) => ({
        event_id: event.id,
        type: event.type,
        service_order_id: serviceOrderIdOf(event),
        verified_with: verified_with ?? null,
      })),
    )
    const detail = when("trade-credit-webhook-claimed", { claim }, ({ claim }) => claim.claimed).then(() => {
      const outcome = applyWebhookEventStep(event)
      recordWebhookOutcomeStep(
        transform({ claim, outcome }, ({ claim, outcome }) => ({
          record_id: claim.record_id,
          outcome: describeOutcome(outcome),
        })),
      )
      return outcome
    })
    const result = transform({ claim, detail }, ({ claim, detail }): WebhookHandlingResult =>
      claim.claimed && detail
        ? { handled: true, outcome: describeOutcome(detail), error: detail.error }
        : { handled: false, outcome: claim.previous_outcome },
    )
    return new WorkflowResponse(result)
  },
)

import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { claimWebhookEventStep } from "../webhooks/steps/claim-webhook-event"
import { recordWebhookOutcomeStep } from "../webhooks/steps/record-webhook-outcome"

/** The Medusa events the plugin emits for the service's enrollment webhooks. */
export const ENROLLMENT_EVENTS = {
  "enrollment.approved": "trade-credit.enrollment.approved",
  "enrollment.declined": "trade-credit.enrollment.declined",
} as const

export type EnrollmentWebhookInput = {
  event_id: string
  type: keyof typeof ENROLLMENT_EVENTS
  proposal_id: string
  /** The fingerprint of the webhook secret whose signature held, kept on the event's row. */
  verified_with?: string | null
}

/** What subscribers of trade-credit.enrollment.* receive: the proposal to read back (never trust the event alone). */
export type EnrollmentEventData = { proposal_id: string; event_id: string; type: string }

/**
 * A verified enrollment webhook: its id is claimed in the webhook events
 * (a repeated delivery does nothing), then a Medusa event is emitted for the
 * subscribers, which read the proposal back from the service.
 */
export const handleEnrollmentWebhookWorkflow = createWorkflow("trade-credit-handle-enrollment-webhook", (input: EnrollmentWebhookInput) => {
  const claim = claimWebhookEventStep(
    transform({ input }, ({ input }) => ({ event_id: input.event_id, type: input.type, service_order_id: null, verified_with: input.verified_with ?? null }))
  )
  when("trade-credit-enrollment-webhook-claimed", { claim }, ({ claim }) => claim.claimed).then(() => {
    emitEventStep(
      transform({ input }, ({ input }) => ({
        eventName: ENROLLMENT_EVENTS[input.type],
        data: { proposal_id: input.proposal_id, event_id: input.event_id, type: input.type } satisfies EnrollmentEventData,
      }))
    )
    recordWebhookOutcomeStep(
      transform({ claim, input }, ({ claim, input }) => ({
        record_id: claim.record_id,
        outcome: `emitted ${ENROLLMENT_EVENTS[input.type]} for proposal ${input.proposal_id}`,
      }))
    )
  })
  return new WorkflowResponse(transform({ claim }, ({ claim }) => ({ handled: claim.claimed, previous_outcome: claim.previous_outcome })))
})

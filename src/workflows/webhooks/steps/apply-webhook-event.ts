import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { applyEnrollmentEvent } from "../apply-enrollment-event"
import { applyFundingEvent } from "../apply-funding-event"
import { applyOrderEvent } from "../apply-order-event"
import { isEnrollmentEvent, isFundingEvent, type ServiceEvent, type WebhookEventOutcome } from "../webhook-received"

/**
 * Brings Medusa in line with what the service has now for one claimed event: an order's state through the
 * reconciliation's planner (apply-order-event.ts), a plan's funding through the funding sync (apply-funding-event.ts),
 * a proposal's decision through the enrollment sync the poll runs (apply-enrollment-event.ts).
 * Never throws: a failure is an outcome with `error`, recorded on the event's row.
 */
export const applyWebhookEventStep = createStep(
  "trade-credit-apply-webhook-event",
  async (event: ServiceEvent, { container }) => {
    const outcome: WebhookEventOutcome = isFundingEvent(event)
      ? await applyFundingEvent(container, event)
      : isEnrollmentEvent(event)
        ? await applyEnrollmentEvent(container, event)
        : await applyOrderEvent(container, event)
    return new StepResponse(outcome)
  },
)

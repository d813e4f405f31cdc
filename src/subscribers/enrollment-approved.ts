import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { applyProposalStateWorkflow } from "../workflows/enrollment/apply-proposal-state"
import { ENROLLMENT_EVENTS, type EnrollmentEventData } from "../workflows/enrollment/handle-enrollment-webhook"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../utils/plugin-logger"

/**
 * `trade-credit.enrollment.approved` (emitted by /hooks/trade-credit for the
 * service's `enrollment.approved`): the proposal is read back from the service
 * and its enrollment follows it: ACCEPTED with the organization number and
 * company name, which the customer's next checkout uses. Acting on the current
 * state makes a late or repeated event harmless.
 */
export default async function enrollmentApproved({ event, container }: SubscriberArgs<EnrollmentEventData>) {
  await applyDecision(container, event.data, "approved")
}

export async function applyDecision(container: SubscriberArgs<unknown>["container"], data: EnrollmentEventData, what: string) {
  const logger = pluginLoggerOf(container)
  if (!data?.proposal_id) return
  try {
    const { result } = await applyProposalStateWorkflow(container).run({ input: { proposal_id: data.proposal_id } })
    if (!result.enrollment) {
      logLine(logger, "info", `trade-credit: enrollment ${what} for proposal ${data.proposal_id}, which no customer's enrollment names; ignored`, {
        proposal_id: data.proposal_id,
      })
      return
    }
    logLine(
      logger,
      "info",
      `trade-credit: proposal ${data.proposal_id} is ${result.enrollment.status} (enrollment ${result.enrollment.id}` +
        `${result.changed.length ? `; updated ${result.changed.join(", ")}` : "; already up to date"})`,
      { customer_id: result.enrollment.customer_id, enrollment_id: result.enrollment.id, proposal_id: data.proposal_id, status: result.enrollment.status }
    )
  } catch (error) {
    // The polling job catches up with proposals still SUBMITTED or IN_REVIEW here.
    logLine(logger, "warn", `trade-credit: could not read proposal ${data.proposal_id} after enrollment.${what}: ${(error as Error).message}`, {
      proposal_id: data.proposal_id,
      ...errorIds(error),
    })
    throw error
  }
}

export const config: SubscriberConfig = {
  event: ENROLLMENT_EVENTS["enrollment.approved"],
  context: { subscriberId: "trade-credit-enrollment-approved" },
}

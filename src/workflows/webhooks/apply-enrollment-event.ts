import type { MedusaContainer } from "@medusajs/framework/types"
import { applyProposalStateWorkflow } from "../enrollment/apply-proposal-state"
import type { EnrollmentEvent, WebhookEventOutcome } from "./webhook-received"
import { errorMessage } from "../../utils/error-message"

/**
 * Reads the proposal back from the service and brings its enrollment in line, with the function the enrollment poll
 * runs (applyProposalStateWorkflow: under the lock `trade-credit:proposal:<id>`, so a webhook and a poll never apply
 * one proposal twice), never with the event's own fields: a late, repeated or forged-ahead event changes nothing. The
 * event needs only its `proposal_id`, under either name (`enrollment.approved` or `business_registry.approved.v1`,
 * `enrollment.declined` or `business_registry.rejected.v1`): the business (organization number, trading name,
 * country) is the proposal's as read back; the approval's organization number is used only when the proposal read
 * back is ACCEPTED without an enrolled business. A decision recorded here emits
 * `trade-credit.enrollment.approved|declined` once. A proposal no customer's enrollment
 * names is ignored. Never throws: a failure is an outcome with `error`.
 */
export async function applyEnrollmentEvent(
  container: MedusaContainer,
  event: EnrollmentEvent,
): Promise<WebhookEventOutcome> {
  const proposalId = event.data.proposal_id
  try {
    // An approval's organization number is passed along only as the fallback of a proposal read back without a
    // business.
    const approval =
      event.type === "enrollment.approved" ? { organization_number: event.data.organization_number ?? null } : null
    const { result } = await applyProposalStateWorkflow(container).run({
      input: { proposal_id: proposalId, event_id: event.id, approval },
    })
    const found = `proposal ${proposalId} is ${result.proposal_status} at the service`
    if (!result.enrollment) return { found: `${found}; no customer's enrollment names it`, action: "none" }
    const enrollment = `enrollment ${result.enrollment.id} is ${result.enrollment.status}`
    if (!result.changed.length) return { found: `${found}; ${enrollment}`, action: "already up to date" }
    const emitted = result.emitted ? `; emitted ${result.emitted}` : ""
    return { found: `${found}; ${enrollment}`, action: `updated ${result.changed.join(", ")}${emitted}` }
  } catch (error) {
    return { found: `proposal ${proposalId}`, action: "none", error: errorMessage(error) }
  }
}

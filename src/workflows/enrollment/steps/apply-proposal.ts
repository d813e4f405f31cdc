import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Proposal } from "../../../service/schemas/registration"
import {
  type ApprovalEventFacts,
  changedValues,
  ENROLLMENT_FIELDS,
  type EnrollmentRow,
  type EnrollmentValues,
  enrollmentOfProposal,
  isOlderThanRow,
  tradeCreditOf,
  valuesFromProposal,
} from "../enrollment-store"

export type ApplyProposalInput = {
  proposal: Proposal
  polled?: boolean
  /** The approval event being handled, if any: its organization number when the proposal read back has no business. */
  approval?: ApprovalEventFacts | null
}
export type ApplyProposalResult = { enrollment: EnrollmentRow | null; changed: (keyof EnrollmentValues)[] }

type Undo = { id: string; before: EnrollmentValues }

/**
 * Brings the enrollment of a proposal in line with the proposal as the service
 * has it now (status; at ACCEPTED the organization number, company name and
 * country, or the approval event's organization number when the proposal has no
 * enrolled business; the instant of the decision). Changing nothing when nothing changed
 * makes a repeated or late event harmless, and a proposal read before the decision
 * the row records changes nothing either. A proposal no enrollment knows is
 * left alone (another store's, or an enrollment replaced since).
 */
export const applyProposalStep = createStep(
  "trade-credit-apply-proposal-to-enrollment",
  async (input: ApplyProposalInput, { container }) => {
    const tradeCredit = tradeCreditOf(container)
    const row = await enrollmentOfProposal(tradeCredit, input.proposal.id)
    if (!row) return new StepResponse<ApplyProposalResult, Undo | null>({ enrollment: null, changed: [] }, null)
    const changed = isOlderThanRow(row, input.proposal)
      ? {}
      : changedValues(row, valuesFromProposal(input.proposal, new Date(), input.approval))
    const keys = Object.keys(changed) as (keyof EnrollmentValues)[]
    const values = { ...changed, ...(input.polled && { last_polled_at: new Date() }) }
    if (!Object.keys(values).length)
      return new StepResponse<ApplyProposalResult, Undo | null>({ enrollment: row, changed: [] }, null)
    const updated = await tradeCredit.updateEnrollments({ id: row.id, ...values })
    const before = Object.fromEntries(
      ENROLLMENT_FIELDS.filter((f) => f in values).map((f) => [f, row[f]]),
    ) as EnrollmentValues
    return new StepResponse<ApplyProposalResult, Undo | null>(
      { enrollment: updated, changed: keys },
      { id: row.id, before },
    )
  },
  async (undo: Undo | null | undefined, { container }) => {
    if (!undo) return
    await tradeCreditOf(container).updateEnrollments({ id: undo.id, ...undo.before })
  },
)

import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { Proposal } from "../../service/schemas"
import { applyProposalStep } from "./steps/apply-proposal"
import { readProposalStep } from "./steps/read-proposal"

export type ApplyProposalStateInput = {
  proposal_id: string
  /** The proposal just read from (or answered by) the service; read again when left out. */
  proposal?: Proposal
  /** Set by the polling job: the row records when it was last asked. */
  polled?: boolean
}

export const applyProposalStateWorkflowId = "trade-credit-apply-proposal-state"

/**
 * The enrollment of a proposal follows the proposal's current state at the
 * service (webhook subscribers, the polling job and the store routes run it).
 */
export const applyProposalStateWorkflow = createWorkflow(applyProposalStateWorkflowId, (input: ApplyProposalStateInput) => {
  const proposal = readProposalStep(input)
  const result = applyProposalStep({ proposal, polled: input.polled })
  return new WorkflowResponse(result)
})

import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Proposal } from "../../../service/schemas/registration"
import { tradeCreditOf } from "../enrollment-store"

/** The proposal as the service has it now (a caller that just got it from the service passes it along). */
export const readProposalStep = createStep(
  "trade-credit-read-proposal",
  async (input: { proposal_id: string; proposal?: Proposal }, { container }) => {
    if (input.proposal) return new StepResponse(input.proposal)
    return new StepResponse(await tradeCreditOf(container).getClient().registry.getProposal(input.proposal_id))
  },
)

import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Proposal, ProposalCreateBody } from "../../../service/schemas/registration"
import { tradeCreditOf } from "../enrollment-store"

export type CreateServiceProposalInput = { body: ProposalCreateBody; idempotency_key: string }

/**
 * Creates the proposal at the service (DRAFT). No compensation: the service
 * has no way to delete a DRAFT (withdrawal is only from SUBMITTED or
 * IN_REVIEW), and an unsubmitted draft commits nobody to anything. A retry
 * with the same key answers the same proposal.
 */
export const createServiceProposalStep = createStep(
  "trade-credit-create-service-proposal",
  async (input: CreateServiceProposalInput, { container }) => {
    const proposal = await tradeCreditOf(container)
      .getClient()
      .registry.createProposal(input.body, { idempotencyKey: input.idempotency_key })
    return new StepResponse<Proposal>(proposal)
  },
)

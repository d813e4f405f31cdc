import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ProposalCreateBody } from "../../service/schemas/registration"
import { enrollmentKeys } from "./enrollment-store"
import { createServiceProposalStep } from "./steps/create-service-proposal"
import { saveEnrollmentStep } from "./steps/save-enrollment"

export type CreateEnrollmentProposalInput = {
  customer_id: string
  /** The proposal the customer's enrollment named before (a withdrawn, declined or abandoned draft), if any. */
  previous_proposal_id: string | null
  body: ProposalCreateBody
}

export const createEnrollmentProposalWorkflowId = "trade-credit-create-enrollment-proposal"

/**
 * A customer's proposal to enrol as a sole trader: the enrollment row is set
 * to DRAFT first (nothing personal: country and trading name), then the
 * proposal is created at the service, then its id is kept on the row. When the
 * service refuses, the row gets back what it had (or goes away).
 */
export const createEnrollmentProposalWorkflow = createWorkflow(
  createEnrollmentProposalWorkflowId,
  (input: CreateEnrollmentProposalInput) => {
    const reserve = transform({ input }, ({ input }) => ({
      customer_id: input.customer_id,
      values: {
        status: "DRAFT" as const,
        source: "proposal" as const,
        proposal_id: null,
        country_code: input.body.proposed_business.country_code,
        company_name: input.body.proposed_business.trading_name,
        organization_number: null,
        decided_at: null,
        last_polled_at: null,
      },
    }))
    saveEnrollmentStep(reserve).config({ name: "trade-credit-reserve-enrollment" })
    const proposal = createServiceProposalStep(
      transform({ input }, ({ input }) => ({
        body: input.body,
        idempotency_key: enrollmentKeys.proposal(input.customer_id, input.previous_proposal_id, input.body),
      })),
    )
    const enrollment = saveEnrollmentStep(
      transform({ input, proposal }, ({ input, proposal }) => ({
        customer_id: input.customer_id,
        values: { proposal_id: proposal.id, status: proposal.status },
      })),
    ).config({ name: "trade-credit-attach-proposal" })
    return new WorkflowResponse({ proposal, enrollment })
  },
)

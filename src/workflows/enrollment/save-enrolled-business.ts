import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { EnrollmentSource, EnrollmentStatus } from "../../modules/trade-credit/models/enrollment"
import { saveEnrollmentStep } from "./steps/save-enrollment"

export type SaveEnrolledBusinessInput = {
  customer_id: string
  source: EnrollmentSource
  status: EnrollmentStatus
  /** Kept when the business came from the customer's own accepted proposal. */
  proposal_id?: string | null
  business: { company_name: string; country_code: string; organization_number: string }
}

/**
 * A business the service confirmed for the customer (a returning buyer's email
 * code, or the autofill record the signup popup saved): the customer's
 * enrollment now carries its organization number.
 */
export const saveEnrolledBusinessWorkflow = createWorkflow(
  "trade-credit-save-enrolled-business",
  (input: SaveEnrolledBusinessInput) => {
    const values = transform({ input }, ({ input }) => ({
      customer_id: input.customer_id,
      values: {
        status: input.status,
        source: input.source,
        ...(input.proposal_id !== undefined && { proposal_id: input.proposal_id }),
        country_code: input.business.country_code.toUpperCase(),
        company_name: input.business.company_name,
        organization_number: input.business.organization_number,
        decided_at: new Date(),
      },
    }))
    return new WorkflowResponse(saveEnrollmentStep(values))
  },
)

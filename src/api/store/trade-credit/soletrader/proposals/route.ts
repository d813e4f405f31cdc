import type { MedusaResponse } from "@medusajs/framework/http"
import { buyerLanguageOf } from "../../../../../utils/buyer-texts"
import { createEnrollmentProposalWorkflow } from "../../../../../workflows/enrollment/create-proposal"
import { presentEnrollment } from "../../../../../workflows/enrollment/enrollment-store"
import {
  assertMayPropose,
  customerIdOf,
  enrollmentOfRequest,
  type SoletraderRequest,
  soletraderRoute,
} from "../route-helpers"
import type { ProposalBody } from "../validators"

/**
 * `POST /store/trade-credit/soletrader/proposals {proposed_business}` (customer): registers the customer's business
 * as a sole trader (GB or US): the proposal is created at the service (DRAFT) and the customer's enrollment names it
 * (createEnrollmentProposalWorkflow). Upload evidence, then submit it. Refused with 409 while another proposal of the
 * customer is in review (TRADE_CREDIT_PROPOSAL_IN_PROGRESS) or once enrolled (TRADE_CREDIT_ALREADY_ENROLLED); a
 * draft, declined or withdrawn proposal is replaced.
 */
export const POST = soletraderRoute<ProposalBody>(
  "create the proposal",
  async (req: SoletraderRequest<ProposalBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const row = await enrollmentOfRequest(req)
    assertMayPropose(row)
    const { result } = await createEnrollmentProposalWorkflow(req.scope).run({
      input: { customer_id: customerId, previous_proposal_id: row?.proposal_id ?? null, body: req.validatedBody },
    })
    res
      .status(201)
      .vary("Accept-Language")
      .json({ proposal: result.proposal, enrollment: presentEnrollment(result.enrollment, buyerLanguageOf(req)) })
  },
)

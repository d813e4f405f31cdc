import type { MedusaResponse } from "@medusajs/framework/http"
import { createEnrollmentProposalWorkflow } from "../../../../../workflows/enrollment/create-proposal"
import {
  ENROLLED_STATUSES,
  presentEnrollment,
  UNDECIDED_STATUSES,
} from "../../../../../workflows/enrollment/enrollment-store"
import {
  customerIdOf,
  enrollmentOfRequest,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
} from "../route-helpers"
import type { ProposalBody } from "../validators"
import { Codes } from "../../../../errors/codes"
import { buyerLanguageOf } from "../../../../../utils/buyer-texts"

/**
 * `POST /store/trade-credit/soletrader/proposals {proposed_business}`
 * (customer): registers the customer's business as a sole trader (GB or US):
 * the proposal is created at the service (DRAFT) and the customer's enrollment
 * names it. Upload evidence, then submit it. Refused with 409 while another
 * proposal of the customer is in review (TRADE_CREDIT_PROPOSAL_IN_PROGRESS) or
 * once enrolled (TRADE_CREDIT_ALREADY_ENROLLED); a draft, declined or withdrawn
 * proposal is replaced.
 */
export const POST = soletraderRoute<ProposalBody>(
  "create the proposal",
  async (req: SoletraderRequest<ProposalBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const row = await enrollmentOfRequest(req)
    if (row && ENROLLED_STATUSES.includes(row.status) && row.organization_number) {
      throw new RouteError(
        Codes.TRADE_CREDIT_ALREADY_ENROLLED,
        `This customer is already enrolled (organization number ${row.organization_number})`,
      )
    }
    if (row && UNDECIDED_STATUSES.includes(row.status)) {
      throw new RouteError(
        Codes.TRADE_CREDIT_PROPOSAL_IN_PROGRESS,
        `Proposal ${row.proposal_id} is ${row.status}: wait for the decision, or withdraw it before proposing again`,
      )
    }
    const { result } = await createEnrollmentProposalWorkflow(req.scope).run({
      input: { customer_id: customerId, previous_proposal_id: row?.proposal_id ?? null, body: req.validatedBody },
    })
    res
      .status(201)
      .vary("Accept-Language")
      .json({ proposal: result.proposal, enrollment: presentEnrollment(result.enrollment, buyerLanguageOf(req)) })
  },
)

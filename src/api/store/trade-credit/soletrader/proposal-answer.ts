import type { MedusaResponse } from "@medusajs/framework/http"
import type { Proposal } from "../../../../service/schemas/registration"
import { applyProposalStateWorkflow } from "../../../../workflows/enrollment/apply-proposal-state"
import { presentEnrollment } from "../../../../workflows/enrollment/enrollment-store"
import { buyerLanguageOf } from "../../../../utils/buyer-texts"
import type { SoletraderRequest } from "./route-helpers"

/** Answers the proposal as the service has it now; the customer's enrollment follows it first. */
export async function answerWithProposal(
  req: SoletraderRequest,
  res: MedusaResponse,
  proposal: Proposal,
  status = 200,
) {
  const { result } = await applyProposalStateWorkflow(req.scope).run({ input: { proposal_id: proposal.id, proposal } })
  res
    .status(status)
    .set("Cache-Control", "private, no-store")
    .vary("Accept-Language")
    .json({
      proposal,
      enrollment: result.enrollment ? presentEnrollment(result.enrollment, buyerLanguageOf(req)) : null,
    })
}

import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys } from "../../../../../../workflows/enrollment/enrollment-store"
import { answerWithProposal } from "../../proposal-answer"
import {
  explainProposalConflict,
  ownEnrollmentOfProposal,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../route-helpers"

/** `GET /store/trade-credit/soletrader/proposals/:id` (customer, own proposal only): its status at the service. */
export const GET = soletraderRoute("read the proposal", async (req: SoletraderRequest, res: MedusaResponse) => {
  const id = req.params.id
  await ownEnrollmentOfProposal(req, id)
  const proposal = await tradeCreditOfRequest(req).getClient().registry.getProposal(id)
  await answerWithProposal(req, res, proposal)
})

const WITHDRAWAL_RULE = "A proposal can only be withdrawn while SUBMITTED or IN_REVIEW"

/**
 * `DELETE /store/trade-credit/soletrader/proposals/:id` (customer, own proposal only): withdraws it. Only while
 * SUBMITTED or IN_REVIEW; otherwise 409 TRADE_CREDIT_PROPOSAL_STATE saying the state it is in.
 */
export const DELETE = soletraderRoute("withdraw the proposal", async (req: SoletraderRequest, res: MedusaResponse) => {
  const id = req.params.id
  await ownEnrollmentOfProposal(req, id)
  const proposal = await tradeCreditOfRequest(req)
    .getClient()
    .registry.withdrawProposal(id, { idempotencyKey: enrollmentKeys.withdrawal(id) })
    .catch((error) => explainProposalConflict(req, error, id, WITHDRAWAL_RULE, "withdraw the proposal"))
  await answerWithProposal(req, res, proposal)
})

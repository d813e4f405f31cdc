import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys } from "../../../../../../../workflows/enrollment/enrollment-store"
import { answerWithProposal } from "../../../proposal-answer"
import {
  explainProposalConflict,
  ownEnrollmentOfProposal,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../../route-helpers"

/**
 * `POST /store/trade-credit/soletrader/proposals/:id/submission` (customer,
 * own proposal only): submits the DRAFT for review (→ SUBMITTED). The
 * decision comes by webhook, or the polling job reads it; GET the proposal or
 * the enrollment to follow it.
 */
export const POST = soletraderRoute("submit the proposal", async (req: SoletraderRequest, res: MedusaResponse) => {
  const id = req.params.id
  await ownEnrollmentOfProposal(req, id)
  const registry = tradeCreditOfRequest(req).getClient().registry
  await registry
    .submitProposal(id, { idempotencyKey: enrollmentKeys.submission(id) })
    .catch((error) =>
      explainProposalConflict(req, error, id, "A proposal can only be submitted while DRAFT", "submit the proposal"),
    )
  // The submission answers `{initiation_method: "SKIP", proposal_id}`, not the proposal: read it back.
  await answerWithProposal(req, res, await registry.getProposal(id))
})

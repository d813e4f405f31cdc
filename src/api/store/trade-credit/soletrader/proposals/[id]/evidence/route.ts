import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys } from "../../../../../../../workflows/enrollment/enrollment-store"
import { readEvidence } from "../../../evidence-upload"
import {
  explainProposalConflict,
  ownEnrollmentOfProposal,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../../route-helpers"

/**
 * `POST /store/trade-credit/soletrader/proposals/:id/evidence` (customer, own
 * proposal only; multipart, the file in field `file`, PDF/PNG/JPEG, at most
 * 10 MB): supporting evidence, only while the proposal is DRAFT (409
 * TRADE_CREDIT_PROPOSAL_STATE otherwise). 201 `{evidence}`.
 */
export const POST = soletraderRoute("upload the evidence", async (req: SoletraderRequest, res: MedusaResponse) => {
  const id = req.params.id
  await ownEnrollmentOfProposal(req, id)
  const file = await readEvidence(req, res)
  const evidence = await tradeCreditOfRequest(req)
    .getClient()
    .registry.uploadEvidence(id, file, { idempotencyKey: enrollmentKeys.evidence(id, file) })
    .catch((error) =>
      explainProposalConflict(
        req,
        error,
        id,
        "Evidence can only be uploaded while the proposal is DRAFT",
        "upload the evidence",
      ),
    )
  res.status(201).json({ evidence })
})

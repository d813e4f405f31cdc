import { type Request, type Response, Router } from "express"
import { Email, HEADER } from "../contract/common"
import {
  AutofillDelegationBody,
  AutofillQuery,
  AutofillWriteBody,
  EVIDENCE_CONTENT_TYPES,
  ProposalCreateBody,
  RegistryDelegationBody,
  ReturningBuyerCodeBody,
  ReturningBuyerStartBody,
  SubmissionBody,
} from "../contract/registration"
import type { SimulatorContext } from "../context"
import { ServiceError, notFound, schemaError } from "../errors"
import { merchantOf } from "../locals"
import { uploadOf } from "../registration/multipart"
import {
  addEvidence,
  assertEvidenceAllowed,
  createProposal,
  proposalOf,
  submitProposal,
  sweepMerchantRegistration,
  withdrawProposal,
} from "../registration/proposals"
import { businessesOf, checkCode, sendCode } from "../registration/returning-buyers"
import type { Capability, DelegationRecord } from "../registration/store"
import { issueToken, requireCapability } from "../registration/tokens"
import { parseWith } from "../validate"
import { route } from "./handler"

/** The first bytes of each accepted evidence type: the declared type must match the file. */
const SIGNATURES: Record<(typeof EVIDENCE_CONTENT_TYPES)[number], number[]> = {
  "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff],
}

const unsupportedType = (message: string) =>
  new ServiceError(415, "SCHEMA_ERROR", message, null, [{ loc: ["body", "file"], msg: message, type: "file_type" }])

/**
 * The autofill record a call names: its token's buyer reference (or the token itself), or `?buyer_reference=` with the
 * API key.
 */
function autofillKey(req: Request, token: DelegationRecord | null): string {
  if (token) return token.buyerReference ?? `~token:${token.token}`
  return parseWith(AutofillQuery, { buyer_reference: req.query.buyer_reference }, "query").buyer_reference
}

/**
 * Business registration and autofill (contract section 5): delegation,
 * autofill's current buyer, returning-buyer verification and matches,
 * proposals and their evidence. A token call is limited to its flags (403)
 * and, for proposals, to those made with its buyer reference (404 for others).
 */
export function registrationRoutes(ctx: SimulatorContext): Router {
  const router = Router()
  const can = (res: Response, capability: Capability | "api_key") => requireCapability(ctx, res, capability)
  const proposal = (res: Response, id: string) => {
    const token = can(res, "create_proposal")
    const merchant = merchantOf(res)
    sweepMerchantRegistration(ctx, merchant)
    return proposalOf(merchant, id, token ? token.buyerReference : undefined)
  }

  router.post(
    "/registry/v1/delegation",
    route((req, res) => {
      can(res, "api_key")
      const body = parseWith(RegistryDelegationBody, req.body ?? {}, "body")
      const capabilities: Capability[] = [
        ...(body.verify_returning_buyer ? (["verify_returning_buyer"] as const) : []),
        ...(body.create_proposal ? (["create_proposal"] as const) : []),
      ]
      const record = issueToken(ctx, merchantOf(res), "registry", capabilities, body.buyer_reference ?? null)
      res.setHeader(HEADER.delegatedToken, record.token)
      res.status(200).json({})
    }),
  )

  router.post(
    "/autofill/v1/delegation",
    route((req, res) => {
      can(res, "api_key")
      const body = parseWith(AutofillDelegationBody, req.body ?? {}, "body")
      const capabilities: Capability[] = [
        ...(body.read_current_buyer ? (["read_current_buyer"] as const) : []),
        ...(body.write_current_buyer ? (["write_current_buyer"] as const) : []),
        ...(body.delete_current_buyer ? (["delete_current_buyer"] as const) : []),
      ]
      const record = issueToken(ctx, merchantOf(res), "autofill", capabilities, body.buyer_reference ?? null)
      res.setHeader(HEADER.delegatedToken, record.token)
      res.status(200).json({})
    }),
  )

  router.get(
    "/autofill/v1/buyer/current",
    route((req, res) => {
      const token = can(res, "read_current_buyer")
      const merchant = merchantOf(res)
      sweepMerchantRegistration(ctx, merchant)
      const record = merchant.registration.autofill.get(autofillKey(req, token))
      if (!record) throw notFound("Saved buyer details")
      res.setHeader("Cache-Control", "no-store")
      // `company_name` stays left out (not null) when none was saved (autofill-api BuyerDetailsSchema).
      res.json(record.buyer)
    }),
  )

  router.post(
    "/autofill/v1/buyer/current",
    route((req, res) => {
      const token = can(res, "write_current_buyer")
      const key = autofillKey(req, token)
      // `persistent` chooses the service's cookie lifetime in a browser; the simulator keeps every record alike.
      const { persistent: _persistent, ...buyer } = parseWith(AutofillWriteBody, req.body ?? {}, "body")
      merchantOf(res).registration.autofill.set(key, {
        buyer,
        updatedAt: ctx.clock.iso(),
        source: token ? "token" : "api_key",
      })
      res.status(200).json({})
    }),
  )

  router.delete(
    "/autofill/v1/buyer/current",
    route((req, res) => {
      const token = can(res, "delete_current_buyer")
      merchantOf(res).registration.autofill.delete(autofillKey(req, token))
      res.status(200).json({})
    }),
  )

  router.post(
    "/proposal/returning-buyer/verification",
    route((req, res) => {
      can(res, "verify_returning_buyer")
      const { email } = parseWith(ReturningBuyerStartBody, req.body ?? {}, "body")
      sendCode(ctx, merchantOf(res), email)
      res.status(201).json({})
    }),
  )

  router.patch(
    "/proposal/returning-buyer/verification",
    route((req, res) => {
      const token = can(res, "verify_returning_buyer")
      const body = parseWith(ReturningBuyerCodeBody, req.body ?? {}, "body")
      const merchant = merchantOf(res)
      const { email, ...result } = checkCode(ctx, merchant, body.email, body.code)
      if (result.total_matches >= 1) {
        const matches = issueToken(ctx, merchant, "matches", ["list_matches"], token?.buyerReference ?? null, email)
        res.setHeader(HEADER.delegatedToken, matches.token)
      }
      res.json(result)
    }),
  )

  router.get(
    "/proposal/returning-buyer/matches/:email",
    route((req, res) => {
      const token = can(res, "list_matches")
      const email = parseWith(Email, req.params.email, "query")
      if (token && token.email !== email.trim().toLowerCase()) {
        throw new ServiceError(403, "FORBIDDEN", "The matches token was issued for another email address")
      }
      res.setHeader("Cache-Control", "no-store")
      res.json({ items: businessesOf(merchantOf(res), email) })
    }),
  )

  router.post(
    "/registry/v1/proposal",
    route((req, res) => {
      const token = can(res, "create_proposal")
      const body = parseWith(ProposalCreateBody, req.body ?? {}, "body")
      res.status(202).json(createProposal(ctx, merchantOf(res), body, token?.buyerReference ?? null).proposal)
    }),
  )

  router.get(
    "/registry/v1/proposal/:id",
    route((req, res) => {
      res.json(proposal(res, req.params.id).proposal)
    }),
  )

  router.post(
    "/registry/v1/proposal/:id/evidence",
    route((req, res) => {
      const record = proposal(res, req.params.id)
      assertEvidenceAllowed(record)
      const upload = uploadOf(res)
      if (!upload) {
        throw schemaError("Send the evidence as multipart/form-data with the file in the field `file`", [
          { loc: ["body", "file"], msg: "missing", type: "missing" },
        ])
      }
      if (upload.data.length === 0) throw schemaError("The evidence file is empty")
      const type = upload.contentType as (typeof EVIDENCE_CONTENT_TYPES)[number]
      if (!EVIDENCE_CONTENT_TYPES.includes(type)) {
        throw unsupportedType(
          `Evidence must be ${EVIDENCE_CONTENT_TYPES.join(", ")}; got "${upload.contentType || "no type"}"`,
        )
      }
      if (!SIGNATURES[type].every((byte, i) => upload.data[i] === byte)) {
        throw unsupportedType(`The file's content is not ${type}`)
      }
      res.status(201).json(addEvidence(ctx, record, upload))
    }),
  )

  router.post(
    "/registry/v1/proposal/:id/submission",
    route((req, res) => {
      parseWith(SubmissionBody, req.body ?? {}, "body")
      res.json(submitProposal(ctx, proposal(res, req.params.id)))
    }),
  )

  router.delete(
    "/registry/v1/proposal/:id",
    route((req, res) => {
      res.json(withdrawProposal(ctx, proposal(res, req.params.id)))
    }),
  )

  return router
}

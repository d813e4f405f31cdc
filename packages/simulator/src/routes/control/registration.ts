import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"
import { decideProposal, sweepMerchantRegistration } from "../../registration/proposals"
import { RETURNING_BUYER_FIXTURES } from "../../registration/returning-buyers"
import type { ProposalRecord } from "../../registration/store"
import type { MerchantState } from "../../state/merchants"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { merchantsMatching } from "./lookup"

export const REGISTRATION_ENDPOINTS = [
  "GET /_sim/registration/codes?email=&merchant=",
  "GET /_sim/registration/proposals?merchant=&status=",
  "GET /_sim/registration/proposals/:id",
  "POST /_sim/registration/proposals/:id/decision {status: IN_REVIEW|ACCEPTED|DECLINED}",
  "GET /_sim/registration/returning-buyers?merchant=",
  "GET /_sim/registration/autofill?merchant=&buyer_reference=",
]

const DecisionBody = z.object({ status: z.enum(["IN_REVIEW", "ACCEPTED", "DECLINED"]) })

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

function proposalView(merchant: MerchantState, record: ProposalRecord) {
  return {
    merchant: merchant.id,
    proposal: record.proposal,
    buyer_reference: record.buyerReference,
    evidence: record.evidence.map(({ data: _data, ...evidence }) => evidence),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    submitted_at: record.submittedAt,
    decision_due_at: iso(record.decisionDueAtMs),
    decided_at: record.decidedAt,
    decided_by: record.decidedBy,
  }
}

function findAnyProposal(ctx: SimulatorContext, id: string): { merchant: MerchantState; record: ProposalRecord } {
  for (const merchant of ctx.merchants.list()) {
    sweepMerchantRegistration(ctx, merchant)
    const record = merchant.registration.proposals.get(id)
    if (record) return { merchant, record }
  }
  throw notFound(`Proposal ${id}`)
}

/**
 * /_sim/registration: the codes "sent" to returning buyers (the sandbox
 * inbox), proposals and their decisions, returning buyers and autofill
 * records. Delegation tokens are never listed.
 */
export function controlRegistrationRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/registration/codes",
    route((req, res) => {
      const email = text(req.query.email)?.trim().toLowerCase()
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        [...merchant.registration.verifications.values()]
          .filter((v) => !email || v.email === email)
          .map((v) => ({
            merchant: merchant.id,
            email: v.email,
            code: v.code,
            sent_at: v.sentAt,
            expires_at: iso(v.expiresAtMs),
            wrong_attempts: v.wrongAttempts,
            locked_until: iso(v.lockedUntilMs),
          })),
      )
      res.setHeader("Cache-Control", "no-store")
      res.json({ items })
    }),
  )

  router.get(
    "/registration/proposals",
    route((req, res) => {
      const status = text(req.query.status)
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) => {
        sweepMerchantRegistration(ctx, merchant)
        return [...merchant.registration.proposals.values()]
          .filter((record) => !status || record.proposal.status === status)
          .map((record) => proposalView(merchant, record))
      })
      res.json({ items })
    }),
  )

  router.get(
    "/registration/proposals/:id",
    route((req, res) => {
      const { merchant, record } = findAnyProposal(ctx, req.params.id)
      res.json(proposalView(merchant, record))
    }),
  )

  router.post(
    "/registration/proposals/:id/decision",
    route((req, res) => {
      const { status } = parseWith(DecisionBody, req.body ?? {}, "body")
      const { merchant, record } = findAnyProposal(ctx, req.params.id)
      decideProposal(ctx, merchant, record, status, "control")
      res.json(proposalView(merchant, record))
    }),
  )

  router.get(
    "/registration/returning-buyers",
    route((req, res) => {
      const fixtures = RETURNING_BUYER_FIXTURES.map((f) => ({
        email: f.email,
        businesses: f.businesses,
        source: "fixture",
      }))
      const enrolled = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        merchant.registration.enrolledBuyers.map((b) => ({
          merchant: merchant.id,
          email: b.email,
          businesses: [b.business],
          source: "proposal",
          proposal_id: b.proposalId,
          enrolled_at: b.enrolledAt,
        })),
      )
      res.json({ items: [...fixtures, ...enrolled] })
    }),
  )

  router.get(
    "/registration/autofill",
    route((req, res) => {
      const reference = text(req.query.buyer_reference)
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        [...merchant.registration.autofill.entries()]
          .filter(([key]) => !key.startsWith("~token:") && (!reference || key === reference))
          .map(([key, record]) => ({
            merchant: merchant.id,
            buyer_reference: key,
            buyer: record.buyer,
            source: record.source,
            updated_at: record.updatedAt,
          })),
      )
      res.json({ items })
    }),
  )

  return router
}

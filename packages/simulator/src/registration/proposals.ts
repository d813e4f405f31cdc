import { createHash, randomUUID } from "node:crypto"
import {
  type EnrolledBusiness,
  type Evidence,
  type Proposal,
  type ProposalCreateBody,
  REDACTED,
  type SubmissionAnswer,
} from "../contract/registration"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import type { MerchantState } from "../state/merchants"
import { nextSyntheticNumber } from "./organization-numbers"
import type { ProposalRecord } from "./store"

/**
 * The seed names the approval `enrollment.approved` (interfaces.md wins where it speaks); it names no decline event,
 * so the published name holds for it (`EnrollmentRejectedEvent`, rule 2 of the contract).
 */
export const ENROLLMENT_APPROVED_EVENT = "enrollment.approved"
export const ENROLLMENT_DECLINED_EVENT = "business_registry.rejected.v1"

/** Ids of the registration interface **(chosen)**: a prefix, then 32 hexadecimal characters. */
export const newRegistrationId = (kind: "prop" | "evd" | "bus") => `${kind}_${randomUUID().replace(/-/g, "")}`

/** `rejection_reason` of the decline event **(chosen text)**. */
export const DECLINE_REASON = "The business could not be verified"

export type Decision = "IN_REVIEW" | "ACCEPTED" | "DECLINED"

/**
 * The service's own decision of a SUBMITTED proposal **(chosen rules)**, on
 * its trading name, case-insensitive: containing "DECLINE" → DECLINED;
 * containing "REVIEW" → IN_REVIEW (then only the control API decides);
 * anything else → ACCEPTED.
 */
export function ruleDecision(tradingName: string): Decision {
  const name = tradingName.toUpperCase()
  if (name.includes("DECLINE")) return "DECLINED"
  if (name.includes("REVIEW")) return "IN_REVIEW"
  return "ACCEPTED"
}

/**
 * The calling merchant's proposal. A token call sees only the proposals made
 * with its buyer reference (404 for others, as for another merchant's).
 */
export function proposalOf(merchant: MerchantState, id: string, buyerReference?: string | null): ProposalRecord {
  const record = merchant.registration.proposals.get(id)
  if (!record || (buyerReference !== undefined && record.buyerReference !== buyerReference))
    throw notFound(`Proposal ${id}`)
  return record
}

export function createProposal(
  ctx: SimulatorContext,
  merchant: MerchantState,
  body: ProposalCreateBody,
  buyerReference: string | null,
): ProposalRecord {
  const now = ctx.clock.iso()
  const business = body.proposed_business
  const address = business.business_address
  const proposal: Proposal = {
    id: newRegistrationId("prop"),
    status: "DRAFT",
    // The published defaults fill what the body left out, as the service echoes it.
    proposed_business: {
      ...business,
      website: business.website ?? null,
      tax_number: business.tax_number ?? null,
      business_address: { ...address, apartment: address.apartment ?? null, region: address.region ?? null },
      proprietor_details: { ...business.proprietor_details },
    },
    enrolled_business: null,
  }
  const record: ProposalRecord = {
    proposal,
    buyerReference,
    evidence: [],
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
    decisionDueAtMs: null,
    decidedAt: null,
    decidedBy: null,
  }
  merchant.registration.proposals.set(proposal.id, record)
  return record
}

const touch = (ctx: SimulatorContext, record: ProposalRecord) => {
  record.updatedAt = ctx.clock.iso()
}

export type Upload = { fileName: string; contentType: string; data: Buffer }

/**
 * POST /registry/v1/proposal/{id}/evidence: only while DRAFT (409 otherwise). Type and size are checked by the
 * route.
 */
export function assertEvidenceAllowed(record: ProposalRecord): void {
  const { status, id } = record.proposal
  if (status !== "DRAFT") {
    throw invalidState(`Evidence can only be uploaded while the proposal is DRAFT; proposal ${id} is ${status}`, status)
  }
}

export function addEvidence(ctx: SimulatorContext, record: ProposalRecord, upload: Upload): Evidence {
  assertEvidenceAllowed(record)
  const { id } = record.proposal
  const evidence: Evidence = {
    id: newRegistrationId("evd"),
    proposal_id: id,
    file_name: upload.fileName,
    content_type: upload.contentType,
    size: upload.data.length,
  }
  record.evidence.push({
    ...evidence,
    sha256: createHash("sha256").update(upload.data).digest("hex"),
    data: upload.data,
    uploaded_at: ctx.clock.iso(),
  })
  touch(ctx, record)
  return evidence
}

/**
 * POST /registry/v1/proposal/{id}/submission: DRAFT → SUBMITTED; decided by the rules after the delay. No
 * verification step here: the answer is always `{initiation_method: "SKIP", proposal_id}` **(chosen)**.
 */
export function submitProposal(ctx: SimulatorContext, record: ProposalRecord): SubmissionAnswer {
  const { status, id } = record.proposal
  if (status !== "DRAFT")
    throw invalidState(`Only a DRAFT proposal can be submitted; proposal ${id} is ${status}`, status)
  record.proposal.status = "SUBMITTED"
  record.submittedAt = ctx.clock.iso()
  const delay = ctx.registration.decisionDelayMs
  record.decisionDueAtMs = delay === null ? null : ctx.clock.nowMs() + delay
  touch(ctx, record)
  return { initiation_method: "SKIP", proposal_id: id }
}

/** DELETE /registry/v1/proposal/{id}: SUBMITTED or IN_REVIEW → WITHDRAWN; 409 from any other state. */
export function withdrawProposal(ctx: SimulatorContext, record: ProposalRecord): Proposal {
  const { status, id } = record.proposal
  if (status !== "SUBMITTED" && status !== "IN_REVIEW") {
    throw invalidState(
      `A proposal can only be withdrawn while SUBMITTED or IN_REVIEW; proposal ${id} is ${status}`,
      status,
    )
  }
  record.proposal.status = "WITHDRAWN"
  record.decisionDueAtMs = null
  touch(ctx, record)
  return record.proposal
}

function redact(record: ProposalRecord): void {
  const business = record.proposal.proposed_business
  business.email = REDACTED
  business.phone = REDACTED
  // null, not placeholders: the published ProposedSoleTraderSchema allows it, and "[redacted]" would break the
  // proprietor's `email` and `date` formats.
  business.proprietor_details = null
  const enrolled = record.proposal.enrolled_business
  if (enrolled) {
    enrolled.email = REDACTED
    enrolled.phone = REDACTED
  }
}

/**
 * ACCEPTED: a synthetic organization number, `enrolled_business`, the business
 * in the company registry (default credit limit), the proprietor a returning
 * buyer, the autofill record of the proposal's buyer reference saved, then the
 * personal fields redacted and `enrollment.approved` sent.
 */
function accept(ctx: SimulatorContext, merchant: MerchantState, record: ProposalRecord): void {
  const business = record.proposal.proposed_business
  const country = business.country_code as "GB" | "US"
  const address = business.business_address
  const organizationNumber = nextSyntheticNumber(ctx.companies, country)
  const enrolled: EnrolledBusiness = {
    id: newRegistrationId("bus"),
    business_type: "SOLE_TRADER",
    organization_number: organizationNumber,
    trading_name: business.trading_name,
    country_code: country,
    email: business.email,
    phone: business.phone,
    website: business.website,
    tax_number: business.tax_number,
    business_address: { ...address },
  }
  record.proposal.enrolled_business = enrolled
  const street = [address.building, address.street].filter(Boolean).join(" ")
  ctx.companies.add({
    canonical_id: `cmp${country.toLowerCase()}${organizationNumber.toLowerCase()}`,
    name: business.trading_name,
    country,
    organization_number: organizationNumber,
    identifier_type: "SOLE_TRADER",
    addresses: [{ street_address: street, city: address.city, postal_code: address.postal_code, country }],
    credit_limit: null,
    declined: false,
  })
  // Redaction comes after this, so the proprietor is still there.
  const proprietor = business.proprietor_details!
  const company = {
    company_name: enrolled.trading_name,
    country_code: country,
    organization_number: organizationNumber,
  }
  merchant.registration.enrolledBuyers.push({
    email: (proprietor.email ?? business.email).trim().toLowerCase(),
    business: company,
    proposalId: record.proposal.id,
    enrolledAt: ctx.clock.iso(),
  })
  if (record.buyerReference !== null) {
    // The autofill address shape (autofill-api AddressSchema).
    const autofillAddress = {
      organization_name: enrolled.trading_name,
      apartment: address.apartment,
      building: address.building,
      street: address.street,
      postal_code: address.postal_code,
      city: address.city,
      region: address.region,
      country,
    }
    merchant.registration.autofill.set(record.buyerReference, {
      buyer: {
        ...company,
        first_name: proprietor.first_name,
        last_name: proprietor.last_name,
        email: proprietor.email ?? business.email,
        phone_number: proprietor.phone ?? business.phone,
        billing_address: autofillAddress,
        shipping_address: { ...autofillAddress },
      },
      updatedAt: ctx.clock.iso(),
      source: "proposal",
    })
  }
  redact(record)
  ctx.webhooks.emit(merchant, ENROLLMENT_APPROVED_EVENT, {
    proposal_id: record.proposal.id,
    merchant_id: merchant.merchantId,
    ...company,
  })
}

/**
 * Moves a SUBMITTED or IN_REVIEW proposal on: IN_REVIEW (only from SUBMITTED),
 * ACCEPTED or DECLINED. 409 from any other state.
 */
export function decideProposal(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: ProposalRecord,
  decision: Decision,
  by: "rules" | "control",
): Proposal {
  const { status, id } = record.proposal
  const allowed = decision === "IN_REVIEW" ? status === "SUBMITTED" : status === "SUBMITTED" || status === "IN_REVIEW"
  if (!allowed) throw invalidState(`Proposal ${id} is ${status}: it cannot move to ${decision}`, status)
  record.decisionDueAtMs = null
  record.proposal.status = decision
  touch(ctx, record)
  if (decision === "IN_REVIEW") return record.proposal
  record.decidedAt = ctx.clock.iso()
  record.decidedBy = by
  if (decision === "ACCEPTED") accept(ctx, merchant, record)
  else {
    redact(record)
    ctx.webhooks.emit(merchant, ENROLLMENT_DECLINED_EVENT, {
      proposal_id: id,
      merchant_id: merchant.merchantId,
      rejection_reason: DECLINE_REASON,
    })
  }
  return record.proposal
}

/** Decides the SUBMITTED proposals whose delay is over, by the rules. Returns how many moved. */
export function sweepMerchantRegistration(ctx: SimulatorContext, merchant: MerchantState): number {
  const now = ctx.clock.nowMs()
  let moved = 0
  for (const record of merchant.registration.proposals.values()) {
    if (record.proposal.status !== "SUBMITTED" || record.decisionDueAtMs === null || record.decisionDueAtMs > now)
      continue
    decideProposal(ctx, merchant, record, ruleDecision(record.proposal.proposed_business.trading_name), "rules")
    moved++
  }
  return moved
}

export function sweepRegistration(ctx: SimulatorContext): number {
  return ctx.merchants.list().reduce((sum, merchant) => sum + sweepMerchantRegistration(ctx, merchant), 0)
}

import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { type EnrollmentRow, TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import { ENROLLED_STATUSES, type EnrollmentStatus } from "../../modules/trade-credit/models/enrollment"
import type { Proposal } from "../../service/schemas/registration"
import { BUYER_TEXTS, type BuyerLanguage, type BuyerTextKey } from "../../utils/buyer-texts"

/** A row of trade_credit_enrollment (no personal data: see the model). */
export type { EnrollmentRow }

export type EnrollmentValues = Partial<Omit<EnrollmentRow, "id" | "created_at" | "updated_at" | "deleted_at">>

/** The columns a caller may change, with their values in a row (to restore them in a compensation). */
export const ENROLLMENT_FIELDS = [
  "customer_id",
  "proposal_id",
  "status",
  "source",
  "country_code",
  "company_name",
  "organization_number",
  "decided_at",
  "last_polled_at",
] as const

/** Proposal states the service still decides (the polling job asks about them). */
export const UNDECIDED_STATUSES: EnrollmentStatus[] = ["SUBMITTED", "IN_REVIEW"]
export { ENROLLED_STATUSES }

export const tradeCreditOf = (container: { resolve: MedusaContainer["resolve"] }) =>
  container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)

export async function enrollmentOfCustomer(
  tradeCredit: TradeCreditModuleService,
  customerId: string,
): Promise<EnrollmentRow | undefined> {
  const [row] = await tradeCredit.listEnrollments({ customer_id: customerId }, { take: 1 })
  return row
}

export async function enrollmentOfProposal(
  tradeCredit: TradeCreditModuleService,
  proposalId: string,
): Promise<EnrollmentRow | undefined> {
  const [row] = await tradeCredit.listEnrollments({ proposal_id: proposalId }, { take: 1 })
  return row
}

/**
 * What the service's `enrollment.approved` event said, kept only as a fallback of the proposal read back: its
 * `organization_number` (required in the published EnrollmentApprovedEventData). Never acted on alone: it is used
 * only when the proposal read back is ACCEPTED and carries no enrolled business.
 */
export type ApprovalEventFacts = { organization_number?: string | null }

/**
 * What a proposal read from the service says about its enrollment (act on the current state, never on an event alone).
 * At ACCEPTED the business is the proposal's `enrolled_business`; an accepted proposal read back without one takes the
 * organization number of the approval event being handled (`approval`), and its trading name and country from the
 * proposal's `proposed_business`, as read back.
 */
export function valuesFromProposal(
  proposal: Proposal,
  now = new Date(),
  approval?: ApprovalEventFacts | null,
): EnrollmentValues {
  const values: EnrollmentValues = { status: proposal.status as EnrollmentStatus }
  const enrolled = proposal.enrolled_business
  if (proposal.status === "ACCEPTED" && enrolled) {
    values.organization_number = enrolled.organization_number
    values.company_name = enrolled.trading_name
    values.country_code = enrolled.country_code
  } else if (proposal.status === "ACCEPTED" && approval?.organization_number) {
    values.organization_number = approval.organization_number
    if (proposal.proposed_business?.trading_name) values.company_name = proposal.proposed_business.trading_name
    if (proposal.proposed_business?.country_code) values.country_code = proposal.proposed_business.country_code
  }
  if (proposal.status === "ACCEPTED" || proposal.status === "DECLINED" || proposal.status === "WITHDRAWN")
    values.decided_at = now
  return values
}

/** The statuses a proposal ends in at the service: none of them ever changes again. */
export const DECIDED_STATUSES: EnrollmentStatus[] = ["ACCEPTED", "DECLINED", "WITHDRAWN"]

/**
 * Whether a proposal was read before the decision its enrollment already records (a store route's answer overtaken
 * by a webhook or a poll): a decided proposal stays decided at the service, so such a read is old, and applying it
 * would undo the decision (and the next application would record, and announce, it a second time).
 */
export function isOlderThanRow(row: EnrollmentRow, proposal: Proposal): boolean {
  return DECIDED_STATUSES.includes(row.status) && !DECIDED_STATUSES.includes(proposal.status as EnrollmentStatus)
}

/** Only the columns of `values` that differ from the row (dates compared by instant). */
export function changedValues(row: EnrollmentRow | undefined, values: EnrollmentValues): EnrollmentValues {
  if (!row) return values
  const changed: EnrollmentValues = {}
  for (const [key, value] of Object.entries(values) as [keyof EnrollmentValues, unknown][]) {
    const current = row[key]
    const same =
      value instanceof Date || current instanceof Date
        ? current != null &&
          value != null &&
          new Date(current as string).getTime() === new Date(value as string).getTime()
        : current === value
    if (!same) (changed as Record<string, unknown>)[key] = value
  }
  // A decision keeps the instant it was first seen.
  if (row.decided_at && "decided_at" in changed && row.status === values.status) delete changed.decided_at
  return changed
}

const digest = (value: unknown) =>
  createHash("sha256")
    .update(typeof value === "string" ? value : JSON.stringify(value ?? null))
    .digest("base64url")
    .slice(0, 16)

/** A time bucket of `minutes`, so a key stays the same for that long and then changes. */
export const timeBucket = (minutes: number, now = Date.now()) => Math.floor(now / (minutes * 60_000))

/**
 * Idempotency keys of the registration calls, derived from the Medusa customer
 * id (and the proposal, evidence or body where they change what is asked), so a
 * retry never registers twice. Emails are only ever digested.
 */
export const enrollmentKeys = {
  registryToken: (customerId: string, purpose: string, bucket: number) =>
    `soletrader-registry-${purpose}-${customerId}-${bucket}`,
  autofillToken: (customerId: string, purpose: string, bucket: number) =>
    `soletrader-autofill-${purpose}-${customerId}-${bucket}`,
  verification: (customerId: string, email: string, bucket: number) =>
    `soletrader-verify-${customerId}-${digest(email.toLowerCase())}-${bucket}`,
  verificationCode: (customerId: string, email: string, code: string) =>
    `soletrader-code-${customerId}-${digest(`${email.toLowerCase()}:${code}`)}`,
  proposal: (customerId: string, previousProposalId: string | null, body: unknown) =>
    `soletrader-proposal-${customerId}-${digest({ after: previousProposalId, body })}`,
  evidence: (proposalId: string, file: { fileName: string; contentType: string; data: Uint8Array }) =>
    `soletrader-evidence-${proposalId}-` +
    digest(`${file.fileName}\n${file.contentType}\n${Buffer.from(file.data).toString("base64")}`),
  submission: (proposalId: string) => `soletrader-submit-${proposalId}`,
  withdrawal: (proposalId: string) => `soletrader-withdraw-${proposalId}`,
}

/** What the buyer reads about their enrollment, in plain words (the storefront shows it as it is), in each buyer
 * language. */
export function enrollmentMessage(status: EnrollmentStatus, language: BuyerLanguage = "en"): string {
  const key = `enrollment.${status}`
  return key in BUYER_TEXTS ? BUYER_TEXTS[key as BuyerTextKey][language] : `Your sole-trader registration is ${status}.`
}

/** The row as the store API shows it, its message in the buyer's language (utils/buyer-texts.ts). */
export function presentEnrollment(row: EnrollmentRow, language: BuyerLanguage = "en") {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    proposal_id: row.proposal_id,
    country_code: row.country_code,
    company_name: row.company_name,
    organization_number: row.organization_number,
    decided_at: row.decided_at,
    enrolled: ENROLLED_STATUSES.includes(row.status) && !!row.organization_number,
    message: enrollmentMessage(row.status, language),
  }
}

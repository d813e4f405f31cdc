import { randomInt } from "node:crypto"
import type { Business, ReturningBuyerResult } from "../contract/registration"
import type { SimulatorContext } from "../context"
import { ServiceError, notFound, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { VerificationRecord } from "./store"

/**
 * Returning buyers: emails the service links to businesses. Fixtures known to
 * every merchant (their businesses are fixture companies, so orders with
 * their numbers are accepted), plus the proprietors of proposals this
 * merchant got accepted (docs/simulator.md).
 */
export const RETURNING_BUYER_FIXTURES: readonly { email: string; businesses: Business[] }[] = [
  {
    email: "returning.buyer@example.com",
    businesses: [{ company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" }],
  },
  {
    email: "two.businesses@example.com",
    businesses: [
      { company_name: "THORNBURY CATERING EQUIPMENT LIMITED", country_code: "GB", organization_number: "11223344" },
      { company_name: "PENNYWORTH STATIONERS LTD", country_code: "GB", organization_number: "12345678" },
    ],
  },
  {
    email: "us.returning@example.com",
    businesses: [{ company_name: "Acme Hardware Supply Inc.", country_code: "US", organization_number: "123456789" }],
  },
]

/** A code lives 15 minutes; the 5th wrong code locks the email for 15 minutes (simulator clock) **(chosen)**. */
export const CODE_TTL_MS = 15 * 60 * 1000
export const MAX_WRONG_CODES = 5
export const LOCK_MS = 15 * 60 * 1000

const normalize = (email: string) => email.trim().toLowerCase()

/** The businesses linked to an email for this merchant, newest enrollment first, fixtures last. */
export function businessesOf(merchant: MerchantState, email: string): Business[] {
  const wanted = normalize(email)
  const enrolled = merchant.registration.enrolledBuyers
    .filter((b) => b.email === wanted)
    .map((b) => ({ ...b.business }))
    .reverse()
  const fixtures = RETURNING_BUYER_FIXTURES.find((f) => f.email === wanted)?.businesses.map((b) => ({ ...b })) ?? []
  return [...enrolled, ...fixtures]
}

/** 429 RATE_LIMITED with Retry-After while the email is locked. */
function assertNotLocked(ctx: SimulatorContext, record: VerificationRecord | undefined): void {
  if (!record?.lockedUntilMs) return
  const left = record.lockedUntilMs - ctx.clock.nowMs()
  if (left <= 0) {
    record.lockedUntilMs = null
    record.wrongAttempts = 0
    return
  }
  const seconds = Math.ceil(left / 1000)
  throw new ServiceError(
    429,
    "RATE_LIMITED",
    `Too many wrong codes for this email: try again in ${seconds} seconds`,
    null,
    null,
    {
      "Retry-After": String(seconds),
    },
  )
}

/** POST /proposal/returning-buyer/verification: a new code "sent" (201), or 404 when no business is linked. */
export function sendCode(ctx: SimulatorContext, merchant: MerchantState, email: string): VerificationRecord {
  const key = normalize(email)
  const existing = merchant.registration.verifications.get(key)
  assertNotLocked(ctx, existing)
  if (businessesOf(merchant, key).length === 0) throw notFound("A business for this email address")
  const record: VerificationRecord = {
    email: key,
    code: String(randomInt(0, 1_000_000)).padStart(6, "0"),
    sentAt: ctx.clock.iso(),
    expiresAtMs: ctx.clock.nowMs() + CODE_TTL_MS,
    wrongAttempts: existing?.wrongAttempts ?? 0,
    lockedUntilMs: null,
  }
  merchant.registration.verifications.set(key, record)
  return record
}

/**
 * PATCH /proposal/returning-buyer/verification: the right code gives the
 * first business and the number of matches (the code is then used up); a
 * wrong one 400, and the 5th wrong one 429 with the email locked.
 */
export function checkCode(
  ctx: SimulatorContext,
  merchant: MerchantState,
  email: string,
  code: string,
): ReturningBuyerResult & { email: string } {
  const key = normalize(email)
  const record = merchant.registration.verifications.get(key)
  assertNotLocked(ctx, record)
  if (!record || record.code === null || record.expiresAtMs <= ctx.clock.nowMs()) {
    throw schemaError("No verification code is pending for this email: request one with POST first", [
      { loc: ["body", "code"], msg: "no code pending", type: "code_not_pending" },
    ])
  }
  if (record.code !== code) {
    record.wrongAttempts += 1
    if (record.wrongAttempts >= MAX_WRONG_CODES) {
      record.lockedUntilMs = ctx.clock.nowMs() + LOCK_MS
      record.code = null
      assertNotLocked(ctx, record)
    }
    const left = MAX_WRONG_CODES - record.wrongAttempts
    throw schemaError(`The verification code is wrong (${left} attempt${left === 1 ? "" : "s"} left)`, [
      { loc: ["body", "code"], msg: "wrong code", type: "code_mismatch" },
    ])
  }
  record.code = null
  record.wrongAttempts = 0
  const businesses = businessesOf(merchant, key)
  if (businesses.length === 0) throw notFound("A business for this email address")
  return { email: key, business: businesses[0], total_matches: businesses.length }
}

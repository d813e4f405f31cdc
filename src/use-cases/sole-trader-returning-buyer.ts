import { TradeCreditError } from "../client/errors"
import type { EnrollmentRow } from "../modules/trade-credit"
import type { Business } from "../service/schemas/registration"
import { type SoleTraderDeps, type SoleTraderRefusal } from "./sole-trader-deps"
import { matchesTokens } from "./sole-trader-matches"

/**
 * A registry token for this customer that may verify returning buyers and nothing else (least privilege), issued with
 * the API key; the same token is reused for half an hour.
 */
async function verificationToken(deps: SoleTraderDeps, customerId: string): Promise<string> {
  const { token } = await deps.client.registry.createDelegationToken(
    { verify_returning_buyer: true, create_proposal: false, buyer_reference: customerId },
    { idempotencyKey: deps.keys.registryToken(customerId, "verify", deps.timeBucket(30)) },
  )
  return token
}

/**
 * Asks the service to email a code to a buyer it already knows: refused (TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND) when
 * it knows no business for the email (the buyer registers a proposal instead).
 */
export async function requestReturningBuyerCode(
  deps: SoleTraderDeps,
  { customerId, email }: { customerId: string; email: string },
): Promise<{ outcome: "sent" } | SoleTraderRefusal<"TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND">> {
  const token = await verificationToken(deps, customerId)
  const { found } = await deps.client.registry.requestReturningBuyerCode(email, {
    token,
    idempotencyKey: deps.keys.verification(customerId, email, deps.timeBucket(1)),
  })
  if (found) return { outcome: "sent" }
  return {
    outcome: "refused",
    code: "TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND",
    message: "The service knows no business for this email address: register as a new sole trader",
  }
}

export type CodeVerification =
  /** One business: it is the customer's enrollment now (VERIFIED). */
  | { outcome: "enrolled"; business: Business; total_matches: number; matches: [Business]; enrollment: EnrollmentRow }
  /** Several: nothing is enrolled (never an arbitrary one); the buyer chooses, the matches token is kept here. */
  | { outcome: "several"; total_matches: number; matches: Business[] }
  | SoleTraderRefusal<"TRADE_CREDIT_INVALID_CODE" | "TRADE_CREDIT_BAD_RESPONSE">

/**
 * The code from the email. One business becomes the customer's enrollment (VERIFIED); several are listed for the
 * buyer to choose from (chooseReturningBusiness), the matches token kept server-side (it never reaches the browser).
 * A wrong or expired code is TRADE_CREDIT_INVALID_CODE.
 */
export async function verifyReturningBuyerCode(
  deps: SoleTraderDeps,
  { customerId, email, code }: { customerId: string; email: string; code: string },
): Promise<CodeVerification> {
  const token = await verificationToken(deps, customerId)
  let result
  try {
    result = await deps.client.registry.verifyReturningBuyerCode(
      { email, code },
      { token, idempotencyKey: deps.keys.verificationCode(customerId, email, code) },
    )
  } catch (error) {
    if (!(error instanceof TradeCreditError && error.code === "SCHEMA_ERROR")) throw error
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_CODE",
      message: "The verification code is wrong or expired: check the email, or ask for a new code",
    }
  }
  if (result.total_matches > 1) {
    if (!result.matchesToken) {
      return {
        outcome: "refused",
        code: "TRADE_CREDIT_BAD_RESPONSE",
        message: "The trade credit service found several businesses but gave no token to list them",
      }
    }
    const matches = await deps.client.registry.listMatches(email, result.matchesToken)
    await matchesTokens(deps.module).keep(customerId, { email, token: result.matchesToken })
    return { outcome: "several", total_matches: result.total_matches, matches }
  }
  const enrollment = await deps.enrol({
    customer_id: customerId,
    status: "VERIFIED",
    source: "returning_buyer",
    proposal_id: null,
    business: result.business,
  })
  const { business, total_matches } = result
  return { outcome: "enrolled", business, total_matches, matches: [business], enrollment }
}

/** A business outside the verified email's matches: the kept token is given back (useOnce restores it on a throw). */
class NotAMatch extends Error {}

/**
 * The business a verified returning buyer with several businesses chose. The matches are listed again with the kept
 * token (the service's list is the truth, not what the browser sends): a business not among them is
 * TRADE_CREDIT_NOT_A_MATCH; no verification kept (never verified, or more than 15 minutes ago) is
 * TRADE_CREDIT_VERIFY_AGAIN. The chosen business becomes the customer's enrollment (VERIFIED), and the kept token is
 * used up (taken in one statement, so two choices at once enrol one business; a refused choice gives it back).
 */
export async function chooseReturningBusiness(
  deps: SoleTraderDeps,
  choice: { customerId: string; organization_number: string; country_code: string },
): Promise<
  | { outcome: "enrolled"; business: Business; enrollment: EnrollmentRow }
  | SoleTraderRefusal<"TRADE_CREDIT_NOT_A_MATCH" | "TRADE_CREDIT_VERIFY_AGAIN">
> {
  const { customerId, organization_number, country_code } = choice
  let chosen
  try {
    chosen = await matchesTokens(deps.module, deps.logger).useOnce(customerId, async (kept) => {
      const matches = await deps.client.registry.listMatches(kept.email, kept.token)
      const business = matches.find(
        (m) => m.organization_number === organization_number && m.country_code === country_code,
      )
      if (!business) throw new NotAMatch()
      const enrollment = await deps.enrol({
        customer_id: customerId,
        status: "VERIFIED",
        source: "returning_buyer",
        proposal_id: null,
        business,
      })
      return { business, enrollment }
    })
  } catch (error) {
    if (!(error instanceof NotAMatch)) throw error
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_A_MATCH",
      message: `The business ${country_code} ${organization_number} is not one of the businesses of the verified email`,
    }
  }
  if (!chosen.found) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_VERIFY_AGAIN",
      message: "No verified email is waiting for a choice: verify the email again with a new code",
    }
  }
  return { outcome: "enrolled", ...chosen.result }
}

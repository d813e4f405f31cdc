import { SIM_VERIFICATION_RESULT_PARAM, type SimVerificationResult } from "../contract/trade-account"
import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { TradeAccountUserRecord, VerificationLink } from "../state/trade-accounts"
import { newLinkToken } from "./ids"
import { verifyUser } from "./users"

/** Where the hosted verification page of a trade account user lives (no API key: the user's browser opens it). */
export const VERIFICATION_PAGE_PATH = "/trade-account-verification"

/** How long a verification link can be used **(chosen)**: 7 days of the simulator's clock. */
export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

/**
 * POST /trade-account/v3/user/{uid}/verification/url: a fresh single-use link
 * to the hosted page for that user. A verified user gets a link too (the page
 * says there is nothing left to do and sends them back).
 */
export function createVerificationLink(
  ctx: SimulatorContext,
  merchant: MerchantState,
  user: TradeAccountUserRecord,
  returnUrl: string,
): { redirect_url: string; link: VerificationLink } {
  const link: VerificationLink = {
    token: newLinkToken(),
    userId: user.user.id,
    returnUrl,
    createdAtMs: ctx.clock.nowMs(),
    outcome: null,
  }
  merchant.tradeAccounts.addLink(link)
  return { redirect_url: `${ctx.baseUrl}${VERIFICATION_PAGE_PATH}/${link.token}`, link }
}

export const isLinkExpired = (ctx: SimulatorContext, link: VerificationLink) =>
  ctx.clock.nowMs() - link.createdAtMs > LINK_TTL_MS

/** The return URL with the result query added **(chosen)**: `trade_account_verification=verified|cancelled`. */
export function returnUrlWith(link: VerificationLink, result: SimVerificationResult): string {
  const url = new URL(link.returnUrl)
  url.searchParams.set(SIM_VERIFICATION_RESULT_PARAM, result)
  return url.href
}

/** The user's decision at the page: "verify" sets `verified: true`; "cancel" leaves the user as it was. */
export function decideLink(
  ctx: SimulatorContext,
  merchant: MerchantState,
  link: VerificationLink,
  user: TradeAccountUserRecord,
  verify: boolean,
): string {
  link.outcome = verify ? "verified" : "cancelled"
  if (verify) verifyUser(ctx, merchant, user)
  return returnUrlWith(link, link.outcome)
}

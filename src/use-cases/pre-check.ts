import type { Logger } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../client/index"
import { buildBuyer } from "../core/order/buyer"
import { PayloadError } from "../core/order/errors"
import { bodyDigest } from "../core/order/idempotency-keys"
import { buildIntentBody } from "../core/order/order-body"
import { parseSessionInput } from "../core/order/session-input"
import type { CompanyCreditCode, CompanyCreditRefusal } from "../core/region/company-credit-rule"
import {
  type EffectiveRegionSettings,
  type Ineligibility,
  ineligibilityOf,
  type RegionDefaults,
} from "../core/region/region-settings"
import { regionSettingsOfCart } from "../medusa/cart-links"
import { isPluginProviderId } from "../medusa/provider-ids"
import type { Query } from "../medusa/services"
import type { BuyerCompany } from "../service/schemas/order"
import { errorIds, type LogIds, logLine } from "../utils/log-line"
import type { AnswerCache } from "./answer-cache"
import { companyCreditRefusal, type CompanyCredits } from "./company-credits"
import { IntentReuse } from "./intent-reuse"
import { CompanyIdentities } from "./plan-check-reuse"
import type { KeptChecks } from "./kept-checks"
import { declineText } from "./errors"
import { classifyServiceFailure, describeServiceFailure } from "./service-failure-kind"
import { type CartRefusal, companyOfCart, readOpenCart, type StoreCart } from "./store-cart"

/**
 * What the storefront does with the answer:
 * - `available: true`: offer trade credit;
 * - `available: false`: hide it. `reason` says why, for the logs:
 *   "declined" (the service declined this buyer for this cart; `decline_reason`
 *   is the service's reason, e.g. TOO_HIGH_RISK, for the logs; `message` the
 *   buyer's words; `hide` false when the region's merchant wants the method
 *   shown as unavailable with `message` rather than hidden), "not_configured" (the service
 *   refused the store's API key), "cart_not_supported" (this cart cannot be
 *   paid on trade credit, e.g. store credit applied), "not_offered" (the
 *   merchant switched pay by invoice off in the cart's region) or "not_eligible"
 *   (the total is outside the region's order amounts), with the buyer's words in
 *   `message` and the code the session would answer in `code`;
 * - `available: false, reason: "arrears_block"`: what the service last said of the buyer's company puts it in an
 *   arrears block (an invoice overdue); `reason: "above_company_limit"`: the total is above the company's maximum
 *   single order value or its remaining credit. Nothing is asked of the service; `code` is the one the session would
 *   answer, `message` the buyer's words, `hide` the region's choice (`arrears_block_display` for a block,
 *   `hide_when_declined` for a limit: the service would decline it);
 * - `available: true, degraded: true, reason: "service_unreachable"`: the
 *   service did not answer in time; keep offering the method (a passing error
 *   must not hide it) and let the payment session's own check decide.
 */
export type PreCheckAnswer =
  | { available: true; degraded?: undefined; reason?: undefined }
  | { available: false; reason: "declined"; decline_reason: string | null; hide: boolean; message: string }
  | { available: false; reason: "not_configured" | "cart_not_supported"; message: string }
  | { available: false; reason: "not_offered" | "not_eligible"; code: Ineligibility["code"]; message: string }
  | {
      available: false
      reason: "arrears_block" | "above_company_limit"
      code: CompanyCreditCode
      hide: boolean
      message: string
    }
  | { available: true; degraded: true; reason: "service_unreachable" | "service_error" }

/** The pre-check's outcome: an answer (and whether it came from the cache), or a request refused with a code. */
export type PreCheckOutcome =
  | { outcome: "answer"; cart_id: string; answer: PreCheckAnswer; cached: boolean }
  | CartRefusal
  | { outcome: "refused"; code: "TRADE_CREDIT_INVALID_PRE_CHECK"; message: string }

/** A decided answer is kept this long for the same cart content and company. */
export const PRE_CHECK_CACHE_SECONDS = 300

export type PreCheckDeps = {
  query: Pick<Query, "graph">
  client: Pick<TradeCreditClient, "orders">
  /** The region defaults of the plugin's options. */
  options: RegionDefaults
  /** Decided answers, kept PRE_CHECK_CACHE_SECONDS. */
  cache: AnswerCache
  /** Where an approved intent is kept for the cart's payment session (intent-reuse.ts), on any instance. */
  kept: KeptChecks
  /** What the service last said of buyer companies' credit and arrears (its webhook events). */
  companyCredits: CompanyCredits
  logger: Logger
}

export type PreCheckInput = {
  cart_id: string
  /** Left out: the company of a trade credit payment session of the cart. */
  company?: BuyerCompany
}

const NO_COMPANY =
  "Invalid pre-check: company is required: give {company_canonical_id} or " +
  "{organization_number, country_prefix, company_name}, or start the cart's " +
  "trade credit payment session with it"

/**
 * The pre-check's idempotency key: the cart, the intent body and the cache's window. A retry within the window is the
 * same request (the service answers it again); a pre-check after the window asks afresh, so a fixed key never
 * replays a stale decision (a raised limit, a lifted block), nor hands the session an intent an order has spent.
 */
export const preCheckKey = (cartId: string, body: unknown, now = Date.now()) =>
  `precheck-${cartId}-${bodyDigest(body)}-${Math.floor(now / (PRE_CHECK_CACHE_SECONDS * 1000)).toString(36)}`

/**
 * The pre-check of a cart: whether to offer trade credit for this cart and buyer. The cart is read (one Query, its
 * region's settings with it); the service is asked for an order intent for the cart as it is now (built by the
 * invoice provider's own payload builder) for the buyer's company. An intent is a check, not a reservation. Answers
 * are cached per cart content: the intent body (lines, amounts, currency, buyer) is the key, so any change to the cart
 * or the company asks again.
 */
export async function preCheck(deps: PreCheckDeps, input: PreCheckInput): Promise<PreCheckOutcome> {
  const read = await readOpenCart(deps.query, input.cart_id)
  if (read.outcome !== "cart") return read
  const company = companyOfCart(input.company, read.cart, isPluginProviderId)
  if (!company) return { outcome: "refused", code: "TRADE_CREDIT_INVALID_PRE_CHECK", message: NO_COMPANY }
  const region = regionSettingsOfCart(read.cart, deps.options)
  const { cached, ...answer } = await checkCart(deps, read.cart, company, region)
  return { outcome: "answer", cart_id: read.cart.id, answer, cached: cached ?? false }
}

async function checkCart(
  deps: PreCheckDeps,
  cart: StoreCart,
  company: BuyerCompany,
  region: EffectiveRegionSettings,
): Promise<PreCheckAnswer & { cached?: boolean }> {
  const log = (message: string, ids?: LogIds) => logLine(deps.logger, "info", message, ids)
  let body
  try {
    const input = parseSessionInput({ company })
    body = buildIntentBody(cart, buildBuyer(input, cart, { representativeRequired: false }))
  } catch (error) {
    if (error instanceof PayloadError && error.code === "CART_NOT_SUPPORTED") {
      log(`Trade credit pre-check of cart ${cart.id}: not offered: ${error.message}`, {
        cart_id: cart.id,
        region_id: region.region_id,
        code: error.code,
      })
      return { available: false, reason: "cart_not_supported", message: error.message }
    }
    throw error
  }
  // The merchant's own rule for the region comes first: nothing is asked of the service for a method not offered.
  const refusal = ineligibilityOf(region, "invoice", { grossAmount: body.gross_amount, currency: body.currency })
  if (refusal) {
    log(`Trade credit pre-check of cart ${cart.id}: not offered: ${refusal.reason}`, {
      cart_id: cart.id,
      region_id: region.region_id,
      code: refusal.code,
    })
    return {
      available: false,
      reason: refusal.code === "TRADE_CREDIT_NOT_OFFERED" ? "not_offered" : "not_eligible",
      code: refusal.code,
      message: refusal.message,
    }
  }
  // What the service last said of the company (an arrears block, its limits): never cached, so an exit_ or limit
  // event lifts it at once; nothing is asked of the service for a cart it refuses.
  const amount = { grossAmount: body.gross_amount, currency: body.currency }
  const identities = new CompanyIdentities(deps.kept)
  const credit = await companyCreditRefusal({ companyCredits: deps.companyCredits, identities }, company, amount)
  if (credit) return companyCreditAnswer(deps, cart, region, credit)
  const key = `${cart.id}|${bodyDigest(body)}`
  const cached = await deps.cache.get<Decided>(key)
  if (cached) return { ...withRegionView(cached, region), cached: true }

  let answer: Decided
  try {
    const intent = await deps.client.orders.createIntent(body, { idempotencyKey: preCheckKey(cart.id, body) })
    answer = intent.approved
      ? { available: true }
      : { available: false, reason: "declined", decline_reason: intent.decline_reason ?? null }
    // The payment session the buyer starts next (on any instance) reuses the approved intent: no second check.
    if (intent.approved) await new IntentReuse(deps.kept).remember(IntentReuse.keyOf(cart.id, body), intent)
  } catch (error) {
    const kind = classifyServiceFailure(error)
    if (!kind) throw error
    const detail = describeServiceFailure(error)
    const ids = { cart_id: cart.id, region_id: region.region_id, ...errorIds(error) }
    if (kind === "rejected_key") {
      log(
        `Trade credit pre-check of cart ${cart.id}: the service refused the API key (${detail}): hiding trade credit`,
        ids,
      )
      return {
        available: false,
        reason: "not_configured",
        message: "Trade credit is not available in this store right now.",
      }
    }
    // A passing failure (or an unexpected answer) never hides the method: the session's own check decides.
    const what = kind === "unreachable" ? "service unreachable" : "service error"
    log(`Trade credit pre-check of cart ${cart.id}: ${what} (${detail}): still offering trade credit`, ids)
    return { available: true, degraded: true, reason: kind === "unreachable" ? "service_unreachable" : "service_error" }
  }
  if (!answer.available) {
    log(
      `Trade credit pre-check of cart ${cart.id}: declined (${answer.decline_reason ?? "no reason given"}): ` +
        `${region.hide_when_declined ? "hiding trade credit" : "showing it unavailable"}`,
      {
        cart_id: cart.id,
        region_id: region.region_id,
      },
    )
  }
  await deps.cache.set(key, answer, PRE_CHECK_CACHE_SECONDS)
  return withRegionView(answer, region)
}

/** The pre-check's answer to a cart its company's credit refuses, logged; shown greyed or hidden as the region says. */
function companyCreditAnswer(
  deps: Pick<PreCheckDeps, "logger">,
  cart: StoreCart,
  region: EffectiveRegionSettings,
  refusal: CompanyCreditRefusal,
): PreCheckAnswer {
  const blocked = refusal.code === "TRADE_CREDIT_ARREARS_BLOCK"
  const hide = blocked ? region.arrears_block_display === "hide" : region.hide_when_declined
  logLine(
    deps.logger,
    "info",
    `Trade credit pre-check of cart ${cart.id}: not offered: ${refusal.reason}: ` +
      `${hide ? "hiding trade credit" : "showing it unavailable"}`,
    { cart_id: cart.id, region_id: region.region_id, code: refusal.code },
  )
  return {
    available: false,
    reason: blocked ? "arrears_block" : "above_company_limit",
    code: refusal.code,
    hide,
    message: refusal.message,
  }
}

/** The service's decision as cached: the region's view of a decline is added on the way out, so a change holds at
 * once. */
type Decided = { available: true } | { available: false; reason: "declined"; decline_reason: string | null }

function withRegionView(answer: Decided, region: EffectiveRegionSettings): PreCheckAnswer {
  if (answer.available) return answer
  return { ...answer, hide: region.hide_when_declined, message: declineText(answer.decline_reason) }
}

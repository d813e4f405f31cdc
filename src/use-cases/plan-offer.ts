import type { TradeCreditClient } from "../client/index"
import { type BuiltLines, buildLines } from "../core/order/lines"
import { checkPeriodsWithinLimits, type PlanLimitFailure, type PlanLimits } from "../core/plan/plan-limits"
import { billingAddressOf } from "../core/plan/repayment-address"
import type { ResolvedCompany } from "../core/plan/repayment-company"
import {
  type EffectiveRegionSettings,
  type Ineligibility,
  ineligibilityOf,
  periodsRefusalOf,
  type RegionDefaults,
} from "../core/region/region-settings"
import { type CheckoutCart, regionSettingsOfCart } from "../medusa/cart-links"
import type { CompanyDetails } from "../service/schemas/company"
import type { BuyerCompany } from "../service/schemas/order"
import type { LogIds } from "../utils/log-line"
import type { TtlCache } from "../utils/ttl-cache"
import type { ServiceCall } from "./deps"
import { declineText } from "./errors"
import { checkPlanCredit } from "./plan-credit-check"
import { resolveRepaymentCompany } from "./repayment-company"

export type PlanOfferDeps = {
  client: Pick<TradeCreditClient, "companies" | "repayment">
  /** The region defaults of the plugin's options (its terms and capture). */
  options: RegionDefaults
  /** Runs one step against the service; its failures are the edge's to answer (the provider's, a store route's). */
  call: ServiceCall
}

export type PlanOfferInput = {
  cart: CheckoutCart
  company: BuyerCompany
  /** The numbers of months asked for (none: the limits alone are asked). */
  periods: number[]
  /** The amount Medusa will charge, when known: the cart's total must still be it (buildLines). */
  expectedTotal?: string
  /** The Medusa id the credit check is for (payment session, or cart for a preview): part of its idempotency key. */
  scope: string
  /** Registry answers already read (by canonical id): a returning buyer's company is not read again. */
  companies?: TtlCache<CompanyDetails>
  /** The ids the service steps are logged with. */
  ids?: LogIds
}

/** What the buyer may be offered: the cart's lines, the region's settings, the company and the check's limits. */
export type PlanOffer = {
  outcome: "offer"
  lines: BuiltLines
  /** The cart's currency, upper case. */
  currency: string
  region: EffectiveRegionSettings
  company: ResolvedCompany
  limits: PlanLimits
}

/** Why no plan is offered: a code of the catalogue and the buyer's words, each step's own. */
export type PlanRefusal =
  /** The region's rules (Settings → Trade credit): instalments off, a currency not served, a total outside limits. */
  | {
      outcome: "not_offered"
      code: Ineligibility["code"]
      message: string
      /** Why, for the log. */
      reason: string
      region: EffectiveRegionSettings
    }
  /** A number of months the merchant does not offer in the region (nothing was asked of the service). */
  | { outcome: "periods_not_offered"; code: "TRADE_CREDIT_INVALID_PERIODS"; number_of_periods: number; message: string }
  /** The service declined the buyer, or allows no plan duration. */
  | { outcome: "declined"; code: "TRADE_CREDIT_DECLINED"; reason: string; message: string }
  /** A number of months the check's limits do not allow (too few, too many, or an instalment above the maximum). */
  | {
      outcome: "periods_outside_limits"
      code: PlanLimitFailure["code"]
      number_of_periods: number
      message: string
      limits: PlanLimits
    }

export type PlanOfferOutcome = PlanOffer | PlanRefusal

/**
 * The plan offer of a cart, written once for the instalment provider's session and the store's preview: the cart's
 * lines, the region's rules (nothing is asked of the service for what the merchant does not offer), the buyer's
 * company (the registry's details), the service's credit check for the total, and whether each number of months
 * asked fits its limits.
 */
export async function offerPlan(deps: PlanOfferDeps, input: PlanOfferInput): Promise<PlanOfferOutcome> {
  const { cart, company, periods, ids } = input
  const lines = buildLines(cart, input.expectedTotal === undefined ? {} : { expectedTotal: input.expectedTotal })
  const currency = cart.currency_code.toUpperCase()
  const region = regionSettingsOfCart(cart, deps.options)
  const ineligible = ineligibilityOf(region, "instalments", { grossAmount: lines.gross_amount, currency })
  if (ineligible) return { outcome: "not_offered", ...ineligible, region }
  for (const n of periods) {
    const message = periodsRefusalOf(region, n)
    if (message)
      return { outcome: "periods_not_offered", code: "TRADE_CREDIT_INVALID_PERIODS", number_of_periods: n, message }
  }
  const resolved = await deps.call(
    "read the buyer's company",
    // The billing address is read in the step: a cart without one fails as this step, answered and logged by the edge.
    () => resolveRepaymentCompany(deps.client, company, billingAddressOf(cart), input.companies),
    ids,
  )
  const check = await deps.call(
    "check the buyer's credit",
    () => checkPlanCredit(deps.client, { company: resolved, amount: lines.gross_amount, currency, scope: input.scope }),
    ids,
  )
  if (!check.approved)
    return {
      outcome: "declined",
      code: "TRADE_CREDIT_DECLINED",
      reason: check.reason,
      message: declineText(check.reason),
    }
  const fit = checkPeriodsWithinLimits(lines.gross_amount, periods, check.limits)
  if (!fit.ok)
    return {
      outcome: "periods_outside_limits",
      code: fit.code,
      number_of_periods: fit.number_of_periods,
      message: fit.message,
      limits: check.limits,
    }
  return { outcome: "offer", lines, currency, region, company: resolved, limits: check.limits }
}

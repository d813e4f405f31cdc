import type { TradeCreditClient } from "../client/index"
import { type BuiltLines, buildLines } from "../core/order/lines"
import { checkPeriodsWithinLimits, type PlanLimitFailure, type PlanLimits } from "../core/plan/plan-limits"
import { billingAddressOf } from "../core/plan/repayment-address"
import { nationalIdentifierOf, repaymentCountryOf, type ResolvedCompany } from "../core/plan/repayment-company"
import {
  type EffectiveRegionSettings,
  type Ineligibility,
  ineligibilityOf,
  periodsRefusalOf,
  type RegionDefaults,
} from "../core/region/region-settings"
import type { CompanyCreditCode } from "../core/region/company-credit-rule"
import { type CheckoutCart, regionSettingsOfCart } from "../medusa/cart-links"
import type { CompanyDetails } from "../service/schemas/company"
import type { BuyerCompany } from "../service/schemas/order"
import type { LogIds } from "../utils/log-line"
import type { TtlCache } from "../utils/ttl-cache"
import { companyCreditRefusal, type CompanyCredits } from "./company-credits"
import type { ServiceCall } from "./deps"
import { declineText } from "./errors"
import type { CompanyIdentities, CompanyIdentity, PlanCheckReuse } from "./plan-check-reuse"
import { checkPlanCredit, type PlanCheckCompany, type PlanCreditCheck } from "./plan-credit-check"
import { resolveRepaymentCompany } from "./repayment-company"

export type PlanOfferDeps = {
  client: Pick<TradeCreditClient, "companies" | "repayment">
  /** The region defaults of the plugin's options (its terms and capture). */
  options: RegionDefaults
  /** Runs one step against the service; its failures are the edge's to answer (the provider's, a store route's). */
  call: ServiceCall
  /** What the service last said of buyer companies' credit and arrears (its webhook events). */
  companyCredits: CompanyCredits
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
  /** Approved checks already held (plan-check-reuse.ts): an unchanged cart and company is not checked again. */
  checks?: PlanCheckReuse
  /** What the company search said of a canonical id: the company is then checked while its details are read. */
  identities?: CompanyIdentities
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
  /**
   * What the service last said of the company: an arrears block, or a total above its maximum single order value or
   * remaining credit (nothing was asked of the service).
   */
  | { outcome: "company_credit"; code: CompanyCreditCode; message: string; reason: string }
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
 * lines, the region's rules (nothing is asked of the service for what the merchant does not offer), what the
 * service's events said of the company's credit (an arrears block, its limits: nothing asked either), the buyer's
 * company (the registry's details), the service's credit check for the total, and whether each number of months
 * asked fits its limits.
 *
 * The check needs the company's country, identifier and name. A company given by number has them; a canonical id the
 * checkout's search answered (`identities`) has them too, and is checked while its registry details are read (both
 * at once); else the details are read first. `alongside` (the preview's schedules) starts with the check and is
 * answered only with an offer: a failure of the company read or the check is thrown first, as when they run alone.
 */
export async function offerPlan(deps: PlanOfferDeps, input: PlanOfferInput): Promise<PlanOfferOutcome> {
  return (await offerPlanAlongside(deps, input, undefined)).offer
}

/** `offerPlan`, with a step run at the same time as the company read and the check (see `offerPlan`). */
export async function offerPlanAlongside<T>(
  deps: PlanOfferDeps,
  input: PlanOfferInput,
  alongside: ((offered: { lines: BuiltLines; currency: string }) => Promise<T>) | undefined,
): Promise<{ offer: PlanOfferOutcome; alongside?: T }> {
  const { cart, periods } = input
  const lines = buildLines(cart, input.expectedTotal === undefined ? {} : { expectedTotal: input.expectedTotal })
  const currency = cart.currency_code.toUpperCase()
  const region = regionSettingsOfCart(cart, deps.options)
  const ineligible = ineligibilityOf(region, "instalments", { grossAmount: lines.gross_amount, currency })
  if (ineligible) return { offer: { outcome: "not_offered", ...ineligible, region } }
  for (const n of periods) {
    const message = periodsRefusalOf(region, n)
    if (message)
      return {
        offer: { outcome: "periods_not_offered", code: "TRADE_CREDIT_INVALID_PERIODS", number_of_periods: n, message },
      }
  }
  const credit = await companyCreditRefusal(
    { companyCredits: deps.companyCredits, ...(input.identities && { identities: input.identities }) },
    input.company,
    { grossAmount: lines.gross_amount, currency },
  )
  if (credit) return { offer: { outcome: "company_credit", ...credit } }
  const side = alongside?.({ lines, currency })
  // Handled now: its failure is answered only when an offer needs its result (never an unhandled rejection).
  side?.catch(() => undefined)
  const settleSide = async () => {
    await Promise.allSettled([side])
  }
  let resolved: ResolvedCompany
  let check: PlanCreditCheck
  try {
    ;({ resolved, check } = await companyAndCheck(deps, input, lines.gross_amount, currency))
  } catch (error) {
    await settleSide()
    throw error
  }
  const refusal = refusalOf(lines.gross_amount, periods, check)
  if (refusal) {
    await settleSide()
    return { offer: refusal }
  }
  const limits = (check as Extract<PlanCreditCheck, { approved: true }>).limits
  const offer: PlanOffer = { outcome: "offer", lines, currency, region, company: resolved, limits }
  return side === undefined ? { offer } : { offer, alongside: await side }
}

function refusalOf(grossAmount: string, periods: number[], check: PlanCreditCheck): PlanRefusal | undefined {
  if (!check.approved)
    return {
      outcome: "declined",
      code: "TRADE_CREDIT_DECLINED",
      reason: check.reason,
      message: declineText(check.reason),
    }
  const fit = checkPeriodsWithinLimits(grossAmount, periods, check.limits)
  if (fit.ok) return undefined
  return {
    outcome: "periods_outside_limits",
    code: fit.code,
    number_of_periods: fit.number_of_periods,
    message: fit.message,
    limits: check.limits,
  }
}

/**
 * The company's details and the credit check: at once when the search named the company (`identities`) and its
 * details are not held yet, else one after the other. The check made at once is kept only when the details read
 * name the same company (country, identifier, name); else the company is checked again as the registry names it.
 */
async function companyAndCheck(
  deps: PlanOfferDeps,
  input: PlanOfferInput,
  amount: string,
  currency: string,
): Promise<{ resolved: ResolvedCompany; check: PlanCreditCheck }> {
  const { cart, company, ids } = input
  const resolve = () =>
    deps.call(
      "read the buyer's company",
      // The billing address is read in the step: a cart without one fails as this step, answered by the edge.
      () => resolveRepaymentCompany(deps.client, company, billingAddressOf(cart), input.companies),
      ids,
    )
  const check = (checked: PlanCheckCompany) =>
    deps.call(
      "check the buyer's credit",
      () =>
        checkPlanCredit(deps.client, {
          company: checked,
          amount,
          currency,
          scope: input.scope,
          ...(input.checks && { reuse: { checks: input.checks, cartId: cart.id } }),
        }),
      ids,
    )
  const early = await earlyIdentityOf(input)
  if (!early) {
    const resolved = await resolve()
    return { resolved, check: await check(resolved) }
  }
  const [resolving, checking] = await Promise.allSettled([resolve(), check(early)])
  // The company read's failure first: alone, it would have been the only step run.
  if (resolving.status === "rejected") throw resolving.reason
  const resolved = resolving.value
  if (!sameCompany(early, resolved)) return { resolved, check: await check(resolved) }
  if (checking.status === "rejected") throw checking.reason
  return { resolved, check: checking.value }
}

/** The check's company from what the search answered, for a canonical id whose details are not held; else nothing. */
async function earlyIdentityOf(input: PlanOfferInput): Promise<PlanCheckCompany | undefined> {
  const { company } = input
  if (!("company_canonical_id" in company) || !input.identities) return undefined
  const id = company.company_canonical_id
  if (input.companies?.get(id)) return undefined
  const identity = await input.identities.get(id)
  return identity && checkCompanyOf(identity)
}

function checkCompanyOf(identity: CompanyIdentity): PlanCheckCompany | undefined {
  try {
    return {
      country_code: repaymentCountryOf(identity.country),
      national_identifier: nationalIdentifierOf(identity.national_identifier),
      company_name: identity.name.slice(0, 255),
    }
  } catch {
    // Not a company the check could be sent for as the search gave it: the registry's details decide.
    return undefined
  }
}

/** The same company to the service: country, identifier (spaces and dashes ignored, as the service does), name. */
function sameCompany(a: PlanCheckCompany, b: PlanCheckCompany): boolean {
  const id = (value: string) => value.replace(/[\s-]/g, "").toUpperCase()
  return (
    a.country_code === b.country_code &&
    id(a.national_identifier) === id(b.national_identifier) &&
    a.company_name === b.company_name
  )
}

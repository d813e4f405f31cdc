import { MedusaError } from "@medusajs/framework/utils"
import type { CompanyDetails } from "../service/schemas/company"
import { Money } from "../core/money/money"
import { awaitingCompany } from "../core/order/payment-data"
import type { TradeCreditPlanData } from "../core/plan/plan-data"
import { invalidSessionData, parsePlanSessionInput } from "../core/plan/plan-session-input"
import { accountReferenceOf, buildAccountBody, buyerKeyOf } from "../core/plan/repayment-account-body"
import { type CheckoutCart, SESSION_CART_FIELDS, withCustomerCompany } from "../medusa/cart-links"
import { companyCreditsOf } from "../medusa/company-credits"
import { tradeCreditModuleOf } from "../medusa/plan-store"
import type { LogIds } from "../utils/log-line"
import { assertNever } from "../utils/assert-never"
import type { TtlCache } from "../utils/ttl-cache"
import { companyCreditError } from "./company-credits"
import type { ProviderDeps } from "./deps"
import { declined } from "./errors"
import type { CompanyIdentities, PlanCheckReuse } from "./plan-check-reuse"
import { offerPlan, type PlanRefusal } from "./plan-offer"
import { notOfferedError } from "./region-offer"
import { ensureRepaymentAccount } from "./repayment-account"

export type PlanBuyerCheck = {
  sessionId: string
  /** The storefront's input (storefrontInputOf: never a plan id of an old session). */
  given: Record<string, unknown>
  /** The payment session's amount (Medusa's cart total), when Medusa gave one. */
  amount: unknown
  /** The buyer: `customerId` (the customer, or the account holder's buyer) and whether one is logged in (`loggedIn`).
   * */
  buyer: { customerId?: string; loggedIn?: string }
  /** The registry's answers by canonical id, so a returning buyer's company is not read again each session. */
  companies: TtlCache<CompanyDetails>
  /** Approved checks already held (plan-check-reuse.ts): a refreshed or restarted session of an unchanged cart reuses
   * its check. */
  checks?: PlanCheckReuse
  /** What the company search said of a canonical id: a searched company is checked while its details are read. */
  identities?: CompanyIdentities
}

type Deps = Pick<ProviderDeps, "client" | "options" | "logger" | "call" | "fail" | "readCart" | "medusa">

/**
 * The session's credit check and account for monthly instalments: the cart as it is now (one Query), the plan offer
 * (plan-offer.ts: the region's offer, the buyer's company, the service's limits for the total), and the buyer's
 * repayment account (made once per buyer and company, reused). A storefront that starts the session before it knows
 * the company gets a pending session naming what is missing, and starts it again with the company. The data tells
 * the storefront which terms it may offer.
 */
export async function checkPlanBuyer(
  deps: Deps,
  { sessionId, given, amount, buyer, companies, checks, identities }: PlanBuyerCheck,
): Promise<TradeCreditPlanData> {
  // A guest who names no company has none to find: nothing is read.
  if ((given.company === undefined || given.company === null) && !buyer.loggedIn)
    return awaitingCompany(given, sessionId)
  // The cart and its region's settings: one Query.
  const cart = await deps.readCart<CheckoutCart>(sessionId, SESSION_CART_FIELDS)
  // A customer enrolled as a sole trader buys with the enrollment's company when the storefront names none.
  const filled = await withCustomerCompany(given, cart, {
    customerId: buyer.loggedIn,
    tradeAccounts: false,
    tradeCredit: deps.medusa.tradeCredit,
  })
  const input = parsePlanSessionInput(filled, { requireCompany: false })
  if (!input.company) return awaitingCompany(filled, sessionId)

  const ids = { payment_session_id: sessionId, cart_id: cart.id }
  const companyCredits = companyCreditsOf(deps.medusa, deps.logger)
  const offer = await offerPlan(
    { ...deps, companyCredits },
    {
      cart,
      company: input.company,
      periods: input.number_of_periods === undefined ? [] : [input.number_of_periods],
      ...(amount !== undefined && { expectedTotal: Money.fromMedusa(amount).roundToCents().toDecimal() }),
      scope: sessionId,
      companies,
      ids,
      ...(checks && { checks }),
      ...(identities && { identities }),
    },
  )
  if (offer.outcome !== "offer") throw refusalError(deps, offer, { sessionId, cartId: cart.id }, ids)
  const { lines, region, limits, company } = offer

  // A logged-in customer is the buyer; a guest is known by the cart's email.
  const buyerKey = buyerKeyOf(buyer.customerId, cart.email)
  if (!buyerKey)
    throw invalidSessionData("the cart has no email: give the buyer's email before choosing instalments", "email")
  const body = buildAccountBody(input, cart, company, accountReferenceOf(buyerKey, company.company_key))
  const account = await deps.call(
    "set up the buyer's repayment account",
    () =>
      ensureRepaymentAccount(deps.client, tradeCreditModuleOf(deps.medusa), {
        buyerKey,
        companyKey: company.company_key,
        body,
      }),
    ids,
  )
  return {
    ...given,
    session_id: sessionId,
    account_id: account.account_id,
    gross_amount: lines.gross_amount,
    ...limits,
    // What the region offers (null: every number the limits allow): the storefront kit's instalmentChoices reads it.
    offered_periods: region.instalment_periods,
    ...(input.number_of_periods !== undefined && { number_of_periods: input.number_of_periods }),
  }
}

/** The provider's answer to a plan not offered: the error Medusa's payment routes answer, each logged as it was. */
function refusalError(
  deps: Pick<Deps, "logger" | "fail">,
  refusal: PlanRefusal,
  session: { sessionId: string; cartId: string },
  ids: LogIds,
): MedusaError {
  switch (refusal.outcome) {
    case "not_offered":
      return notOfferedError(deps.logger, refusal.region, "instalments", refusal, session)
    case "company_credit":
      return companyCreditError(deps.logger, refusal, ids)
    case "periods_not_offered":
      return new MedusaError(MedusaError.Types.INVALID_DATA, refusal.message, refusal.code)
    case "declined":
      // Answered and logged as the failed step it is.
      return deps.fail("check the buyer's credit", declined(refusal.reason), ids)
    case "periods_outside_limits":
      return invalidSessionData(refusal.message, "number_of_periods")
    default:
      return assertNever(refusal, "plan refusal")
  }
}

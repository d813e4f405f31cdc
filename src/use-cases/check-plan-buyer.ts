import { MedusaError } from "@medusajs/framework/utils"
import type { CompanyDetails } from "../service/schemas/company"
import { buildLines } from "../core/order/lines"
import { centsOf } from "../core/money/decimal"
import { awaitingCompany } from "../core/order/payment-data"
import type { TradeCreditPlanData } from "../core/plan/plan-data"
import { assertWithinLimits, invalidSessionData, parsePlanSessionInput } from "../core/plan/plan-session-input"
import { accountReferenceOf, buildAccountBody, buyerKeyOf } from "../core/plan/repayment-account-body"
import { billingAddressOf } from "../core/plan/repayment-address"
import { periodsRefusalOf } from "../core/region/region-settings"
import { type CheckoutCart, regionSettingsOfCart, SESSION_CART_FIELDS, withCustomerCompany } from "../medusa/cart-links"
import { checkPlanCredit } from "./plan-credit-check"
import { tradeCreditModuleOf } from "../medusa/plan-store"
import type { ProviderDeps } from "./deps"
import { assertOfferedInRegion } from "./region-offer"
import { ensureRepaymentAccount } from "./repayment-account"
import { resolveRepaymentCompany } from "./repayment-company"
import type { TtlCache } from "../utils/ttl-cache"

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
}

/**
 * The session's credit check and account for monthly instalments: the cart as it is now (one Query), the region's
 * offer, the buyer's company, the service's limits for the total, and the buyer's repayment account (made once per
 * buyer and company, reused). A storefront that starts the session before it knows the company gets a pending session
 * naming what is missing, and starts it again with the company. The data tells the storefront which terms it may offer.
 */
export async function checkPlanBuyer(
  deps: Pick<ProviderDeps, "client" | "options" | "logger" | "call" | "readCart" | "medusa">,
  { sessionId, given, amount, buyer, companies }: PlanBuyerCheck,
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
  const company = input.company

  const lines = buildLines(cart, amount === undefined ? {} : { expectedTotal: centsOf(amount).toFixed(2) })
  // The merchant's settings for the cart's region (Settings → Trade credit): instalments offered, for this total?
  const region = regionSettingsOfCart(cart, deps.options)
  const ids = { payment_session_id: sessionId, cart_id: cart.id }
  assertOfferedInRegion(
    deps.logger,
    region,
    "instalments",
    { grossAmount: lines.gross_amount, currency: cart.currency_code },
    { sessionId, cartId: cart.id },
  )
  // The numbers of months the merchant offers in the region, before anything is asked of the service.
  const notOffered =
    input.number_of_periods === undefined ? undefined : periodsRefusalOf(region, input.number_of_periods)
  if (notOffered) throw new MedusaError(MedusaError.Types.INVALID_DATA, notOffered, "TRADE_CREDIT_INVALID_PERIODS")
  const currency = cart.currency_code.toUpperCase()
  const resolved = await deps.call(
    "read the buyer's company",
    () => resolveRepaymentCompany(deps.client, company, billingAddressOf(cart), companies),
    ids,
  )
  const limits = await deps.call(
    "check the buyer's credit",
    () => checkPlanCredit(deps.client, { company: resolved, amount: lines.gross_amount, currency, scope: sessionId }),
    ids,
  )
  if (input.number_of_periods !== undefined) assertWithinLimits(lines.gross_amount, input.number_of_periods, limits)

  // A logged-in customer is the buyer; a guest is known by the cart's email.
  const buyerKey = buyerKeyOf(buyer.customerId, cart.email)
  if (!buyerKey)
    throw invalidSessionData("the cart has no email: give the buyer's email before choosing instalments", "email")
  const body = buildAccountBody(input, cart, resolved, accountReferenceOf(buyerKey, resolved.company_key))
  const account = await deps.call(
    "set up the buyer's repayment account",
    () =>
      ensureRepaymentAccount(deps.client, tradeCreditModuleOf(deps.medusa), {
        buyerKey,
        companyKey: resolved.company_key,
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

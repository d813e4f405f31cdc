import type { TradeCreditClient } from "../client/index"
import { repaymentCurrencyOf } from "../core/plan/plan-body"
import { limitsOf, type PlanLimits } from "../core/plan/plan-limits"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import type { ResolvedCompany } from "../core/plan/repayment-company"
import { type PlanCheckBody, PlanCheckReuse } from "./plan-check-reuse"

/** What the check sends of the company. */
export type PlanCheckCompany = Pick<ResolvedCompany, "country_code" | "national_identifier" | "company_name">

export type PlanCreditCheckInput = {
  company: PlanCheckCompany
  /** The cart total, money ("1234.50"). */
  amount: string
  currency: string
  /** The Medusa id the check is for (payment session, or cart for a preview): part of the idempotency key. */
  scope: string
  /** Approved checks already held, and the cart they are for: an unchanged cart and body is not checked again. */
  reuse?: { checks: PlanCheckReuse; cartId: string }
}

/** The service's decision: the limits the buyer may choose within, or why nothing is offered (the plugin's words). */
export type PlanCreditCheck = { approved: true; limits: PlanLimits } | { approved: false; reason: string }

/**
 * The service's credit check of monthly instalments for this company and amount: the limits when APPROVED,
 * intersected with the plan duration (3 to 36 months). A DECLINED check, or one that allows no duration in that
 * range, is not approved; the caller answers it TRADE_CREDIT_DECLINED, as the invoice provider does.
 */
export async function checkPlanCredit(
  client: Pick<TradeCreditClient, "repayment">,
  input: PlanCreditCheckInput,
): Promise<PlanCreditCheck> {
  const body = {
    country_code: input.company.country_code,
    national_identifier: input.company.national_identifier,
    company_name: input.company.company_name,
    amount: input.amount,
    currency: repaymentCurrencyOf(input.currency),
    instalment_period: "MONTHLY" as const,
  } satisfies PlanCheckBody
  const reuseKey = input.reuse && PlanCheckReuse.keyOf(input.reuse.cartId, body)
  const held = reuseKey === undefined ? undefined : await input.reuse!.checks.get(reuseKey)
  if (held) return { approved: true, limits: held }
  // A fresh idempotency key per check (contract notes, "Instalments"): a fixed one would replay a stale decision.
  const check = await client.repayment.creditCheck(body, { idempotencyKey: planKeys.creditCheck(input.scope) })
  const limits = limitsOf(check)
  if (limits) {
    if (reuseKey !== undefined) await input.reuse!.checks.remember(reuseKey, limits)
    return { approved: true, limits }
  }
  const offered = `monthly instalments of ${input.amount} ${body.currency}`
  return { approved: false, reason: `${offered} are not offered to ${input.company.company_name}` }
}

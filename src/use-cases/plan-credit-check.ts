import type { TradeCreditClient } from "../client/index"
import { repaymentCurrencyOf } from "../core/plan/plan-body"
import { limitsOf, type PlanLimits } from "../core/plan/plan-limits"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import type { ResolvedCompany } from "../core/plan/repayment-company"

export type PlanCreditCheckInput = {
  company: ResolvedCompany
  /** The cart total, money ("1234.50"). */
  amount: string
  currency: string
  /** The Medusa id the check is for (payment session, or cart for a preview): part of the idempotency key. */
  scope: string
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
  }
  const check = await client.repayment.creditCheck(body, { idempotencyKey: planKeys.creditCheck(input.scope) })
  const limits = limitsOf(check)
  if (limits) return { approved: true, limits }
  const offered = `monthly instalments of ${input.amount} ${body.currency}`
  return { approved: false, reason: `${offered} are not offered to ${input.company.company_name}` }
}

import { Money } from "../money/money"
import { splitRepaymentAmount } from "../../service/repayment-schedule"
import { MAX_PLAN_MONTHS, MIN_PLAN_MONTHS } from "../../service/plan-periods"
import type { CreditCheckResult } from "../../service/schemas/repayment"

/** The terms an APPROVED credit check allows, as kept in the session data. */
export type PlanLimits = {
  minimum_instalments: number
  maximum_instalments: number
  /** Money, "16666.66". */
  maximum_instalment_amount: string
  currency: string
}

export type PlanLimitFailure = {
  ok: false
  code: "TRADE_CREDIT_INVALID_PERIODS" | "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS" | "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT"
  number_of_periods: number
  message: string
}

/** The seed's plan duration, as the message of TRADE_CREDIT_INVALID_PERIODS says it. */
export const PLAN_MONTHS_MESSAGE =
  `number_of_periods must be a whole number of months from ${MIN_PLAN_MONTHS} ` + `to ${MAX_PLAN_MONTHS}`

/** Whether a number of months is a plan duration the service allows (the seed: 3 to 36 months). */
export const isPlanDuration = (n: number) => Number.isInteger(n) && n >= MIN_PLAN_MONTHS && n <= MAX_PLAN_MONTHS

/**
 * The terms of an APPROVED check, intersected with the seed's plan duration
 * (3 to 36 months): the buyer is offered only what both allow. A DECLINED
 * check, or one whose terms all fall outside 3 to 36, offers nothing.
 */
export function limitsOf(check: CreditCheckResult): PlanLimits | undefined {
  if (check.decision !== "APPROVED") return undefined
  const minimum = Math.max(MIN_PLAN_MONTHS, check.minimum_instalments)
  const maximum = Math.min(MAX_PLAN_MONTHS, check.maximum_instalments)
  if (minimum > maximum) return undefined
  return {
    minimum_instalments: minimum,
    maximum_instalments: maximum,
    maximum_instalment_amount: check.maximum_instalment_amount,
    currency: check.currency,
  }
}

/** The largest instalment of `total` over `numberOfPeriods` months (the last one, which takes the remainder). */
export function largestInstalment(total: string, numberOfPeriods: number): string {
  const [first, ...rest] = splitRepaymentAmount(total, numberOfPeriods).map((amount) => Money.fromDecimal(amount))
  return Money.max(first, ...rest).toDecimal()
}

/**
 * Whether each number of periods is a plan duration (3 to 36 months:
 * TRADE_CREDIT_INVALID_PERIODS otherwise) and fits the credit check: between
 * its minimum and maximum number of instalments, and no instalment above its
 * maximum monthly amount (the service would reject the plan's funding
 * otherwise). Exact (the service's own split of the total, in cents).
 */
export function checkPeriodsWithinLimits(
  total: string,
  periods: number[],
  limits: PlanLimits,
): { ok: true } | PlanLimitFailure {
  for (const n of periods) {
    if (!isPlanDuration(n)) {
      return {
        ok: false,
        code: "TRADE_CREDIT_INVALID_PERIODS",
        number_of_periods: n,
        message: `${PLAN_MONTHS_MESSAGE} (got ${n})`,
      }
    }
    if (n < limits.minimum_instalments || n > limits.maximum_instalments) {
      return {
        ok: false,
        code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS",
        number_of_periods: n,
        message:
          `${n} monthly instalments are not offered for this purchase: choose from ` +
          `${limits.minimum_instalments} to ${limits.maximum_instalments}`,
      }
    }
    const largest = largestInstalment(total, n)
    if (Money.fromDecimal(largest).gt(limits.maximum_instalment_amount)) {
      return {
        ok: false,
        code: "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT",
        number_of_periods: n,
        message:
          `Over ${n} months an instalment would be ${largest} ${limits.currency}, ` +
          `above the ${limits.maximum_instalment_amount} ${limits.currency} a month ` +
          `allowed: choose more instalments`,
      }
    }
  }
  return { ok: true }
}

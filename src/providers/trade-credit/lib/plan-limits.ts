import BigNumber from "bignumber.js"
import { splitRepaymentAmount } from "../../../service/repayment-schedule"
import type { CreditCheckResult } from "../../../service/schemas"

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
  code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS" | "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT"
  number_of_periods: number
  message: string
}

/** The limits of an APPROVED check (a DECLINED one has none). */
export function limitsOf(check: CreditCheckResult): PlanLimits | undefined {
  if (check.decision !== "APPROVED") return undefined
  if (check.minimum_instalments == null || check.maximum_instalments == null || check.maximum_instalment_amount == null) {
    return undefined
  }
  return {
    minimum_instalments: check.minimum_instalments,
    maximum_instalments: check.maximum_instalments,
    maximum_instalment_amount: check.maximum_instalment_amount,
    currency: check.currency,
  }
}

/** The largest instalment of `total` over `numberOfPeriods` months (the last one, which takes the remainder). */
export function largestInstalment(total: string, numberOfPeriods: number): string {
  const amounts = splitRepaymentAmount(total, numberOfPeriods)
  return BigNumber.max(...amounts).toFixed(2)
}

/**
 * Whether each number of periods fits the credit check: between its minimum
 * and maximum number of instalments, and no instalment above its maximum
 * monthly amount (the service would reject the plan's funding otherwise).
 * Exact (the service's own split of the total, in cents).
 */
export function checkPeriodsWithinLimits(
  total: string,
  periods: number[],
  limits: PlanLimits
): { ok: true } | PlanLimitFailure {
  for (const n of periods) {
    if (n < limits.minimum_instalments || n > limits.maximum_instalments) {
      return {
        ok: false,
        code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS",
        number_of_periods: n,
        message: `${n} monthly instalments are not offered for this purchase: choose from ${limits.minimum_instalments} to ${limits.maximum_instalments}`,
      }
    }
    const largest = largestInstalment(total, n)
    if (new BigNumber(largest).gt(limits.maximum_instalment_amount)) {
      return {
        ok: false,
        code: "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT",
        number_of_periods: n,
        message: `Over ${n} months an instalment would be ${largest} ${limits.currency}, above the ${limits.maximum_instalment_amount} ${limits.currency} a month allowed: choose more instalments`,
      }
    }
  }
  return { ok: true }
}

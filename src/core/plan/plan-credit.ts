import type { PlanCredit, PlanStatus } from "../../service/schemas/repayment"
import { Money, type MedusaAmount } from "../money/money"
import { type TradeCreditPlanData, withPlanStatus } from "./plan-data"

/*
 * What a refund of a repayment plan asks of the service, decided from the plan's status as the service has it now (read
 * back first). Pure: the provider reads, calls and records; these decide. A plan is credited, never refunded line by
 * line: what may be credited is what was invoiced and not credited yet (instalments not invoiced are cancelled).
 */

export type PlanCreditDecision =
  /** This refund's credit was made and its answer lost: adopted, no call. `data` records it. */
  | { action: "adopt"; data: TradeCreditPlanData }
  /** Refused before any call: nothing, or more than what is creditable. */
  | { action: "refuse"; message: string }
  /** Credit `amount` (money, "120.00"). */
  | { action: "credit"; amount: string }

/** True when the data records a credit of Medusa's refund `refundId` already (a refund made twice). */
export function hasCreditOf(data: Pick<TradeCreditPlanData, "credits">, refundId: string): boolean {
  return (data.credits ?? []).some((c) => c.refund_reference === refundId)
}

/**
 * What may be credited now: invoiced and not credited yet; undefined (unknown) when the status does not say what was
 * invoiced (the published status may leave it out). The credits the data records (`recorded`) stand for
 * `credited_amount` when the status leaves that out (the contract's field, not published).
 */
export function creditableOf(
  status: Pick<PlanStatus, "invoiced_amount" | "credited_amount">,
  recorded: Money = Money.ZERO,
): Money | undefined {
  if (status.invoiced_amount === null) return undefined
  return Money.fromDecimal(status.invoiced_amount).minus(status.credited_amount ?? recorded)
}

/**
 * A refund of `amount` under Medusa's refund id `refundId`. A credit whose answer never reached Medusa (a timeout or a
 * broken answer: Medusa rolled its refund back and this is the retry, under a new refund id) shows as credited at the
 * service beyond the credits the data records; when that is exactly this amount it is adopted, not credited twice (the
 * service lists no credits to match on). Anything above what is creditable, or nothing, is refused.
 */
export function planPlanCredit(
  data: TradeCreditPlanData,
  status: PlanStatus,
  given: { amount: MedusaAmount; refundId: string; currency: string },
): PlanCreditDecision {
  const { refundId, currency } = given
  const amount = Money.fromMedusa(given.amount, "refund amount")
  const recorded = Money.sum((data.credits ?? []).map((c) => c.amount))
  // A credit made and lost can be told only from the service's credited amount (absent: nothing to adopt by).
  if (
    amount.isPositive() &&
    status.credited_amount !== null &&
    Money.fromDecimal(status.credited_amount).minus(recorded).eq(amount)
  ) {
    const adopted = { id: "unrecorded", amount: amount.toDecimal(), refund_reference: refundId }
    return { action: "adopt", data: { ...withPlanStatus(data, status), credits: [...(data.credits ?? []), adopted] } }
  }
  const creditable = creditableOf(status, recorded)
  if (!amount.isPositive())
    return {
      action: "refuse",
      message: `Cannot refund ${amount.toDecimal()} ${currency} of this repayment plan: nothing to refund`,
    }
  // What was invoiced is unknown (the status left it out): the service decides (it refuses a credit above it, 409).
  if (creditable === undefined) return { action: "credit", amount: amount.toDecimal() }
  if (amount.gt(creditable)) {
    return {
      action: "refuse",
      message:
        `Cannot refund ${amount.toDecimal()} ${currency} of this repayment plan: ` +
        `${creditable.toDecimal()} ${currency} is creditable ` +
        "(invoiced and not yet credited). Instalments not yet invoiced are cancelled, not refunded.",
    }
  }
  return { action: "credit", amount: amount.toDecimal() }
}

/** Stored data after a credit the service made: the credit recorded under the refund id, the credited amount with it.
 * */
export function withCredit(
  data: TradeCreditPlanData,
  status: PlanStatus,
  credit: Pick<PlanCredit, "id" | "amount">,
  refundId: string,
): TradeCreditPlanData {
  const recorded = Money.sum((data.credits ?? []).map((c) => c.amount))
  const credited = (status.credited_amount === null ? recorded : Money.fromDecimal(status.credited_amount)).plus(
    credit.amount,
  )
  return {
    ...withPlanStatus(data, { ...status, credited_amount: credited.toDecimal() }),
    credits: [...(data.credits ?? []), { id: credit.id, amount: credit.amount, refund_reference: refundId }],
  }
}

import type { Cancellation, CancellationAnswer } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { invalidState } from "../errors"
import type { PlanRecord } from "../state/repayment"
import { newRepaymentUuid } from "./ids"
import { money, sumOf } from "./money"

/**
 * PUT /plan/{plan_id}/cancellation: every instalment not yet invoiced becomes
 * CANCELLED (in any funding or fulfilment state); answers the cancellation,
 * `cancelled_repayment_amount` the sum of the instalments it cancelled. A plan
 * cancelled before answers its cancellation again, unchanged. A plan whose
 * instalments are all invoiced has nothing left to cancel: 409 (credit it instead).
 */
export function cancelPlan(ctx: SimulatorContext, record: PlanRecord, body: Cancellation): CancellationAnswer {
  if (record.cancellation) {
    const { received_at: _received, ...answer } = record.cancellation
    return answer
  }
  const open = record.plan.instalments.filter((i) => i.status === "PLANNED")
  if (open.length === 0) {
    throw invalidState(
      `Every instalment of plan ${record.plan.id} is invoiced: nothing is left to cancel (credit the plan instead)`,
    )
  }
  for (const instalment of open) instalment.status = "CANCELLED"
  const answer: CancellationAnswer = {
    id: newRepaymentUuid(),
    cancelled_at: body.cancelled_at,
    cancelled_repayment_amount: money(sumOf(open, (i) => i.repayment_amount)),
    currency: record.plan.currency,
    cancel_reason: body.cancel_reason,
  }
  record.cancellation = { ...answer, received_at: ctx.clock.iso() }
  return answer
}

import type { PlanCancellationRequest, RepaymentPlan } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState } from "../errors"
import type { PlanRecord } from "../state/repayment"

/**
 * PUT /cancellation: every instalment not yet invoiced becomes CANCELLED (in
 * any funding or fulfilment state); answers the plan. A plan cancelled before
 * answers the plan again, unchanged. A plan whose instalments are all
 * invoiced has nothing left to cancel: 409 INVALID_STATE (credit it instead).
 */
export function cancelPlan(ctx: SimulatorContext, record: PlanRecord, body: PlanCancellationRequest): RepaymentPlan {
  if (record.cancellation) return record.plan
  const open = record.plan.instalments.filter((i) => i.status === "PLANNED")
  if (open.length === 0) {
    throw invalidState(`Every instalment of plan ${record.plan.id} is invoiced: nothing is left to cancel (credit the plan instead)`)
  }
  for (const instalment of open) instalment.status = "CANCELLED"
  record.cancellation = { cancel_reason: body.cancel_reason, cancelled_at: body.cancelled_at, received_at: ctx.clock.iso() }
  return record.plan
}

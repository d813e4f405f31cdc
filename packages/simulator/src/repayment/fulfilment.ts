import type { StatusAnswer } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { invalidState } from "../errors"
import type { PlanRecord } from "../state/repayment"
import { planStatus } from "./plans"

/**
 * PUT /fulfilment: only an ACCEPTED plan that is not cancelled (409
 * otherwise). Starts payout and invoicing: the fulfilment is PENDING, and
 * SUCCEEDED once the fulfilment delay is over (or as the control API says).
 * A plan already PENDING or SUCCEEDED answers its status again; a FAILED one
 * starts over. An `invoice_grouping_key` is kept with the fulfilment.
 */
export function fulfilPlan(ctx: SimulatorContext, record: PlanRecord, groupingKey?: string): StatusAnswer {
  if (record.funding.status !== "ACCEPTED") {
    throw invalidState(`Only a plan whose funding is ACCEPTED can be fulfilled (funding ${record.funding.status})`)
  }
  if (record.cancellation) throw invalidState(`Plan ${record.plan.id} is cancelled and can no longer be fulfilled`)
  const { status } = record.fulfilment
  if (status === "NOT_INITIATED" || status === "FAILED") {
    record.fulfilment = {
      status: "PENDING",
      dueAtMs: ctx.clock.nowMs() + ctx.repayment.fulfilmentDelayMs,
      requestedAt: ctx.clock.iso(),
      settledAt: null,
      ...(groupingKey && { groupingKey }),
    }
  }
  return planStatus(record)
}

/** Ends a PENDING fulfilment (409 otherwise). */
export function settleFulfilment(ctx: SimulatorContext, record: PlanRecord, outcome: "SUCCEEDED" | "FAILED"): void {
  if (record.fulfilment.status !== "PENDING") {
    throw invalidState(`The fulfilment of plan ${record.plan.id} is not PENDING (${record.fulfilment.status})`)
  }
  record.fulfilment = { ...record.fulfilment, status: outcome, dueAtMs: null, settledAt: ctx.clock.iso() }
}

/** A PENDING fulfilment succeeds once its delay is over. True when it settled now. */
export function settleFulfilmentIfDue(ctx: SimulatorContext, record: PlanRecord): boolean {
  const { status, dueAtMs } = record.fulfilment
  if (status !== "PENDING" || dueAtMs === null || ctx.clock.nowMs() < dueAtMs) return false
  settleFulfilment(ctx, record, "SUCCEEDED")
  return true
}

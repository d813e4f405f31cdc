import type { Credit, CreditAnswer } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { invalidState, schemaError } from "../errors"
import type { PlanRecord } from "../state/repayment"
import { newRepaymentId } from "./ids"
import { bn, money } from "./money"
import { planStatus } from "./plans"

/**
 * POST /credit: a credit of a plan, never above what was invoiced and not yet
 * credited (409 INVALID_STATE). The currency must be the plan's and the amount
 * more than 0.00 (a validation error: 422 under /repay/v1).
 */
export function creditPlan(ctx: SimulatorContext, record: PlanRecord, body: Credit): CreditAnswer {
  if (body.currency !== record.plan.currency) {
    throw schemaError(`The currency of a credit must be the plan's (${record.plan.currency})`, [
      { loc: ["body", "currency"], msg: `must be ${record.plan.currency}`, type: "value_error" },
    ])
  }
  const status = planStatus(record)
  const creditable = bn(status.invoiced_amount).minus(status.credited_amount)
  if (bn(body.amount).gt(creditable)) {
    throw invalidState(
      `The credit (${body.amount}) is more than what was invoiced and not yet credited (${money(creditable)})`,
      money(creditable),
    )
  }
  const credit = { id: newRepaymentId("crd"), plan_id: record.plan.id, amount: body.amount, currency: body.currency }
  record.credits.push({ ...credit, reason: body.reason, created_at: ctx.clock.iso() })
  return credit
}

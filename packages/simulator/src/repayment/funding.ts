import type { SimulatorContext } from "../context"
import { invalidState } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { PlanRecord } from "../state/repayment"
import { companyOfAccount } from "./accounts"
import { decideFunding, type FundingOutcome } from "./credit-limits"

export const FUNDING_DECIDED_EVENT = "repayment.plan.funding_decided"

/** Records the funding decision of a PENDING plan and sends `repayment.plan.funding_decided`. */
export function setFunding(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: PlanRecord,
  outcome: FundingOutcome,
  by: "service" | "control",
): void {
  if (record.funding.status !== "PENDING") {
    throw invalidState(`The funding of plan ${record.plan.id} is already decided (${record.funding.status})`)
  }
  record.funding = {
    ...record.funding,
    status: outcome.status,
    reason: outcome.reason,
    decidedAt: ctx.clock.iso(),
    decidedBy: by,
  }
  ctx.webhooks.emit(merchant, FUNDING_DECIDED_EVENT, { plan_id: record.plan.id, funding_status: outcome.status })
}

/** The service's own decision, once the funding delay is over. True when it was made now. */
export function decideFundingIfDue(ctx: SimulatorContext, merchant: MerchantState, record: PlanRecord): boolean {
  if (record.funding.status !== "PENDING" || ctx.clock.nowMs() < record.funding.dueAtMs) return false
  const account = merchant.repayment.account(record.plan.account_id)
  const company = account ? companyOfAccount(ctx, account.account) : undefined
  setFunding(ctx, merchant, record, decideFunding(company, record.plan), "service")
  return true
}

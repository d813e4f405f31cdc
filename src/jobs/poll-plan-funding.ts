import type { MedusaContainer } from "@medusajs/framework/types"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import { backgroundJobsOff } from "../utils/background-jobs"
import { logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"
import { cancelPlanOfCanceledOrderSession } from "../workflows/plan-cancel/cancel-plans-of-canceled-order"
import { type PlanFundingOutcome, syncPlanFunding } from "../workflows/webhooks/sync-plan-funding"

export type { PlanFundingOutcome }
export type PlanFundingPoll = { checked: number; outcomes: PlanFundingOutcome[] }

/**
 * Plans whose funding Medusa has not caught up with (the plugin's table says "pending"), asked at the service one by
 * one, oldest first, for when the `repayment.plan.funding_decided` webhook was lost: each goes through the same
 * funding sync as the webhook (sync-plan-funding.ts). One plan's failure is logged and does not stop the others. A plan
 * whose order Medusa cancelled before it was funded is cancelled at the service first (the retry of the order's
 * cancellation, subscribers/cancel-payment-on-order-canceled.ts).
 */
export async function pollPlanFunding(
  container: MedusaContainer,
  { limit = 100 }: { limit?: number } = {},
): Promise<PlanFundingPoll> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const logger = pluginLoggerOf(container)
  const rows = await tradeCredit.listRepaymentPlanSessions(
    { state: "pending" },
    { take: limit, order: { created_at: "ASC" } },
  )
  const outcomes: PlanFundingOutcome[] = []
  for (const row of rows) {
    // A plan whose order Medusa cancelled before it was funded (the order's cancellation could not reach the service):
    // cancelled at the service first, so that the sync below finds it cancelled and authorizes nothing.
    const stopped = await cancelPlanOfCanceledOrderSession(container, row.session_id)
    if (stopped?.canceled) {
      logLine(
        logger,
        "info",
        `trade-credit: plan ${row.plan_id}'s order was canceled before it was funded: ` +
          `cancelled the plan at the service`,
        {
          payment_session_id: row.session_id,
          plan_id: row.plan_id,
        },
      )
    } else if (stopped?.failed) {
      logLine(
        logger,
        "warn",
        `trade-credit: plan ${row.plan_id}'s order was canceled but the plan could ` +
          `not be cancelled at the service: ${stopped.detail}`,
        {
          payment_session_id: row.session_id,
          plan_id: row.plan_id,
        },
      )
    }
    let outcome: PlanFundingOutcome
    try {
      outcome = await syncPlanFunding(container, tradeCredit, row)
    } catch (error) {
      outcome = { plan_id: row.plan_id, session_id: row.session_id, action: "failed", detail: (error as Error).message }
    }
    outcomes.push(outcome)
    const ids = { payment_session_id: row.session_id, plan_id: row.plan_id, status: outcome.funding_status }
    if (outcome.action === "failed")
      logLine(logger, "warn", `trade-credit: funding of plan ${row.plan_id}: ${outcome.detail}`, ids)
    else if (outcome.action !== "still_pending") {
      logLine(
        logger,
        "info",
        `trade-credit: funding of plan ${row.plan_id} (${outcome.funding_status ?? "?"}): ` +
          `${outcome.action}${outcome.detail ? `: ${outcome.detail}` : ""}`,
        ids,
      )
    }
  }
  return { checked: rows.length, outcomes }
}

/** Every few minutes: plans whose funding was decided while Medusa heard nothing. */
export default async function pollPlanFundingJob(container: MedusaContainer) {
  if (backgroundJobsOff()) return
  const result = await pollPlanFunding(container)
  if (result.checked === 0) return
  const done = result.outcomes.filter((o) => o.action !== "still_pending").length
  if (done)
    logLine(
      pluginLoggerOf(container),
      "info",
      `trade-credit: polled the funding of ${result.checked} plan(s); ${done} caught up`,
    )
}

export const config = {
  name: "trade-credit-poll-plan-funding",
  schedule: "*/3 * * * *",
}

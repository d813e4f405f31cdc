import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { type TradeCreditPlanData, withPlan, withPlanStatus } from "../core/plan/plan-data"
import { createPlan } from "./create-plan"
import { declined } from "./errors"
import { callOnSessionOrder } from "./order-gone"
import { tradeCreditModuleOf, updatePlanSession } from "../medusa/plan-store"
import type { ProviderDeps } from "./deps"
import { assertNever } from "../utils/assert-never"

/**
 * The authorization on cart completion: the plan of the session is created (once), and the order is placed with the
 * payment pending: the service decides the plan's funding later and says so by webhook (the polling job is the
 * fallback). A plan that exists already (the funding sync, a retried completion) has its funding read: ACCEPTED
 * authorizes, REJECTED refuses with the reason, PENDING stays pending; a plan the service answers 404 for is refused
 * as TRADE_CREDIT_ORDER_GONE (order-gone.ts), in words, never the service's answer.
 */
export async function authorizePlan(
  deps: Pick<ProviderDeps, "client" | "call" | "fail" | "logger" | "readCart" | "medusa">,
  sessionId: string,
  data: TradeCreditPlanData,
): Promise<{ status: PaymentSessionStatus; data: TradeCreditPlanData }> {
  let planId = data.plan_id
  if (!planId) {
    const plan = await createPlan(deps, sessionId, data)
    if (!("existing" in plan)) {
      // Made just now: a read now would answer PENDING. The order is placed with the payment pending.
      return {
        status: PaymentSessionStatus.PENDING_AUTHORIZATION,
        data: { ...withPlan(data, plan), funding_status: "PENDING" },
      }
    }
    // A plan made by an earlier attempt whose answer was lost: its funding may be decided already.
    planId = plan.id
  }
  const ids = { payment_session_id: sessionId, plan_id: planId }
  // A plan the service no longer knows (404) is TRADE_CREDIT_ORDER_GONE: the buyer chooses the method again.
  const status = await callOnSessionOrder(
    deps,
    "read the plan's funding",
    () => deps.client.repayment.getStatus(planId),
    ids,
  )
  const stored = withPlanStatus({ ...data, plan_id: planId }, status)
  switch (status.funding_status) {
    case "ACCEPTED":
      await updatePlanSession(tradeCreditModuleOf(deps.medusa), planId, {
        state: "authorized",
        funding_status: "ACCEPTED",
      })
      return { status: PaymentSessionStatus.AUTHORIZED, data: stored }
    case "REJECTED":
      await updatePlanSession(tradeCreditModuleOf(deps.medusa), planId, {
        state: "rejected",
        funding_status: "REJECTED",
      })
      throw declined(status.credit_decline_reason, { logger: deps.logger, ids })
    case "PENDING":
      // The order is placed; the funding webhook (or the polling job) authorizes the payment later.
      return { status: PaymentSessionStatus.PENDING_AUTHORIZATION, data: stored }
    default:
      return assertNever(status.funding_status, "funding status")
  }
}

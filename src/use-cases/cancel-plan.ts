import { MedusaError } from "@medusajs/framework/utils"
import { isTradeCreditError } from "../client/errors"
import {
  isCanceledPlan,
  type TradeCreditPlanData,
  withCancelledInstalments,
  withPlanStatus,
} from "../core/plan/plan-data"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import { errorIds, logLine } from "../utils/log-line"
import { tradeCreditModuleOf, updatePlanSession } from "../medusa/plan-store"
import type { ProviderDeps } from "./deps"

type CancelDeps = Pick<ProviderDeps, "client" | "call" | "fail" | "logger" | "medusa">

/**
 * Cancels the plan's instalments not yet invoiced (the service's reason TERMINATED; `why` is for the log). A plan
 * whose every instalment is invoiced has nothing left to cancel: it is refunded instead. Answers the data with the
 * plan's status read back, each instalment INVOICED or CANCELLED.
 */
export async function cancelPlan(
  deps: CancelDeps,
  data: TradeCreditPlanData,
  planId: string,
  why: string,
): Promise<TradeCreditPlanData> {
  const body = { at: new Date().toISOString() }
  try {
    await deps.client.repayment.cancel(planId, "TERMINATED", body.at, { idempotencyKey: planKeys.cancel(planId, body) })
    logLine(deps.logger, "info", `trade-credit: cancelled plan ${planId}: ${why}`, {
      payment_session_id: data.session_id,
      plan_id: planId,
    })
  } catch (error) {
    if (isTradeCreditError(error) && error.status === 409) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Every instalment of this repayment plan is already invoiced, so nothing is left to cancel: refund it instead.",
        "TRADE_CREDIT_CANCEL_AFTER_FULFILMENT",
      )
    }
    return deps.fail("cancel the repayment plan", error)
  }
  await updatePlanSession(tradeCreditModuleOf(deps.medusa), planId, { state: "canceled" })
  const status = await deps.call("read the plan", () => deps.client.repayment.getStatus(planId))
  return { ...withPlanStatus(withCancelledInstalments(data, status), status), canceled: true }
}

/**
 * A session that goes away (cart changed, another method chosen) cancels a plan that was never funded or fulfilled:
 * a funded plan belongs to a payment (an order), a rejected one holds nothing. Best effort: the session goes
 * regardless.
 */
export async function cancelPlanOfDeletedSession(
  deps: CancelDeps,
  data: TradeCreditPlanData,
): Promise<TradeCreditPlanData> {
  const planId = data.plan_id
  if (!planId || isCanceledPlan(data)) return data
  try {
    const status = await deps.client.repayment.getStatus(planId)
    if (status.funding_status !== "PENDING" || status.fulfilment_status !== "NOT_INITIATED")
      return withPlanStatus(data, status)
    return await cancelPlan(deps, data, planId, "The payment session was removed before funding")
  } catch (error) {
    logLine(
      deps.logger,
      "warn",
      `trade-credit: could not cancel plan ${planId} of a deleted session: ${(error as Error).message}`,
      {
        payment_session_id: data.session_id,
        plan_id: planId,
        ...errorIds(error),
      },
    )
    return data
  }
}

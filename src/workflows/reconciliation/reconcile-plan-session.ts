import type { MedusaContainer } from "@medusajs/framework/types"
import type { TradeCreditModuleService } from "../../modules/trade-credit"
import { ALL_PLAN_REPAIRS, syncPlanFunding } from "../webhooks/sync-plan-funding"
import type { ReconciliationOutcome } from "./types"
import { errorMessage } from "../../utils/error-message"

/**
 * The reconciliation of one instalment plan's payment session (`reconcileSession` is the orders'): the plan's newest
 * row for the session goes through the funding sync the webhook and the poll take (sync-plan-funding.ts: the session's
 * lock, the status read back, the instalments' planner). `service_order_id` holds the plan's id. Never throws.
 */
export async function reconcilePlanSession(
  container: MedusaContainer,
  tradeCredit: TradeCreditModuleService,
  sessionId: string,
): Promise<ReconciliationOutcome> {
  const outcome: ReconciliationOutcome = {
    session_id: sessionId,
    payment_id: null,
    order_id: null,
    service_order_id: null,
    found: "",
    action: "none",
    in_sync: false,
    repaired: false,
  }
  try {
    const [row] = await tradeCredit.listRepaymentPlanSessions(
      { session_id: sessionId },
      { take: 1, order: { created_at: "DESC" } },
    )
    if (!row) return { ...outcome, found: "no instalment plan was made for this payment session", in_sync: true }
    const synced = await syncPlanFunding(container, tradeCredit, row, { allowed: ALL_PLAN_REPAIRS })
    const base = {
      ...outcome,
      payment_id: synced.payment_id ?? null,
      order_id: synced.order_id ?? null,
      service_order_id: row.plan_id,
      found: synced.found ?? `funding ${synced.funding_status ?? "unknown"} at the service`,
    }
    if (synced.action === "failed")
      return { ...base, action: "none", error: synced.detail ?? "the plan could not be brought in line" }
    return {
      ...base,
      action: synced.repaired
        ? `${synced.action.replace(/_/g, " ")}${synced.detail ? `: ${synced.detail}` : ""}`
        : (synced.detail ?? "none"),
      in_sync: !synced.repaired && !synced.reports?.length,
      repaired: !!synced.repaired,
    }
  } catch (error) {
    return { ...outcome, found: "could not compare the plan with the service", error: errorMessage(error) }
  }
}

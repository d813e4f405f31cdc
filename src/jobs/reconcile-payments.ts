import type { MedusaContainer } from "@medusajs/framework/types"
import { runReconciliation } from "../workflows/reconciliation/run-reconciliation"
import { DEFAULT_RECONCILIATION_SCHEDULE } from "../workflows/reconciliation/schedule"
import { backgroundJobsOff } from "../utils/background-jobs"
import { errorIds, logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"
import { errorMessage } from "../utils/error-message"

/**
 * TRADE_CREDIT_RECONCILIATION_SCHEDULE: a cron expression (default every 15
 * minutes), or "off" to run reconciliation only from the admin route.
 */
const setting = () => process.env.TRADE_CREDIT_RECONCILIATION_SCHEDULE?.trim()
const isOff = () => setting()?.toLowerCase() === "off" || backgroundJobsOff()

/**
 * On a schedule: compare Medusa's trade credit payments in non-final states
 * with the service and repair what a missed webhook or an interrupted request
 * left behind. The run is kept (GET /admin/trade-credit/reconciliation) and
 * logged; a failed run is logged and never stops the scheduler.
 */
export default async function reconcileTradeCreditPayments(container: MedusaContainer) {
  if (isOff()) return
  try {
    await runReconciliation(container, { trigger: "schedule" })
  } catch (error) {
    logLine(
      pluginLoggerOf(container),
      "error",
      `trade-credit: the scheduled reconciliation failed: ${errorMessage(error)}`,
      errorIds(error),
    )
  }
}

export const config = {
  name: "trade-credit-reconcile-payments",
  // "off" keeps the default cron: the job then returns at once (a cron that never fires is not portable).
  schedule: (!isOff() && setting()) || DEFAULT_RECONCILIATION_SCHEDULE,
}

import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { ReconciliationRunRow } from "../../modules/trade-credit"
import { logLine } from "../../utils/log-line"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
import { reconcilePaymentsWorkflow, type ReconcilePaymentsInput } from "./reconcile-payments"
import { type RunWithOutcome, withRunOutcome } from "./run-outcome"

const LOCK_KEY = "trade-credit:reconciliation"

/**
 * Runs the reconciliation workflow, one run at a time (a scheduled run and an
 * admin's "run now" never overlap), and logs what it found and did.
 */
export async function runReconciliation(
  container: MedusaContainer,
  input: ReconcilePaymentsInput,
): Promise<RunWithOutcome<ReconciliationRunRow>> {
  const logger = pluginLoggerOf(container)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  let run: ReconciliationRunRow
  try {
    run = await locking.execute(
      LOCK_KEY,
      async () => (await reconcilePaymentsWorkflow(container).run({ input })).result,
      { timeout: input.trigger === "admin" ? 10 : 1, expire: 15 * 60 },
    )
  } catch (error) {
    if (error instanceof Error && /acquir/i.test(error.message)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A trade credit reconciliation run is already in progress; try again when it has finished",
        "TRADE_CREDIT_RECONCILIATION_RUNNING",
      )
    }
    throw error
  }
  const outcome = withRunOutcome(run)
  const scope = input.order_id ? ` for order ${input.order_id}` : ""
  const summary =
    `trade-credit: reconciliation ${run.id} (${run.trigger}${scope}): checked ` +
    `${run.checked}, repaired ${run.repaired}, failed ${run.failed}` +
    `, unknown at the service ${outcome.unknown_at_service}`
  logLine(logger, run.failed || outcome.unknown_at_service ? "warn" : "info", summary, {
    reconciliation_run_id: run.id,
    order_id: input.order_id,
  })
  for (const f of run.findings ?? []) {
    const line =
      `trade-credit: reconciliation ${run.id}: session ${f.session_id}` +
      `${f.payment_id ? ` / payment ${f.payment_id}` : ""}` +
      `${f.service_order_id ? ` / service order ${f.service_order_id}` : ""}` +
      `: ${f.found}; ${f.action}${f.error ? `; error: ${f.error}` : ""}`
    logLine(logger, f.error || f.action.includes("reported:") ? "warn" : "info", line, {
      reconciliation_run_id: run.id,
      order_id: f.order_id,
      payment_id: f.payment_id,
      payment_session_id: f.session_id,
      service_order_id: f.service_order_id,
    })
  }
  return outcome
}

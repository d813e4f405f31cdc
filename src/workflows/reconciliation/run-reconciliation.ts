import type { ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { ReconciliationRunRow } from "../../modules/trade-credit"
import { reconcilePaymentsWorkflow, type ReconcilePaymentsInput } from "./reconcile-payments"

const LOCK_KEY = "trade-credit:reconciliation"

/**
 * Runs the reconciliation workflow, one run at a time (a scheduled run and an
 * admin's "run now" never overlap), and logs what it found and did.
 */
export async function runReconciliation(container: MedusaContainer, input: ReconcilePaymentsInput): Promise<ReconciliationRunRow> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  let run: ReconciliationRunRow
  try {
    run = await locking.execute(
      LOCK_KEY,
      async () => (await reconcilePaymentsWorkflow(container).run({ input })).result,
      { timeout: input.trigger === "admin" ? 10 : 1, expire: 15 * 60 }
    )
  } catch (error) {
    if (error instanceof Error && /acquir/i.test(error.message)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A trade credit reconciliation run is already in progress; try again when it has finished",
        "TRADE_CREDIT_RECONCILIATION_RUNNING"
      )
    }
    throw error
  }
  const scope = input.order_id ? ` for order ${input.order_id}` : ""
  const summary = `trade-credit: reconciliation ${run.id} (${run.trigger}${scope}): checked ${run.checked}, repaired ${run.repaired}, failed ${run.failed}`
  if (run.failed) logger.warn(summary)
  else logger.info(summary)
  for (const f of run.findings ?? []) {
    const line = `trade-credit: reconciliation ${run.id}: session ${f.session_id}${f.payment_id ? ` / payment ${f.payment_id}` : ""}${
      f.service_order_id ? ` / service order ${f.service_order_id}` : ""
    }: ${f.found}; ${f.action}${f.error ? `; error: ${f.error}` : ""}`
    if (f.error || f.action.includes("reported:")) logger.warn(line)
    else logger.info(line)
  }
  return run
}

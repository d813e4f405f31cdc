import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { ReconciliationFinding, ReconciliationOutcome } from "../types"

export type RecordReconciliationRunInput = {
  run_id: string
  outcomes: ReconciliationOutcome[]
  /** A run for one order keeps every outcome, "in sync" included; a sweep keeps only the differences. */
  keep_in_sync: boolean
}

const finding = ({ in_sync: _inSync, repaired: _repaired, service_state: _state, ...rest }: ReconciliationOutcome): ReconciliationFinding => rest

/** Finishes the run's row: counts and findings. */
export const recordReconciliationRunStep = createStep(
  "trade-credit-record-reconciliation-run",
  async ({ run_id, outcomes, keep_in_sync }: RecordReconciliationRunInput, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const findings = outcomes.filter((o) => keep_in_sync || !o.in_sync || o.error).map(finding)
    const run = await tradeCredit.updateReconciliationRuns({
      id: run_id,
      finished_at: new Date(),
      checked: outcomes.length,
      repaired: outcomes.filter((o) => o.repaired && !o.error).length,
      failed: outcomes.filter((o) => !!o.error).length,
      findings,
    })
    return new StepResponse(run)
  }
)

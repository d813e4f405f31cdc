import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { recordOfOutcomes } from "../run-outcome"
import type { ReconciliationOutcome } from "../types"

export type RecordReconciliationRunInput = {
  run_id: string
  outcomes: ReconciliationOutcome[]
  /** A run for one order keeps every outcome, "in sync" included; a sweep keeps only the differences. */
  keep_in_sync: boolean
}

/** Finishes the run's row: counts and findings (run-outcome.ts; the named discrepancies are counted from the findings).
 * */
export const recordReconciliationRunStep = createStep(
  "trade-credit-record-reconciliation-run",
  async ({ run_id, outcomes, keep_in_sync }: RecordReconciliationRunInput, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const run = await tradeCredit.updateReconciliationRuns({
      id: run_id,
      finished_at: new Date(),
      ...recordOfOutcomes(outcomes, keep_in_sync),
    })
    return new StepResponse(run)
  },
)

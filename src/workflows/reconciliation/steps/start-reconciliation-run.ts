import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"

/**
 * Opens the run's row. A run that stops half-way keeps its row with no
 * `finished_at`, so the admin sees that it did not finish.
 */
export const startReconciliationRunStep = createStep(
  "trade-credit-start-reconciliation-run",
  async ({ trigger }: { trigger: "schedule" | "admin" }, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const run = await tradeCredit.createReconciliationRuns({ trigger, findings: [] })
    return new StepResponse(run)
  },
)

import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { reconcileSession } from "../reconcile-session"
import type { ReconciliationOutcome } from "../types"

/**
 * Compares each payment session with the service and repairs Medusa, one after
 * the other. One bad record never stops the run: its failure is an outcome.
 * Nothing to compensate: each repair is a workflow or write of its own.
 */
export const reconcilePaymentSessionsStep = createStep(
  "trade-credit-reconcile-payment-sessions",
  async (sessionIds: string[], { container }) => {
    const client = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
    const outcomes: ReconciliationOutcome[] = []
    for (const sessionId of sessionIds) {
      outcomes.push(await reconcileSession(container, client, { sessionId }))
    }
    return new StepResponse(outcomes)
  }
)

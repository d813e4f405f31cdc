import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"

/** Writes how the event was handled on its row (`failed: ...` lets a later delivery try again). */
export const recordWebhookOutcomeStep = createStep(
  "trade-credit-record-webhook-outcome",
  async (input: { record_id: string; outcome: string }, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    await tradeCredit.updateWebhookEvents({ id: input.record_id, outcome: input.outcome.slice(0, 2000) })
    return new StepResponse(input.outcome)
  },
)

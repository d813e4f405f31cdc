import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { AnonymiseResult } from "./anonymise-plugin-data"

export const markAnonymisedStepId = "trade-credit-erasure-mark-anonymised"

/** Records on the request that (and how much of) the plugin's own data was anonymised. */
export const markAnonymisedStep = createStep(
  markAnonymisedStepId,
  async (input: { request_id: string; result: AnonymiseResult }, { container }) => {
    if (!input.result.anonymised) return new StepResponse(null)
    await container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).updateErasureRequests({
      id: input.request_id,
      anonymised_at: new Date(),
      anonymised: input.result.counts,
      error: null,
    })
    return new StepResponse(null)
  },
)

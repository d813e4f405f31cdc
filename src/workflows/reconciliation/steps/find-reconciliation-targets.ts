import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import { findReconciliationTargets } from "../find-targets"

export type FindReconciliationTargetsInput = {
  limit: number
  lookback_days: number
  order_id?: string
}

/** The payment sessions this run compares with the service (bounded by `limit`). */
export const findReconciliationTargetsStep = createStep(
  "trade-credit-find-reconciliation-targets",
  async (input: FindReconciliationTargetsInput, { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [, round] = await tradeCredit.listAndCountReconciliationRuns({}, { select: ["id"], take: 1 })
    const sessionIds = await findReconciliationTargets(container, {
      limit: input.limit,
      lookbackDays: input.lookback_days,
      round,
      orderId: input.order_id,
    })
    return new StepResponse(sessionIds)
  },
)

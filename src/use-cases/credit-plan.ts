import { MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../client/errors"
import { Money } from "../core/money/money"
import { planPlanCredit, withCredit } from "../core/plan/plan-credit"
import type { TradeCreditPlanData } from "../core/plan/plan-data"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import type { ProviderDeps } from "./deps"
import { replayingUnreadableAnswer } from "./replay-unreadable"

export type PlanRefund = {
  planId: string
  refundId: string
  currency: string
  amount: unknown
  data: TradeCreditPlanData
}

/**
 * Credits the plan for Medusa's refund `refundId`. What was invoiced and not yet credited is read back first: a refund
 * above it is refused before any credit is sent, and a credit whose answer was lost is adopted
 * (core/plan/plan-credit.ts). A refund the data records already (`hasCreditOf`) is the caller's to answer.
 */
export async function creditPlan(
  deps: Pick<ProviderDeps, "client" | "call">,
  { planId, refundId, currency, amount, data }: PlanRefund,
): Promise<TradeCreditPlanData> {
  const value = Money.fromMedusa(amount).roundToCents()
  const status = await deps.call("read the plan", () => deps.client.repayment.getStatus(planId))
  const plan = planPlanCredit(data, status, { amount: value, refundId, currency })
  if (plan.action === "adopt") return plan.data
  if (plan.action === "refuse")
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, plan.message, "TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
  const credit = await deps.call(
    "credit the repayment plan",
    async () => {
      try {
        return await replayingUnreadableAnswer(() =>
          deps.client.repayment.credit(planId, plan.amount, currency, `Medusa refund ${refundId}`, {
            idempotencyKey: planKeys.credit(refundId),
          }),
        )
      } catch (error) {
        // The status did not say what was invoiced (the published status may leave it out), so the service judged the
        // amount: its refusal in the plan's state (409, with or without a code) is this refund being above what is
        // creditable, answered as the plugin answers it when it can tell before asking.
        if (error instanceof TradeCreditError && error.code === "INVALID_STATE") {
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            `Cannot refund ${plan.amount} ${currency} of this repayment plan: the service ` +
              `refused it as more than is creditable ` +
              "(invoiced and not yet credited). Instalments not yet invoiced are cancelled, not refunded.",
            "TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE",
          )
        }
        throw error
      }
    },
    { refund_id: refundId, plan_id: planId },
  )
  return withCredit(data, status, credit, refundId)
}

import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../modules/trade-credit"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isPlanProviderId } from "../../../medusa/provider-ids"
import { reconcilePlanSession } from "../reconcile-plan-session"
import { reconcileSession } from "../reconcile-session"
import type { ReconciliationOutcome } from "../types"

/**
 * Compares each payment session with the service and repairs Medusa, one after
 * the other: an invoice's with its order (reconcileSession), an instalment plan's
 * with its plan (reconcilePlanSession). One bad record never stops the run: its
 * failure is an outcome. Nothing to compensate: each repair is a workflow or write of its own.
 */
export const reconcilePaymentSessionsStep = createStep(
  "trade-credit-reconcile-payment-sessions",
  async (sessionIds: string[], { container }) => {
    const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const client = tradeCredit.getClient()
    const sessions = sessionIds.length
      ? await container
          .resolve<IPaymentModuleService>(Modules.PAYMENT)
          .listPaymentSessions({ id: sessionIds }, { select: ["id", "provider_id"] })
      : []
    const plans = new Set(sessions.filter((s) => isPlanProviderId(s.provider_id)).map((s) => s.id))
    const outcomes: ReconciliationOutcome[] = []
    for (const sessionId of sessionIds) {
      outcomes.push(
        plans.has(sessionId)
          ? await reconcilePlanSession(container, tradeCredit, sessionId)
          : await reconcileSession(container, client, { sessionId }),
      )
    }
    return new StepResponse(outcomes)
  },
)

import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { planCancelOfCanceledOrder } from "../../core/plan/plan-cancel"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import {
  TRADE_CREDIT_MODULE,
  type RepaymentPlanSessionRow,
  type TradeCreditModuleService,
} from "../../modules/trade-credit"
import { cancelPlan } from "../../use-cases/cancel-plan"
import { serviceSteps } from "../../use-cases/errors"
import { planSessionOf } from "../../medusa/plan-store"
import type { ProviderDeps } from "../../use-cases/deps"
import { isPlanProviderId } from "../../medusa/provider-ids"
import { readMedusaPaymentState } from "../reconciliation/read-medusa-state"
import { pluginLoggerOf } from "../../medusa/plugin-logger"

export type CanceledOrderPlanOutcome = {
  session_id: string
  plan_id: string
  /** Whether the plan was cancelled at the service now. */
  canceled: boolean
  /** Why not, or what failed. */
  detail?: string
  failed?: boolean
}

type SessionOfOrder = { id: string; provider_id: string }

/** What cancelPlan needs, made from a container (the providers get theirs from the payment module's cradle). */
function cancelDeps(
  container: MedusaContainer,
  tradeCredit: TradeCreditModuleService,
): Pick<ProviderDeps, "client" | "call" | "fail" | "logger" | "medusa"> {
  const logger = pluginLoggerOf(container)
  // An admin cancelled the order: a failure is told in the admin's words (the service's code and trace id).
  const { call, fail } = serviceSteps({ logger, audience: "admin" })
  return {
    client: tradeCredit.getClient(),
    logger,
    call,
    fail,
    medusa: {
      query: () => container.resolve(ContainerRegistrationKeys.QUERY),
      payments: () => container.resolve(Modules.PAYMENT),
      orders: () => container.resolve(Modules.ORDER),
      tradeCredit: () => tradeCredit,
    },
  }
}

/**
 * Cancels at the service the plan of one instalment payment session when Medusa cancelled its order before any payment
 * was made: an order placed while the plan's funding was pending has no payment, so Medusa's order cancellation calls
 * no provider and the plan would live on, to be funded later. Under the session's lock (the funding webhook, the poll
 * and the reconciliation take it: one at a time), Medusa's side and the plugin's row are read again and the pure
 * `planCancelOfCanceledOrder` decides; the plan provider's own cancellation (src/use-cases/cancel-plan.ts) is sent,
 * which marks the row `canceled`. A funding acceptance afterwards authorizes nothing (planInstalmentRepair). Never
 * throws: a failure is an outcome with `failed`.
 */
export async function cancelPlanOfCanceledOrderSession(
  container: MedusaContainer,
  sessionId: string,
  why = "The order was cancelled in the shop before the plan was funded",
): Promise<CanceledOrderPlanOutcome | undefined> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  try {
    return await locking.execute(`trade-credit:payment-session:${sessionId}`, async () => {
      const medusa = await readMedusaPaymentState(container, sessionId)
      if (!medusa || !isPlanProviderId(medusa.session.provider_id)) return undefined
      const data = medusa.session.data as TradeCreditPlanData
      const planId = typeof data.plan_id === "string" ? data.plan_id : undefined
      const row: RepaymentPlanSessionRow | undefined = planId ? await planSessionOf(tradeCredit, planId) : undefined
      const decision = planCancelOfCanceledOrder({
        orderStatus: medusa.order?.status,
        sessionData: data,
        rowState: row?.state,
        hasPayment: !!medusa.payment,
      })
      if (!decision.cancel)
        return planId ? { session_id: sessionId, plan_id: planId, canceled: false, detail: decision.why } : undefined
      await cancelPlan(cancelDeps(container, tradeCredit), data, decision.planId, why)
      return { session_id: sessionId, plan_id: decision.planId, canceled: true }
    })
  } catch (error) {
    return { session_id: sessionId, plan_id: "?", canceled: false, failed: true, detail: (error as Error).message }
  }
}

/** The instalment payment sessions of an order's payment collections. */
async function planSessionsOfOrder(container: MedusaContainer, orderId: string): Promise<SessionOfOrder[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payment_sessions.id", "payment_collections.payment_sessions.provider_id"],
    filters: { id: orderId },
  })
  const order = data[0] as { payment_collections?: { payment_sessions?: SessionOfOrder[] | null }[] | null } | undefined
  return (order?.payment_collections ?? [])
    .flatMap((c) => c?.payment_sessions ?? [])
    .filter((s) => s && isPlanProviderId(s.provider_id))
}

/**
 * Every instalment plan of a cancelled order that no payment carries, cancelled at the service (see
 * cancelPlanOfCanceledOrderSession). Answers one outcome per plan session that made a plan.
 */
export async function cancelPlansOfCanceledOrder(
  container: MedusaContainer,
  orderId: string,
): Promise<CanceledOrderPlanOutcome[]> {
  const outcomes: CanceledOrderPlanOutcome[] = []
  for (const session of await planSessionsOfOrder(container, orderId)) {
    const outcome = await cancelPlanOfCanceledOrderSession(container, session.id)
    if (outcome) outcomes.push(outcome)
  }
  return outcomes
}

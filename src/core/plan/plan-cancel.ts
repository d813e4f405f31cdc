import { isCanceledPlan, type TradeCreditPlanData } from "./plan-data"

/** What the plugin knows of one instalment plan of an order Medusa cancelled. */
export type CanceledOrderPlan = {
  /** The order's status in Medusa. */
  orderStatus: string | null | undefined
  /** The plan session's data (its `plan_id`, the plugin's `canceled` mark). */
  sessionData: TradeCreditPlanData
  /** The plugin's row of the plan (`trade_credit_repayment_plan_session.state`), when there is one. */
  rowState?: "pending" | "authorized" | "rejected" | "canceled" | null
  /** Whether Medusa made the session's payment (the funding was accepted before the order was cancelled). */
  hasPayment: boolean
}

export type PlanCancelDecision = { cancel: true; planId: string } | { cancel: false; why: string }

/**
 * Whether the plan of a cancelled order must be cancelled at the service by the plugin itself. Medusa cancels an
 * order's payments (the plan provider's `cancelPayment` cancels the plan), but an order placed while the plan's funding
 * was pending has no payment: its plan would live on at the service and be funded later. So: a cancelled order whose
 * plan session has a plan, no payment, and no cancellation or rejection recorded yet, cancels it (whatever the
 * funding: pending, or accepted after the order was cancelled). Pure.
 */
export function planCancelOfCanceledOrder({
  orderStatus,
  sessionData,
  rowState,
  hasPayment,
}: CanceledOrderPlan): PlanCancelDecision {
  const planId = typeof sessionData.plan_id === "string" && sessionData.plan_id ? sessionData.plan_id : undefined
  if (orderStatus !== "canceled") return { cancel: false, why: `the order is ${orderStatus ?? "gone"}, not canceled` }
  if (!planId) return { cancel: false, why: "the session made no plan" }
  if (hasPayment)
    return { cancel: false, why: "the plan has a payment: Medusa's cancellation of the payment cancels it" }
  if (isCanceledPlan(sessionData) || rowState === "canceled")
    return { cancel: false, why: `plan ${planId} is cancelled already` }
  if (rowState === "rejected" || sessionData.funding_status === "REJECTED")
    return { cancel: false, why: `plan ${planId} was rejected: nothing to cancel` }
  return { cancel: true, planId }
}

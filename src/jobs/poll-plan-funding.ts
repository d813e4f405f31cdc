import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { type RepaymentPlanSessionRow, TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../modules/trade-credit"
import type { PlanStatus } from "../service/schemas"
import { backgroundJobsOff } from "../utils/background-jobs"

export type PlanFundingOutcome = {
  plan_id: string
  session_id: string
  funding_status?: PlanStatus["funding_status"]
  /** What was done in Medusa. */
  action: "still_pending" | "authorized" | "rejected" | "session_gone" | "failed"
  detail?: string
}

export type PlanFundingPoll = { checked: number; outcomes: PlanFundingOutcome[] }

type SessionRow = {
  id: string
  status: string
  amount: unknown
  currency_code: string
  data: Record<string, unknown> | null
  payment_collection?: { id: string; payments?: { id: string }[] | null } | null
}

/**
 * Plans whose funding Medusa has not caught up with (the plugin's table says
 * "pending"), asked at the service one by one, oldest first. For when the
 * `repayment.plan.funding_decided` webhook was lost:
 * - ACCEPTED: what Medusa's webhook handling would have done
 *   (processPaymentWorkflow with `authorized`): the plan provider authorizes the
 *   session, which completes the cart or, for an order placed while funding
 *   was pending, creates its payment;
 * - REJECTED: the session is marked `error` with the reason in its data, and
 *   an order placed while funding was pending (it has no payment) is cancelled;
 * - still PENDING: nothing.
 * A session that no longer exists (the cart moved on) retires its row. One
 * plan's failure is logged and does not stop the others.
 */
export async function pollPlanFunding(container: MedusaContainer, { limit = 100 }: { limit?: number } = {}): Promise<PlanFundingPoll> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const rows = await tradeCredit.listRepaymentPlanSessions({ state: "pending" }, { take: limit, order: { created_at: "ASC" } })
  const outcomes: PlanFundingOutcome[] = []
  for (const row of rows) {
    let outcome: PlanFundingOutcome
    try {
      outcome = await pollOne(container, tradeCredit, row)
    } catch (error) {
      outcome = { plan_id: row.plan_id, session_id: row.session_id, action: "failed", detail: (error as Error).message }
    }
    outcomes.push(outcome)
    if (outcome.action === "failed") logger.warn(`trade-credit: funding of plan ${row.plan_id}: ${outcome.detail}`)
    else if (outcome.action !== "still_pending") {
      logger.info(`trade-credit: funding of plan ${row.plan_id} (${outcome.funding_status ?? "?"}): ${outcome.action}${outcome.detail ? `: ${outcome.detail}` : ""}`)
    }
  }
  return { checked: rows.length, outcomes }
}

async function pollOne(container: MedusaContainer, tradeCredit: TradeCreditModuleService, row: RepaymentPlanSessionRow): Promise<PlanFundingOutcome> {
  const base = { plan_id: row.plan_id, session_id: row.session_id }
  const status = await tradeCredit.getClient().repayment.getStatus(row.plan_id)
  const result = { ...base, funding_status: status.funding_status }
  if (status.funding_status === "PENDING") return { ...result, action: "still_pending" }

  const session = await readSession(container, row.session_id)
  if (!session) {
    await tradeCredit.updateRepaymentPlanSessions({ id: row.id, state: "cancelled", funding_status: status.funding_status })
    return { ...result, action: "session_gone" }
  }

  if (status.funding_status === "ACCEPTED") {
    if (session.status !== PaymentSessionStatus.AUTHORIZED) {
      await processPaymentWorkflow(container).run({
        input: { action: PaymentActions.AUTHORIZED, data: { session_id: row.session_id, amount: row.amount } },
      })
    }
    const after = await readSession(container, row.session_id)
    if (after?.status !== PaymentSessionStatus.AUTHORIZED) {
      return { ...result, action: "failed", detail: `the session is ${after?.status ?? "gone"} after authorization` }
    }
    // The provider's authorizePayment marked the row; a session authorized before (by the webhook) is marked here.
    await tradeCredit.updateRepaymentPlanSessions({ id: row.id, state: "authorized", funding_status: "ACCEPTED" })
    return { ...result, action: "authorized" }
  }

  const reason = status.credit_decline_reason ?? "no reason given"
  const payments = container.resolve(Modules.PAYMENT)
  await payments.updatePaymentSession({
    id: session.id,
    amount: session.amount as any,
    currency_code: session.currency_code,
    data: { ...(session.data ?? {}), funding_status: "REJECTED", credit_decline_reason: status.credit_decline_reason },
    status: PaymentSessionStatus.ERROR,
  })
  const canceledOrderId = await cancelUnpaidOrder(container, session)
  await tradeCredit.updateRepaymentPlanSessions({ id: row.id, state: "rejected", funding_status: "REJECTED" })
  return { ...result, action: "rejected", detail: `${reason}${canceledOrderId ? `; order ${canceledOrderId} cancelled` : ""}` }
}

async function readSession(container: MedusaContainer, sessionId: string): Promise<SessionRow | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "amount", "currency_code", "data", "payment_collection.id"],
    filters: { id: sessionId },
  })
  return data[0] as SessionRow | undefined
}

/** The order placed from the session's cart while its funding was pending, cancelled when it has no payment. */
async function cancelUnpaidOrder(container: MedusaContainer, session: SessionRow): Promise<string | undefined> {
  const collectionId = session.payment_collection?.id
  if (!collectionId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  const cartId = (carts[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) return undefined
  const { data: links } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) return undefined
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "status", "payment_collections.payments.id"],
    filters: { id: orderId },
  })
  const order = orders[0] as { id: string; status: string; payment_collections?: { payments?: { id: string }[] }[] } | undefined
  if (!order || order.status === "canceled") return undefined
  if ((order.payment_collections ?? []).some((c) => (c.payments ?? []).length > 0)) return undefined
  await cancelOrderWorkflow(container).run({ input: { order_id: order.id } })
  return order.id
}

/** Every few minutes: plans whose funding was decided while Medusa heard nothing. */
export default async function pollPlanFundingJob(container: MedusaContainer) {
  if (backgroundJobsOff()) return
  const result = await pollPlanFunding(container)
  if (result.checked === 0) return
  const done = result.outcomes.filter((o) => o.action !== "still_pending").length
  if (done) container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).info(`trade-credit: polled the funding of ${result.checked} plan(s); ${done} caught up`)
}

export const config = {
  name: "trade-credit-poll-plan-funding",
  schedule: "*/3 * * * *",
}

import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { RepaymentPlanSessionRow, TradeCreditModuleService } from "../../modules/trade-credit"
import type { PlanStatus } from "../../service/schemas"
import { captureWhenDue } from "../capture-on/capture-when-due"

export type PlanFundingOutcome = {
  plan_id: string
  session_id: string
  funding_status?: PlanStatus["funding_status"]
  /** What was done in Medusa. */
  action: "still_pending" | "authorized" | "rejected" | "session_gone" | "failed"
  detail?: string
}

type SessionRow = {
  id: string
  status: string
  amount: unknown
  currency_code: string
  data: Record<string, unknown> | null
  payment_collection?: { id: string; payments?: { id: string }[] | null } | null
}

/**
 * Brings one plan's payment session in line with its funding as the service has it now: the one step the
 * `repayment.plan.funding_decided` webhook and the funding poll both take (a late or repeated signal changes nothing).
 * - ACCEPTED: what Medusa's payment webhook handling does for `authorized` (processPaymentWorkflow): the plan provider
 *   authorizes the session, which completes the cart or, for an order placed while funding was pending, creates its
 *   payment;
 * - REJECTED: the session is marked `error` with the reason in its data, and an order placed while funding was
 *   pending (it has no payment) is cancelled;
 * - still PENDING: nothing.
 * A session that no longer exists (the cart moved on) retires the plan's row.
 */
export async function syncPlanFunding(container: MedusaContainer, tradeCredit: TradeCreditModuleService, row: RepaymentPlanSessionRow): Promise<PlanFundingOutcome> {
  // The session's lock (as reconcile-session.ts takes it): the webhook and the poll, on any instance, one at a time.
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const outcome = await locking.execute(`trade-credit:payment-session:${row.session_id}`, () => syncUnderLock(container, tradeCredit, row))
  return outcome.action === "authorized" ? await withDueCapture(container, outcome) : outcome
}

/**
 * A plan accepted after its order's capture moment passed (placed in a region that captures on "order", or shipped in
 * full while funding was pending) is captured now (capture-when-due.ts). A failed capture is said in the outcome and
 * left to the admin; the authorization stands.
 */
async function withDueCapture(container: MedusaContainer, outcome: PlanFundingOutcome): Promise<PlanFundingOutcome> {
  const orderId = await orderOfSession(container, outcome.session_id)
  if (!orderId) return outcome
  try {
    const capture = await captureWhenDue(container, orderId, "funding_accepted")
    return capture.captured ? { ...outcome, detail: `order ${orderId} captured (${capture.capture_on})` } : outcome
  } catch (error) {
    return { ...outcome, detail: `order ${orderId} not captured: ${(error as Error).message}; capture it from the admin` }
  }
}

/** The order placed from a session's payment collection, if any. */
async function orderOfSession(container: MedusaContainer, sessionId: string): Promise<string | undefined> {
  const collectionId = (await readSession(container, sessionId))?.payment_collection?.id
  if (!collectionId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_payment_collection", fields: ["order_id"], filters: { payment_collection_id: collectionId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}

async function syncUnderLock(container: MedusaContainer, tradeCredit: TradeCreditModuleService, row: RepaymentPlanSessionRow): Promise<PlanFundingOutcome> {
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
  const reject = async () => {
    // Read again: a completion that held the cart may have changed the session meanwhile.
    const current = (await readSession(container, row.session_id)) ?? session
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: current.id,
      amount: current.amount as any,
      currency_code: current.currency_code,
      data: { ...(current.data ?? {}), funding_status: "REJECTED", credit_decline_reason: status.credit_decline_reason },
      status: PaymentSessionStatus.ERROR,
    })
    return await cancelUnpaidOrder(container, cartId)
  }
  // Under the cart's lock (Medusa's cart completion takes it, by the cart's id): a decision that comes while the buyer's
  // completion is placing the order waits for it, then cancels that order, instead of failing the session under it.
  const cartId = await cartOfCollection(container, session.payment_collection?.id)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const canceledOrderId = cartId ? await locking.execute(cartId, reject, { timeout: 60 }) : await reject()
  await tradeCredit.updateRepaymentPlanSessions({ id: row.id, state: "rejected", funding_status: "REJECTED" })
  return { ...result, action: "rejected", detail: `${reason}${canceledOrderId ? `; order ${canceledOrderId} cancelled` : ""}` }
}

/** The cart of a payment collection, if any. */
async function cartOfCollection(container: MedusaContainer, collectionId: string | undefined): Promise<string | undefined> {
  if (!collectionId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: collectionId } })
  return (data[0] as { cart_id?: string } | undefined)?.cart_id
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

/** The order placed from the cart while its funding was pending, cancelled when it has no payment. */
async function cancelUnpaidOrder(container: MedusaContainer, cartId: string | undefined): Promise<string | undefined> {
  if (!cartId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
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

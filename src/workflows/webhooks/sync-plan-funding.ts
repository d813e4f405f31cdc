import type { BigNumberInput, ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, capturePaymentWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { RepaymentPlanSessionRow, TradeCreditModuleService } from "../../modules/trade-credit"
import type { PlanStatus } from "../../service/schemas/repayment"
import { assertNever } from "../../utils/assert-never"
import { captureWhenDue } from "../capture-on/capture-when-due"
import { writePaymentData } from "../reconciliation/payment-records"
import { planInstalmentRepair } from "../reconciliation/plan-instalment-repair"
import { readMedusaPaymentState } from "../reconciliation/read-medusa-state"
import type { MedusaPaymentState, PlanRepairAction, PlanRepairActionType } from "../reconciliation/types"

/** What the funding webhook and the funding poll may do: everything but recording money (the reconciliation's). */
export const PLAN_SYNC_REPAIRS: ReadonlySet<PlanRepairActionType> = new Set([
  "authorize_plan_session",
  "reject_plan_session",
  "mark_plan_row",
  "sync_plan_payment_data",
])
/** What the reconciliation (scheduled, or the admin's re-sync of an order) may do: every action. */
export const ALL_PLAN_REPAIRS: ReadonlySet<PlanRepairActionType> = new Set([
  ...PLAN_SYNC_REPAIRS,
  "record_plan_capture",
])

export type PlanSyncOptions = {
  /** The actions this caller may take; the others are said to be left to the reconciliation. */
  allowed?: ReadonlySet<PlanRepairActionType>
}

export type PlanFundingOutcome = {
  plan_id: string
  session_id: string
  payment_id?: string | null
  order_id?: string | null
  funding_status?: PlanStatus["funding_status"]
  /** What the planner found, in words. */
  found?: string
  /** Where Medusa stands with the plan's funding now. */
  action: "still_pending" | "authorized" | "rejected" | "session_gone" | "failed"
  /** Whether a change was made. */
  repaired?: boolean
  /** Differences no action can repair safely, left for a person. */
  reports?: string[]
  detail?: string
}

type SessionRow = {
  id: string
  status: string
  /** As Medusa reads it, written back as it is. */
  amount: BigNumberInput
  currency_code: string
  data: Record<string, unknown> | null
}

/**
 * Brings one plan's payment in line with the plan as the service has it now: the one step the
 * `repayment.plan.funding_decided` webhook, the funding poll and the reconciliation run (scheduled, or the admin's
 * re-sync of an order) all take, so a late or repeated signal changes nothing. Under the session's lock, the plan's
 * status is read back and Medusa's side read once, the instalments' case of the planner decides
 * (plan-instalment-repair.ts), and the actions are carried out here:
 * - ACCEPTED: what Medusa's payment webhook handling does for `authorized` (processPaymentWorkflow): the plan provider
 *   authorizes the session, which completes the cart or, for an order placed while funding was pending, creates its
 *   payment; a paid plan's data follows the service; a fulfilment Medusa lacks is captured in Medusa when the caller
 *   allows money (`ALL_PLAN_REPAIRS`, the reconciliation), and what cannot be recorded is reported;
 * - REJECTED: the session is marked `error` with the reason in its data, and an order placed while funding was
 *   pending (it has no payment) is cancelled;
 * - still PENDING: nothing.
 * A session that no longer exists (the cart moved on) retires the plan's row.
 */
export async function syncPlanFunding(
  container: MedusaContainer,
  tradeCredit: TradeCreditModuleService,
  row: RepaymentPlanSessionRow,
  { allowed = PLAN_SYNC_REPAIRS }: PlanSyncOptions = {},
): Promise<PlanFundingOutcome> {
  // The session's lock (as reconcile-session.ts takes it): the webhook, the poll and the reconciliation, on any
  // instance, one at a time.
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const outcome = await locking.execute(`trade-credit:payment-session:${row.session_id}`, () =>
    syncUnderLock(container, tradeCredit, row, allowed),
  )
  return outcome.action === "authorized" ? await withDueCapture(container, outcome) : outcome
}

/**
 * A plan accepted after its order's capture moment passed (placed in a region that captures on "order", or shipped in
 * full while funding was pending) is captured now (capture-when-due.ts). A failed capture is said in the outcome and
 * left to the admin; the authorization stands.
 */
async function withDueCapture(container: MedusaContainer, outcome: PlanFundingOutcome): Promise<PlanFundingOutcome> {
  const orderId = outcome.order_id ?? (await readMedusaPaymentState(container, outcome.session_id))?.order?.id
  if (!orderId) return outcome
  try {
    const capture = await captureWhenDue(container, orderId, "funding_accepted")
    return capture.captured
      ? { ...outcome, detail: joined(outcome.detail, `order ${orderId} captured (${capture.capture_on})`) }
      : outcome
  } catch (error) {
    return {
      ...outcome,
      detail: joined(
        outcome.detail,
        `order ${orderId} not captured: ${(error as Error).message}; capture it from the admin`,
      ),
    }
  }
}

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("; ") || undefined

const ACTION_OF_FUNDING = { PENDING: "still_pending", ACCEPTED: "authorized", REJECTED: "rejected" } as const

async function syncUnderLock(
  container: MedusaContainer,
  tradeCredit: TradeCreditModuleService,
  row: RepaymentPlanSessionRow,
  allowed: ReadonlySet<PlanRepairActionType>,
): Promise<PlanFundingOutcome> {
  const status = await tradeCredit.getClient().repayment.getStatus(row.plan_id)
  const medusa = await readMedusaPaymentState(container, row.session_id)
  const repair = planInstalmentRepair({ row, medusa }, status)
  const result: PlanFundingOutcome = {
    plan_id: row.plan_id,
    session_id: row.session_id,
    payment_id: medusa?.payment?.id ?? null,
    order_id: medusa?.order?.id ?? null,
    funding_status: status.funding_status,
    found: repair.found,
    action: medusa || status.funding_status === "PENDING" ? ACTION_OF_FUNDING[status.funding_status] : "session_gone",
    repaired: repair.actions.some((a) => allowed.has(a.type)),
    reports: repair.reports,
  }
  const done: string[] = []
  for (const action of repair.actions) {
    if (!allowed.has(action.type)) {
      done.push(`left to the reconciliation: ${action.type.replace(/_/g, " ")}`)
      continue
    }
    const said = await applyPlanRepair(container, tradeCredit, { row, medusa, status }, action)
    if (said.failed) return { ...result, action: "failed", detail: said.text }
    if (said.text) done.push(said.text)
  }
  return { ...result, detail: joined(...done, ...repair.reports.map((r) => `reported: ${r}`)) }
}

type PlanApplyContext = { row: RepaymentPlanSessionRow; medusa: MedusaPaymentState | undefined; status: PlanStatus }

/** Carries out one action of the planner; says what was done (or why it failed, for `failed`). */
async function applyPlanRepair(
  container: MedusaContainer,
  tradeCredit: TradeCreditModuleService,
  { row, medusa, status }: PlanApplyContext,
  action: PlanRepairAction,
): Promise<{ text?: string; failed?: boolean }> {
  switch (action.type) {
    case "authorize_plan_session": {
      // Medusa's processPaymentWorkflow looks the cart's order up before it waits for the cart's lock: a decision that
      // comes while the buyer's completion is placing the order finds none, "completes" the cart again (a no-op) and
      // leaves the session unauthorized. So a completion in progress (it holds the cart's lock) is waited for first.
      const cartId = medusa?.cart?.id
      if (cartId) {
        const locking = container.resolve<ILockingModule>(Modules.LOCKING)
        await locking.execute(cartId, async () => undefined, { timeout: 60 })
      }
      await processPaymentWorkflow(container).run({
        input: { action: PaymentActions.AUTHORIZED, data: { session_id: row.session_id, amount: action.amount } },
      })
      const after = await readSession(container, row.session_id)
      if (after?.status !== PaymentSessionStatus.AUTHORIZED)
        return { failed: true, text: `the session is ${after?.status ?? "gone"} after authorization` }
      return {}
    }
    case "reject_plan_session": {
      const reason = action.reason ?? "no reason given"
      const reject = async () => {
        // Read again: a completion that held the cart may have changed the session meanwhile.
        const current = await readSession(container, row.session_id)
        if (current) {
          await container.resolve(Modules.PAYMENT).updatePaymentSession({
            id: current.id,
            amount: current.amount,
            currency_code: current.currency_code,
            data: { ...(current.data ?? {}), funding_status: "REJECTED", credit_decline_reason: action.reason },
            status: PaymentSessionStatus.ERROR,
          })
        }
        return await cancelUnpaidOrder(container, cartId)
      }
      // Under the cart's lock (Medusa's cart completion takes it, by the cart's id): a decision that comes while the
      // buyer's completion is placing the order waits for it, then cancels that order, instead of failing the session
      // under it.
      const cartId = medusa?.cart?.id
      const locking = container.resolve<ILockingModule>(Modules.LOCKING)
      const canceledOrderId = cartId ? await locking.execute(cartId, reject, { timeout: 60 }) : await reject()
      return { text: `${reason}${canceledOrderId ? `; order ${canceledOrderId} cancelled` : ""}` }
    }
    case "mark_plan_row":
      await tradeCredit.updateRepaymentPlanSessions({
        id: row.id,
        state: action.state,
        funding_status: status.funding_status,
      })
      return {}
    case "sync_plan_payment_data":
      await writePaymentData(container, action.payment_id, action.data)
      return {
        text: `updated payment ${action.payment_id}'s data from the plan (fulfilment ${status.fulfilment_status})`,
      }
    case "record_plan_capture": {
      // Medusa's own capture (capture row, order transaction, event), under the lock a shipment's or the funding's
      // capture of this payment takes; the plan provider adopts the fulfilment the service already made.
      const locking = container.resolve<ILockingModule>(Modules.LOCKING)
      await locking.execute(`trade-credit:payment-capture:${action.payment_id}`, () =>
        capturePaymentWorkflow(container).run({ input: { payment_id: action.payment_id, amount: action.amount } }),
      )
      return {
        text:
          `recorded the capture of ${action.amount} the service had fulfilled (plan ` +
          `${row.plan_id}, fulfilment ${status.fulfilment_status})`,
      }
    }
    default:
      return assertNever(action, "plan repair action")
  }
}

async function readSession(container: MedusaContainer, sessionId: string): Promise<SessionRow | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "amount", "currency_code", "data"],
    filters: { id: sessionId },
  })
  return data[0] as SessionRow | undefined
}

/** The order placed from the cart while its funding was pending, cancelled when it has no payment. */
async function cancelUnpaidOrder(container: MedusaContainer, cartId: string | undefined): Promise<string | undefined> {
  if (!cartId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) return undefined
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "status", "payment_collections.payments.id"],
    filters: { id: orderId },
  })
  const order = orders[0] as
    { id: string; status: string; payment_collections?: { payments?: { id: string }[] }[] } | undefined
  if (!order || order.status === "canceled") return undefined
  if ((order.payment_collections ?? []).some((c) => (c.payments ?? []).length > 0)) return undefined
  await cancelOrderWorkflow(container).run({ input: { order_id: order.id } })
  return order.id
}

import { Money } from "../../core/money/money"
import { isCanceledPlan, type TradeCreditPlanData, withPlanStatus } from "../../core/plan/plan-data"
import type { PlanStatus } from "../../service/schemas/repayment"
import type { PlanPaymentState, PlanRepairAction, PlanRepairPlan } from "./types"
import { assertNever } from "../../utils/assert-never"

const plan = (found: string, actions: PlanRepairAction[] = [], reports: string[] = []): PlanRepairPlan => ({
  found,
  actions,
  reports,
})

/** Whether the payment's data misses the plan's funding, fulfilment or amounts as the service has them. */
export function planDataDiffers(data: TradeCreditPlanData, status: PlanStatus): boolean {
  return (
    data.funding_status !== status.funding_status ||
    data.fulfilment_status !== status.fulfilment_status ||
    // An amount the status leaves out (null) is not a difference: the data keeps what it recorded.
    (status.invoiced_amount !== null && data.invoiced_amount !== status.invoiced_amount) ||
    (status.credited_amount !== null && data.credited_amount !== status.credited_amount) ||
    (status.cancelled_amount !== null && data.cancelled_amount !== status.cancelled_amount)
  )
}

/** A fulfilment the service has started or finished: the plan pays out and invoices its instalments. */
const isFulfilled = (status: PlanStatus) =>
  status.fulfilment_status === "SUCCEEDED" || status.fulfilment_status === "PENDING"

/**
 * Funding ACCEPTED for a plan the plugin cancelled, or whose order Medusa cancelled before any payment was made (the
 * order was placed while funding was pending, then cancelled in the admin): nothing is authorized, so nothing is
 * captured or fulfilled. A plan the plugin has not cancelled at the service yet is said so; the order's cancellation
 * (subscribers/cancel-payment-on-order-canceled.ts) and the funding poll cancel it there.
 */
function acceptedAfterCancellation({ row, medusa }: PlanPaymentState, status: PlanStatus): PlanRepairPlan | undefined {
  if (!medusa || medusa.payment) return undefined
  const { session, order } = medusa
  const planCanceled = row.state === "canceled" || isCanceledPlan(session.data as TradeCreditPlanData)
  const orderCanceled = order?.status === "canceled"
  if (!planCanceled && !orderCanceled) return undefined
  const what = orderCanceled ? `order ${order!.id} was cancelled` : `plan ${status.plan_id} was cancelled`
  const found = `funding accepted at the service after ${what}: nothing authorized`
  if (planCanceled) return plan(found)
  return plan(
    found,
    [],
    [
      `plan ${status.plan_id} was funded after order ${order!.id} was cancelled ` +
        `and is not cancelled at the service yet: the plugin cancels it (or cancel ` +
        `it in the service's portal)`,
    ],
  )
}

/**
 * The instalment plans' case of the one planner (`planRepair` is the orders'): compares one plan's payment in Medusa
 * with
 * the plan's status at the service, read back just now (never an event's own word), and decides what brings Medusa in
 * line. Pure: the caller reads both sides under the session's lock and carries the actions out (sync-plan-funding.ts).
 * The funding webhook, the funding poll and the reconciliation run (scheduled or the admin's re-sync) all come here.
 * - PENDING: nothing yet.
 * - ACCEPTED: the session is authorized (which completes the cart, or gives an order placed while funding was pending
 *   its payment) and the row marked; once paid, the payment's data follows the plan, a fulfilment Medusa lacks is
 *   recorded as its capture (the reconciliation's to take: `PLAN_SYNC_REPAIRS` leave money to it), and what no action
 *   can repair safely (a capture the service lacks, a credit made in its portal) is reported, never invented.
 * - REJECTED: the session fails with the reason and an order placed while funding was pending is cancelled.
 * - ACCEPTED after the plan or its unpaid order was cancelled: nothing (acceptedAfterCancellation).
 * A session that no longer exists (the cart moved on) retires the row.
 */
export function planInstalmentRepair({ row, medusa }: PlanPaymentState, status: PlanStatus): PlanRepairPlan {
  const funding = status.funding_status
  if (funding === "PENDING") return plan("funding pending at the service")
  if (!medusa)
    return plan(`funding ${funding} at the service; the payment session is gone`, [
      { type: "mark_plan_row", state: "canceled" },
    ])
  const { session, payment, order } = medusa

  if (funding === "REJECTED") {
    const found = `funding rejected at the service (${status.credit_decline_reason ?? "no reason given"})`
    if (payment && !payment.canceled_at) {
      return plan(
        `${found} but Medusa authorized payment ${payment.id}`,
        row.state === "rejected" ? [] : [{ type: "mark_plan_row", state: "rejected" }],
        [
          `plan ${status.plan_id} was rejected at the service after Medusa authorized ` +
            `its payment ${payment.id}: cancel the order if the sale is off`,
        ],
      )
    }
    const orderLive = !!order && order.status !== "canceled"
    const actions: PlanRepairAction[] = []
    if (session.status !== "error" || orderLive)
      actions.push({ type: "reject_plan_session", reason: status.credit_decline_reason ?? null })
    if (row.state !== "rejected") actions.push({ type: "mark_plan_row", state: "rejected" })
    return plan(actions.length ? found : `${found}; the session is error`, actions)
  }

  // A funding status added to the union must be planned for, not taken for an acceptance.
  if (funding !== "ACCEPTED") return assertNever(funding, "funding status")
  const stopped = acceptedAfterCancellation({ row, medusa }, status)
  if (stopped) return stopped
  const actions: PlanRepairAction[] = []
  if (session.status !== "authorized") actions.push({ type: "authorize_plan_session", amount: row.amount })
  if (row.state !== "authorized" || actions.length) actions.push({ type: "mark_plan_row", state: "authorized" })
  if (!payment) return plan(`funding accepted at the service; the session is ${session.status}`, actions)

  const data = payment.data as TradeCreditPlanData
  if (planDataDiffers(data, status))
    actions.push({ type: "sync_plan_payment_data", payment_id: payment.id, data: withPlanStatus(data, status) })
  const reports: string[] = []
  const captured = Money.fromMedusa(payment.captured).roundToCents()
  const refunded = Money.fromMedusa(payment.refunded).roundToCents()
  if (!payment.canceled_at && isFulfilled(status) && captured.isZero()) {
    if (order && order.status !== "canceled") {
      actions.push({ type: "record_plan_capture", payment_id: payment.id, amount: payment.authorized ?? row.amount })
    } else {
      reports.push(
        `the service fulfilled plan ${status.plan_id} (${status.fulfilment_status}) but Medusa has captured nothing:` +
          " capture the payment in Medusa to record it",
      )
    }
  }
  if (captured.isPositive() && !isFulfilled(status)) {
    reports.push(
      `Medusa captured ${captured.toDecimal()} but plan ${status.plan_id} is ` +
        `${status.fulfilment_status} at the service:` +
        " the fulfilment did not reach the service; fulfil it in the service's portal",
    )
  }
  const credited = status.credited_amount === null ? undefined : Money.fromMedusa(status.credited_amount).roundToCents()
  if (credited && credited.gt(refunded)) {
    reports.push(
      `the service credited ${credited.toDecimal()} of plan ${status.plan_id} ` +
        `but Medusa recorded ${refunded.toDecimal()}` +
        " (a credit made in the service's portal?)",
    )
  }
  if (!actions.length && !reports.length)
    return plan(`in sync (funding accepted, fulfilment ${status.fulfilment_status})`)
  const found = actions.length
    ? `the plan's payment lags the service (funding accepted, fulfilment ${status.fulfilment_status})`
    : "funding accepted at the service"
  return plan(found, actions, reports)
}

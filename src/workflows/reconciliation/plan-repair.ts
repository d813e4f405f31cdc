import { Money } from "../../core/money/money"
import { type TradeCreditPaymentData, withOrder } from "../../core/order/payment-data"
import { planAuthorization } from "../../core/order/status"
import type { Order } from "../../service/schemas/order"
import type { MedusaPaymentState, RepairAction, RepairPlan } from "./types"

const plan = (found: string, actions: RepairAction[] = [], reports: string[] = []): RepairPlan => ({
  found,
  actions,
  reports,
})

/** The order is over at the service: cancelled (buyer rejected, expired, cancelled in the portal) or declined. */
const isOver = (order: Order) => planAuthorization(order).type === "refuse"
const overWord = (order: Order) => (order.status === "REJECTED" ? "rejected" : "cancelled")

/** Whether the payment's data misses what the service has (state, fulfilments, refunds). */
export function paymentDataDiffers(data: TradeCreditPaymentData, order: Order): boolean {
  const ids = (list: { id: string }[] | undefined) => (list ?? []).map((x) => x.id).join(",")
  return (
    data.order_id !== order.id ||
    data.state !== order.state ||
    data.status !== order.status ||
    data.gross_amount !== order.gross_amount ||
    ids(data.fulfilments) !== ids(order.fulfilments) ||
    ids(data.refunds) !== ids(order.refunds)
  )
}

/** What the merchant reads about an order the service does not know, and what to do about it. */
export const unknownOrderReport = (orderId: string) =>
  `the service answers that it has no order ${orderId}: check that the plugin's API key and environment are the ones` +
  " this order was placed with (a new key or another environment does not see the old orders)"

/**
 * Compares one trade credit payment in Medusa with its order at the service and
 * decides what brings Medusa in line. Pure: the caller reads both sides and
 * carries the actions out. The service's state wins for what the service owns
 * (verification, cancellation, invoices, credit notes); money Medusa has not
 * recorded (captures, refunds) is reported, never invented.
 */
export type PlanRepairOptions = {
  /**
   * The expiry of unverified orders: a session waiting for the buyer whose order the service created before this
   * moment is expired (its order cancelled at the service, the session deleted), and one whose order the service
   * ended is freed the same way.
   */
  expireBefore?: Date
}

export function planRepair(
  state: MedusaPaymentState,
  order: Order | null,
  options: PlanRepairOptions = {},
): RepairPlan {
  const data = state.payment?.data ?? state.session.data
  if (!order) {
    if (!data.order_id) return plan("no order at the service")
    // Medusa names an order the service answers 404 for: a discrepancy, never "in sync". Nothing here can repair it.
    return {
      ...plan(`the service does not know order ${data.order_id}`, [], [unknownOrderReport(data.order_id)]),
      discrepancy: "unknown_at_service",
    }
  }
  const fresh = withOrder(data, order)
  return state.payment
    ? planForPayment(state, state.payment, order, fresh)
    : planForSession(state, order, fresh, options)
}

/** Not authorized in Medusa yet: the session waits for the buyer (or was abandoned). */
function planForSession(
  state: MedusaPaymentState,
  order: Order,
  fresh: TradeCreditPaymentData,
  { expireBefore }: PlanRepairOptions,
): RepairPlan {
  const { session } = state
  const waiting = session.status === "requires_more" && session.data.order_id === order.id
  if (expireBefore && waiting && !state.order) {
    if (isOver(order)) {
      return plan(`the service ${overWord(order)} the order while the buyer had not verified`, [
        { type: "expire_unverified", service_order_id: order.id, cancel_at_service: false },
      ])
    }
    if (order.state === "UNVERIFIED" && new Date(order.date_created).getTime() < expireBefore.getTime()) {
      return plan(`the buyer did not verify order ${order.id} in time (created ${order.date_created})`, [
        { type: "expire_unverified", service_order_id: order.id, cancel_at_service: true },
      ])
    }
  }
  // What the cart completion's authorization would do with this order (the buyer's return decides the same way).
  const step = planAuthorization(order)
  if (step.type === "refuse") {
    const status = step.reason === "declined" ? "error" : "canceled"
    if (session.status === status) return plan(`${overWord(order)} at the service; the session is ${status}`)
    if (state.order) {
      return plan(
        `${overWord(order)} at the service`,
        [],
        [`Medusa order ${state.order.id} exists without an authorized trade credit payment`],
      )
    }
    return plan(`the order was ${overWord(order)} at the service but the payment session was ${session.status}`, [
      { type: "cancel_session", status, data: fresh },
    ])
  }
  if (step.type === "wait") {
    if (waiting) return plan("waiting for the buyer's verification")
    return plan(
      `the service has order ${order.id} waiting for verification, unknown to the payment session (${session.status})`,
      [{ type: "sync_session", status: "requires_more", data: fresh }],
    )
  }
  if (order.state !== "VERIFIED" && order.state !== "CONFIRMED") {
    return plan(
      `${order.state} at the service but Medusa has no payment`,
      [],
      [`the service invoiced order ${order.id} (${order.state}) while Medusa never authorized its payment`],
    )
  }
  // confirm or authorized: completing the cart authorizes the session (and confirms a VERIFIED order) as the buyer's
  // return would.
  const found = `${order.state} at the service but the payment session is still ${session.status}`
  if (state.order) {
    if (state.order.status === "canceled") {
      return plan(
        found,
        [],
        [`Medusa order ${state.order.id} is canceled and its payment session was never authorized`],
      )
    }
    // Cart completion stopped after placing the order and before authorizing (a killed process).
    return plan(`${found}; Medusa order ${state.order.id} has no payment`, [
      { type: "authorize_order_payment", order_id: state.order.id, amount: order.gross_amount },
    ])
  }
  if (!state.cart) return plan(found, [], ["the payment session belongs to no cart"])
  if (state.cart.completed_at) return plan(found, [], [`cart ${state.cart.id} is completed but has no order`])
  return plan(found, [{ type: "complete_cart", cart_id: state.cart.id }])
}

/** Authorized in Medusa: an order may exist, may be captured or cancelled. */
function planForPayment(
  state: MedusaPaymentState,
  payment: NonNullable<MedusaPaymentState["payment"]>,
  order: Order,
  fresh: TradeCreditPaymentData,
): RepairPlan {
  const sync: RepairAction[] = paymentDataDiffers(payment.data, order)
    ? [{ type: "sync_payment_data", payment_id: payment.id, data: fresh }]
    : []
  const medusaOrder = state.order

  if (payment.canceled_at) {
    // An order edit moved the service order to the edited order's new payment (takeOverOrder): the service's events
    // still name this payment's session, and the order lives on there. Nothing to do here, nothing to report.
    if (typeof payment.data.replaced_by_order_edit === "string") {
      return plan(
        `the payment was replaced after order edit ${payment.data.replaced_by_order_edit}; ` +
          `order ${order.id} belongs to the new payment`,
      )
    }
    if (isOver(order))
      return plan(sync.length ? "cancelled on both sides; the payment data was stale" : "cancelled on both sides", sync)
    return plan(`the payment is canceled in Medusa but the order is ${order.state} at the service`, sync, [
      `order ${order.id} is still ${order.state} at the service: cancel it in the service's portal if the sale is off`,
    ])
  }

  if (isOver(order)) {
    const found = `the order was ${overWord(order)} at the service`
    if (!medusaOrder)
      return plan(`${found}; the authorized payment has no Medusa order`, [
        { type: "cancel_payment", payment_id: payment.id },
      ])
    if (medusaOrder.status === "canceled") return plan(`${found}; the Medusa order is canceled too`, sync)
    const captured = Money.fromDecimal(payment.captured)
    if (medusaOrder.live_fulfillments > 0 || captured.isPositive() || order.fulfilments.length > 0) {
      return plan(`${found} but Medusa order ${medusaOrder.id} is not canceled`, sync, [
        `Medusa order ${medusaOrder.id} has ${medusaOrder.live_fulfillments} fulfillment(s) ` +
          `and ${captured.toDecimal()} captured` +
          (` while the service ${overWord(order)} order ${order.id} (${order.fulfilments.length} ` +
            `invoice(s)): not cancelled automatically;`) +
          " resolve it by hand (cancel the fulfillments and refund, or restore the order at the service)",
      ])
    }
    return plan(`${found}; Medusa order ${medusaOrder.id} is still ${medusaOrder.status}`, [
      { type: "cancel_order", order_id: medusaOrder.id },
    ])
  }

  // Medusa's order cancellation only logs a payment cancellation that failed: the service's order lives on.
  if (medusaOrder?.status === "canceled" && Money.fromDecimal(payment.captured).isZero() && !order.fulfilments.length) {
    return plan(
      `Medusa order ${medusaOrder.id} is canceled but its payment is not, and ` +
        `the order is ${order.state} at the service`,
      [...sync, { type: "cancel_payment", payment_id: payment.id }],
    )
  }
  if (order.state === "VERIFIED") {
    return plan("authorized in Medusa but not confirmed at the service", [
      { type: "confirm_at_service", service_order_id: order.id, payment_id: payment.id },
    ])
  }
  if (order.state === "UNVERIFIED") {
    return plan("authorized in Medusa but the buyer has not verified at the service", sync, [
      `order ${order.id} is UNVERIFIED at the service while Medusa authorized its payment`,
    ])
  }

  const reports: string[] = []
  const moneyActions: RepairAction[] = []
  // Rows Medusa wrote and never finished (killed during the provider call) are dropped and recorded again
  // from the service's side below, through Medusa's workflows (which book them on the order).
  const live = medusaOrder !== null && medusaOrder.status !== "canceled"
  const unbookedCaptures = live ? (payment.unbooked_captures ?? []) : []
  const unbookedRefunds = live ? (payment.unbooked_refunds ?? []) : []
  for (const c of unbookedCaptures)
    moneyActions.push({
      type: "drop_unbooked_capture",
      payment_id: payment.id,
      capture_id: c.id,
      amount: Money.fromDecimal(c.amount).toDecimal(),
    })
  for (const r of unbookedRefunds)
    moneyActions.push({
      type: "drop_unbooked_refund",
      payment_id: payment.id,
      refund_id: r.id,
      amount: Money.fromDecimal(r.amount).toDecimal(),
    })
  const invoiced = Money.sum(order.fulfilments.map((f) => f.gross_amount))
  const unbookedCaptured = Money.sum(unbookedCaptures.map((c) => c.amount))
  const captured = Money.fromDecimal(payment.captured).minus(unbookedCaptured)
  // In whole cents: Medusa captured its exact total (1515.0876), the service invoiced it in cents (1515.09).
  const capturedInCents = captured.roundToCents()
  if (invoiced.gt(capturedInCents)) {
    const capturable =
      payment.authorized !== undefined
        ? Money.fromDecimal(payment.authorized).minus(captured)
        : invoiced.minus(captured)
    const missing = Money.min(invoiced.minus(captured), capturable)
    if (missing.isPositive() && medusaOrder?.status !== "canceled") {
      moneyActions.push({ type: "record_capture", payment_id: payment.id, amount: missing.toDecimal() })
    } else {
      reports.push(
        `the service invoiced ${invoiced.toDecimal()} ${order.currency} but Medusa captured ${captured.toDecimal()}:` +
          " capture the difference in Medusa if those goods shipped",
      )
    }
  }
  if (unbookedCaptures.length && !invoiced.gt(capturedInCents)) {
    reports.push(
      `Medusa's capture of ${unbookedCaptured.toDecimal()} ` +
        `never reached the service (nothing invoiced for it):` +
        " its row was removed; capture again",
    )
  }
  // Credit notes the plugin asked for (refund_reference is a Medusa refund id) that Medusa lacks, because the
  // refund row was rolled back when the answer was lost: recorded again, up to what Medusa is short of.
  const refundedThere = Money.sum(order.refunds.map((r) => r.amount))
  const refundedHere = Money.fromDecimal(payment.refunded).minus(Money.sum(unbookedRefunds.map((r) => r.amount)))
  let short = refundedThere.minus(refundedHere.roundToCents())
  const dropped = new Set(unbookedRefunds.map((r) => r.id))
  const knownRefunds = new Set((payment.refund_ids ?? []).filter((id) => !dropped.has(id)))
  if (payment.refund_ids && medusaOrder?.status !== "canceled") {
    for (const r of order.refunds) {
      if (!r.refund_reference || !/^ref_/.test(r.refund_reference) || knownRefunds.has(r.refund_reference)) continue
      if (short.lt(r.amount)) continue
      moneyActions.push({
        type: "record_refund",
        payment_id: payment.id,
        amount: Money.fromDecimal(r.amount).toDecimal(),
        refund_reference: r.refund_reference,
      })
      short = short.minus(r.amount)
    }
  }
  const unmatched = unbookedRefunds.filter(
    (r) => !moneyActions.some((a) => a.type === "record_refund" && a.refund_reference === r.id),
  )
  if (unmatched.length) {
    reports.push(
      `Medusa's refund of ${Money.sum(unmatched.map((r) => r.amount)).toDecimal()} never ` +
        `reached the service (no credit note for it):` +
        " its row was removed; refund again",
    )
  }
  if (short.isPositive()) {
    reports.push(
      `the service refunded ${refundedThere.toDecimal()} ${order.currency} but Medusa recorded ` +
        `${refundedHere.toDecimal()}` +
        " (a refund made in the service's portal?)",
    )
  }
  sync.push(...moneyActions)
  if (!sync.length && !reports.length) return plan(`in sync (${order.state})`)
  const found = sync.length
    ? `the payment data lags the service (${payment.data.state ?? "no state"} → ${order.state})`
    : `${order.state} at the service`
  return plan(found, sync, reports)
}

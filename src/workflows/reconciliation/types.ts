import type { ReconciliationFinding } from "../../modules/trade-credit/models/reconciliation-run"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import type { RepaymentPlanSessionState } from "../../modules/trade-credit/models/repayment-plan-session"

/**
 * A trade credit payment as Medusa has it: the payment session (its id is in the
 * Idempotency-Key of the service's order, its tail in `merchant_order_id`), its
 * payment once authorized, the cart it pays for and the order placed from that cart.
 */
export type MedusaPaymentState = {
  session: {
    id: string
    provider_id: string
    status: string
    data: TradeCreditPaymentData
  }
  payment: {
    id: string
    captured_at: string | Date | null
    canceled_at: string | Date | null
    data: TradeCreditPaymentData
    /** Amounts in major units, exact decimal strings. */
    captured: string
    refunded: string
    /** The payment's amount (what was authorized), when read. */
    authorized?: string
    /** Medusa's refund ids of this payment (a credit note's refund_reference names one). */
    refund_ids?: string[]
    /**
     * Captures and refunds Medusa wrote but never booked on the order (no order transaction names them), older
     * than any provider call can take (`unfinishedAfterMs`): Medusa writes the row, then calls the provider, then books
     * it; a process killed
     * during the call leaves the row alone. Read only when the payment has a Medusa order.
     */
    unbooked_captures?: { id: string; amount: string }[]
    unbooked_refunds?: { id: string; amount: string }[]
  } | null
  cart: { id: string; completed_at: string | Date | null } | null
  order: { id: string; status: string; live_fulfillments: number } | null
}

/** One change that brings Medusa (or, for a confirm, the service) in line. */
export type RepairAction =
  /** The order is verified at the service, the cart was never completed: complete it (what the missed order.verified.v1
   * would have done). */
  | { type: "complete_cart"; cart_id: string }
  /** The order was cancelled or rejected at the service: the session is no longer payable; the buyer chooses again. */
  | { type: "cancel_session"; status: "canceled" | "error"; data: TradeCreditPaymentData }
  /**
   * A Medusa order exists but its session was never authorized (the process stopped inside cart completion:
   * Medusa places the order first and authorizes last, and a killed process runs no compensation), and the
   * service verified the order: authorize the session as Medusa's own `authorized` webhook handling does for an
   * existing order (processPaymentWorkflow); the provider confirms the order at the service.
   */
  | { type: "authorize_order_payment"; order_id: string; amount: string }
  /**
   * The buyer never verified within `unverifiedOrderTtlHours` (the expiry job asks with `expireBefore`), or the service
   * ended the order while the session waited: the order is cancelled at the service when still UNVERIFIED
   * (`cancel_at_service`), then the session is deleted, which frees the cart (expireUnverifiedOrderWorkflow).
   */
  | { type: "expire_unverified"; service_order_id: string; cancel_at_service: boolean }
  /** The service has the session's order but the session does not know it (a crash between the call and the write). */
  | { type: "sync_session"; status: "requires_more"; data: TradeCreditPaymentData }
  /** Cancelled at the service, authorized in Medusa, and no Medusa order: cancel the payment. */
  | { type: "cancel_payment"; payment_id: string }
  /** Cancelled at the service, nothing shipped or captured: cancel the Medusa order (its payment with it). */
  | { type: "cancel_order"; order_id: string }
  /** Authorized in Medusa but only VERIFIED at the service: confirm it, as authorization does. */
  | { type: "confirm_at_service"; service_order_id: string; payment_id: string }
  /**
   * The service invoiced more than Medusa captured (an invoice whose answer never reached Medusa: a timeout,
   * a broken answer, the process stopping): capture the difference through Medusa's capture workflow; the
   * provider finds the invoice already made and does not invoice again.
   */
  | { type: "record_capture"; payment_id: string; amount: string }
  /**
   * A credit note the plugin asked for (its refund_reference is a Medusa refund id) whose refund row Medusa
   * rolled back: refund that amount through Medusa's refund workflow; the provider adopts the credit note.
   */
  | { type: "record_refund"; payment_id: string; amount: string; refund_reference: string }
  /**
   * A capture or refund row Medusa wrote before calling the provider and never finished (the process was killed
   * during the call): removed, so that what the service did is recorded again through Medusa's own workflow
   * (record_capture / record_refund), which books it on the order and marks the payment captured.
   */
  | { type: "drop_unbooked_capture"; payment_id: string; capture_id: string; amount: string }
  | { type: "drop_unbooked_refund"; payment_id: string; refund_id: string; amount: string }
  /** The service's fulfilments, refunds or state are not in the payment's data: copy them (data only). */
  | { type: "sync_payment_data"; payment_id: string; data: TradeCreditPaymentData }

export type RepairActionType = RepairAction["type"]

/**
 * A difference a run counts by name, beside `repaired` and `failed`:
 * - `unknown_at_service`: Medusa's payment names a service order the service answers 404 for (another API key or
 *   environment than the one the order was placed with, or the order removed at the service). Nothing can repair it
 *   from Medusa's side; the merchant checks the key and the environment.
 */
export type ReconciliationDiscrepancy = "unknown_at_service"

/** What comparing one payment with the service's order found, and what to do about it. */
export type RepairPlan = {
  /** In words, for the run's findings and the log. */
  found: string
  actions: RepairAction[]
  /** Differences no action can repair safely: left for a person (e.g. captures Medusa lacks). */
  reports: string[]
  /** Set when the difference is one the run counts by name. */
  discrepancy?: ReconciliationDiscrepancy
}

/** One line of a reconciliation run's findings (stored as JSON on the run), with the discrepancy it counts, if any. */
export type RunFinding = ReconciliationFinding & { discrepancy?: ReconciliationDiscrepancy }
export type { ReconciliationFinding }

/** How one payment came out of a check. */
export type ReconciliationOutcome = RunFinding & {
  /** The service order's state as read (not stored with the run's findings). */
  service_state?: string
  /** Nothing differed. */
  in_sync: boolean
  /** A change was made. */
  repaired: boolean
}

/**
 * An instalment plan as Medusa has it: the plugin's row for the plan (which session it pays, whether Medusa caught up
 * with its funding) and the session's state (`readMedusaPaymentState`), undefined when the session is gone.
 */
export type PlanPaymentState = {
  row: { id: string; plan_id: string; session_id: string; state: RepaymentPlanSessionState; amount: string }
  medusa: MedusaPaymentState | undefined
}

/** One change that brings Medusa in line with an instalment plan at the service. */
export type PlanRepairAction =
  /** Funding ACCEPTED, the session not authorized: what Medusa's `authorized` webhook handling does
   * (processPaymentWorkflow). */
  | { type: "authorize_plan_session"; amount: string }
  /** Funding REJECTED: the session fails with the reason; an order placed while funding was pending (no payment) is
   * cancelled. */
  | { type: "reject_plan_session"; reason: string | null }
  /** The plugin's row records the decision Medusa caught up with (the polls ask only for rows still "pending"). */
  | { type: "mark_plan_row"; state: "authorized" | "rejected" | "canceled" }
  /** The plan's funding, fulfilment or amounts are not in the payment's data: copy them (data only). */
  | { type: "sync_plan_payment_data"; payment_id: string; data: TradeCreditPlanData }
  /**
   * The service fulfilled the plan while Medusa captured nothing (a capture whose answers were all lost, or a
   * fulfilment made in the service's portal): capture the plan's amount through Medusa's capture workflow; the plan
   * provider finds the fulfilment already made and makes no second one (as `record_capture` for orders).
   */
  | { type: "record_plan_capture"; payment_id: string; amount: string }

export type PlanRepairActionType = PlanRepairAction["type"]

/** What comparing one plan with the service found, and what to do about it (as RepairPlan for orders). */
export type PlanRepairPlan = {
  found: string
  actions: PlanRepairAction[]
  reports: string[]
}

import type { TradeCreditPaymentData } from "../../providers/trade-credit/lib/payment-data"

/**
 * A trade credit payment as Medusa has it: the payment session (whose id is the
 * service's `merchant_order_id`), its payment once authorized, the cart it pays
 * for and the order placed from that cart.
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
  } | null
  cart: { id: string; completed_at: string | Date | null } | null
  order: { id: string; status: string; live_fulfillments: number } | null
}

/** One change that brings Medusa (or, for a confirm, the service) in line. */
export type RepairAction =
  /** The order is verified at the service, the cart was never completed: complete it (what the missed order.verified would have done). */
  | { type: "complete_cart"; cart_id: string }
  /** The order was cancelled or rejected at the service: the session is no longer payable; the buyer chooses again. */
  | { type: "cancel_session"; status: "canceled" | "error"; data: TradeCreditPaymentData }
  /** The service has the session's order but the session does not know it (a crash between the call and the write). */
  | { type: "sync_session"; status: "requires_more"; data: TradeCreditPaymentData }
  /** Cancelled at the service, authorized in Medusa, and no Medusa order: cancel the payment. */
  | { type: "cancel_payment"; payment_id: string }
  /** Cancelled at the service, nothing shipped or captured: cancel the Medusa order (its payment with it). */
  | { type: "cancel_order"; order_id: string }
  /** Authorized in Medusa but only VERIFIED at the service: confirm it, as authorization does. */
  | { type: "confirm_at_service"; service_order_id: string; payment_id: string }
  /** The service's fulfilments, refunds or state are not in the payment's data: copy them (data only). */
  | { type: "sync_payment_data"; payment_id: string; data: TradeCreditPaymentData }

export type RepairActionType = RepairAction["type"]

/** What comparing one payment with the service's order found, and what to do about it. */
export type RepairPlan = {
  /** In words, for the run's findings and the log. */
  found: string
  actions: RepairAction[]
  /** Differences no action can repair safely: left for a person (e.g. captures Medusa lacks). */
  reports: string[]
}

/** One line of a reconciliation run's findings (stored as JSON on the run). */
export type ReconciliationFinding = {
  session_id: string
  payment_id: string | null
  order_id: string | null
  service_order_id: string | null
  found: string
  action: string
  error?: string
}

/** How one payment came out of a check. */
export type ReconciliationOutcome = ReconciliationFinding & {
  /** Nothing differed. */
  in_sync: boolean
  /** A change was made. */
  repaired: boolean
}

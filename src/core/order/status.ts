import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { Order } from "../../service/schemas/order"
import { assertNever } from "../../utils/assert-never"

/** The Medusa payment status an order of the service stands for. */
export function sessionStatusOf(order: Pick<Order, "state" | "status">): PaymentSessionStatus {
  if (order.status === "REJECTED") return PaymentSessionStatus.ERROR
  switch (order.state) {
    case "UNVERIFIED":
      return PaymentSessionStatus.REQUIRES_MORE
    case "VERIFIED":
    case "CONFIRMED":
      return PaymentSessionStatus.AUTHORIZED
    case "FULFILLING":
    case "FULFILLED":
    case "REFUNDED":
      return PaymentSessionStatus.CAPTURED
    case "CANCELLED":
      return PaymentSessionStatus.CANCELED
    default:
      return assertNever(order.state, "order state")
  }
}

/**
 * The status of a session whose order is made before the cart completes (the redirect flow with one completion): the
 * buyer still verifies (requires_more), or it waits for the completion (pending), never authorized before it.
 */
export function beforeCompletionStatusOf(order: Pick<Order, "state">): PaymentSessionStatus {
  return order.state === "UNVERIFIED" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.PENDING
}

/**
 * What an authorization does with the order the service has now. One decision for every way a session gets
 * authorized: the first cart completion, the buyer's return, and the planner's `complete_cart` (a webhook, the
 * reconciliation), which completes the cart through the same authorization.
 * - `refuse`: the service declined the buyer (REJECTED) or ended the order (CANCELLED: the verification failed or
 *   expired); the completion is refused and the buyer chooses the method again.
 * - `wait`: the buyer has not verified; the session requires more (the storefront sends the buyer to `payment_url`).
 * - `confirm`: verified; the order is confirmed at the service, then authorized.
 * - `authorized`: confirmed already (a retried completion, a confirm whose answer was lost), or further on.
 */
export type AuthorizationStep =
  { type: "refuse"; reason: "declined" | "canceled" } | { type: "wait" } | { type: "confirm" } | { type: "authorized" }

export function planAuthorization(order: Pick<Order, "state" | "status">): AuthorizationStep {
  if (order.status === "REJECTED") return { type: "refuse", reason: "declined" }
  switch (order.state) {
    case "CANCELLED":
      return { type: "refuse", reason: "canceled" }
    case "UNVERIFIED":
      return { type: "wait" }
    case "VERIFIED":
      return { type: "confirm" }
    case "CONFIRMED":
    case "FULFILLING":
    case "FULFILLED":
    case "REFUNDED":
      return { type: "authorized" }
    default:
      return assertNever(order.state, "order state")
  }
}

/** The status an authorization answers for the order it found, made or confirmed: the buyer still verifies, else
 * authorized. */
export function authorizationStatusOf(order: Pick<Order, "state" | "status">): PaymentSessionStatus {
  return planAuthorization(order).type === "wait" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.AUTHORIZED
}

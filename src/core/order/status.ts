import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { Order } from "../../service/schemas"

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
  }
}

/**
 * The status of a session whose order is made before the cart completes (the redirect flow with one completion): the
 * buyer still verifies (requires_more), or it waits for the completion (pending), never authorized before it.
 */
export function beforeCompletionStatusOf(order: Pick<Order, "state">): PaymentSessionStatus {
  return order.state === "UNVERIFIED" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.PENDING
}

/** The status an authorization answers for the order it found, made or confirmed: the buyer still verifies, else authorized. */
export function authorizationStatusOf(order: Pick<Order, "state">): PaymentSessionStatus {
  return order.state === "UNVERIFIED" ? PaymentSessionStatus.REQUIRES_MORE : PaymentSessionStatus.AUTHORIZED
}

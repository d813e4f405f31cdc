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

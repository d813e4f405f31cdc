import { MedusaError } from "@medusajs/framework/utils"
import type { Order } from "../service/schemas/order"
import { Money } from "../core/money/money"
import { assertReattachment, type OrderEditPaymentData } from "../medusa/order-edit-payment"
import type { InvoiceDeps } from "./deps"

/**
 * The service order of a payment an order edit replaced, for a session in the edited order's new payment collection
 * (order-edit-payment.ts): checked to be that order's, then read, and refused unless the service has the edit (its
 * total is the session's amount).
 */
export async function takeOverOrder(
  deps: Pick<InvoiceDeps, "client" | "call" | "medusa">,
  sessionId: string,
  data: OrderEditPaymentData,
  amount: unknown,
): Promise<Order> {
  const orderId = await assertReattachment(sessionId, data, deps.medusa)
  const order = await deps.call("read the order", () => deps.client.orders.get(orderId))
  if (amount !== undefined && !Money.fromMedusa(amount).roundToCents().eq(order.gross_amount)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The trade credit order is for ${order.gross_amount} ${order.currency}, ` +
        `not the order's new total ${Money.fromMedusa(amount).roundToCents().toDecimal()}: the edit did ` +
        `not reach the service`,
      "TRADE_CREDIT_AMOUNT_MISMATCH",
    )
  }
  return order
}

import { MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../client/errors"
import type { OrderSummary } from "../service/schemas/order"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { type TradeCreditPaymentData, withOrder } from "../core/order/payment-data"
import { errorIds, logLine } from "../utils/log-line"
import type { InvoiceDeps } from "./deps"

/** Cancels a service order (Medusa cancels a payment that was not captured); an invoiced one is refunded instead. */
export async function cancelOrder(deps: Pick<InvoiceDeps, "client" | "fail">, orderId: string): Promise<OrderSummary> {
  try {
    const { order } = await deps.client.orders.cancel(orderId, { idempotencyKey: idempotencyKeys.cancel(orderId) })
    return order
  } catch (error) {
    if (error instanceof TradeCreditError && error.code === "INVALID_STATE") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The trade credit order is already invoiced (fulfilled) and cannot be cancelled: refund it instead.",
        "TRADE_CREDIT_CANCEL_AFTER_FULFILMENT",
      )
    }
    return deps.fail("cancel the order", error)
  }
}

/**
 * A session that goes away (cart changed, another method chosen) cancels its order unless it was confirmed. Best
 * effort: the service cancels unverified orders on its own after 48 hours, and the session goes regardless.
 */
export async function cancelOrderOfDeletedSession(
  deps: Pick<InvoiceDeps, "client" | "logger">,
  data: TradeCreditPaymentData,
): Promise<TradeCreditPaymentData> {
  if (!data.order_id || (data.state && data.state !== "UNVERIFIED" && data.state !== "VERIFIED")) return data
  const orderId = data.order_id
  try {
    const { order } = await deps.client.orders.cancel(orderId, { idempotencyKey: idempotencyKeys.cancel(orderId) })
    return withOrder(data, order)
  } catch (error) {
    logLine(
      deps.logger,
      "warn",
      `trade-credit: could not cancel order ${orderId} of a deleted session: ${(error as Error).message}`,
      {
        payment_session_id: data.session_id,
        service_order_id: orderId,
        ...errorIds(error),
      },
    )
    return data
  }
}

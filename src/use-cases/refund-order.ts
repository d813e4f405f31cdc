import { MedusaError } from "@medusajs/framework/utils"
import type { Order } from "../service/schemas/order"
import { Money } from "../core/money/money"
import { planRefund } from "../core/order/after-sale"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import type { TradeCreditPaymentData } from "../core/order/payment-data"
import { refundLinesForReturns } from "../core/order/returned-lines"
import { logLine } from "../utils/log-line"
import { readReceivedReturnsOfRefund } from "../medusa/medusa-returns"
import type { InvoiceDeps } from "./deps"
import { otherRefunds } from "../medusa/recorded-money"
import { replayingUnreadableAnswer } from "./replay-unreadable"

type RefundDeps = Pick<InvoiceDeps, "client" | "call" | "logger" | "medusa">

export type OrderRefund = { orderId: string; refundId: string; amount: unknown; data: TradeCreditPaymentData }

/**
 * A refund of a service order under Medusa's refund id (the credit note's reference). What the service already
 * refunded is read back first: a refund made twice, or also in the service's portal, never pays the buyer twice, and a
 * credit note whose Medusa refund was rolled back (the answer was lost) is adopted, not made again. Answers the order
 * with the new refund.
 */
export async function refundOrder(deps: RefundDeps, { orderId, refundId, amount, data }: OrderRefund): Promise<Order> {
  const order = await deps.call("read the order", () => deps.client.orders.get(orderId))
  if (order.refunds.some((r) => r.refund_reference === refundId)) return order
  const value = Money.fromMedusa(amount).roundToCents()
  const plan = planRefund(order, {
    amount: value,
    refundId,
    others: await otherRefunds(deps.medusa.payments(), refundId),
  })
  if (plan.action === "none") return order
  if (plan.action === "refuse")
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, plan.message, "TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
  // Goods that came back (a received return, a claim's return) are credited line by line when
  // the amount is what they are worth; any other refund is split by tax rate in proportion.
  const returned = await returnedLinesOf(deps, refundId, data, order, value)
  const parts = returned
    ? { tax_subtotals: returned.tax_subtotals, line_items: returned.line_items, reason: returned.reason }
    : { tax_subtotals: plan.tax_subtotals }
  const body = { amount: value.toDecimal(), currency: order.currency, ...parts, refund_reference: refundId }
  const refund = await deps.call(
    "refund the order",
    () =>
      replayingUnreadableAnswer(() =>
        deps.client.orders.refund(orderId, body, { idempotencyKey: idempotencyKeys.refund(refundId) }),
      ),
    { refund_id: refundId, service_order_id: orderId },
  )
  return { ...order, refunds: [...order.refunds, refund] }
}

/** The returned lines a refund stands for, if any (reading Medusa's returns is best effort). */
async function returnedLinesOf(
  deps: RefundDeps,
  refundId: string,
  data: TradeCreditPaymentData,
  order: Order,
  amount: Money,
) {
  try {
    const returns = await readReceivedReturnsOfRefund(deps.medusa, refundId, data.session_id)
    return returns.length ? refundLinesForReturns(amount, order, returns) : undefined
  } catch (error) {
    logLine(
      deps.logger,
      "warn",
      `trade-credit: could not read the returns of refund ${refundId}; its amount ` +
        `is split by tax rate: ${(error as Error).message}`,
      {
        payment_session_id: data.session_id,
        refund_id: refundId,
        service_order_id: order.id,
      },
    )
    return undefined
  }
}

import type { TradeCreditClient } from "../client/index"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { type TradeCreditPaymentData, withOrder } from "../core/order/payment-data"
import type { OrderSummary } from "../service/schemas/order"
import { classifyServiceFailure } from "./service-failure-kind"

/** A placed Medusa order's trade credit invoice payment: its id and the data its provider keeps. */
export type PlacedPayment = { id: string; data: TradeCreditPaymentData }

export type ConfirmPlacedDeps = {
  client: { orders: Pick<TradeCreditClient["orders"], "confirm" | "getSummary"> }
  /** Replaces a payment's data without calling the provider (Medusa's payment record). */
  writeData: (paymentId: string, data: TradeCreditPaymentData) => Promise<void>
}

/** What the service has of a payment's order once the placement's confirm ran. */
export type PlacedConfirmation = { payment_id: string; service_order_id: string; state: OrderSummary["state"] }

/**
 * Confirms the service orders of a placed Medusa order that are still VERIFIED: a verified trade account user's one
 * click is authorized without the confirm (authorize-order.ts), so the buyer waits for one call, and the order is
 * confirmed here once Medusa placed it. The key is the one every confirm of the order shares (`confirm-<order>`: the
 * reconciliation's, a capture's), so however many of them run, the service confirms once. A confirm refused with an
 * answer (the order was cancelled meanwhile, or confirmed already) writes what the service has now; an order still
 * VERIFIED after a refusal (another confirm of it was running) fails, for the reconciliation to repair. A passing
 * failure throws as well: a capture confirms the order before it fulfils (capture-order.ts), and the reconciliation
 * confirms what stays VERIFIED. Each payment's data is written with the order as the service answered it.
 */
export async function confirmPlacedPayments(
  deps: ConfirmPlacedDeps,
  payments: PlacedPayment[],
): Promise<PlacedConfirmation[]> {
  const confirmed: PlacedConfirmation[] = []
  for (const payment of payments) {
    const orderId = payment.data.order_id
    if (!orderId || payment.data.state !== "VERIFIED") continue
    const order = await confirmOrRead(deps, orderId)
    await deps.writeData(payment.id, withOrder(payment.data, order))
    confirmed.push({ payment_id: payment.id, service_order_id: orderId, state: order.state })
  }
  return confirmed
}

async function confirmOrRead(deps: ConfirmPlacedDeps, orderId: string): Promise<OrderSummary> {
  try {
    return await deps.client.orders.confirm(orderId, { idempotencyKey: idempotencyKeys.confirm(orderId) })
  } catch (error) {
    if (classifyServiceFailure(error) !== "refused") throw error
    const order = await deps.client.orders.getSummary(orderId)
    if (order.state === "VERIFIED") throw error
    return order
  }
}

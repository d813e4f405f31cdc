import type { Order, OrderSummary } from "../service/schemas/order"
import { taxSubtotalsOf } from "../service/order-arithmetic"
import { Money } from "../core/money/money"
import { planCapture } from "../core/order/after-sale"
import { idempotencyKeys } from "../core/order/idempotency-keys"
import { readCaptureAmount } from "../medusa/medusa-reader"
import type { InvoiceDeps } from "./deps"
import { otherCapturedTotal } from "../medusa/recorded-money"

/**
 * A capture of a service order: its amount (Medusa's capture row, read by `captureId`; none: the rest of the order) is
 * fulfilled and invoiced. The order is read first: invoiced in full already, nothing is read or asked; an invoice whose
 * answer never reached Medusa (its capture was rolled back) is adopted, not made again (core/order/after-sale.ts).
 * An order still VERIFIED (a one-click order captured before its placement's confirm ran) is confirmed first.
 */
export async function captureOrder(
  deps: Pick<InvoiceDeps, "client" | "call" | "medusa">,
  orderId: string,
  captureId: string | undefined,
): Promise<OrderSummary> {
  const order = withTaxSubtotals(await confirmedOrder(deps, orderId))
  if (planCapture(order, {}).action === "none") return order
  const captureAmount = captureId ? await readCaptureAmount(deps.medusa.payments(), captureId) : undefined
  const amount = captureAmount === undefined ? undefined : Money.fromMedusa(captureAmount).roundToCents()
  const recorded =
    captureId && amount !== undefined ? await otherCapturedTotal(deps.medusa.payments(), captureId) : undefined
  const plan = planCapture(order, { amount, recorded })
  if (plan.action === "none") return order
  return await deps.call(
    "fulfil the order",
    () =>
      deps.client.orders.fulfil(orderId, plan.part, { idempotencyKey: idempotencyKeys.fulfil(captureId ?? orderId) }),
    { capture_id: captureId, service_order_id: orderId },
  )
}

/** The order read; one still VERIFIED is confirmed (under the key every confirm of it shares) and read again. */
async function confirmedOrder(deps: Pick<InvoiceDeps, "client" | "call">, orderId: string): Promise<Order> {
  const order = await deps.call("read the order", () => deps.client.orders.get(orderId))
  if (order.state !== "VERIFIED") return order
  const ids = { service_order_id: orderId }
  await deps.call(
    "confirm the order",
    () => deps.client.orders.confirm(orderId, { idempotencyKey: idempotencyKeys.confirm(orderId) }),
    ids,
  )
  return await deps.call("read the order", () => deps.client.orders.get(orderId), ids)
}

/**
 * The order with its tax subtotals: the service's own when it lists them; else those of its lines (the published order
 * answer requires the lines with their rates and amounts, not `tax_subtotals`), which a part is split over.
 */
export function withTaxSubtotals<T extends Pick<Order, "tax_subtotals" | "line_items">>(order: T): T {
  return order.tax_subtotals.length || !order.line_items.length
    ? order
    : { ...order, tax_subtotals: taxSubtotalsOf(order.line_items) }
}

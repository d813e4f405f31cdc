import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { readOrderTradeCreditPayment } from "../../../../workflows/invoice-shipment/order-payment"
import { Codes } from "../../../errors/codes"
import { RouteError } from "../../../errors/route-error"

const INVOICED_STATES = new Set(["FULFILLING", "FULFILLED", "REFUNDED"])

/**
 * Runs before Medusa's `POST /admin/orders/:id/cancel`. Medusa's cancelOrderWorkflow
 * cancels payments that have no capture and silently refunds the ones that have;
 * an order the trade credit service has invoiced (in full or in part) cannot be
 * cancelled there (409), only refunded, which issues a credit note. So such a
 * cancellation is refused here, before Medusa changes anything, with a message
 * that says what to do instead. An order not invoiced yet goes through: Medusa
 * cancels the payment and the provider cancels the order at the service.
 */
export async function refuseCancelWhenInvoiced(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const found = await readOrderTradeCreditPayment(req.scope, req.params.id)
    const payment = found?.payment
    if (!found || !payment || payment.canceled_at) return next()

    let invoices = (payment.data.fulfilments ?? []).map((f) => f.invoice_number)
    let invoiced = payment.captures.length > 0 || invoices.length > 0
    if (!invoiced) {
      try {
        const client = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
        const order = await client.orders.get(payment.service_order_id)
        invoices = order.fulfilments.map((f) => f.invoice_number)
        invoiced = invoices.length > 0 || INVOICED_STATES.has(order.state)
      } catch {
        // The service cannot be asked now: the provider's cancel refuses an invoiced order itself.
      }
    }
    if (!invoiced) return next()
    const name = found.order.display_id ? `#${found.order.display_id}` : found.order.id
    return next(
      new RouteError(
        Codes.TRADE_CREDIT_CANCEL_AFTER_FULFILMENT,
        `Order ${name} is already invoiced by the trade credit service` +
          `${invoices.length ? ` (${invoices.join(", ")})` : ""} ` +
          "and cannot be cancelled: refund it instead (a refund or a return), and the service issues a credit note.",
      ),
    )
  } catch (error) {
    return next(error)
  }
}

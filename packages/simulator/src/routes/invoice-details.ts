import { Router } from "express"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import { merchantOf } from "../locals"
import { invoiceDetails, ledgerOf } from "../orders/invoice-status"
import { expireIfDue } from "../orders/lifecycle"
import type { MerchantState } from "../state/merchants"
import { route } from "./handler"

/** An invoice of the merchant by its id (a fulfilment's id: `fulfilled_order.id`). */
function findInvoice(merchant: MerchantState, id: string) {
  for (const record of merchant.orders.all()) {
    const invoice = record.ledger?.find((i) => i.id === id)
    if (invoice) return { record, invoice }
  }
  return undefined
}

/**
 * `GET /v1/order/{order_id}/invoice_details` (published checkout-api, `InvoiceDetailsWithStatusSchema`): what the
 * buyer owes on the order's invoices and how it stands (orders/invoice-status.ts). 404 for an order the merchant does
 * not have, 409 INVALID_STATE before its first invoice. The id of one invoice (`fulfilled_order.id`, the events'
 * `invoice_id`) reads that invoice alone **(chosen)**: an order fulfilled in parts has one invoice per part.
 */
export function invoiceDetailsRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/v1/order/:orderId/invoice_details",
    route((req, res) => {
      const merchant = merchantOf(res)
      const id = req.params.orderId
      const record = merchant.orders.get(id)
      if (record) {
        expireIfDue(ctx, merchant, record)
        const ledger = ledgerOf(record)
        if (ledger.length === 0) throw invalidState(`Order ${id} has not been invoiced (state ${record.order.state})`)
        return res.json(invoiceDetails(ctx, record, ledger, record.order.id))
      }
      const found = findInvoice(merchant, id)
      if (!found) throw notFound(`Order ${id}`)
      res.json(invoiceDetails(ctx, found.record, [found.invoice], found.invoice.id))
    }),
  )

  return router
}

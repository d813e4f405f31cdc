import { Router } from "express"
import { z } from "zod"
import { Money } from "../../contract/common"
import type { SimulatorContext } from "../../context"
import { ledgerOf } from "../../orders/invoice-status"
import { orderInvoiceDetails, payOrder, settleOrder } from "../../orders/settlement"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { findAnyOrder } from "./lookup"

const Settlement = z.object({ amount: Money.optional(), invoice_id: z.string().min(1).optional() }).strict()
const Payment = Settlement.extend({ reference: z.string().min(1).max(140).optional() }).strict()

export const PAYMENT_ENDPOINTS = [
  "GET /_sim/orders/:id/invoices (the order's invoices after issue: paid, credited, collected, recoursed)",
  "POST /_sim/orders/:id/payments {amount?, reference?, invoice_id?} (the buyer pays: payment_allocated)",
  "POST /_sim/orders/:id/collection {amount?, invoice_id?} (sent to collection: collected)",
  "POST /_sim/orders/:id/recourse {amount?, invoice_id?} (handed back to the merchant: recoursed)",
]

/**
 * /_sim/orders/:id/…: what happens to an order's invoices after they are issued (issue #38). Each answers what it
 * did and the order's `invoice_details` as the published read gives them. `amount` (a decimal string) defaults to
 * all that is unpaid; 409 INVALID_STATE before the first invoice, when nothing is unpaid or for more than that.
 */
export function controlPaymentRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/orders/:id/invoices",
    route((req, res) => {
      const { merchant, record } = findAnyOrder(ctx, req.params.id)
      const invoices = ledgerOf(record)
      res.json({
        merchant: merchant.id,
        order_id: record.order.id,
        invoices,
        invoice_details: invoices.length ? orderInvoiceDetails(ctx, record) : null,
      })
    }),
  )

  router.post(
    "/orders/:id/payments",
    route((req, res) => {
      const body = parseWith(Payment, req.body ?? {}, "body")
      const { merchant, record } = findAnyOrder(ctx, req.params.id)
      const done = payOrder(ctx, merchant, record, body)
      res.status(201).json({
        merchant: merchant.id,
        order_id: record.order.id,
        ...done,
        invoice_details: orderInvoiceDetails(ctx, record),
      })
    }),
  )

  for (const [path, kind] of [
    ["collection", "collected"],
    ["recourse", "recoursed"],
  ] as const) {
    router.post(
      `/orders/:id/${path}`,
      route((req, res) => {
        const body = parseWith(Settlement, req.body ?? {}, "body")
        const { merchant, record } = findAnyOrder(ctx, req.params.id)
        const done = settleOrder(ctx, merchant, record, kind, body)
        res.status(201).json({
          merchant: merchant.id,
          order_id: record.order.id,
          ...done,
          invoice_details: orderInvoiceDetails(ctx, record),
        })
      }),
    )
  }

  return router
}

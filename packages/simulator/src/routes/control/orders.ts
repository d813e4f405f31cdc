import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { money, sumOf } from "../../orders/amounts"
import { decideVerification, expireIfDue, sweepExpired } from "../../orders/lifecycle"
import type { MerchantState } from "../../state/merchants"
import type { OrderRecord } from "../../state/orders"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { findAnyOrder, merchantsMatching } from "./lookup"

const VerifyBody = z.object({ approve: z.boolean() })
const ExpireBody = z.object({ order_id: z.string().optional() })

function summary(merchant: MerchantState, record: OrderRecord) {
  const { order } = record
  return {
    merchant: merchant.id,
    id: order.id,
    merchant_order_id: order.merchant_order_id,
    state: order.state,
    status: order.status,
    decline_reason: order.decline_reason,
    gross_amount: order.gross_amount,
    currency: order.currency,
    fulfilments: order.fulfilments.length,
    refunds: order.refunds.length,
    fulfilled_amount: money(sumOf(order.fulfilments, (f) => f.gross_amount)),
    refunded_amount: money(sumOf(order.refunds, (r) => r.amount)),
    payment_url: order.payment_url,
    date_created: order.date_created,
  }
}

/** /_sim/orders: list and show orders, decide a verification, expire waiting orders, forget one. */
export function controlOrderRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/orders",
    route((req, res) => {
      const state = typeof req.query.state === "string" ? req.query.state : undefined
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        merchant.orders
          .all()
          .filter((record) => (expireIfDue(ctx, merchant, record), !state || record.order.state === state))
          .map((record) => summary(merchant, record)),
      )
      res.json({ items })
    }),
  )

  router.post(
    "/orders/expire",
    route((req, res) => {
      const body = parseWith(ExpireBody, req.body ?? {}, "body")
      if (!body.order_id) return res.json({ expired: sweepExpired(ctx, true) })
      const { merchant, record } = findAnyOrder(ctx, body.order_id)
      res.json({ expired: expireIfDue(ctx, merchant, record, true) ? 1 : 0 })
    }),
  )

  router.get(
    "/orders/:id",
    route((req, res) => {
      const { merchant, record } = findAnyOrder(ctx, req.params.id)
      expireIfDue(ctx, merchant, record)
      res.json({ merchant: merchant.id, order: record.order })
    }),
  )

  // The service forgot the order (purged an abandoned one, or lost its memory): its id answers 404 from now on.
  router.delete(
    "/orders/:id",
    route((req, res) => {
      const { merchant, record } = findAnyOrder(ctx, req.params.id)
      merchant.orders.forget(record)
      res.json({ merchant: merchant.id, id: record.order.id, forgotten: true })
    }),
  )

  router.post(
    "/orders/:id/verify",
    route((req, res) => {
      const body = parseWith(VerifyBody, req.body ?? {}, "body")
      const { merchant, record } = findAnyOrder(ctx, req.params.id)
      res.json(decideVerification(ctx, merchant, record, body.approve))
    }),
  )

  return router
}

import express, { Router } from "express"
import type { SimulatorContext } from "../context"
import { decideVerification, expireIfDue } from "../orders/lifecycle"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { route } from "./handler"
import { unknownOrderHtml, verificationHtml } from "./verification-html"

function findOrder(ctx: SimulatorContext, id: string): { merchant: MerchantState; record: OrderRecord } | undefined {
  for (const merchant of ctx.merchants.list()) {
    const record = merchant.orders.get(id)
    if (record) return { merchant, record }
  }
  return undefined
}

/**
 * The page at payment_url (no API key: the buyer's browser opens it). Plain
 * HTML forms POST the buyer's decision back; the answer is a 303 to the
 * merchant's URL. After a decision the page shows the outcome. Mounted at /verify.
 */
export function verificationPage(ctx: SimulatorContext): Router {
  const router = Router()
  router.use(express.urlencoded({ extended: false, limit: "10kb" }))

  router.get(
    "/:orderId",
    route((req, res) => {
      const found = findOrder(ctx, req.params.orderId)
      res.setHeader("Cache-Control", "no-store")
      if (!found) return res.status(404).type("html").send(unknownOrderHtml())
      expireIfDue(ctx, found.merchant, found.record)
      res.type("html").send(verificationHtml(found.record, found.merchant.name))
    })
  )

  router.post(
    "/:orderId",
    route((req, res) => {
      const found = findOrder(ctx, req.params.orderId)
      if (!found) return res.status(404).type("html").send(unknownOrderHtml())
      const decision = (req.body as Record<string, unknown> | undefined)?.decision
      if (decision !== "approve" && decision !== "reject") {
        return res.status(400).type("html").send(verificationHtml(found.record, found.merchant.name))
      }
      expireIfDue(ctx, found.merchant, found.record)
      const { order } = found.record
      if (order.status !== "APPROVED" || order.state !== "UNVERIFIED") {
        return res.redirect(303, `/verify/${encodeURIComponent(order.id)}`)
      }
      const { redirect_url } = decideVerification(ctx, found.merchant, found.record, decision === "approve")
      res.redirect(303, redirect_url)
    })
  )

  return router
}

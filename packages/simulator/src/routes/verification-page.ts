import express, { Router } from "express"
import type { SimulatorContext } from "../context"
import { decideVerification, expireIfDue } from "../orders/lifecycle"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { route } from "./handler"
import { langQuery, pageLanguage, sendPage } from "./page-language"
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
 * The words follow the buyer's language (page-language.ts): `?lang=` of the URL, else
 * Accept-Language, else English; a `lang` of the URL stays on the form and its redirects.
 */
export function verificationPage(ctx: SimulatorContext): Router {
  const router = Router()
  router.use(express.urlencoded({ extended: false, limit: "10kb" }))

  router.get(
    "/:orderId",
    route((req, res) => {
      const chosen = pageLanguage(req)
      const found = findOrder(ctx, req.params.orderId)
      res.setHeader("Cache-Control", "no-store")
      if (!found) return sendPage(res, chosen.language, unknownOrderHtml(chosen.language), 404)
      expireIfDue(ctx, found.merchant, found.record)
      sendPage(
        res,
        chosen.language,
        verificationHtml(found.record, found.merchant.name, chosen.language, langQuery(chosen)),
      )
    }),
  )

  router.post(
    "/:orderId",
    route((req, res) => {
      const chosen = pageLanguage(req)
      const found = findOrder(ctx, req.params.orderId)
      if (!found) return sendPage(res, chosen.language, unknownOrderHtml(chosen.language), 404)
      const decision = (req.body as Record<string, unknown> | undefined)?.decision
      if (decision !== "approve" && decision !== "reject") {
        return sendPage(
          res,
          chosen.language,
          verificationHtml(found.record, found.merchant.name, chosen.language, langQuery(chosen)),
          400,
        )
      }
      expireIfDue(ctx, found.merchant, found.record)
      const { order } = found.record
      if (order.status !== "APPROVED" || order.state !== "UNVERIFIED") {
        return res.redirect(303, `/verify/${encodeURIComponent(order.id)}${langQuery(chosen)}`)
      }
      const { redirect_url } = decideVerification(ctx, found.merchant, found.record, decision === "approve")
      res.redirect(303, redirect_url)
    }),
  )

  return router
}

import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"
import { FaultSpec } from "../../faults"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { merchantsMatching } from "./lookup"

const WebhookBody = z.object({ url: z.string().url().nullable(), merchant: z.string().optional() })

/** /_sim/faults, /_sim/webhook (the URL) and /_sim/webhooks (the deliveries). */
export function controlFaultAndWebhookRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get("/faults", (_req, res) => {
    res.json({ items: ctx.faults.list() })
  })
  router.post(
    "/faults",
    route((req, res) => {
      const fault = ctx.faults.add(parseWith(FaultSpec, req.body ?? {}, "body"))
      res.status(201).json(ctx.faults.list().find((f) => f.id === fault.id))
    }),
  )
  router.delete("/faults", (_req, res) => {
    ctx.faults.clear()
    res.json({ ok: true })
  })
  router.delete(
    "/faults/:id",
    route((req, res) => {
      if (!ctx.faults.remove(req.params.id)) throw notFound(`Fault ${req.params.id}`)
      res.json({ ok: true })
    }),
  )

  router.get("/webhook", (_req, res) => {
    res.json({ items: ctx.merchants.list().map((m) => ({ merchant: m.id, url: m.webhookUrl })) })
  })
  router.put(
    "/webhook",
    route((req, res) => {
      const body = parseWith(WebhookBody, req.body ?? {}, "body")
      const merchants = merchantsMatching(ctx, body.merchant)
      for (const merchant of merchants) merchant.webhookUrl = body.url
      res.json({ items: merchants.map((m) => ({ merchant: m.id, url: m.webhookUrl })) })
    }),
  )
  router.get("/webhooks", (req, res) => {
    const q = req.query as Record<string, string | undefined>
    res.json({ items: ctx.webhooks.list({ merchant: q.merchant, type: q.type }) })
  })
  router.delete("/webhooks", (_req, res) => {
    ctx.webhooks.clear()
    res.json({ ok: true })
  })

  return router
}

import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { emailHash, lookupErasureCase } from "../../erasure"
import { notFound } from "../../errors"
import { parseWith } from "../../validate"
import { route } from "../handler"

const LookupQuery = z.object({ email: z.string().min(1), merchant: z.string().optional() })

/**
 * The erasure part of the control API: each merchant's audit trail (what each
 * reference did, by the address's sha256, never the address) and the case of
 * an address for one merchant, with the records per store that decide it.
 */
export function controlErasureRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get("/erasure/requests", (req, res) => {
    const merchant = typeof req.query.merchant === "string" && req.query.merchant ? req.query.merchant : undefined
    const reference = typeof req.query.reference === "string" && req.query.reference ? req.query.reference : undefined
    const email = typeof req.query.email === "string" && req.query.email ? emailHash(req.query.email) : undefined
    const items = ctx.merchants
      .list()
      .filter((m) => !merchant || m.id === merchant)
      .flatMap((m) => m.erasure.list().map((entry) => ({ merchant: m.id, ...entry })))
      .filter((entry) => (!reference || entry.reference === reference) && (!email || entry.email_hash === email))
    res.json({ items })
  })

  router.get(
    "/erasure/lookup",
    route((req, res) => {
      const query = parseWith(LookupQuery, req.query ?? {}, "query")
      const merchant = query.merchant ? ctx.merchants.get(query.merchant) : ctx.merchants.list()[0]
      if (!merchant) throw notFound(`Merchant ${query.merchant}`)
      res.json({ merchant: merchant.id, ...lookupErasureCase(ctx, merchant, query.email) })
    }),
  )

  return router
}

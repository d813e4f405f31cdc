import express, { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { ServiceError, sendError } from "../../errors"
import { sweepExpired } from "../../orders/lifecycle"
import { profileView, resetProfile } from "../../profile"
import { sweepRepayment } from "../../repayment/sweep"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { sweepArrears } from "../../customers/arrears"
import { COMPANY_ENDPOINTS, controlCompanyRoutes } from "./companies"
import { controlErasureRoutes } from "./erasure"
import { controlFaultAndWebhookRoutes } from "./faults-webhooks"
import { LATENCY_ENDPOINTS, controlLatencyRoutes } from "./latency"
import { controlOrderRoutes } from "./orders"
import { PAYMENT_ENDPOINTS, controlPaymentRoutes } from "./payments"
import { REGISTRATION_ENDPOINTS, controlRegistrationRoutes } from "./registration"
import { controlRepaymentRoutes } from "./repayment"
import { controlTradeAccountRoutes } from "./trade-accounts"

const AdvanceBody = z.object({ ms: z.number().int().min(0) })
const ApiKeyBody = z.object({ api_key: z.string().min(1) }).strict()
const StepUpBody = z
  .object({
    min_gross_amount: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/)
      .nullable()
      .default(null),
    every_nth: z.number().int().min(1).nullable().default(null),
    merchant_order_id_pattern: z
      .string()
      .refine((p) => {
        try {
          new RegExp(p)
          return true
        } catch {
          return false
        }
      }, "not a regular expression")
      .nullable()
      .default(null),
  })
  .strict()
const ProfileBody = z
  .object({ funding_delay_ms: z.number().int().min(0).optional(), step_up: StepUpBody.nullable().optional() })
  .strict()

const ENDPOINTS = [
  "GET /_sim/merchants",
  "POST /_sim/merchants/:id/api-keys {api_key} (a key rotation: a second key works too)",
  "DELETE /_sim/merchants/:id/api-keys {api_key} (revokes one of the merchant's keys, never the last)",
  "GET /_sim/requests?method=&path_prefix=&merchant=",
  "DELETE /_sim/requests",
  "GET /_sim/orders?merchant=&state=",
  "GET /_sim/orders/:id",
  "DELETE /_sim/orders/:id (the service forgets the order: 404 for it from then on)",
  "POST /_sim/orders/:id/verify {approve}",
  "POST /_sim/orders/expire {order_id?}",
  ...PAYMENT_ENDPOINTS,
  "GET /_sim/repayment/accounts?merchant=",
  "GET /_sim/plans?merchant=&account_id=",
  "GET /_sim/plans/:id",
  "POST /_sim/plans/:id/funding {status: ACCEPTED|REJECTED, reason?}",
  "POST /_sim/plans/:id/fulfilment {status: SUCCEEDED|FAILED}",
  "GET /_sim/repayment/invoices?account_id=&merchant=",
  "GET /_sim/trade-accounts?merchant=",
  "GET /_sim/trade-accounts/users/:uid?merchant=",
  "POST /_sim/trade-accounts/users/:uid/verify {verified?}",
  "GET /_sim/erasure/requests?merchant=&reference=&email=",
  "GET /_sim/erasure/lookup?email=&merchant=",
  ...REGISTRATION_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  "GET /_sim/faults",
  "POST /_sim/faults {method?, path, times?, fault}",
  "DELETE /_sim/faults",
  "DELETE /_sim/faults/:id",
  ...LATENCY_ENDPOINTS,
  "GET /_sim/webhook",
  "PUT /_sim/webhook {url, merchant?}",
  "GET /_sim/webhooks?merchant=&type=",
  "DELETE /_sim/webhooks",
  "GET /_sim/clock",
  "POST /_sim/clock/advance {ms} (expiries, repayment invoices and statements, arrears blocks fall due)",
  "GET /_sim/profile (full or minimal, and the minimal profile's settings)",
  "PUT /_sim/profile {funding_delay_ms?, step_up?: {min_gross_amount?, every_nth?, merchant_order_id_pattern?} | null}",
  "POST /_sim/reset",
]

/** The control API for tests and the demo (docs/simulator.md). No API key; JSON in and out. Mounted at /_sim. */
export function controlRoutes(ctx: SimulatorContext): Router {
  const router = Router()
  router.use(express.json({ limit: "1mb" }))

  router.get("/", (_req, res) => {
    res.json({
      base_url: ctx.baseUrl,
      profile: ctx.profile.name,
      merchants: ctx.merchants.list(),
      endpoints: ENDPOINTS,
    })
  })
  router.get("/merchants", (_req, res) => {
    res.json({ items: ctx.merchants.list() })
  })

  // Key rotation: the answers never show a key.
  const merchantOf = (id: string) => {
    const merchant = ctx.merchants.get(id)
    if (!merchant) throw new ServiceError(404, "NOT_FOUND", `merchant ${id} was not found`)
    return merchant
  }
  router.post(
    "/merchants/:id/api-keys",
    route((req, res) => {
      const merchant = merchantOf(req.params.id)
      const body = parseWith(ApiKeyBody, req.body ?? {}, "body")
      if (!ctx.merchants.addApiKey(merchant, body.api_key)) {
        throw new ServiceError(
          400,
          "INVALID_REQUEST",
          "api_key is malformed (secret_<env>_<43 characters>) or another merchant's",
        )
      }
      res.status(201).json({ merchant: merchant.id, added: true })
    }),
  )
  router.delete(
    "/merchants/:id/api-keys",
    route((req, res) => {
      const merchant = merchantOf(req.params.id)
      const body = parseWith(ApiKeyBody, req.body ?? {}, "body")
      if (!ctx.merchants.revokeApiKey(merchant, body.api_key)) {
        throw new ServiceError(
          400,
          "INVALID_REQUEST",
          "api_key is not one of the merchant's keys, or it is the last one",
        )
      }
      res.json({ merchant: merchant.id, revoked: true })
    }),
  )

  router.get("/requests", (req, res) => {
    const q = req.query as Record<string, string | undefined>
    res.json({ items: ctx.requests.list({ method: q.method, path_prefix: q.path_prefix, merchant: q.merchant }) })
  })
  router.delete("/requests", (_req, res) => {
    ctx.requests.clear()
    res.json({ ok: true })
  })

  router.use(controlOrderRoutes(ctx))
  router.use(controlPaymentRoutes(ctx))
  router.use(controlRepaymentRoutes(ctx))
  router.use(controlRegistrationRoutes(ctx))
  router.use(controlTradeAccountRoutes(ctx))
  router.use(controlErasureRoutes(ctx))
  router.use(controlCompanyRoutes(ctx))
  router.use(controlFaultAndWebhookRoutes(ctx))
  router.use(controlLatencyRoutes(ctx))

  router.get("/clock", (_req, res) => {
    res.json({ now: ctx.clock.iso(), offset_ms: ctx.clock.offset })
  })
  router.post(
    "/clock/advance",
    route((req, res) => {
      const body = parseWith(AdvanceBody, req.body ?? {}, "body")
      ctx.clock.advance(body.ms)
      const expired = sweepExpired(ctx)
      const repayment = sweepRepayment(ctx)
      const arrears = sweepArrears(ctx)
      res.json({ now: ctx.clock.iso(), offset_ms: ctx.clock.offset, expired, repayment, arrears })
    }),
  )

  router.get("/profile", (_req, res) => {
    res.json(profileView(ctx.profile))
  })
  router.put(
    "/profile",
    route((req, res) => {
      const body = parseWith(ProfileBody, req.body ?? {}, "body")
      if (body.funding_delay_ms !== undefined) ctx.profile.fundingDelayMs = body.funding_delay_ms
      if (body.step_up !== undefined) {
        ctx.profile.stepUp = body.step_up
        ctx.profile.oneClickCount.clear()
      }
      res.json(profileView(ctx.profile))
    }),
  )

  router.post("/reset", (_req, res) => {
    resetProfile(ctx.profile)
    for (const merchant of ctx.merchants.list()) merchant.reset()
    ctx.merchants.resetApiKeys()
    ctx.companies.reset()
    ctx.faults.clear()
    ctx.latency.reset()
    ctx.requests.clear()
    ctx.webhooks.clear()
    ctx.clock.reset()
    ctx.documents.reset()
    ctx.pdfs.clear()
    res.json({ ok: true })
  })

  router.use((req, res) => {
    sendError(res, new ServiceError(404, "NOT_FOUND", `No control endpoint ${req.method} /_sim${req.path}`))
  })

  return router
}

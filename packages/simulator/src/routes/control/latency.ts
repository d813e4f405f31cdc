import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { MAX_LATENCY_MS, MAX_LATENCY_SEED } from "../../latency"
import { parseWith } from "../../validate"
import { route } from "../handler"

const Ms = z.number().int().min(0).max(MAX_LATENCY_MS)
const LatencyBody = z
  .object({
    latency_ms: Ms.optional(),
    jitter_ms: Ms.optional(),
    seed: z.number().int().min(0).max(MAX_LATENCY_SEED).nullable().optional(),
  })
  .strict()

export const LATENCY_ENDPOINTS = [
  "GET /_sim/latency (the wait added to every call of the service's API)",
  "PUT /_sim/latency {latency_ms?, jitter_ms?, seed?: integer | null}",
]

/** /_sim/latency: the latency profile (latency.ts), read and changed at run time. */
export function controlLatencyRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get("/latency", (_req, res) => {
    res.json(ctx.latency.view())
  })
  router.put(
    "/latency",
    route((req, res) => {
      const body = parseWith(LatencyBody, req.body ?? {}, "body")
      ctx.latency.set({ latencyMs: body.latency_ms, jitterMs: body.jitter_ms, seed: body.seed })
      res.json(ctx.latency.view())
    }),
  )

  return router
}

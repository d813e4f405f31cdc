import type { MiddlewareRoute } from "@medusajs/framework/http"

/** The most a delivery of the service may weigh (its events are small JSON envelopes). */
export const WEBHOOK_MAX_BYTES = 256 * 1024

/**
 * `POST /hooks/trade-credit`: the route reads the raw body itself (bounded by
 * WEBHOOK_MAX_BYTES), because the signature is over the exact bytes and every
 * refusal (too large, forged, malformed) must be a JSON answer with a code.
 */
export const tradeCreditWebhookMiddlewares: MiddlewareRoute[] = [
  { matcher: "/hooks/trade-credit", method: ["POST"], bodyParser: false, middlewares: [] },
]

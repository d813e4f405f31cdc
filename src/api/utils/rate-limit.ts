import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendError } from "../errors/answer"
import { Codes, type ErrorCode } from "../errors/codes"

/**
 * What a request is counted by, in order of preference: the logged-in
 * customer's id, else the client's address. A customer keeps one bucket
 * wherever they connect from; guests behind one address share that address's
 * bucket, and never a logged-in customer's (lessons-from-peers #8: one bucket
 * for everyone behind a CDN refuses everyone at once). The address is
 * `req.ip`, which follows Express's `trust proxy` setting: behind a proxy or
 * CDN, set it so that the address is the client's, not the proxy's.
 */
export type RateLimitIdentity = "customer" | "ip"

export type RateLimitOptions = {
  /** Names the limit in keys and messages (each name has its own buckets), e.g. "company-search". */
  name: string
  /** Length of one window in milliseconds. */
  windowMs: number
  /** Requests allowed per identity per window. */
  max: number
  /** Identities to count by, the first one the request has wins (default ["customer", "ip"]). */
  by?: RateLimitIdentity[]
  /** Buckets kept at most (the oldest are dropped first); default 10000. */
  maxKeys?: number
  /** The error code of a refused request (default TRADE_CREDIT_RATE_LIMITED). */
  code?: ErrorCode
}

type Bucket = { count: number; resetAt: number }

/**
 * A fixed-window counter per key, bounded in size. In-process: each server
 * instance counts on its own (a limit per instance).
 */
export class RateLimitStore {
  readonly #buckets = new Map<string, Bucket>()

  constructor(
    readonly windowMs: number,
    readonly max: number,
    readonly maxKeys = 10_000
  ) {}

  /** Counts one hit for `key`; answers whether it is allowed and when its window ends. */
  hit(key: string, now = Date.now()): { allowed: boolean; remaining: number; resetAt: number } {
    let bucket = this.#buckets.get(key)
    if (!bucket || bucket.resetAt <= now) {
      this.#buckets.delete(key)
      bucket = { count: 0, resetAt: now + this.windowMs }
      this.#evict(now)
      this.#buckets.set(key, bucket)
    }
    bucket.count += 1
    return { allowed: bucket.count <= this.max, remaining: Math.max(0, this.max - bucket.count), resetAt: bucket.resetAt }
  }

  get size(): number {
    return this.#buckets.size
  }

  reset(): void {
    this.#buckets.clear()
  }

  /** Drops expired buckets, then the oldest ones, so that one more fits. */
  #evict(now: number) {
    if (this.#buckets.size < this.maxKeys) return
    for (const [key, bucket] of this.#buckets) if (bucket.resetAt <= now) this.#buckets.delete(key)
    // Map keeps insertion order: the first keys are the oldest windows.
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size < this.maxKeys) break
      this.#buckets.delete(key)
    }
  }
}

/** The key of a request for the identities asked for, or undefined when it has none of them. */
export function identityOf(req: MedusaRequest, by: RateLimitIdentity[]): string | undefined {
  for (const identity of by) {
    if (identity === "customer") {
      const auth = (req as MedusaRequest & { auth_context?: { actor_id?: string; actor_type?: string } }).auth_context
      if (auth?.actor_type === "customer" && auth.actor_id) return `customer:${auth.actor_id}`
    } else if (identity === "ip") {
      const ip = req.ip ?? req.socket?.remoteAddress
      if (ip) return `ip:${ip}`
    }
  }
  return undefined
}

/**
 * A middleware that allows `max` requests per window per identity and answers
 * the next ones with 429, `Retry-After` (seconds until the window ends) and a
 * JSON error with a code. Every answer carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset`. Put Medusa's
 * `authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })`
 * before it to count logged-in customers by their id.
 *
 * ```ts
 * { matcher: "/store/trade-credit/companies", method: ["GET"], middlewares: [
 *     authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
 *     rateLimit({ name: "company-search", windowMs: 60_000, max: 60, by: ["customer", "ip"] }),
 * ] }
 * ```
 */
export function rateLimit(options: RateLimitOptions) {
  if (!(options.windowMs > 0) || !(options.max >= 1)) {
    throw new Error(`rateLimit(${options.name}): windowMs must be positive and max at least 1`)
  }
  const by = options.by?.length ? options.by : (["customer", "ip"] as RateLimitIdentity[])
  const store = new RateLimitStore(options.windowMs, options.max, options.maxKeys)
  const code = options.code ?? Codes.TRADE_CREDIT_RATE_LIMITED

  const middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const identity = identityOf(req, by) ?? "unknown"
    const now = Date.now()
    const { allowed, remaining, resetAt } = store.hit(`${options.name}|${identity}`, now)
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000))
    res.setHeader("RateLimit-Limit", String(options.max))
    res.setHeader("RateLimit-Remaining", String(remaining))
    res.setHeader("RateLimit-Reset", String(resetSeconds))
    if (allowed) return next()
    sendError(
      res,
      code,
      `Too many requests (${options.name}): at most ${options.max} every ${Math.round(options.windowMs / 1000)} s. Try again in ${resetSeconds} s.`,
      { "Retry-After": String(resetSeconds) },
      { retry_after: resetSeconds }
    )
  }
  return Object.assign(middleware, { store })
}

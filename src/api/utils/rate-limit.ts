import { createHash } from "node:crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TRADE_CREDIT_MODULE, type RateLimitHit, type TradeCreditModuleService } from "../../modules/trade-credit"
import { sendError } from "../errors/answer"
import { errorIds, logLine } from "../../utils/log-line"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
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
  /** Buckets kept at most by the in-process fallback (the oldest are dropped first); default 10000. */
  maxKeys?: number
  /** The error code of a refused request (default TRADE_CREDIT_RATE_LIMITED). */
  code?: ErrorCode
}

type Bucket = { count: number; resetAt: number }

/**
 * A fixed-window counter per key in this process, bounded in size: the fallback of `rateLimit()` for requests
 * whose count the database could not take (the count itself is the module's, shared by every instance). A stale
 * count here is harmless: it only ever holds requests this process counted while the database failed, within
 * their window. Once the database answers again it is not read; if it fails again within the same window, this
 * count refuses no more than those requests justify, and its buckets expire with their windows.
 */
export class RateLimitStore {
  readonly #buckets = new Map<string, Bucket>()

  constructor(
    readonly windowMs: number,
    readonly max: number,
    readonly maxKeys = 10_000,
  ) {}

  /** Counts one hit for `key`; answers whether it is allowed and when its window ends. */
  hit(key: string, now = Date.now()): RateLimitHit {
    let bucket = this.#buckets.get(key)
    if (!bucket || bucket.resetAt <= now) {
      this.#buckets.delete(key)
      bucket = { count: 0, resetAt: now + this.windowMs }
      this.#evict(now)
      this.#buckets.set(key, bucket)
    }
    bucket.count += 1
    return {
      allowed: bucket.count <= this.max,
      remaining: Math.max(0, this.max - bucket.count),
      resetAt: bucket.resetAt,
    }
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
 * A bucket's key as stored: a SHA-256 of the limit's name and the identity, so the table holds no customer id or
 * client address (only equality matters here). Not a secret: it keeps personal data out of a table that is not
 * theirs, nothing more.
 */
export const bucketKeyOf = (name: string, identity: string) =>
  createHash("sha256").update(`${name}|${identity}`).digest("base64url")

/** When the last fallback warning was written: at most one a minute, whichever limit fell back. */
let lastFallbackWarning = 0
const FALLBACK_WARNING_EVERY_MS = 60_000

/**
 * A middleware that allows `max` requests per window per identity and answers
 * the next ones with 429, `Retry-After` (seconds until the window ends) and a
 * JSON error with a code. Every answer carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset`. Put Medusa's
 * `authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })`
 * before it to count logged-in customers by their id.
 *
 * Requests are counted in the database, through the plugin's module
 * (`hitRateLimit`): every Medusa instance on it (servers behind a load
 * balancer, a worker) counts into the same bucket, so the limit holds for the
 * whole deployment, not per instance.
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
  const fallback = new RateLimitStore(options.windowMs, options.max, options.maxKeys)
  const code = options.code ?? Codes.TRADE_CREDIT_RATE_LIMITED

  /**
   * The database's count, or this process's when the database cannot count (it is down, or the module is not
   * loaded). A limit is a guard, not the route: a failed count must not turn every store route into a 500, so
   * the request is counted in process instead, a limit per instance for as long as the failure lasts, and a
   * warning says so, at most once a minute (a failing database would otherwise write one per request).
   */
  async function count(req: MedusaRequest, key: string): Promise<RateLimitHit> {
    try {
      return await req.scope
        .resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
        .hitRateLimit(key, options.windowMs, options.max)
    } catch (error) {
      if (Date.now() - lastFallbackWarning >= FALLBACK_WARNING_EVERY_MS) {
        lastFallbackWarning = Date.now()
        logLine(
          pluginLoggerOf(req.scope),
          "warn",
          `trade-credit: rate limit ${options.name} counted in this process only, ` +
            `the database could not count it: ${(error as Error)?.message ?? error}`,
          errorIds(error),
        )
      }
      return fallback.hit(key)
    }
  }

  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const identity = identityOf(req, by) ?? "unknown"
    const { allowed, remaining, resetAt } = await count(req, bucketKeyOf(options.name, identity))
    const resetSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))
    res.setHeader("RateLimit-Limit", String(options.max))
    res.setHeader("RateLimit-Remaining", String(remaining))
    res.setHeader("RateLimit-Reset", String(resetSeconds))
    if (allowed) return next()
    sendError(
      res,
      code,
      `Too many requests (${options.name}): at most ${options.max} every ${Math.round(options.windowMs / 1000)} ` +
        `s. Try again in ${resetSeconds} s.`,
      { "Retry-After": String(resetSeconds) },
      { retry_after: resetSeconds },
    )
  }
}

import { setTimeout as sleep } from "node:timers/promises"
import { performance } from "node:perf_hooks"
import { Pool } from "undici"
import { z } from "@medusajs/framework/zod"
import { HEADERS } from "../service/schemas/common"
import { describeKey, redactKeys } from "./api-key"
import {
  type CallContext,
  closedError,
  contractViolation,
  errorFromAnswer,
  errorFromFailure,
  timeoutError,
} from "./error-mapping"
import { CLIENT_ERROR_CODES, invalidRequest, TradeCreditError } from "./errors"
import {
  buildQuery,
  describeZodIssue,
  flattenHeaders,
  mediaTypeOf,
  type QueryValue,
  type ResponseHeaders,
} from "./http-utils"
import type { ClientLogger, RequestEvent, TradeCreditClientConfig } from "./options"
import { backoffDelay, retryAfterDelay } from "./retry"
import { defaultUserAgent } from "./user-agent"
import { jsonOf } from "../utils/frozen-json"
import { logLine } from "../utils/log-line"

/**
 * The one HTTP transport every service module of the client shares.
 *
 * - One undici Pool per client (keep-alive, `connections` sockets), bound to
 *   the origin of `baseUrl`: the API key can never travel to another host.
 * - Every attempt is bounded by `timeoutMs` (connect + headers + body, one
 *   timer), every call by `deadlineMs` (attempts and waits together).
 * - Retries 429/502/503/504 and dropped connections, at most `maxRetries`
 *   times, with exponential backoff and jitter, honouring Retry-After (a wait
 *   longer than `maxRetryAfterMs`, or past the deadline, is not retried).
 *   Never other 4xx, never a timeout (the attempt spent its budget; the error
 *   says `retryable` so a caller may try again later with the same key).
 * - Mutating calls must carry an Idempotency-Key, the same on every retry.
 *
 * Why a small loop rather than undici's RetryAgent/RetryHandler: the handler
 * re-dispatches with the call's one signal, so a per-attempt bound of connect +
 * headers + body by a single timer cannot be expressed (only undici's separate
 * connect/headers/idle-body timeouts); it discards the body of a response it
 * retries, so the per-attempt log line could not carry that answer's
 * error_trace_id; and when a 2xx body drops midway it resumes with a Range
 * request, which is meaningless for a POST (we want a clean re-send under the
 * same Idempotency-Key). Jitter, the Retry-After cap and the deadline would
 * all have lived in its `retry` callback anyway.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
const MUTATING: ReadonlySet<HttpMethod> = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"])

/** Contract section 0: 1 to 100 characters; visible ASCII so it is a valid header value. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/

/** Headers the transport owns; a module cannot set them. */
const RESERVED_HEADERS = new Set([
  "x-api-key",
  "idempotency-key",
  "content-type",
  "accept",
  "user-agent",
  "host",
  "service-delegated-authority-token",
])

export type RequestSpec = {
  method: HttpMethod
  /** Path under the transport's scope, starting with "/"; build it with `urlPath` so segments are encoded. */
  path: string
  query?: Record<string, QueryValue>
  /** JSON body (already validated by the module). */
  body?: unknown
  /** Required for POST, PUT, PATCH and DELETE; refused on GET. */
  idempotencyKey?: string
  /** Extra headers (e.g. a delegation token); the transport's own headers cannot be overridden. */
  headers?: Record<string, string>
  /** The path as it may appear in logs and errors when `path` holds personal data (e.g. an email). */
  logPath?: string
  /**
   * A delegation token (contract section 5): sent in Service-Delegated-Authority-Token
   * INSTEAD of the API key, so the call has only the token's authority. Never logged.
   */
  delegationToken?: string
  /** A body that is not JSON (e.g. multipart/form-data for evidence); exclusive with `body`. */
  rawBody?: { contentType: string; data: Buffer | Uint8Array }
}

export type JsonResponse<T> = { status: number; headers: ResponseHeaders; data: T }
export type BinaryResponse = { status: number; headers: ResponseHeaders; contentType: string; body: Buffer }

export type TransportStats = {
  /** Calls made (one per request/requestBinary that was sent). */
  calls: number
  /** HTTP attempts made (calls + retries). */
  attempts: number
  retries: number
  /** Calls that ended in an error after being sent (any code). */
  failures: number
}

export type TransportConfig = Pick<
  TradeCreditClientConfig,
  | "apiKey"
  | "previousApiKey"
  | "baseUrl"
  | "timeoutMs"
  | "deadlineMs"
  | "maxRetries"
  | "connections"
  | "keepAliveTimeoutMs"
  | "keepAliveMaxTimeoutMs"
  | "retryBaseDelayMs"
  | "retryMaxDelayMs"
  | "maxRetryAfterMs"
  | "maxResponseBytes"
  | "userAgent"
  | "logger"
  | "onRequest"
>

type AttemptResult =
  | { kind: "answer"; status: number; headers: ResponseHeaders; body: Buffer }
  | { kind: "timeout"; byDeadline: boolean }
  | { kind: "failure"; error: unknown }

type Answer = { status: number; headers: ResponseHeaders; body: Buffer; ctx: CallContext }

type Shared = {
  pool: Pool
  config: TransportConfig
  basePath: string
  userAgent: string
  stats: TransportStats
  /**
   * The key sent first: the configured one, or, during a rotation, whichever the service last took. Per client (per
   * process): another process may try the other key once first, which costs it one refused attempt, never a call.
   */
  activeKey: string
}

const TIMED_OUT = Symbol("trade-credit attempt timed out")

export class Transport {
  readonly #shared: Shared
  readonly #prefix: string

  private constructor(shared: Shared, prefix: string) {
    this.#shared = shared
    this.#prefix = prefix
  }

  /** A transport with its own pool for `config.baseUrl`. */
  static create(config: TransportConfig): Transport {
    const base = new URL(config.baseUrl)
    const pool = new Pool(base.origin, {
      connections: config.connections,
      pipelining: 1,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      keepAliveMaxTimeout: config.keepAliveMaxTimeoutMs,
      // Our own timer bounds each attempt; undici's per-phase timeouts are a
      // second line of defence with the same value.
      connect: { timeout: config.timeoutMs },
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
      maxResponseSize: config.maxResponseBytes,
    })
    return new Transport(
      {
        pool,
        config,
        basePath: base.pathname.replace(/\/+$/, ""),
        userAgent: config.userAgent ?? defaultUserAgent(),
        stats: { calls: 0, attempts: 0, retries: 0, failures: 0 },
        activeKey: config.apiKey,
      },
      "",
    )
  }

  /** The same pool and settings under a path prefix, e.g. scope("/repay/v1") for the repayment interface. */
  scope(prefix: string): Transport {
    if (!/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/.test(prefix)) {
      throw invalidRequest(`A transport scope must be a path like "/repay/v1"`)
    }
    return new Transport(this.#shared, this.#prefix + prefix)
  }

  stats(): TransportStats {
    return { ...this.#shared.stats }
  }

  /**
   * The path (under this scope) and query of an absolute URL the service gave
   * (e.g. a fulfilment's invoice_url), or undefined when the URL is not under
   * this transport's base URL and scope: the API key never goes anywhere else.
   */
  targetOf(url: string): { path: string; query: Record<string, string> } | undefined {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return undefined
    }
    const base = new URL(this.#shared.config.baseUrl)
    if (parsed.origin !== base.origin || parsed.username || parsed.password) return undefined
    const prefix = this.#shared.basePath + this.#prefix
    if (!parsed.pathname.startsWith(`${prefix}/`)) return undefined
    const query: Record<string, string> = {}
    parsed.searchParams.forEach((value, name) => {
      query[name] = value
    })
    return { path: parsed.pathname.slice(prefix.length), query }
  }

  /** Closes the pool (calls in flight finish first). Every scope shares it. */
  async close(): Promise<void> {
    if (!this.#shared.pool.closed) await this.#shared.pool.close()
  }

  /** A JSON call: the 2xx body is parsed and validated against `schema`. */
  async request<T>(spec: RequestSpec, schema: z.ZodType<T>): Promise<JsonResponse<T>> {
    const answer = await this.#call(spec, "application/json")
    let json: unknown
    try {
      json = JSON.parse(answer.body.toString("utf8"))
    } catch {
      throw this.#failed(contractViolation(answer.ctx, answer.status, "with a body that is not JSON"))
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw this.#failed(
        contractViolation(
          answer.ctx,
          answer.status,
          `with a body that breaks the contract at ${describeZodIssue(parsed.error)}`,
        ),
      )
    }
    return { status: answer.status, headers: answer.headers, data: parsed.data }
  }

  /** A call answered 204 No Content (e.g. `PUT /repay/v1/account/{id}`): any body is ignored. */
  async requestNoContent(spec: RequestSpec): Promise<{ status: number; headers: ResponseHeaders }> {
    const answer = await this.#call(spec, "application/json")
    return { status: answer.status, headers: answer.headers }
  }

  /** A binary call (e.g. a PDF): the 2xx answer must have one of the `accept`ed media types and a body. */
  async requestBinary(spec: RequestSpec, accept: string[]): Promise<BinaryResponse> {
    const answer = await this.#call(spec, [...accept, "application/json;q=0.5"].join(", "))
    const contentType = answer.headers["content-type"] ?? ""
    const mediaType = mediaTypeOf(contentType)
    if (answer.body.length === 0) {
      throw this.#failed(
        contractViolation(answer.ctx, answer.status, `with an empty body, expected ${accept.join(" or ")}`),
      )
    }
    if (!accept.map((type) => type.toLowerCase()).includes(mediaType)) {
      throw this.#failed(
        contractViolation(
          answer.ctx,
          answer.status,
          `with content type "${mediaType || "none"}", expected ${accept.join(" or ")}`,
        ),
      )
    }
    return { status: answer.status, headers: answer.headers, contentType, body: answer.body }
  }

  #failed(error: TradeCreditError): TradeCreditError {
    this.#shared.stats.failures++
    return error
  }

  #headersFor(spec: RequestSpec, shown: string, accept: string): Record<string, string> {
    const where = `${spec.method} ${shown}`
    if (MUTATING.has(spec.method)) {
      if (spec.idempotencyKey === undefined || spec.idempotencyKey === "") {
        throw invalidRequest(`${where} needs an Idempotency-Key; the transport never sends a mutating call without one`)
      }
      if (!IDEMPOTENCY_KEY_PATTERN.test(spec.idempotencyKey)) {
        throw invalidRequest(`${where}: the Idempotency-Key must be 1 to 100 visible ASCII characters`)
      }
    } else if (spec.idempotencyKey !== undefined) {
      throw invalidRequest(`${where}: a ${spec.method} never carries an Idempotency-Key`)
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      if (RESERVED_HEADERS.has(name.toLowerCase()))
        throw invalidRequest(`${where}: header ${name} is set by the transport`)
      headers[name.toLowerCase()] = value
    }
    if (spec.body !== undefined && spec.rawBody !== undefined)
      throw invalidRequest(`${where}: a call has a JSON body or a raw body, not both`)
    if (spec.delegationToken !== undefined) {
      if (!/^[\x21-\x7e]{1,1000}$/.test(spec.delegationToken))
        throw invalidRequest(`${where}: the delegation token is malformed`)
      headers[HEADERS.delegatedToken] = spec.delegationToken
    } else {
      headers[HEADERS.apiKey] = this.#shared.activeKey
    }
    headers["accept"] = accept
    headers["user-agent"] = this.#shared.userAgent
    if (spec.body !== undefined) headers["content-type"] = "application/json"
    if (spec.rawBody !== undefined) headers["content-type"] = spec.rawBody.contentType
    if (spec.idempotencyKey !== undefined) headers[HEADERS.idempotencyKey] = spec.idempotencyKey
    return headers
  }

  /** One call with its retries: the 2xx answer, or a TradeCreditError. */
  async #call(spec: RequestSpec, accept: string): Promise<Answer> {
    const { config, stats, pool } = this.#shared
    if (!spec.path.startsWith("/")) throw invalidRequest(`A request path must start with "/"`)
    const shown = this.#prefix + (spec.logPath ?? spec.path)
    const headers = this.#headersFor(spec, shown, accept)
    const request = {
      method: spec.method,
      path: this.#shared.basePath + this.#prefix + spec.path + buildQuery(spec.query),
      headers,
      body:
        spec.rawBody !== undefined
          ? Buffer.from(spec.rawBody.data)
          : spec.body === undefined
            ? undefined
            : jsonOf(spec.body),
    }
    const ctx: CallContext = {
      method: spec.method,
      path: shown,
      attempts: 0,
      redact: (text) => redactKeys(text, [config.apiKey, config.previousApiKey]),
      timeoutMs: config.timeoutMs,
      deadlineMs: config.deadlineMs,
      maxResponseBytes: config.maxResponseBytes,
    }
    if (pool.closed) throw closedError(ctx)

    stats.calls++
    const deadlineAt = performance.now() + config.deadlineMs
    const maxAttempts = config.maxRetries + 1
    let otherKeyTried = false

    for (let attempt = 1; ; attempt++) {
      stats.attempts++
      ctx.attempts = attempt
      const attemptStart = performance.now()
      const remaining = deadlineAt - attemptStart
      const result = await this.#attempt(
        request,
        Math.max(1, Math.min(config.timeoutMs, remaining)),
        remaining < config.timeoutMs,
      )
      const durationMs = Math.round(performance.now() - attemptStart)
      const event = { method: spec.method, path: shown, attempt, durationMs }

      if (result.kind === "answer" && result.status >= 200 && result.status < 300) {
        this.#report({ status: result.status, outcome: "ok", errorCode: null, traceId: null, ...event }, maxAttempts)
        this.#keyAccepted(request.headers[HEADERS.apiKey])
        return { status: result.status, headers: result.headers, body: result.body, ctx }
      }
      // During a key rotation a 401 under one key is sent again at once under the other (once a call).
      if (result.kind === "answer" && result.status === 401 && !otherKeyTried && this.#otherKey(request.headers)) {
        otherKeyTried = true
        // Reported as a retry (debug line, onRequest), under the same attempt number: the other key is not a retry.
        const refused = errorFromAnswer(ctx, result.status, result.headers, result.body)
        this.#report(
          { status: 401, outcome: "retry", errorCode: refused.code, traceId: refused.traceId ?? null, ...event },
          maxAttempts,
          0,
        )
        attempt--
        continue
      }

      const error =
        result.kind === "answer"
          ? errorFromAnswer(ctx, result.status, result.headers, result.body)
          : result.kind === "timeout"
            ? timeoutError(ctx, result.byDeadline)
            : errorFromFailure(ctx, result.error)
      const waitMs = this.#retryWait(error, attempt, maxAttempts, deadlineAt)
      this.#report(
        {
          status: error.status ?? null,
          outcome: waitMs === null ? "error" : "retry",
          errorCode: error.code,
          traceId: error.traceId ?? null,
          ...event,
        },
        maxAttempts,
        waitMs,
      )
      if (waitMs === null) throw this.#failed(error)
      stats.retries++
      await sleep(waitMs)
      if (pool.closed) throw this.#failed(closedError(ctx))
    }
  }

  /** How long to wait before retrying, or null when this error ends the call. */
  #retryWait(error: TradeCreditError, attempt: number, maxAttempts: number, deadlineAt: number): number | null {
    const { config } = this.#shared
    // Timeouts are retryable for the caller, not here: the attempt spent its budget.
    if (!error.retryable || error.code === CLIENT_ERROR_CODES.TIMEOUT || attempt >= maxAttempts) return null
    let waitMs: number
    if (error.retryAfterMs !== undefined) {
      // Never earlier than the service asked; longer than we are willing to wait: give up now.
      if (error.retryAfterMs > config.maxRetryAfterMs) return null
      waitMs = retryAfterDelay(error.retryAfterMs)
    } else {
      waitMs = backoffDelay(attempt, config)
    }
    return performance.now() + waitMs < deadlineAt ? waitMs : null
  }

  async #attempt(
    request: { method: HttpMethod; path: string; headers: Record<string, string>; body: string | Buffer | undefined },
    budgetMs: number,
    byDeadline: boolean,
  ): Promise<AttemptResult> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(TIMED_OUT), budgetMs)
    try {
      const response = await this.#shared.pool.request({ signal: controller.signal, ...request })
      const body = Buffer.from(await response.body.arrayBuffer())
      // One turn of the event loop lets the connection tell the pool it is free
      // again ("drain"); without it the next sequential call would find it busy
      // and open a second socket (calls would alternate between two).
      await new Promise((resolve) => setImmediate(resolve))
      return { kind: "answer", status: response.statusCode, headers: flattenHeaders(response.headers), body }
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason === TIMED_OUT) return { kind: "timeout", byDeadline }
      return { kind: "failure", error }
    } finally {
      clearTimeout(timer)
    }
  }

  /** Puts the rotation's other key in `headers` (not for a delegated call); false when there is none. */
  #otherKey(headers: Record<string, string>): boolean {
    const { apiKey, previousApiKey } = this.#shared.config
    const used = headers[HEADERS.apiKey]
    if (!previousApiKey || used === undefined) return false
    headers[HEADERS.apiKey] = used === apiKey ? previousApiKey : apiKey
    return true
  }

  /** The key a 2xx answer came under becomes the one sent first, said once in the log (its display form only). */
  #keyAccepted(key: string | undefined): void {
    if (key === undefined || key === this.#shared.activeKey) return
    const refused = this.#shared.activeKey
    this.#shared.activeKey = key
    const { logger } = this.#shared.config
    if (logger)
      safely(logger, () =>
        logLine(
          logger,
          "info",
          `trade-credit: the service refused the API key ${describeKey(refused)} ` +
            `and took ${describeKey(key)}: sending that one first from now on`,
        ),
      )
  }

  /** One debug line and one onRequest event per attempt: never the key, never a body, never a query. */
  #report(event: RequestEvent, maxAttempts: number, waitMs: number | null = null): void {
    const { logger, onRequest, apiKey, previousApiKey } = this.#shared.config
    if (logger) {
      const outcome =
        event.status === null ? event.errorCode : `${event.status}${event.errorCode ? ` ${event.errorCode}` : ""}`
      const line =
        `trade-credit ${event.method} ${event.path} attempt ${event.attempt}/${maxAttempts} ` +
        `-> ${outcome} ${event.durationMs}ms` +
        (waitMs !== null ? `, retrying in ${waitMs}ms` : "")
      const keys = [apiKey, previousApiKey]
      const ids = { code: event.errorCode, trace_id: event.traceId && redactKeys(event.traceId, keys) }
      safely(logger, () => logLine(logger, "debug", redactKeys(line, keys), ids))
    }
    if (onRequest) safely(logger, () => onRequest(event))
  }
}

/** A logger or hook that throws must never break a call. */
function safely(logger: ClientLogger | undefined, fn: () => void): void {
  try {
    fn()
  } catch (error) {
    try {
      if (logger)
        logLine(
          logger,
          "warn",
          `trade-credit: a logger or onRequest hook threw: ${error instanceof Error ? error.name : "error"}`,
        )
    } catch {
      // nothing more to do
    }
  }
}

import { z } from "@medusajs/framework/zod"
import { ENVIRONMENTS } from "./api-key"
import { CLIENT_ERROR_CODES, TradeCreditError } from "./errors"

/** The logger the client writes to: Medusa's Logger fits it. */
export type ClientLogger = {
  debug: (message: string) => void
  info: (message: string) => void
  warn: (message: string) => void
  error: (message: string) => void
}

/** One attempt of one call, reported to `onRequest` once the attempt has ended. */
export type RequestEvent = {
  method: string
  /** The request path without its query string (queries may hold personal data). */
  path: string
  /** 1 for the first attempt of a call, 2 for its first retry, ... */
  attempt: number
  /** The HTTP status, null when no answer came (timeout, network failure). */
  status: number | null
  durationMs: number
  /** "ok": a 2xx; "retry": a retry follows; "error": the call fails with `errorCode`. */
  outcome: "ok" | "retry" | "error"
  errorCode: string | null
  traceId: string | null
}

function tryUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

const HttpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(tryUrl(value)?.protocol ?? "http:"), "baseUrl must be an http or https URL")
  .refine((value) => {
    const url = tryUrl(value)
    return !url || (!url.username && !url.password && !url.search && !url.hash)
  }, "baseUrl must not carry credentials, a query or a fragment")

const isFunction = (value: unknown) => typeof value === "function"

/**
 * Options of `createTradeCreditClient`. Defaults:
 * - `timeoutMs` 10000: bound of one attempt, connect + headers + body.
 * - `deadlineMs` 3 x timeoutMs: bound of a whole call, retries and waits included.
 * - `maxRetries` 2: retries after the first attempt (so at most 3 attempts).
 * - `connections` 16: keep-alive sockets of the pool. B2B checkout traffic is
 *   low; 16 lets a busy store run parallel checkouts without queueing while the
 *   sockets stay warm (no TCP/TLS handshake per call).
 * - `keepAliveTimeoutMs` 60000: how long an idle socket is kept when the service
 *   does not say (a checkout's calls are seconds to minutes apart: a buyer's
 *   verification, Medusa's webhook delay). `keepAliveMaxTimeoutMs` 60000 caps
 *   the service's own `Keep-Alive: timeout=` hint (undici keeps the hint minus
 *   2 s, so a server's idle timeout is never raced).
 * - `retryBaseDelayMs` 200 / `retryMaxDelayMs` 2000: exponential backoff with jitter.
 * - `maxRetryAfterMs` 5000: the longest Retry-After the client waits for; a
 *   longer one is not retried (the error carries `retryAfterMs`).
 * - `maxResponseBytes` 20 MiB.
 */
export const TradeCreditClientOptions = z
  .object({
    apiKey: z.string({ error: "apiKey must be a string" }),
    /**
     * During a key rotation, the key being replaced: a call the service refuses with 401 under one key is sent again
     * at once with the other, and the one that worked is used from then on (per client), so the switch costs no
     * failed call whichever key the service takes first.
     */
    previousApiKey: z.string({ error: "previousApiKey must be a string" }).optional(),
    environment: z.enum(ENVIRONMENTS),
    baseUrl: HttpUrl,
    timeoutMs: z.number().int().min(1).max(300_000).default(10_000),
    deadlineMs: z.number().int().min(1).max(900_000).optional(),
    maxRetries: z.number().int().min(0).max(10).default(2),
    connections: z.number().int().min(1).max(1024).default(16),
    keepAliveTimeoutMs: z.number().int().min(1).max(600_000).default(60_000),
    keepAliveMaxTimeoutMs: z.number().int().min(1).max(600_000).default(60_000),
    retryBaseDelayMs: z.number().int().min(0).max(60_000).default(200),
    retryMaxDelayMs: z.number().int().min(0).max(300_000).default(2_000),
    maxRetryAfterMs: z.number().int().min(0).max(600_000).default(5_000),
    maxResponseBytes: z
      .number()
      .int()
      .min(1024)
      .default(20 * 1024 * 1024),
    userAgent: z.string().min(1).max(200).optional(),
    logger: z
      .custom<ClientLogger>(
        (value) =>
          typeof value === "object" &&
          value !== null &&
          ["debug", "info", "warn", "error"].every((level) => isFunction((value as Record<string, unknown>)[level])),
        "logger must have debug, info, warn and error functions",
      )
      .optional(),
    onRequest: z.custom<(event: RequestEvent) => void>(isFunction, "onRequest must be a function").optional(),
  })
  .strict()
  .transform((options) => ({ ...options, deadlineMs: options.deadlineMs ?? 3 * options.timeoutMs }))
  .refine((options) => options.deadlineMs >= options.timeoutMs, {
    message: "deadlineMs must be at least timeoutMs",
    path: ["deadlineMs"],
  })

export type TradeCreditClientOptionsInput = z.input<typeof TradeCreditClientOptions>
export type TradeCreditClientConfig = z.output<typeof TradeCreditClientOptions>

/** Parses the options; an invalid one throws INVALID_OPTIONS naming the option (never its value). */
export function parseClientOptions(options: TradeCreditClientOptionsInput): TradeCreditClientConfig {
  const parsed = TradeCreditClientOptions.safeParse(options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue.path.length ? issue.path.join(".") : "options"
    throw new TradeCreditError({
      code: CLIENT_ERROR_CODES.INVALID_OPTIONS,
      message: `Invalid trade credit client option ${where}: ${issue.message}`,
    })
  }
  return parsed.data
}

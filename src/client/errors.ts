import type { ErrorLocation } from "../service/schemas/common"

/**
 * Codes the client itself raises, next to the service's own `error_code`s
 * (contract section 0) and `HTTP_<status>` for a non-2xx answer whose body is
 * not the contract's error body.
 */
export const CLIENT_ERROR_CODES = {
  /** A 2xx answer that is not JSON, breaks the response schema, or is not the expected binary type. */
  CONTRACT_VIOLATION: "CONTRACT_VIOLATION",
  /** Our own request is wrong (body breaks the request schema, bad id, missing Idempotency-Key): never sent. */
  INVALID_REQUEST: "INVALID_REQUEST",
  /** An attempt exceeded `timeoutMs`, or the call exceeded `deadlineMs`. */
  TIMEOUT: "TIMEOUT",
  /** The connection failed or dropped (refused, reset, closed by the other side) and retries ran out. */
  NETWORK_ERROR: "NETWORK_ERROR",
  /** The client was closed before or during the call. */
  CLIENT_CLOSED: "CLIENT_CLOSED",
  /** The API key is malformed or belongs to the other environment. */
  INVALID_API_KEY: "INVALID_API_KEY",
  /** The client options are invalid. */
  INVALID_OPTIONS: "INVALID_OPTIONS",
} as const

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES]

/** Statuses the contract allows to retry with the same Idempotency-Key (section 0). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])

export type TradeCreditErrorInit = {
  code: string
  message: string
  status?: number | null
  traceId?: string | null
  details?: string | null
  serviceCode?: string | null
  errors?: ErrorLocation[] | null
  retryable?: boolean
  retryAfterMs?: number | null
  method?: string
  path?: string
  attempts?: number
  cause?: unknown
}

/**
 * The one error type of the client. Every failure of a call (an answer of the
 * service, a broken answer, a timeout, a network failure, a bug in our own
 * request) is a TradeCreditError, so callers branch on `code` alone.
 *
 * - `code`: the service's `error_code` (for the bodies of /repay/v1 and
 *   /companies/v2 the section 0 code of the status, SCHEMA_ERROR for a 422),
 *   `HTTP_<status>` for a non-contract error body, or one of CLIENT_ERROR_CODES.
 * - `status`: the HTTP status, undefined when no answer came. Absent fields
 *   are undefined, never null.
 * - `traceId`: the service's `error_trace_id` (quote it to the service's support).
 * - `serviceCode`: the code the body itself carried (`error_code`; "ERROR" or
 *   "COMPANY_NOT_FOUND" of a `{description, code}` body; "VALIDATION_ERROR" for
 *   a 422 `{detail}`), undefined when the body was none of the service's.
 * - `details` / `errors`: `error_details` / `error_json` of the body, or the
 *   422's `detail`; every `loc` in section 0's convention (a body field without
 *   a "body" prefix, query and header fields starting "query" / "header").
 * - `retryable`: true when the same call may be tried again later with the same
 *   Idempotency-Key (429, 502, 503, 504, network failures, timeouts).
 * - `retryAfterMs`: the service's Retry-After, when it sent one.
 *
 * Messages never contain the API key (the transport scrubs it from anything the
 * service echoes back).
 */
export class TradeCreditError extends Error {
  readonly code: string
  readonly status: number | undefined
  readonly traceId: string | undefined
  readonly details: string | undefined
  readonly serviceCode: string | undefined
  readonly errors: ErrorLocation[] | undefined
  readonly retryable: boolean
  readonly retryAfterMs: number | undefined
  readonly method: string | undefined
  readonly path: string | undefined
  readonly attempts: number

  constructor(init: TradeCreditErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = "TradeCreditError"
    this.code = init.code
    this.status = init.status ?? undefined
    this.traceId = init.traceId ?? undefined
    this.details = init.details ?? undefined
    this.serviceCode = init.serviceCode ?? undefined
    this.errors = init.errors ?? undefined
    this.retryable = init.retryable ?? false
    this.retryAfterMs = init.retryAfterMs ?? undefined
    this.method = init.method ?? undefined
    this.path = init.path ?? undefined
    this.attempts = init.attempts ?? 0
  }

  /** A plain object for structured logs (no body, no key). */
  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      traceId: this.traceId,
      details: this.details,
      serviceCode: this.serviceCode,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      method: this.method,
      path: this.path,
      attempts: this.attempts,
    }
  }
}

export function isTradeCreditError(error: unknown): error is TradeCreditError {
  return error instanceof TradeCreditError
}

/** An INVALID_REQUEST error: our own request is wrong and was not sent. */
export function invalidRequest(message: string, extra: Partial<TradeCreditErrorInit> = {}): TradeCreditError {
  return new TradeCreditError({ ...extra, code: CLIENT_ERROR_CODES.INVALID_REQUEST, message })
}

import { z } from "@medusajs/framework/zod"
import { type ErrorLocation, HEADERS } from "../service/schemas/common"
import { CLIENT_ERROR_CODES, RETRYABLE_STATUSES, TradeCreditError } from "./errors"
import { mediaTypeOf, type ResponseHeaders } from "./http-utils"
import { isRetryableNetworkError, networkCodeOf, parseRetryAfter } from "./retry"

/**
 * Turns what one attempt ended with (a non-2xx answer, a network failure, a
 * timeout, a broken 2xx) into the one TradeCreditError of the client.
 * Everything the service sent back is scrubbed of the API key by `redact`.
 */

export type CallContext = {
  method: string
  /** The path as it may be shown (logPath when the real one holds personal data). */
  path: string
  attempts: number
  redact: (text: string) => string
  timeoutMs: number
  deadlineMs: number
  maxResponseBytes: number
}

const where = (ctx: CallContext) => `${ctx.method} ${ctx.path}`
const common = (ctx: CallContext) => ({ method: ctx.method, path: ctx.path, attempts: ctx.attempts })

/** The section 0 code a status stands for, for the error bodies that carry no such code (`{description, code}`). */
export function codeOfStatus(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return "SCHEMA_ERROR"
    case 401:
      return "UNAUTHORIZED"
    case 403:
      return "FORBIDDEN"
    case 404:
      return "NOT_FOUND"
    case 409:
      return "INVALID_STATE"
    case 429:
      return "RATE_LIMITED"
    case 503:
      return "UNAVAILABLE"
    // Any status a server may send, not a union (no assertNever): one the contract never names gets a code of its own.
    default:
      return status >= 500 ? "SERVER_ERROR" : `HTTP_${status}`
  }
}

/** A field path in section 0's convention: a body field without the "body" prefix the 422 bodies put first. */
const bodyRelative = (entry: ErrorLocation): ErrorLocation =>
  entry.loc.length > 1 && entry.loc[0] === "body" ? { ...entry, loc: entry.loc.slice(1) } : entry

/** Text of an error body's field, or undefined (an empty string says nothing either). */
const text = z.unknown().transform((value) => (typeof value === "string" && value.trim() ? value : undefined))

/**
 * One refused field as the published documents allow it (`ErrorJSON`, `ValidationError`): every part may be null or
 * absent, and anything else may ride along (`ctx`). Read into section 0's ErrorLocation.
 */
const LaxErrorLocation = z
  .object({
    loc: z.array(z.union([z.string(), z.number()])).nullish(),
    msg: z.string().nullish(),
    type: z.string().nullish(),
  })
  .transform((entry): ErrorLocation => ({ loc: entry.loc ?? [], msg: entry.msg ?? "", type: entry.type ?? "" }))

/** A list of refused fields: an entry that is not one is left out, never the whole answer. */
const LaxErrorLocations = z.unknown().transform((value): ErrorLocation[] | undefined => {
  if (!Array.isArray(value)) return undefined
  return value.flatMap((entry) => {
    const parsed = LaxErrorLocation.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
})

/**
 * Whatever a non-2xx JSON body carries that the client can use. The seed shows no error shape (the status
 * decides); the published documents give three (`ErrorResponse` with every field nullable, `Error` with
 * `description` and `code`, 422 `HTTPValidationError`), and an answer may be none of them. Every field is optional.
 */
const LaxErrorBody = z.object({
  error_code: text,
  error_message: text,
  error_details: text,
  error_json: LaxErrorLocations,
  error_trace_id: text,
  /** `Error` of /repay/v1 and /companies/v2. */
  description: text,
  code: text,
  /** 422 `HTTPValidationError` (a list), or a framework's plain `detail` text. */
  detail: z.unknown(),
  /** What other servers in front of the service say. */
  message: text,
  error: text,
})

/**
 * A non-2xx answer. The status decides (interfaces.md shows no error body): `code` is the body's section 0
 * `error_code` when it carries one, else the code the status stands for (`codeOfStatus`: SCHEMA_ERROR for a 400 or
 * 422, NOT_FOUND, INVALID_STATE, ... and `HTTP_<status>` for a status the contract never names). Any body is read:
 * `{error_code, ...}` (every field optional), `{description, code}` and `{detail: [{loc, msg, type}]}` under
 * /repay/v1 and /companies/v2, other JSON, text, or nothing. `serviceCode` is the code the body itself carried,
 * `errors` the refused fields with their paths (section 0's convention), the message the body's own words when
 * there are some.
 */
export function errorFromAnswer(
  ctx: CallContext,
  status: number,
  headers: ResponseHeaders,
  body: Buffer,
): TradeCreditError {
  const retryAfterMs = parseRetryAfter(headers[HEADERS.retryAfter]) ?? undefined
  const retryable = RETRYABLE_STATUSES.has(status)
  let json: unknown = undefined
  try {
    json = body.length ? JSON.parse(body.toString("utf8")) : undefined
  } catch {
    // not JSON: the status alone decides
  }
  const base = { ...common(ctx), status, retryable, retryAfterMs }
  const parsed =
    json !== null && typeof json === "object" && !Array.isArray(json) ? LaxErrorBody.safeParse(json) : undefined
  if (!parsed?.success) {
    const mediaType = mediaTypeOf(headers["content-type"])
    return new TradeCreditError({
      ...base,
      code: codeOfStatus(status),
      message: `Trade credit service: ${where(ctx)} answered ${status} without a contract error body (${
        body.length ? `${body.length} bytes of ${mediaType || "unknown type"}` : "empty body"
      })`,
    })
  }
  const error = parsed.data
  const validation = Array.isArray(error.detail) ? LaxErrorLocations.parse(error.detail) : undefined
  if (validation && !error.error_code) {
    const errors = validation.map((entry) => bodyRelative({ ...entry, msg: ctx.redact(entry.msg) }))
    const first = errors[0]
    return new TradeCreditError({
      ...base,
      code: status === 422 || status === 400 ? "SCHEMA_ERROR" : codeOfStatus(status),
      serviceCode: "VALIDATION_ERROR",
      message: ctx.redact(
        `Trade credit service: ${where(ctx)} answered ${status}: the request was ` +
          `refused${first ? ` at ${first.loc.join(".")}: ${first.msg}` : ""}`,
      ),
      errors,
    })
  }
  if (error.error_code) {
    const trace = error.error_trace_id ? ` (trace ${error.error_trace_id})` : ""
    return new TradeCreditError({
      ...base,
      code: error.error_code,
      serviceCode: error.error_code,
      message: ctx.redact(
        `Trade credit service: ${where(ctx)} answered ${status} ${error.error_code}` +
          `${error.error_message ? `: ${error.error_message}` : ""}${trace}`,
      ),
      traceId: error.error_trace_id,
      details: error.error_details === undefined ? undefined : ctx.redact(error.error_details),
      errors: error.error_json?.map((issue) => ({ ...issue, msg: ctx.redact(issue.msg) })),
    })
  }
  // `{description, code}`, or a body with words but no code: the status decides the code.
  const words =
    error.description ??
    error.message ??
    error.error_message ??
    (typeof error.detail === "string" && error.detail.trim() ? error.detail : undefined) ??
    error.error
  const serviceCode = error.code
  return new TradeCreditError({
    ...base,
    code: codeOfStatus(status),
    serviceCode,
    message: ctx.redact(
      words === undefined && serviceCode === undefined
        ? `Trade credit service: ${where(ctx)} answered ${status} without a contract ` +
            `error body (${body.length} bytes of ${mediaTypeOf(headers["content-type"]) || "unknown type"})`
        : `Trade credit service: ${where(ctx)} answered ${status}` +
            `${serviceCode ? ` ${serviceCode}` : ""}${words ? `: ${words}` : ""}`,
    ),
    traceId: error.error_trace_id,
    details: error.error_details === undefined ? undefined : ctx.redact(error.error_details),
  })
}

/** An attempt cut by our own timer: `timeoutMs`, or the call's `deadlineMs` when that came first. */
export function timeoutError(ctx: CallContext, byDeadline: boolean, cause?: unknown): TradeCreditError {
  return new TradeCreditError({
    ...common(ctx),
    code: CLIENT_ERROR_CODES.TIMEOUT,
    message: byDeadline
      ? `Trade credit service: ${where(ctx)} exceeded the call's deadline of ${ctx.deadlineMs} ` +
        `ms (attempt ${ctx.attempts})`
      : `Trade credit service: ${where(ctx)} got no complete answer within ${ctx.timeoutMs} ` +
        `ms (attempt ${ctx.attempts})`,
    retryable: true,
    cause,
  })
}

/** A failure with no answer: closed client, undici's own timeouts, an oversized answer, or the network. */
export function errorFromFailure(ctx: CallContext, error: unknown): TradeCreditError {
  const code = networkCodeOf(error)
  // Any code the network layer gives (or none), not a union: no assertNever; every other code is a network error.
  switch (code) {
    case "UND_ERR_CLOSED":
    case "UND_ERR_DESTROYED":
      return closedError(ctx, error)
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return timeoutError(ctx, false, error)
    case "UND_ERR_RES_EXCEEDED_MAX_SIZE":
      return contractViolation(ctx, undefined, `answered more than ${ctx.maxResponseBytes} bytes`)
  }
  return new TradeCreditError({
    ...common(ctx),
    code: CLIENT_ERROR_CODES.NETWORK_ERROR,
    message: ctx.redact(
      `Trade credit service: ${where(ctx)} failed on the network (${code ?? "unknown"}: ${
        error instanceof Error ? error.message : String(error)
      }, attempt ${ctx.attempts})`,
    ),
    retryable: isRetryableNetworkError(error),
    cause: error,
  })
}

export function closedError(ctx: CallContext, cause?: unknown): TradeCreditError {
  return new TradeCreditError({
    ...common(ctx),
    code: CLIENT_ERROR_CODES.CLIENT_CLOSED,
    message: `Trade credit client is closed (${where(ctx)})`,
    cause,
  })
}

/** A 2xx that breaks the contract: never retried. `what` completes "GET /x answered 200 ...". */
export function contractViolation(ctx: CallContext, status: number | undefined, what: string): TradeCreditError {
  return new TradeCreditError({
    ...common(ctx),
    code: CLIENT_ERROR_CODES.CONTRACT_VIOLATION,
    message: ctx.redact(
      `Trade credit service: ${where(ctx)} ${status === undefined ? "" : `answered ${status} `}${what}`,
    ),
    status,
  })
}

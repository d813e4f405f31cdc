import { DescribedErrorBody, ErrorBody, type ErrorLocation, HEADERS, ValidationErrorBody } from "../service/schemas/common"
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
    default:
      return status >= 500 ? "SERVER_ERROR" : `HTTP_${status}`
  }
}

/** A field path in section 0's convention: a body field without the "body" prefix the 422 bodies put first. */
const bodyRelative = (entry: ErrorLocation): ErrorLocation =>
  entry.loc.length > 1 && entry.loc[0] === "body" ? { ...entry, loc: entry.loc.slice(1) } : entry

/**
 * A non-2xx answer. The service answers in one of three bodies (contract section 0): `{error_code, ...}`; under
 * /repay/v1 and /companies/v2 a 422 `{detail: [{loc, msg, type}]}` for a refused request, else `{description,
 * code}`. All three become the one TradeCreditError: `code` a section 0 code (SCHEMA_ERROR for a 422, by status
 * for `{description, code}`), `serviceCode` what the body said, `errors` the refused fields with their paths.
 * A body of none of these is HTTP_<status>.
 */
export function errorFromAnswer(ctx: CallContext, status: number, headers: ResponseHeaders, body: Buffer): TradeCreditError {
  const retryAfterMs = parseRetryAfter(headers[HEADERS.retryAfter]) ?? undefined
  const retryable = RETRYABLE_STATUSES.has(status)
  let json: unknown = undefined
  try {
    json = JSON.parse(body.toString("utf8"))
  } catch {
    // not JSON: a non-contract error body
  }
  const validation = ValidationErrorBody.safeParse(json)
  if (validation.success) {
    const errors = validation.data.detail.map((entry) => bodyRelative({ ...entry, msg: ctx.redact(entry.msg) }))
    const first = errors[0]
    return new TradeCreditError({
      ...common(ctx),
      code: "SCHEMA_ERROR",
      serviceCode: "VALIDATION_ERROR",
      message: ctx.redact(
        `Trade credit service: ${where(ctx)} answered ${status}: the request was refused${first ? ` at ${first.loc.join(".")}: ${first.msg}` : ""}`
      ),
      status,
      errors,
      retryable,
      retryAfterMs,
    })
  }
  const described = DescribedErrorBody.safeParse(json)
  if (described.success) {
    const { description, code } = described.data
    return new TradeCreditError({
      ...common(ctx),
      code: codeOfStatus(status),
      serviceCode: code,
      message: ctx.redact(`Trade credit service: ${where(ctx)} answered ${status} ${code}: ${description}`),
      status,
      retryable,
      retryAfterMs,
    })
  }
  const parsed = ErrorBody.safeParse(json)
  if (!parsed.success) {
    const mediaType = mediaTypeOf(headers["content-type"])
    return new TradeCreditError({
      ...common(ctx),
      code: `HTTP_${status}`,
      message: `Trade credit service: ${where(ctx)} answered ${status} without a contract error body (${
        body.length ? `${body.length} bytes of ${mediaType || "unknown type"}` : "empty body"
      })`,
      status,
      retryable,
      retryAfterMs,
    })
  }
  const error = parsed.data
  return new TradeCreditError({
    ...common(ctx),
    code: error.error_code,
    serviceCode: error.error_code,
    message: ctx.redact(
      `Trade credit service: ${where(ctx)} answered ${status} ${error.error_code}: ${error.error_message} (trace ${error.error_trace_id})`
    ),
    status,
    traceId: error.error_trace_id,
    details: error.error_details == null ? undefined : ctx.redact(error.error_details),
    errors: error.error_json?.map((issue) => ({ ...issue, msg: ctx.redact(issue.msg) })) ?? undefined,
    retryable,
    retryAfterMs,
  })
}

/** An attempt cut by our own timer: `timeoutMs`, or the call's `deadlineMs` when that came first. */
export function timeoutError(ctx: CallContext, byDeadline: boolean, cause?: unknown): TradeCreditError {
  return new TradeCreditError({
    ...common(ctx),
    code: CLIENT_ERROR_CODES.TIMEOUT,
    message: byDeadline
      ? `Trade credit service: ${where(ctx)} exceeded the call's deadline of ${ctx.deadlineMs} ms (attempt ${ctx.attempts})`
      : `Trade credit service: ${where(ctx)} got no complete answer within ${ctx.timeoutMs} ms (attempt ${ctx.attempts})`,
    retryable: true,
    cause,
  })
}

/** A failure with no answer: closed client, undici's own timeouts, an oversized answer, or the network. */
export function errorFromFailure(ctx: CallContext, error: unknown): TradeCreditError {
  const code = networkCodeOf(error)
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
      }, attempt ${ctx.attempts})`
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
    message: ctx.redact(`Trade credit service: ${where(ctx)} ${status === undefined ? "" : `answered ${status} `}${what}`),
    status,
  })
}

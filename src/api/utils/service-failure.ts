import { isTradeCreditError } from "../../client/errors"
import { Codes, type ErrorCode } from "../errors/codes"
import { RouteError } from "../errors/route-error"

/**
 * How a route answers a failed call to the service:
 * - "unreachable": a passing failure (timeout, dropped connection, 429, 5xx):
 *   try again later; never a reason to hide the payment method;
 * - "rejected_key": the service refused the merchant's API key (401/403): the
 *   method cannot work until the merchant fixes the configuration;
 * - "bad_response": the service answered something outside its contract;
 * - "refused": any other refusal (a 4xx about the request itself).
 */
export type ServiceFailureKind = "unreachable" | "rejected_key" | "bad_response" | "refused"

const UNREACHABLE_CODES = new Set([
  "TIMEOUT",
  "NETWORK_ERROR",
  "UNAVAILABLE",
  "SERVER_ERROR",
  "RATE_LIMITED",
  "CLIENT_CLOSED",
])

export function classifyServiceFailure(error: unknown): ServiceFailureKind | undefined {
  if (!isTradeCreditError(error)) return undefined
  if (UNREACHABLE_CODES.has(error.code) || error.retryable || (error.status !== undefined && error.status >= 500))
    return "unreachable"
  if (
    error.code === "UNAUTHORIZED" ||
    error.code === "FORBIDDEN" ||
    error.code === "INVALID_API_KEY" ||
    error.status === 401 ||
    error.status === 403
  ) {
    return "rejected_key"
  }
  if (error.code === "CONTRACT_VIOLATION") return "bad_response"
  return "refused"
}

/**
 * The answer of a store route whose call to the service failed, or undefined when the error is not the service's.
 * The message names what could not be done and nothing of the call: no path of the service, no trace id, nothing
 * of its answer (buyers see it). `describeServiceFailure` is what goes to the log instead.
 */
export function serviceFailureError(error: unknown, action: string): RouteError | undefined {
  switch (classifyServiceFailure(error)) {
    case undefined:
      return undefined
    case "unreachable":
      return new RouteError(
        Codes.TRADE_CREDIT_UNAVAILABLE,
        `The trade credit service could not ${action} right now. Please try again.`,
        { "Retry-After": "5" },
      )
    case "rejected_key":
      return new RouteError(
        Codes.TRADE_CREDIT_NOT_CONFIGURED,
        "Trade credit is not available: the store's access to the service was refused.",
      )
    case "bad_response":
      return new RouteError(
        Codes.TRADE_CREDIT_BAD_RESPONSE,
        `The trade credit service answered "${action}" with an unexpected response.`,
      )
    default:
      return new RouteError(Codes.TRADE_CREDIT_REFUSED, `The trade credit service refused to ${action}.`)
  }
}

/** A failed call as the log tells it: the service's code, status and trace id, and the client's message (never the
 * key). */
export function describeServiceFailure(error: unknown): string {
  if (!isTradeCreditError(error)) return error instanceof Error ? error.message : String(error)
  return (
    `${error.code}${error.status ? ` ${error.status}` : ""}${error.traceId ? ` trace ${error.traceId}` : ""}: ` +
    `${error.message}`
  )
}

/**
 * The answer of an admin route whose call to the service failed: the store's answer plus the service's error code
 * and trace id, which a merchant quotes to the service's support (still nothing of the service's answer itself).
 */
export function adminServiceFailureError(error: unknown, action: string): RouteError | undefined {
  const refusal = serviceFailureError(error, action)
  if (!refusal || !isTradeCreditError(error)) return refusal
  const reference = `${error.code}${error.traceId ? `, trace ${error.traceId}` : ""}`
  return new RouteError(
    refusal.code as ErrorCode,
    `${refusal.message.replace(/\.$/, "")} (${reference}).`,
    refusal.headers,
  )
}

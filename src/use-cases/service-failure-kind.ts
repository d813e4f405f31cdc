import { isTradeCreditError } from "../client/errors"

/**
 * What a failed call to the service means for the buyer, whoever answers it (a store route's error, the pre-check's
 * degraded answer):
 * - "unreachable": a passing failure (timeout, dropped connection, 429, 5xx): try again later; never a reason to hide
 *   the payment method;
 * - "rejected_key": the service refused the merchant's API key (401/403): the method cannot work until the merchant
 *   fixes the configuration;
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

/** The kind of a failed call to the service; undefined when the error is not the service's. */
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

/** A failed call as the log tells it: the service's code, status and trace id, and the client's message (never the
 * key). */
export function describeServiceFailure(error: unknown): string {
  if (!isTradeCreditError(error)) return error instanceof Error ? error.message : String(error)
  return (
    `${error.code}${error.status ? ` ${error.status}` : ""}${error.traceId ? ` trace ${error.traceId}` : ""}: ` +
    `${error.message}`
  )
}

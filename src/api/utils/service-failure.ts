import { isTradeCreditError } from "../../client"

/**
 * How a storefront route answers a failed call to the service:
 * - "unreachable": a passing failure (timeout, dropped connection, 429, 5xx):
 *   try again later; never a reason to hide the payment method;
 * - "rejected_key": the service refused the merchant's API key (401/403): the
 *   method cannot work until the merchant fixes the configuration;
 * - "bad_response": the service answered something outside its contract;
 * - "refused": any other refusal (a 4xx about the request itself).
 */
export type ServiceFailureKind = "unreachable" | "rejected_key" | "bad_response" | "refused"

const UNREACHABLE_CODES = new Set(["TIMEOUT", "NETWORK_ERROR", "UNAVAILABLE", "SERVER_ERROR", "RATE_LIMITED", "CLIENT_CLOSED"])

export function classifyServiceFailure(error: unknown): ServiceFailureKind | undefined {
  if (!isTradeCreditError(error)) return undefined
  if (UNREACHABLE_CODES.has(error.code) || error.retryable || (error.status !== undefined && error.status >= 500)) return "unreachable"
  if (error.code === "UNAUTHORIZED" || error.code === "FORBIDDEN" || error.code === "INVALID_API_KEY" || error.status === 401 || error.status === 403) {
    return "rejected_key"
  }
  if (error.code === "CONTRACT_VIOLATION") return "bad_response"
  return "refused"
}

/** The HTTP answer of a store route whose call to the service failed: status, code and a message for the buyer. */
export function failureAnswer(kind: ServiceFailureKind, action: string, traceId?: string | null) {
  const trace = traceId ? ` (trace ${traceId})` : ""
  switch (kind) {
    case "unreachable":
      return { status: 503, code: "TRADE_CREDIT_UNAVAILABLE", message: `The trade credit service could not ${action} right now${trace}. Please try again.` }
    case "rejected_key":
      return { status: 503, code: "TRADE_CREDIT_NOT_CONFIGURED", message: `Trade credit is not available: the store's access to the service was refused${trace}.` }
    case "bad_response":
      return { status: 502, code: "TRADE_CREDIT_BAD_RESPONSE", message: `The trade credit service answered ${action} with an unexpected response${trace}.` }
    default:
      return { status: 400, code: "TRADE_CREDIT_REFUSED", message: `The trade credit service refused to ${action}${trace}.` }
  }
}

import type { AuthenticatedMedusaRequest, MedusaRequest } from "@medusajs/framework/http"
import { TradeCreditError } from "../../client/errors"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
import type { ServiceCall, ServiceFailure } from "../../use-cases/deps"
import { classifyServiceFailure, describeServiceFailure } from "../../use-cases/service-failure-kind"
import { logLine } from "../../utils/log-line"
import { quote } from "../../utils/quote"
import { Codes, type ErrorCode } from "../errors/codes"
import { RouteError } from "../errors/route-error"

/**
 * Whose words a store route's refusal is told in: "checkout" (the company search, the pre-check, the instalment
 * preview) or "registry" (the sole-trader routes, which name the delegation token, the proposal's state, the field
 * the service refused). Each family has answered in its own words since it was written; storefronts read them.
 */
export type ServiceFailureWords = "checkout" | "registry"

export type StoreFailure = {
  /** What could not be done, as the buyer reads it: "search companies". */
  action: string
  /** "checkout" unless given. */
  words?: ServiceFailureWords
  /** The registry's 409 explained (the state the proposal is in now), instead of the general words. */
  explainConflict?: string
}

/**
 * The store routes' one error adapter: what a call to the service threw (also as a workflow hands it back) becomes
 * the one error shape (a RouteError with a code of src/api/errors/codes.ts, which the plugin's error handler answers
 * `{type, code, message}`), and is logged once with what the buyer must not read (the service's code, path and trace
 * id, with the customer); any other error is given back as it is. The message names what could not be done and
 * nothing of the call: no path of the service, no trace id, nothing of its answer, never the key.
 */
export function storeServiceFailure(req: MedusaRequest, error: unknown, failure: StoreFailure): unknown {
  const serviceError = asTradeCreditError(error)
  if (!serviceError) return error
  const { action, words = "checkout", explainConflict } = failure
  const refusal =
    words === "registry" ? serviceRefusal(serviceError, action, explainConflict) : checkoutRefusal(serviceError, action)
  const customer = (req as Partial<AuthenticatedMedusaRequest>).auth_context?.actor_id
  // A refusal the buyer caused (a wrong field, a proposal's state) is news; the service or its key failing is not.
  const level =
    words === "checkout" || refusal.status >= 500 || refusal.code === Codes.TRADE_CREDIT_DELEGATION_FORBIDDEN
      ? "warn"
      : "info"
  logLine(
    pluginLoggerOf(req.scope),
    level,
    `trade-credit: could not ${action}${customer ? ` for customer ${customer}` : ""}: [${refusal.code}] ` +
      describeServiceFailure(serviceError),
    { customer_id: customer, code: refusal.code, trace_id: serviceError.traceId },
  )
  return refusal
}

/** The service steps of a store route's use case: each step's failure goes through storeServiceFailure. */
export function storeServiceCall(req: MedusaRequest, words: ServiceFailureWords = "checkout"): ServiceCall {
  return async (action, step) => {
    try {
      return await step()
    } catch (error) {
      throw storeServiceFailure(req, error, { action, words })
    }
  }
}

/**
 * The service's error, also when a workflow handed it back as a plain error
 * (workflows serialize what a step threw: the class is lost, the fields stay).
 */
export function asTradeCreditError(error: unknown): TradeCreditError | undefined {
  if (error instanceof TradeCreditError) return error
  const e = error as Partial<TradeCreditError> | null
  if (!e || typeof e !== "object" || e.name !== "TradeCreditError" || typeof e.code !== "string") return undefined
  return new TradeCreditError({
    code: e.code,
    message: String(e.message ?? e.code),
    status: e.status,
    traceId: e.traceId,
    retryAfterMs: e.retryAfterMs,
    details: e.details,
  })
}

/**
 * The checkout's words for a failed call to the service, or undefined when the error is not the service's (the
 * plugin's error handler also answers with them what no route turned into an answer).
 */
export function serviceFailureError(error: unknown, action: string): RouteError | undefined {
  return error instanceof TradeCreditError ? checkoutRefusal(error, action) : undefined
}

function checkoutRefusal(error: TradeCreditError, action: string): RouteError {
  const kind = classifyServiceFailure(error)
  switch (kind) {
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

/**
 * The registry's words (the sole-trader routes) for the service's refusal: what could not be done and why, in the
 * buyer's words. Nothing of the call itself (the service's path, trace id, error message or details); never the key.
 */
export function serviceRefusal(error: TradeCreditError, action: string, explainConflict?: string): RouteError {
  if (error.status === 403 || error.code === "FORBIDDEN") {
    return new RouteError(
      Codes.TRADE_CREDIT_DELEGATION_FORBIDDEN,
      `The trade credit service refused to ${action}: the delegation token does not grant it`,
    )
  }
  if (error.code === "INVALID_STATE") {
    return new RouteError(
      Codes.TRADE_CREDIT_PROPOSAL_STATE,
      explainConflict ?? `Cannot ${action} in the state it is in now`,
    )
  }
  if (error.code === "IDEMPOTENCY_CONFLICT") {
    return new RouteError(
      Codes.TRADE_CREDIT_CONFLICT,
      `Cannot ${action}: a different request with the same key is in progress; try again`,
    )
  }
  if (error.status === 429 || error.code === "RATE_LIMITED") {
    const seconds = error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    return new RouteError(
      Codes.TRADE_CREDIT_RATE_LIMITED,
      `Too many attempts to ${action}; try again${seconds ? ` in ${seconds} seconds` : " later"}`,
      seconds ? { "Retry-After": String(seconds) } : {},
    )
  }
  if (error.status === 404 || error.code === "NOT_FOUND") {
    return new RouteError(Codes.TRADE_CREDIT_NOT_FOUND, `Cannot ${action}: the trade credit service does not know it`)
  }
  if (error.code === "SCHEMA_ERROR" || error.code === "INVALID_REQUEST") {
    // The refused field, so the buyer can correct it (its path in the body the store sent, bounded).
    const field = error.errors?.[0]?.loc?.filter((step) => step !== "body").join(".")
    return new RouteError(
      Codes.TRADE_CREDIT_INVALID_REQUEST,
      `Cannot ${action}: the trade credit service refused ${field ? `the field ${quote(field)}` : "the request"}`,
    )
  }
  if (error.status === 401) {
    return new RouteError(
      Codes.TRADE_CREDIT_NOT_CONFIGURED,
      "Trade credit is not available: the store's access to the service was refused",
    )
  }
  if (error.code === "CONTRACT_VIOLATION") {
    return new RouteError(
      Codes.TRADE_CREDIT_BAD_RESPONSE,
      `The trade credit service answered "${action}" with an unexpected response`,
    )
  }
  return new RouteError(
    Codes.TRADE_CREDIT_UNAVAILABLE,
    `The trade credit service could not ${action} right now; try again`,
  )
}

/**
 * The answer of an admin route whose call to the service failed: the store's answer plus the service's error code
 * and trace id, which a merchant quotes to the service's support (still nothing of the service's answer itself).
 */
export function adminServiceFailureError(error: unknown, action: string): RouteError | undefined {
  const refusal = serviceFailureError(error, action)
  if (!refusal || !(error instanceof TradeCreditError)) return refusal
  const reference = `${error.code}${error.traceId ? `, trace ${error.traceId}` : ""}`
  return new RouteError(
    refusal.code as ErrorCode,
    `${refusal.message.replace(/\.$/, "")} (${reference}).`,
    refusal.headers,
  )
}

/**
 * The admin routes' one error adapter, for their use cases: a failed step of the service becomes
 * adminServiceFailureError's answer (the store's words, the service's code and trace id); any other error is given
 * back as it is. Nothing is logged: the merchant reads the failure in the answer.
 */
export const adminServiceFail: ServiceFailure = (action, error) => {
  throw adminServiceFailureError(error, action) ?? error
}

/** The service steps of an admin route's use case: each step's failure goes through adminServiceFail. */
export const adminServiceCall: ServiceCall = async (action, step) => {
  try {
    return await step()
  } catch (error) {
    throw adminServiceFailureError(error, action) ?? error
  }
}

/**
 * A failed read an admin answer carries instead of failing (the order widget's `service_error`): the code and words
 * of adminServiceFailureError, else TRADE_CREDIT_UNAVAILABLE with the error's own message.
 */
export function adminServiceFailureOf(error: unknown, action: string): { code: ErrorCode; message: string } {
  const mapped = adminServiceFailureError(error, action)
  return {
    code: (mapped?.code as ErrorCode | undefined) ?? Codes.TRADE_CREDIT_UNAVAILABLE,
    message: mapped?.message ?? `The trade credit service could not ${action}: ${(error as Error)?.message ?? error}`,
  }
}

import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TradeCreditError } from "../../../../client/errors"
import { Codes } from "../../../errors/codes"
import { quote } from "../../../errors/quote"
import { RouteError } from "../../../errors/route-error"
import { describeServiceFailure } from "../../../utils/service-failure"
import type { TradeCreditModuleService } from "../../../../modules/trade-credit"
import {
  type EnrollmentRow,
  enrollmentOfCustomer,
  tradeCreditOf,
} from "../../../../workflows/enrollment/enrollment-store"
import { logLine } from "../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../medusa/plugin-logger"

export { RouteError }

export type SoletraderRequest<Body = unknown> = AuthenticatedMedusaRequest<Body>
type Handler<Body> = (req: SoletraderRequest<Body>, res: MedusaResponse) => Promise<void>

/**
 * Wraps a route: a refusal of the service becomes a RouteError the buyer may read (what could not be done, never
 * the service's paths, trace ids or answers: those go to the log with the customer's id); the plugin's error
 * handler answers it `{type, code, message}` like any other.
 */
export function soletraderRoute<Body = unknown>(action: string, handler: Handler<Body>): Handler<Body> {
  return async (req, res) => {
    try {
      await handler(req, res)
    } catch (caught) {
      const serviceError = asTradeCreditError(caught)
      if (!serviceError) throw caught
      const refusal = serviceRefusal(serviceError, action)
      const customer = req.auth_context?.actor_id ?? "(no customer)"
      const line =
        `trade-credit: could not ${action} for customer ${customer}: [${refusal.code}] ` +
        `${describeServiceFailure(serviceError)}`
      const level = refusal.status >= 500 || refusal.code === Codes.TRADE_CREDIT_DELEGATION_FORBIDDEN ? "warn" : "info"
      logLine(pluginLoggerOf(req.scope), level, line, {
        customer_id: req.auth_context?.actor_id,
        code: refusal.code,
        trace_id: serviceError.traceId,
      })
      throw refusal
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
 * The service's refusal as the store API answers it: what could not be done and why, in the buyer's words. Nothing
 * of the call itself (the service's path, trace id, error message or details) is in the message; never the key.
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

/** The logged-in customer's id (the routes are behind `authenticate("customer", ...)`). */
export function customerIdOf(req: SoletraderRequest<any>): string {
  const id = req.auth_context?.actor_id
  if (!id) throw new RouteError(Codes.TRADE_CREDIT_UNAUTHORIZED, "Log in as a customer first")
  return id
}

export const tradeCreditOfRequest = (req: SoletraderRequest<any>): TradeCreditModuleService => tradeCreditOf(req.scope)

export async function enrollmentOfRequest(req: SoletraderRequest<any>): Promise<EnrollmentRow | undefined> {
  return await enrollmentOfCustomer(tradeCreditOfRequest(req), customerIdOf(req))
}

/**
 * The customer's enrollment when it names this proposal; a proposal of anybody
 * else is answered exactly like one that does not exist.
 */
export async function ownEnrollmentOfProposal(req: SoletraderRequest<any>, proposalId: string): Promise<EnrollmentRow> {
  const row = await enrollmentOfRequest(req)
  if (!row || row.proposal_id !== proposalId) {
    throw new RouteError(Codes.TRADE_CREDIT_PROPOSAL_NOT_FOUND, `You have no proposal ${quote(proposalId)}`)
  }
  return row
}

/** A 409 of the service on a proposal, explained with the state the proposal is in now. */
export async function explainProposalConflict(
  req: SoletraderRequest<any>,
  error: unknown,
  proposalId: string,
  rule: string,
  action: string,
): Promise<never> {
  const refusal = asTradeCreditError(error)
  if (!refusal || refusal.code !== "INVALID_STATE") throw error
  let status: string | undefined
  try {
    status = (await tradeCreditOfRequest(req).getClient().registry.getProposal(proposalId)).status
  } catch {
    status = undefined
  }
  throw serviceRefusal(refusal, action, `${rule}; it is ${status ?? "in another state"}`)
}

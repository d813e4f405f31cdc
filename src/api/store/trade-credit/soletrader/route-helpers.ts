import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TradeCreditError } from "../../../../client"
import type { TradeCreditModuleService } from "../../../../modules/trade-credit"
import { type EnrollmentRow, enrollmentOfCustomer, tradeCreditOf } from "../../../../workflows/enrollment/enrollment-store"

/**
 * An answer of the sole-trader routes that is not a success: its status, a
 * `code` a storefront can branch on and a message it can show. Thrown by the
 * routes, answered by `soletraderRoute` as `{code, message}` (Medusa's own
 * error handler would replace the message of a 409 and knows no 403, 413, 415
 * or 429).
 */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }
}

export type SoletraderRequest<Body = unknown> = AuthenticatedMedusaRequest<Body>
type Handler<Body> = (req: SoletraderRequest<Body>, res: MedusaResponse) => Promise<void>

/** Wraps a route: a RouteError or a refusal of the service becomes its JSON answer; anything else goes to Medusa. */
export function soletraderRoute<Body = unknown>(action: string, handler: Handler<Body>): Handler<Body> {
  return async (req, res) => {
    try {
      await handler(req, res)
    } catch (caught) {
      const serviceError = asTradeCreditError(caught)
      const error = serviceError ? serviceRefusal(serviceError, action) : caught
      if (!(error instanceof RouteError)) throw error
      if (error.status >= 500 || error.code === "TRADE_CREDIT_DELEGATION_FORBIDDEN") {
        req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`trade-credit: could not ${action}: [${error.code}] ${error.message}`)
      }
      res.set(error.headers).status(error.status).json({ code: error.code, message: error.message })
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

/** The service's refusal as the store API answers it (never echoing the key). */
export function serviceRefusal(error: TradeCreditError, action: string, explainConflict?: string): RouteError {
  const trace = error.traceId ? ` (trace ${error.traceId})` : ""
  if (error.status === 403 || error.code === "FORBIDDEN") {
    return new RouteError(
      403,
      "TRADE_CREDIT_DELEGATION_FORBIDDEN",
      `The trade credit service refused to ${action}: the delegation token does not grant it (${error.code}${trace})`
    )
  }
  if (error.code === "INVALID_STATE") {
    return new RouteError(409, "TRADE_CREDIT_PROPOSAL_STATE", explainConflict ?? `Cannot ${action}: ${error.message}${trace}`)
  }
  if (error.code === "IDEMPOTENCY_CONFLICT") {
    return new RouteError(409, "TRADE_CREDIT_CONFLICT", `Cannot ${action}: a different request with the same key is in progress; try again${trace}`)
  }
  if (error.status === 429 || error.code === "RATE_LIMITED") {
    const seconds = error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    return new RouteError(
      429,
      "TRADE_CREDIT_RATE_LIMITED",
      `Too many attempts to ${action}; try again${seconds ? ` in ${seconds} seconds` : " later"}${trace}`,
      seconds ? { "Retry-After": String(seconds) } : {}
    )
  }
  if (error.status === 404 || error.code === "NOT_FOUND") {
    return new RouteError(404, "TRADE_CREDIT_NOT_FOUND", `Cannot ${action}: the service does not know it${trace}`)
  }
  if (error.code === "SCHEMA_ERROR" || error.code === "INVALID_REQUEST") {
    return new RouteError(400, "TRADE_CREDIT_INVALID_REQUEST", `Cannot ${action}: ${error.message}${trace}`)
  }
  if (error.status === 401) {
    return new RouteError(502, "TRADE_CREDIT_REFUSED", `The trade credit service refused our credentials to ${action}${trace}`)
  }
  if (error.code === "CONTRACT_VIOLATION") {
    return new RouteError(502, "TRADE_CREDIT_BAD_RESPONSE", `The trade credit service answered "${action}" with an unexpected response${trace}`)
  }
  return new RouteError(503, "TRADE_CREDIT_UNAVAILABLE", `The trade credit service could not ${action} right now (${error.code}${trace}); try again`)
}

/** The logged-in customer's id (the routes are behind `authenticate("customer", ...)`). */
export function customerIdOf(req: SoletraderRequest<any>): string {
  const id = req.auth_context?.actor_id
  if (!id) throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Log in as a customer first")
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
    throw new RouteError(404, "TRADE_CREDIT_PROPOSAL_NOT_FOUND", `You have no proposal ${proposalId}`)
  }
  return row
}

/** A 409 of the service on a proposal, explained with the state the proposal is in now. */
export async function explainProposalConflict(
  req: SoletraderRequest<any>,
  error: unknown,
  proposalId: string,
  rule: string,
  action: string
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

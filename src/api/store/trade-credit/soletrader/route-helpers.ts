import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TradeCreditModuleService } from "../../../../modules/trade-credit"
import { pluginLoggerOf } from "../../../../medusa/plugin-logger"
import type { SoleTraderDeps } from "../../../../use-cases/sole-trader-deps"
import { applyProposalStateWorkflow } from "../../../../workflows/enrollment/apply-proposal-state"
import {
  ENROLLED_STATUSES,
  type EnrollmentRow,
  enrollmentKeys,
  enrollmentOfCustomer,
  timeBucket,
  tradeCreditOf,
  UNDECIDED_STATUSES,
} from "../../../../workflows/enrollment/enrollment-store"
import { saveEnrolledBusinessWorkflow } from "../../../../workflows/enrollment/save-enrolled-business"
import { Codes } from "../../../errors/codes"
import { quote } from "../../../errors/quote"
import { RouteError } from "../../../errors/route-error"
import { asTradeCreditError, storeServiceFailure } from "../../../utils/service-failure"

export { RouteError }
// The registry's words for the service's refusals (service-failure.ts), named as the sole-trader routes first had it.
export { serviceRefusal } from "../../../utils/service-failure"

/** A request of a sole-trader route: behind `authenticate("customer", ...)`. */
export type SoletraderRequest<Body = unknown> = AuthenticatedMedusaRequest<Body>
type Handler<Body> = (req: SoletraderRequest<Body>, res: MedusaResponse) => Promise<void>

/**
 * Wraps a route: a refusal of the service becomes a RouteError the buyer may read, in the registry's words, through
 * the store routes' one error adapter (storeServiceFailure: what could not be done, never the service's paths, trace
 * ids or answers; those go to the log with the customer's id); the plugin's error handler answers it
 * `{type, code, message}` like any other.
 */
export function soletraderRoute<Body = unknown>(action: string, handler: Handler<Body>): Handler<Body> {
  return async (req, res) => {
    try {
      await handler(req, res)
    } catch (error) {
      throw storeServiceFailure(req, error, { action, words: "registry" })
    }
  }
}

/** What the sole-trader use cases are given, from the request's container (the enrollment's workflows included). */
export function soleTraderDepsOf(req: SoletraderRequest): SoleTraderDeps {
  const tradeCredit = tradeCreditOf(req.scope)
  return {
    client: tradeCredit.getClient(),
    options: tradeCredit.getOptions(),
    query: req.scope.resolve(ContainerRegistrationKeys.QUERY),
    logger: pluginLoggerOf(req.scope),
    module: tradeCredit,
    keys: enrollmentKeys,
    timeBucket,
    enrol: async (input) => (await saveEnrolledBusinessWorkflow(req.scope).run({ input })).result,
    applyProposalState: async (proposal_id) =>
      (await applyProposalStateWorkflow(req.scope).run({ input: { proposal_id } })).result.enrollment,
  }
}

/** The logged-in customer's id (the routes are behind `authenticate("customer", ...)`). */
export function customerIdOf(req: SoletraderRequest): string {
  const id = req.auth_context?.actor_id
  if (!id) throw new RouteError(Codes.TRADE_CREDIT_UNAUTHORIZED, "Log in as a customer first")
  return id
}

export const tradeCreditOfRequest = (req: SoletraderRequest): TradeCreditModuleService => tradeCreditOf(req.scope)

export async function enrollmentOfRequest(req: SoletraderRequest): Promise<EnrollmentRow | undefined> {
  return await enrollmentOfCustomer(tradeCreditOfRequest(req), customerIdOf(req))
}

/** A customer may propose a business unless enrolled already, or while a proposal of theirs is in review. */
export function assertMayPropose(row: EnrollmentRow | undefined): void {
  if (row && ENROLLED_STATUSES.includes(row.status) && row.organization_number) {
    throw new RouteError(
      Codes.TRADE_CREDIT_ALREADY_ENROLLED,
      `This customer is already enrolled (organization number ${row.organization_number})`,
    )
  }
  if (row && UNDECIDED_STATUSES.includes(row.status)) {
    throw new RouteError(
      Codes.TRADE_CREDIT_PROPOSAL_IN_PROGRESS,
      `Proposal ${row.proposal_id} is ${row.status}: wait for the decision, or withdraw it before proposing again`,
    )
  }
}

/**
 * The customer's enrollment when it names this proposal; a proposal of anybody
 * else is answered exactly like one that does not exist.
 */
export async function ownEnrollmentOfProposal(req: SoletraderRequest, proposalId: string): Promise<EnrollmentRow> {
  const row = await enrollmentOfRequest(req)
  if (!row || row.proposal_id !== proposalId) {
    throw new RouteError(Codes.TRADE_CREDIT_PROPOSAL_NOT_FOUND, `You have no proposal ${quote(proposalId)}`)
  }
  return row
}

/** A 409 of the service on a proposal, explained with the state the proposal is in now. */
export async function explainProposalConflict(
  req: SoletraderRequest,
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
  const explainConflict = `${rule}; it is ${status ?? "in another state"}`
  throw storeServiceFailure(req, refusal, { action, words: "registry", explainConflict })
}

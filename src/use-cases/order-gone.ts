import { MedusaError } from "@medusajs/framework/utils"
import { isTradeCreditError } from "../client/errors"
import { closeGoneSession } from "../medusa/gone-session"
import { buyerText } from "../utils/buyer-texts"
import { describeServiceFailure } from "./service-failure-kind"
import { type LogIds, logLine } from "../utils/log-line"
import type { ProviderDeps } from "./deps"

/** The code of a session whose service order (or plan) the service no longer knows. */
export const ORDER_GONE = "TRADE_CREDIT_ORDER_GONE"

/**
 * Whether a failed read of a session's own service order (or plan) says the service no longer knows it: a definite
 * 404 (the contract's status decides: NOT_FOUND), e.g. an abandoned order the service purged, or a simulator that
 * lost its memory. Nothing else is: a 5xx, a 429, a timeout, a dropped connection or a broken answer says nothing of
 * the order, and stays what it maps to (TRADE_CREDIT_UNAVAILABLE: try again).
 */
export function isGoneAtService(error: unknown): boolean {
  return isTradeCreditError(error) && error.status === 404 && !error.retryable
}

/** Whether an error is the plugin's refusal of a session whose order is gone (orderGone). */
export function isOrderGone(error: unknown): boolean {
  return MedusaError.isMedusaError(error) && (error as MedusaError).code === ORDER_GONE
}

/**
 * The refusal of a session whose service order (or plan) is gone: TRADE_CREDIT_ORDER_GONE in the buyer's words
 * (nothing was charged; choose the method again), never the service's answer. The detail goes to the log, once.
 */
export function orderGone(
  error: unknown,
  log?: { logger: Pick<ProviderDeps["logger"], "warn">; ids?: LogIds },
): MedusaError {
  if (log)
    logLine(
      log.logger,
      "warn",
      "trade-credit: the service no longer knows the payment session's order " +
        `(${describeServiceFailure(error)}): the completion is refused, the buyer starts over`,
      { ...log.ids, code: ORDER_GONE, trace_id: isTradeCreditError(error) ? error.traceId : undefined },
    )
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, buyerText("order.gone"), ORDER_GONE)
}

/**
 * One call on the session's own order (or plan) at the service (a read, an edit): a definite not-found is
 * TRADE_CREDIT_ORDER_GONE (orderGone), any other failure is mapped as `call` maps it (`fail`).
 */
export async function callOnSessionOrder<T>(
  deps: Pick<ProviderDeps, "fail" | "logger">,
  action: string,
  step: () => Promise<T>,
  ids: LogIds,
): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (isGoneAtService(error)) throw orderGone(error, { logger: deps.logger, ids })
    return deps.fail(action, error, ids)
  }
}

/**
 * Runs a cart completion's authorization; when it is refused because the session's order is gone, the session is
 * closed first (closeGoneSession: `canceled`, its order and `payment_url` removed from its data), so neither the
 * storefront nor a second completion finds the dead page, then the refusal goes on. A failed write is logged: the
 * buyer still gets the refusal.
 */
export async function closingGoneSession<T>(
  deps: Pick<ProviderDeps, "logger" | "medusa">,
  sessionId: string,
  data: Record<string, unknown>,
  authorize: () => Promise<T>,
): Promise<T> {
  try {
    return await authorize()
  } catch (error) {
    if (isOrderGone(error)) {
      await closeGoneSession(deps.medusa, sessionId, data).catch((writeError: unknown) =>
        logLine(
          deps.logger,
          "warn",
          `trade-credit: could not close the payment session of a gone order: ${(writeError as Error).message}`,
          { payment_session_id: sessionId, code: ORDER_GONE },
        ),
      )
    }
    throw error
  }
}

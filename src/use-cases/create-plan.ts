import { isTradeCreditError } from "../client/errors"
import type { RepaymentPlan } from "../service/schemas/repayment"
import { buildLines } from "../core/order/lines"
import { CART_FIELDS } from "../core/order/cart-fields"
import type { MedusaCartInput } from "../core/order/medusa-cart"
import { holderIdOf } from "../core/plan/conflict-holder"
import { buildPlanBody } from "../core/plan/plan-body"
import { limitsOfData, type TradeCreditPlanData } from "../core/plan/plan-data"
import { planKeys } from "../core/plan/plan-idempotency-keys"
import {
  assertWithinLimits,
  invalidSessionData,
  parsePlanSessionInput,
  storefrontInputOf,
} from "../core/plan/plan-session-input"
import { recordPlanSession, tradeCreditModuleOf } from "../medusa/plan-store"
import { assertCompanyCredit, companyCreditDepsOf } from "./company-credits"
import type { ProviderDeps } from "./deps"

/** A plan made by an earlier attempt whose answer was lost: only its id is known. */
export type ExistingPlan = { id: string; existing: true }

/** The plan that holds this session's reference, from the service's 409 (a retry whose first answer was lost). */
const holderPlanIdOf = (error: unknown) => (isTradeCreditError(error) ? holderIdOf(error) : undefined)

/**
 * Creates the plan of this session, once: its reference is the session id. A retry whose answer was lost finds the
 * plan through the service's 409 (the reference is held), never creating a second one. The cart must still be what
 * was credit-checked, for a number of months within the check's limits, for a company the service has not since said
 * is in an arrears block or above its limits (company-credits.ts, before anything is asked of it). The plan is
 * recorded with its session.
 */
export async function createPlan(
  deps: Pick<ProviderDeps, "client" | "fail" | "readCart" | "medusa" | "logger">,
  sessionId: string,
  data: TradeCreditPlanData,
): Promise<RepaymentPlan | ExistingPlan> {
  const input = parsePlanSessionInput(storefrontInputOf(data), { requirePeriods: true })
  const numberOfPeriods = input.number_of_periods!
  const accountId = data.account_id
  const limits = limitsOfData(data)
  if (!accountId || !limits || !data.gross_amount) {
    throw invalidSessionData(
      "the buyer was not credit-checked: start the payment session again with the company",
      "company",
    )
  }
  assertWithinLimits(data.gross_amount, numberOfPeriods, limits)
  const cart = await deps.readCart<MedusaCartInput>(sessionId, CART_FIELDS)
  // The cart must still be what was credit-checked (else the session is started again).
  const lines = buildLines(cart, { expectedTotal: data.gross_amount })
  if (input.company) {
    await assertCompanyCredit(
      companyCreditDepsOf(deps.medusa, deps.logger),
      input.company,
      { grossAmount: lines.gross_amount, currency: cart.currency_code.toUpperCase() },
      { payment_session_id: sessionId, cart_id: cart.id },
    )
  }
  const body = buildPlanBody({ sessionId, cart, input, accountId, numberOfPeriods, lines, consentedAt: new Date() })
  let plan: RepaymentPlan | ExistingPlan
  try {
    plan = await deps.client.repayment.createPlan(body, { idempotencyKey: planKeys.createPlan(sessionId, body) })
  } catch (error) {
    const holder = holderPlanIdOf(error)
    if (!holder) return deps.fail("create the repayment plan", error, { payment_session_id: sessionId })
    plan = { id: holder, existing: true }
  }
  await recordPlanSession(tradeCreditModuleOf(deps.medusa), {
    plan_id: plan.id,
    session_id: sessionId,
    account_id: accountId,
    amount: lines.gross_amount,
    currency: body.currency,
  })
  return plan
}

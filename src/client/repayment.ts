import BigNumber from "bignumber.js"
import { z } from "@medusajs/framework/zod"
import { checkPlanAmounts, checkRepaymentTotals } from "../service/repayment-schedule"
import {
  AccountRequest,
  CreditCheckRequest,
  CreditCheckResult,
  PlanCancellationRequest,
  PlanCredit,
  PlanCreditRequest,
  PlanFulfilmentRequest,
  PlanRequest,
  PlanStatus,
  PlanStatusQuery,
  PreviewRequest,
  PreviewResult,
  RepaymentAccount,
  RepaymentPlan,
} from "../service/schemas/repayment"
import { invalidRequest } from "./errors"
import { urlPath } from "./http-utils"
import type { Transport } from "./transport"
import { assertAmounts, type Idempotent, validateRequest } from "./validate"

export type AccountInput = z.input<typeof AccountRequest>
export type CreditCheckInput = z.input<typeof CreditCheckRequest>
export type PreviewInput = z.input<typeof PreviewRequest>
export type PlanInput = z.input<typeof PlanRequest>

/**
 * The repayment interface, version 1.0.0 (contract section 3). Takes the
 * client's transport scoped to `/repay/v1` (`transport.scope("/repay/v1")`),
 * so it shares the pool, the retries and the timeouts of the other modules.
 * Outgoing bodies are validated against the contract's request schemas (and a
 * plan's or a preview's amounts against the service's arithmetic) before they
 * are sent; answers against its response schemas. Every mutating call takes
 * the caller's Idempotency-Key (the same key on every retry of one intent).
 *
 * Flow: createAccount → creditCheck → preview (optional) → createPlan →
 * getStatus until funding is ACCEPTED or REJECTED (or the
 * `repayment.plan.funding_decided` webhook) → fulfil; then cancel or credit.
 */
export class RepaymentClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /**
   * POST /account → the account (`{id, ...body}`). A
   * `merchant_account_reference` already used answers 409 INVALID_STATE with
   * the existing account's id in the error's `details`.
   */
  async createAccount(body: AccountInput, { idempotencyKey }: Idempotent): Promise<RepaymentAccount> {
    const valid = validateRequest(AccountRequest, body, "repayment account")
    const { data } = await this.#transport.request({ method: "POST", path: "/account", body: valid, idempotencyKey }, RepaymentAccount)
    return data
  }

  /**
   * PUT /account/{account_id}: replaces the whole account. Once the account has
   * a plan its buyer company cannot change (409 INVALID_STATE).
   */
  async updateAccount(accountId: string, body: AccountInput, { idempotencyKey }: Idempotent): Promise<RepaymentAccount> {
    const valid = validateRequest(AccountRequest, body, "repayment account update")
    const { data } = await this.#transport.request(
      { method: "PUT", path: urlPath`/account/${accountId}`, body: valid, idempotencyKey },
      RepaymentAccount
    )
    return data
  }

  /**
   * POST /credit-check: APPROVED with the minimum and maximum number of
   * instalments and the maximum instalment amount, or DECLINED (limits null).
   */
  async creditCheck(body: CreditCheckInput, { idempotencyKey }: Idempotent): Promise<CreditCheckResult> {
    const valid = validateRequest(CreditCheckRequest, body, "credit check")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/credit-check", body: valid, idempotencyKey },
      CreditCheckResult
    )
    return data
  }

  /** POST /preview: the instalments of one or more tentative plans (one preview per `terms` entry, in order). */
  async preview(body: PreviewInput, { idempotencyKey }: Idempotent): Promise<PreviewResult> {
    const valid = validateRequest(PreviewRequest, body, "repayment preview")
    assertAmounts(checkRepaymentTotals(valid, valid.terms.map((t) => t.number_of_periods)), "repayment preview")
    const { data } = await this.#transport.request({ method: "POST", path: "/preview", body: valid, idempotencyKey }, PreviewResult)
    return data
  }

  /**
   * POST /plan → the plan with its instalments (all PLANNED); funding starts
   * PENDING. A `reference` held by another plan answers 409 INVALID_STATE with
   * that plan's id in `details`.
   */
  async createPlan(body: PlanInput, { idempotencyKey }: Idempotent): Promise<RepaymentPlan> {
    const valid = validateRequest(PlanRequest, body, "repayment plan")
    assertAmounts(checkPlanAmounts(valid), "repayment plan")
    const { data } = await this.#transport.request({ method: "POST", path: "/plan", body: valid, idempotencyKey }, RepaymentPlan)
    return data
  }

  /** GET /status?plan_id=: funding and fulfilment status, invoiced, cancelled and credited amounts. */
  async getStatus(planId: string): Promise<PlanStatus> {
    const { plan_id } = validateRequest(PlanStatusQuery, { plan_id: planId }, "plan status")
    const { data } = await this.#transport.request({ method: "GET", path: "/status", query: { plan_id } }, PlanStatus)
    return data
  }

  /**
   * PUT /fulfilment (202): finalises the plan and starts payout and invoicing.
   * Only after funding is ACCEPTED (409 INVALID_STATE otherwise).
   */
  async fulfil(planId: string, { idempotencyKey }: Idempotent): Promise<PlanStatus> {
    const valid = validateRequest(PlanFulfilmentRequest, { plan_id: planId }, "plan fulfilment")
    const { data } = await this.#transport.request({ method: "PUT", path: "/fulfilment", body: valid, idempotencyKey }, PlanStatus)
    return data
  }

  /**
   * PUT /cancellation → the plan: instalments not yet invoiced become CANCELLED.
   * `at` is when the cancellation happened (a Date, or ISO 8601 with offset).
   */
  async cancel(planId: string, reason: string, at: Date | string, { idempotencyKey }: Idempotent): Promise<RepaymentPlan> {
    const cancelledAt = at instanceof Date ? at.toISOString() : at
    const valid = validateRequest(
      PlanCancellationRequest,
      { plan_id: planId, cancel_reason: reason, cancelled_at: cancelledAt },
      "plan cancellation"
    )
    const { data } = await this.#transport.request(
      { method: "PUT", path: "/cancellation", body: valid, idempotencyKey },
      RepaymentPlan
    )
    return data
  }

  /**
   * POST /credit: credits `amount` (money, "12.50") of the plan. Never above
   * what was invoiced and not yet credited (409 INVALID_STATE, what remains
   * creditable in `details`).
   */
  async credit(
    planId: string,
    amount: string,
    currency: string,
    reason: string,
    { idempotencyKey }: Idempotent
  ): Promise<PlanCredit> {
    const valid = validateRequest(PlanCreditRequest, { plan_id: planId, amount, currency, reason }, "plan credit")
    if (!new BigNumber(valid.amount).gt(0)) throw invalidRequest("Trade credit plan credit: amount must be positive")
    const { data } = await this.#transport.request({ method: "POST", path: "/credit", body: valid, idempotencyKey }, PlanCredit)
    return data
  }
}

import { z } from "@medusajs/framework/zod"
import { Money } from "../core/money/money"
import { checkPlanAmounts, checkRepaymentTotals } from "../service/repayment-schedule"
import {
  AccountRequest,
  AccountUpdateRequest,
  type CancelReason,
  CreditCheckRequest,
  CreditCheckResult,
  PlanCancellation,
  PlanCancellationRequest,
  PlanCredit,
  PlanCreditRequest,
  PlanFulfilmentRequest,
  PlanRequest,
  type PlanStatus,
  PlanStatusQuery,
  planStatusOf,
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
export type AccountUpdateInput = z.input<typeof AccountUpdateRequest>
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
 * Paths: the seed's where it gives one (`/preview`, `/status?plan_id=`,
 * `/fulfilment`), the published ones where it does not (`/account/{id}`,
 * `/plan/{plan_id}/cancellation`), `/credit` **(chosen)**.
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
   * `merchant_account_reference` already used answers 409, the existing
   * account's id in the error's description.
   */
  async createAccount(body: AccountInput, { idempotencyKey }: Idempotent): Promise<RepaymentAccount> {
    const valid = validateRequest(AccountRequest, body, "repayment account")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/account", body: valid, idempotencyKey },
      RepaymentAccount,
    )
    return data
  }

  /**
   * PUT /account/{account_id} → 204: the company's trade name and official
   * address, the invoice email and the representative (and the billing
   * address, copies and due days when given). The company's country and
   * national identifier are not part of it: they never change.
   */
  async updateAccount(accountId: string, body: AccountUpdateInput, { idempotencyKey }: Idempotent): Promise<void> {
    const valid = validateRequest(AccountUpdateRequest, body, "repayment account update")
    await this.#transport.requestNoContent({
      method: "PUT",
      path: urlPath`/account/${accountId}`,
      body: valid,
      idempotencyKey,
    })
  }

  /**
   * POST /credit-check: APPROVED with the minimum and maximum number of
   * instalments and the maximum instalment amount, or DECLINED (limits 0, 0, "0.00").
   */
  async creditCheck(body: CreditCheckInput, { idempotencyKey }: Idempotent): Promise<CreditCheckResult> {
    const valid = validateRequest(CreditCheckRequest, body, "credit check")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/credit-check", body: valid, idempotencyKey },
      CreditCheckResult,
    )
    return data
  }

  /** POST /preview: the instalments of one tentative plan (several options are several calls). */
  async preview(body: PreviewInput, { idempotencyKey }: Idempotent): Promise<PreviewResult> {
    const valid = validateRequest(PreviewRequest, body, "repayment preview")
    assertAmounts(checkRepaymentTotals(valid, [valid.terms.number_of_periods]), "repayment preview")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/preview", body: valid, idempotencyKey },
      PreviewResult,
    )
    return data
  }

  /**
   * POST /plan → the plan with its instalments (all PLANNED); funding starts
   * PENDING. A `reference` held by another plan answers 409, that plan's id in
   * the error's description.
   */
  async createPlan(body: PlanInput, { idempotencyKey }: Idempotent): Promise<RepaymentPlan> {
    const valid = validateRequest(PlanRequest, body, "repayment plan")
    assertAmounts(checkPlanAmounts(valid), "repayment plan")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/plan", body: valid, idempotencyKey },
      RepaymentPlan,
    )
    return data
  }

  /** GET /status?plan_id=: funding and fulfilment status, invoiced, cancelled and credited amounts. */
  async getStatus(planId: string): Promise<PlanStatus> {
    const { plan_id } = validateRequest(PlanStatusQuery, { plan_id: planId }, "plan status")
    const { data } = await this.#transport.request(
      { method: "GET", path: "/status", query: { plan_id } },
      planStatusOf(plan_id),
    )
    return data
  }

  /**
   * PUT /fulfilment (202): finalises the plan and starts payout and invoicing.
   * Only after funding is ACCEPTED (409 INVALID_STATE otherwise). The published
   * 202 body is `{}` (the contract's is the status): any JSON is accepted, and
   * when it is not the plan's status the status is read back (GET /status).
   */
  async fulfil(
    planId: string,
    { idempotencyKey, invoiceGroupingKey }: Idempotent & { invoiceGroupingKey?: string },
  ): Promise<PlanStatus> {
    const body = {
      plan_id: planId,
      ...(invoiceGroupingKey !== undefined && { invoice_grouping_key: invoiceGroupingKey }),
    }
    const valid = validateRequest(PlanFulfilmentRequest, body, "plan fulfilment")
    const { data } = await this.#transport.request(
      { method: "PUT", path: "/fulfilment", body: valid, idempotencyKey },
      z.unknown(),
    )
    const status = planStatusOf(planId).safeParse(data)
    return status.success ? status.data : await this.getStatus(planId)
  }

  /**
   * PUT /plan/{plan_id}/cancellation → the cancellation: instalments not yet
   * invoiced become CANCELLED. `at` is when the cancellation happened (a Date,
   * or ISO 8601 with offset); the service's default reason is TERMINATED.
   */
  async cancel(
    planId: string,
    reason: CancelReason | undefined,
    at: Date | string,
    { idempotencyKey }: Idempotent,
  ): Promise<PlanCancellation> {
    const cancelledAt = at instanceof Date ? at.toISOString() : at
    const valid = validateRequest(
      PlanCancellationRequest,
      { cancelled_at: cancelledAt, ...(reason && { cancel_reason: reason }) },
      "plan cancellation",
    )
    const { data } = await this.#transport.request(
      { method: "PUT", path: urlPath`/plan/${planId}/cancellation`, body: valid, idempotencyKey },
      PlanCancellation,
    )
    return data
  }

  /**
   * POST /credit: credits `amount` (money, "12.50") of the plan. Never above
   * what was invoiced and not yet credited (409).
   */
  async credit(
    planId: string,
    amount: string,
    currency: string,
    reason: string,
    { idempotencyKey }: Idempotent,
  ): Promise<PlanCredit> {
    const valid = validateRequest(PlanCreditRequest, { plan_id: planId, amount, currency, reason }, "plan credit")
    if (!Money.fromDecimal(valid.amount).isPositive()) {
      throw invalidRequest("Trade credit plan credit: amount must be positive")
    }
    const { data } = await this.#transport.request(
      { method: "POST", path: "/credit", body: valid, idempotencyKey },
      PlanCredit,
    )
    return data
  }
}

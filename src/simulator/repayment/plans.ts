import { checkPlanAmounts, checkRepaymentTotals, scheduleInstalments } from "../../service/repayment-schedule"
import type { PlanRequest, PlanStatus, PreviewRequest, PreviewResult, RepaymentPlan } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import { assertAmounts, money, sumOf } from "../orders/amounts"
import type { MerchantState } from "../state/merchants"
import type { PlanRecord } from "../state/repayment"
import { accountOf } from "./accounts"
import { newRepaymentId } from "./ids"

/** The calling merchant's plan (404 NOT_FOUND for an unknown one or another merchant's). */
export function planOf(merchant: MerchantState, id: string): PlanRecord {
  const record = merchant.repayment.plan(id)
  if (!record) throw notFound(`Repayment plan ${id}`)
  return record
}

/**
 * POST /preview: the schedule of each tentative plan, as if created now. The
 * tax subtotals must add up (taxable + tax) to the total, one per rate, and
 * the total must reach a cent per instalment (400 with the failing code).
 */
export function previewPlans(ctx: SimulatorContext, body: PreviewRequest): PreviewResult {
  assertAmounts(checkRepaymentTotals(body, body.terms.map((t) => t.number_of_periods)))
  const createdAt = ctx.clock.now()
  return {
    previews: body.terms.map((terms) => ({
      terms,
      instalments: scheduleInstalments({
        total_repayment_amount: body.total_repayment_amount,
        tax_subtotals: body.tax_subtotals,
        number_of_periods: terms.number_of_periods,
        createdAt,
      }),
    })),
  }
}

/**
 * POST /plan. Checked in this order: the account exists (404), the amounts
 * (lines, total, tax subtotals: 400 with the failing code), the `reference`
 * is not held by another plan (409 INVALID_STATE with that plan's id in
 * error_details; a REJECTED or cancelled plan frees it). The plan starts with
 * funding PENDING, decided after the funding delay (or by the control API).
 */
export function createPlan(ctx: SimulatorContext, merchant: MerchantState, body: PlanRequest): PlanRecord {
  const account = accountOf(merchant, body.account_id)
  assertAmounts(checkPlanAmounts(body))
  const holder = merchant.repayment.holderOf(body.reference)
  if (holder) throw invalidState(`reference ${body.reference} is already used by plan ${holder.plan.id}`, holder.plan.id)

  const nowMs = ctx.clock.nowMs()
  const schedule = scheduleInstalments({
    total_repayment_amount: body.total_repayment_amount,
    tax_subtotals: body.tax_subtotals,
    number_of_periods: body.terms.number_of_periods,
    createdAt: new Date(nowMs),
  })
  const plan: RepaymentPlan = {
    id: newRepaymentId("plan"),
    reference: body.reference,
    account_id: account.account.id,
    total_repayment_amount: body.total_repayment_amount,
    currency: body.currency,
    terms: body.terms,
    line_items: body.line_items,
    tax_subtotals: body.tax_subtotals,
    instalments: schedule.map((instalment) => ({ id: newRepaymentId("inst"), ...instalment, status: "PLANNED" })),
  }
  const record: PlanRecord = {
    plan,
    description: body.description ?? null,
    consentDate: body.consent_date,
    createdAt: new Date(nowMs).toISOString(),
    funding: { status: "PENDING", reason: null, dueAtMs: nowMs + ctx.repayment.fundingDelayMs, decidedAt: null, decidedBy: null },
    fulfilment: { status: "NOT_INITIATED", dueAtMs: null, requestedAt: null, settledAt: null },
    cancellation: null,
    credits: [],
  }
  merchant.repayment.addPlan(record, account)
  return record
}

/** GET /status: the amounts are sums of the instalments by status, and of the credits. */
export function planStatus(record: PlanRecord): PlanStatus {
  const sumWith = (status: "INVOICED" | "CANCELLED") =>
    money(sumOf(record.plan.instalments.filter((i) => i.status === status), (i) => i.repayment_amount))
  return {
    plan_id: record.plan.id,
    funding_status: record.funding.status,
    fulfilment_status: record.fulfilment.status,
    invoiced_amount: sumWith("INVOICED"),
    cancelled_amount: sumWith("CANCELLED"),
    credited_amount: money(sumOf(record.credits, (c) => c.amount)),
    credit_decline_reason: record.funding.reason,
  }
}

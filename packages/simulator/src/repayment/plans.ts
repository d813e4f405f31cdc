import type { Plan, PlanCreate, Preview, StatusAnswer } from "../contract/repayment"
import type { SimulatorContext } from "../context"
import { invalidState, notFound } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { PlanRecord } from "../state/repayment"
import { accountOf } from "./accounts"
import { newRepaymentUuid } from "./ids"
import { money, sumOf } from "./money"
import { scheduleInstalments } from "./schedule"

/** The calling merchant's plan (404 for an unknown one or another merchant's). */
export function planOf(merchant: MerchantState, id: string): PlanRecord {
  const record = merchant.repayment.plan(id)
  if (!record) throw notFound(`Repayment plan ${id}`)
  return record
}

/** POST /preview: the schedule of one tentative plan, as if created now (its money rules checked by the schema). */
export function previewPlan(ctx: SimulatorContext, body: Preview) {
  return {
    terms: body.terms,
    instalments: scheduleInstalments({
      total_repayment_amount: body.total_repayment_amount,
      tax_subtotals: body.tax_subtotals,
      number_of_periods: body.terms.number_of_periods,
      createdAt: ctx.clock.now(),
    }),
    total_repayment_amount: body.total_repayment_amount,
    tax_subtotals: body.tax_subtotals,
  }
}

/**
 * POST /plan (its money rules checked by the schema). Then: the account
 * exists (404), the `reference` is not held by another plan (409, the
 * description naming that plan's id; a REJECTED or cancelled plan frees it).
 * The plan starts with funding PENDING, decided after the funding delay (or
 * by the control API). Instalment references are `{reference}-{n}` **(chosen)**.
 */
export function createPlan(ctx: SimulatorContext, merchant: MerchantState, body: PlanCreate): PlanRecord {
  const account = accountOf(merchant, body.account_id)
  const holder = merchant.repayment.holderOf(body.reference)
  if (holder)
    throw invalidState(`reference ${body.reference} is already used by plan ${holder.plan.id}`, holder.plan.id)

  const nowMs = ctx.clock.nowMs()
  const schedule = scheduleInstalments({
    total_repayment_amount: body.total_repayment_amount,
    tax_subtotals: body.tax_subtotals,
    number_of_periods: body.terms.number_of_periods,
    createdAt: new Date(nowMs),
  })
  const plan: Plan = {
    id: newRepaymentUuid(),
    ...body,
    instalments: schedule.map((instalment, i) => ({
      id: newRepaymentUuid(),
      reference: instalmentReference(body.reference, i + 1),
      ...instalment,
      status: "PLANNED" as const,
    })),
  }
  const record: PlanRecord = {
    plan,
    createdAt: new Date(nowMs).toISOString(),
    funding: {
      status: "PENDING",
      reason: null,
      dueAtMs: nowMs + fundingDelayOf(ctx),
      decidedAt: null,
      decidedBy: null,
    },
    fulfilment: { status: "NOT_INITIATED", dueAtMs: null, requestedAt: null, settledAt: null },
    cancellation: null,
    credits: [],
  }
  merchant.repayment.addPlan(record, account)
  return record
}

/**
 * How long the service takes to decide a new plan's funding: the configured delay; in the minimal profile never less
 * than its own delay (the service never decides at once; the control API still can).
 */
export function fundingDelayOf(ctx: SimulatorContext): number {
  const configured = ctx.repayment.fundingDelayMs
  return ctx.profile.name === "minimal" ? Math.max(configured, ctx.profile.fundingDelayMs) : configured
}

/** `{plan reference}-{n}`, kept within the 40 characters of a reference (the plan's part shortened if need be). */
function instalmentReference(reference: string, n: number): string {
  const suffix = `-${n}`
  return `${reference.slice(0, 40 - suffix.length)}${suffix}`
}

/** GET /status: the amounts are sums of the instalments by status, and of the credits. */
export function planStatus(record: PlanRecord): StatusAnswer {
  const sumWith = (status: "INVOICED" | "CANCELLED") =>
    money(
      sumOf(
        record.plan.instalments.filter((i) => i.status === status),
        (i) => i.repayment_amount,
      ),
    )
  return {
    plan_id: record.plan.id,
    funding_status: record.funding.status,
    fulfilment_status: record.fulfilment.status,
    total_repayment_amount: record.plan.total_repayment_amount,
    on_recourse: false,
    invoiced_amount: sumWith("INVOICED"),
    cancelled_amount: sumWith("CANCELLED"),
    credited_amount: money(sumOf(record.credits, (c) => c.amount)),
    ...(record.funding.reason !== null && { credit_decline_reason: record.funding.reason }),
  }
}

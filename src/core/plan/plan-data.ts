import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { assertNever } from "../../utils/assert-never"
import { Money } from "../money/money"
import type { FundingStatus, PlanFulfilmentStatus, PlanStatus, RepaymentPlan } from "../../service/schemas/repayment"
import type { PlanLimits } from "./plan-limits"

/**
 * What the plan provider keeps in the payment session's and the payment's
 * `data`, next to the storefront's input (company, number_of_periods, ...).
 * The storefront can read it: the terms it may offer, the plan's schedule and
 * the service's ids, nothing secret. Capture, refund and cancel return the
 * whole object (Medusa replaces `payment.data` with it).
 */
export type TradeCreditPlanData = Record<string, unknown> &
  Partial<PlanLimits> & {
    session_id?: string
    /** The buyer's repayment account at the service. */
    account_id?: string
    /** The amount credit-checked (the cart total), money. */
    gross_amount?: string
    number_of_periods?: number
    plan_id?: string
    funding_status?: FundingStatus
    credit_decline_reason?: string | null
    fulfilment_status?: PlanFulfilmentStatus
    invoiced_amount?: string
    cancelled_amount?: string
    credited_amount?: string
    /** The plugin cancelled the plan (Medusa's spelling, as `canceled_at`; the service's fields keep theirs). */
    canceled?: boolean
    /** The same mark as written by 0.1 (read by `isCanceledPlan`, never written). */
    cancelled?: boolean
    instalments?: { id: string; invoice_issue_date: string; repayment_amount: string; status: string }[]
    credits?: { id: string; amount: string; refund_reference: string }[]
    /** Which storefront input is still missing before the buyer can be credit-checked. */
    missing?: string[]
  }

/** Merges the plan's status into stored data. */
export function withPlanStatus(data: TradeCreditPlanData, status: PlanStatus): TradeCreditPlanData {
  return {
    ...data,
    plan_id: status.plan_id,
    funding_status: status.funding_status,
    credit_decline_reason: status.credit_decline_reason ?? null,
    fulfilment_status: status.fulfilment_status,
    // An amount the answer leaves unknown (null: the published status may omit it) keeps the one recorded.
    invoiced_amount: status.invoiced_amount ?? data.invoiced_amount,
    cancelled_amount: status.cancelled_amount ?? data.cancelled_amount,
    credited_amount: status.credited_amount ?? data.credited_amount,
  }
}

/**
 * Merges the plan (its schedule) into stored data. A plan answered without instalments (the published answer may
 * leave them out) stores none (`[]`): its schedule is then not shown, its terms are.
 */
export function withPlan(data: TradeCreditPlanData, plan: RepaymentPlan): TradeCreditPlanData {
  return {
    ...data,
    plan_id: plan.id,
    account_id: plan.account_id,
    number_of_periods: plan.terms.number_of_periods,
    instalments: plan.instalments.map((i) => ({
      id: i.id,
      invoice_issue_date: i.invoice_issue_date,
      repayment_amount: i.repayment_amount,
      status: i.status,
    })),
  }
}

/** Whether the plugin cancelled the plan (either spelling of the mark: 0.1 wrote `cancelled`). */
export function isCanceledPlan(data: Pick<TradeCreditPlanData, "canceled" | "cancelled">): boolean {
  return data.canceled === true || data.cancelled === true
}

/**
 * The Medusa status a plan stands for: funding PENDING → pending_authorization
 * (the order is placed, the payment waits for the decision); ACCEPTED →
 * authorized, or captured once fulfilment started; REJECTED → error; a plan
 * cancelled before anything was invoiced → canceled.
 */
export function sessionStatusOfPlan(status: PlanStatus, canceled = false): PaymentSessionStatus {
  if (status.funding_status === "REJECTED") return PaymentSessionStatus.ERROR
  if (canceled && status.invoiced_amount === "0.00") return PaymentSessionStatus.CANCELED
  if (status.funding_status === "PENDING") return PaymentSessionStatus.PENDING_AUTHORIZATION
  if (status.fulfilment_status === "PENDING" || status.fulfilment_status === "SUCCEEDED")
    return PaymentSessionStatus.CAPTURED
  return PaymentSessionStatus.AUTHORIZED
}

/** The Medusa status of a session whose plan exists, from the funding last read (no call). */
export function storedFundingStatus(data: Pick<TradeCreditPlanData, "funding_status">): PaymentSessionStatus {
  switch (data.funding_status) {
    case "ACCEPTED":
      return PaymentSessionStatus.AUTHORIZED
    case "REJECTED":
      return PaymentSessionStatus.ERROR
    case "PENDING":
    case undefined:
      return PaymentSessionStatus.PENDING_AUTHORIZATION
    default:
      return assertNever(data.funding_status, "funding status")
  }
}

/**
 * Stored data after a cancellation (its answer names no instalment): the service invoices instalments in date
 * order, so the first ones up to the status's `invoiced_amount` are INVOICED and the rest CANCELLED.
 */
export function withCancelledInstalments(
  data: TradeCreditPlanData,
  status: Pick<PlanStatus, "invoiced_amount">,
): TradeCreditPlanData {
  // Unknown (the status left it out): the instalments stay as recorded.
  if (!data.instalments || status.invoiced_amount === null) return data
  let invoiced = Money.fromDecimal(status.invoiced_amount)
  const instalments = data.instalments.map((i) => {
    if (invoiced.lt(i.repayment_amount)) return { ...i, status: "CANCELLED" }
    invoiced = invoiced.minus(i.repayment_amount)
    return { ...i, status: "INVOICED" }
  })
  return { ...data, instalments }
}

/** The credit check's limits kept in the session data, if the buyer was checked. */
export function limitsOfData(data: TradeCreditPlanData): PlanLimits | undefined {
  const { minimum_instalments, maximum_instalments, maximum_instalment_amount, currency } = data
  if (typeof minimum_instalments !== "number" || typeof maximum_instalments !== "number") return undefined
  if (typeof maximum_instalment_amount !== "string" || typeof currency !== "string") return undefined
  return { minimum_instalments, maximum_instalments, maximum_instalment_amount, currency }
}

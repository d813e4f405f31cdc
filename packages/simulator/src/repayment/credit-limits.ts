import BigNumber from "bignumber.js"
import {
  API_MAX_PERIODS,
  API_MIN_PERIODS,
  type CreditCheck,
  type CreditCheckAnswer,
  type Plan,
} from "../contract/repayment"
import { DEFAULT_CREDIT_LIMIT, decide } from "../decisions"
import type { CompanyRecord } from "../state/companies"
import { bn, money } from "./money"

/**
 * The simulator's credit decisions for repayment plans. Deterministic, and
 * built on the order decision (decisions.ts): the same registry, the same
 * company limit (default 50000.00), the same declined companies.
 *
 * - maximum instalment amount: the company's limit divided by 3, rounded down
 *   to the cent;
 * - minimum instalments: as many as keep every instalment within that amount
 *   (the amount over it, rounded up), at least 1;
 * - maximum instalments: 36, but no more than keep instalments at 10.00 or
 *   more (the amount over 10.00, rounded down), and never below the minimum.
 */

/** The smallest instalment the credit check suggests. */
export const MIN_SUGGESTED_INSTALMENT = "10.00"
/** Share of the company's limit one instalment may reach: limit / 3. */
export const INSTALMENT_SHARE_OF_LIMIT = 3
/** credit_decline_reason of a plan whose largest instalment is above the maximum instalment amount. */
export const INSTALMENT_LIMIT_EXCEEDED = "INSTALMENT_LIMIT_EXCEEDED"

export function maximumInstalmentAmount(company: CompanyRecord): BigNumber {
  return bn(company.credit_limit ?? DEFAULT_CREDIT_LIMIT)
    .div(INSTALMENT_SHARE_OF_LIMIT)
    .decimalPlaces(2, BigNumber.ROUND_DOWN)
}

/** POST /credit-check: the decision for the total planned amount, and the terms within which a plan is funded. */
export function checkCredit(company: CompanyRecord | undefined, body: CreditCheck): CreditCheckAnswer {
  // Never null: a declined check gives limits that allow nothing **(chosen)**.
  const declined: CreditCheckAnswer = {
    decision: "DECLINED",
    minimum_instalments: 0,
    maximum_instalments: 0,
    maximum_instalment_amount: "0.00",
    currency: body.currency,
  }
  if (!company || !decide(company, body.amount).approved) return declined
  const perInstalment = maximumInstalmentAmount(company)
  if (perInstalment.isZero()) return declined
  const amount = bn(body.amount)
  const minimum = Math.max(API_MIN_PERIODS, amount.div(perInstalment).integerValue(BigNumber.ROUND_CEIL).toNumber())
  if (minimum > API_MAX_PERIODS) return declined
  const bySize = amount.div(MIN_SUGGESTED_INSTALMENT).integerValue(BigNumber.ROUND_FLOOR).toNumber()
  const maximum = Math.max(minimum, Math.min(API_MAX_PERIODS, bySize))
  return {
    decision: "APPROVED",
    minimum_instalments: minimum,
    maximum_instalments: maximum,
    maximum_instalment_amount: money(perInstalment),
    currency: body.currency,
  }
}

export type FundingOutcome = { status: "ACCEPTED"; reason: null } | { status: "REJECTED"; reason: string }

/**
 * The funding decision of a plan, made when its delay is over: REJECTED with
 * the order decision's reason (BUYER_NOT_FOUND, TOO_HIGH_RISK,
 * BUYER_LIMIT_EXCEEDED, ...) for the plan's total, or with
 * INSTALMENT_LIMIT_EXCEEDED when its largest instalment is above the maximum
 * instalment amount; ACCEPTED otherwise.
 */
export function decideFunding(company: CompanyRecord | undefined, plan: Plan): FundingOutcome {
  const decision = decide(company, plan.total_repayment_amount)
  if (!decision.approved) return { status: "REJECTED", reason: decision.decline_reason }
  const largest = BigNumber.max(...plan.instalments.map((i) => i.repayment_amount))
  if (company && largest.gt(maximumInstalmentAmount(company)))
    return { status: "REJECTED", reason: INSTALMENT_LIMIT_EXCEEDED }
  return { status: "ACCEPTED", reason: null }
}

import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { MAX_PLAN_MONTHS, MIN_PLAN_MONTHS, REPAYMENT_PERIODS } from "../../service/schemas"
import { formatPath, PayloadError } from "../order/errors"
import { parseSessionInput, SessionInput } from "../order/session-input"
import { checkPeriodsWithinLimits, type PlanLimits } from "./plan-limits"

/**
 * What the storefront puts in the session data of `trade-credit-plan`: the
 * invoice provider's input (company, representative, references, invoice
 * emails; unknown keys ignored) plus the buyer's chosen number of monthly
 * instalments. The number is optional when the session starts (the storefront
 * may show the terms first) and required when the cart is completed.
 */

const PERIODS_MESSAGE = `must be a whole number of months from ${MIN_PLAN_MONTHS} to ${MAX_PLAN_MONTHS}`

/**
 * A number of monthly instalments: an integer from 3 to 36, the seed's plan
 * duration (never a string, never 2.5); `field` names it in messages.
 */
export const numberOfPeriods = (field: string) =>
  z
    .number({ error: `${field} ${PERIODS_MESSAGE}` })
    .int(`${field} ${PERIODS_MESSAGE}`)
    .min(MIN_PLAN_MONTHS, `${field} ${PERIODS_MESSAGE}`)
    .max(MAX_PLAN_MONTHS, `${field} ${PERIODS_MESSAGE}`)

export const NumberOfPeriods = numberOfPeriods("number_of_periods")

/** The cadence: the service repays monthly only. */
export const RepaymentCadence = z.enum(REPAYMENT_PERIODS, {
  error: `period must be "MONTHLY": the service repays in monthly instalments only`,
})

const PlanTermsInput = z.object({
  number_of_periods: NumberOfPeriods.optional(),
  period: RepaymentCadence.optional(),
})

export type PlanSessionInput = SessionInput & { number_of_periods?: number }

/** The storefront's keys this provider reads; everything else in session data is the provider's own or ignored. */
export const PLAN_INPUT_KEYS = [
  ...(Object.keys(SessionInput.shape) as (keyof typeof SessionInput.shape)[]),
  "number_of_periods",
  "period",
] as const

/** Only the storefront's own keys of session data (a copied old session cannot bring a plan id along). */
export function storefrontInputOf(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const key of PLAN_INPUT_KEYS) if (data?.[key] !== undefined) input[key] = data[key]
  return input
}

export type ParsePlanInputOptions = {
  /** Whether `company` must be given (default true). */
  requireCompany?: boolean
  /** Whether number_of_periods must be given (true when the cart is completed). */
  requirePeriods?: boolean
}

/** A number of months outside the plan duration: TRADE_CREDIT_INVALID_PERIODS (a 400 naming the field and the range).
 * */
export const invalidPeriods = (message: string) =>
  Object.assign(
    new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid trade credit details: ${message}`, INVALID_PERIODS),
    {
      path: "number_of_periods",
    },
  )

export const INVALID_PERIODS = "TRADE_CREDIT_INVALID_PERIODS"

/** The plan's session data cannot be used as it is: INVALID_SESSION_DATA (a 400) naming the field. */
export const invalidSessionData = (message: string, path?: string) =>
  new PayloadError("INVALID_SESSION_DATA", `Invalid trade credit details: ${message}`, path)

/** Refuses (INVALID_SESSION_DATA on `number_of_periods`) a number of months the credit check does not allow for
 * `total`. */
export function assertWithinLimits(total: string, numberOfPeriods: number, limits: PlanLimits): void {
  const fit = checkPeriodsWithinLimits(total, [numberOfPeriods], limits)
  if (!fit.ok) throw invalidSessionData(fit.message, "number_of_periods")
}

/**
 * Reads the session input of a plan. Throws a PayloadError
 * INVALID_SESSION_DATA (a 400 with that code) naming the first bad field; a
 * number of months outside 3 to 36 is TRADE_CREDIT_INVALID_PERIODS.
 */
export function parsePlanSessionInput(data: unknown, options: ParsePlanInputOptions = {}): PlanSessionInput {
  const input = parseSessionInput(data, { requireCompany: options.requireCompany ?? true })
  const terms = PlanTermsInput.safeParse(data ?? {})
  if (!terms.success) {
    const issue = terms.error.issues[0]
    if (issue.path[0] === "number_of_periods") throw invalidPeriods(issue.message)
    throw new PayloadError(
      "INVALID_SESSION_DATA",
      `Invalid trade credit details: ${issue.message}`,
      formatPath(issue.path),
    )
  }
  const numberOfPeriods = terms.data.number_of_periods
  if (options.requirePeriods && numberOfPeriods === undefined) {
    throw new PayloadError(
      "INVALID_SESSION_DATA",
      `Invalid trade credit details: number_of_periods is required: choose how ` +
        `many monthly instalments (${MIN_PLAN_MONTHS} to ${MAX_PLAN_MONTHS}) before ` +
        `placing the order`,
      "number_of_periods",
    )
  }
  return { ...input, ...(numberOfPeriods !== undefined && { number_of_periods: numberOfPeriods }) }
}

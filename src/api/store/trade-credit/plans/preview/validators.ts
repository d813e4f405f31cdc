import { z } from "@medusajs/framework/zod"
import { numberOfPeriods, RepaymentCadence } from "../../../../../core/plan/plan-session-input"
import { SessionCompany } from "../../../../../core/order/session-input"
import { Codes } from "../../../../errors/codes"
import type { IssueRule } from "../../../../utils/validate"

/** At most this many schedules in one preview. */
export const MAX_PREVIEWS = 10

/**
 * `POST /store/trade-credit/plans/preview`: the schedules of a cart for each
 * number of monthly instalments asked. `company` may be left out when the
 * cart's instalment payment session names it.
 */
export const PreviewPlansBody = z.object({
  cart_id: z
    .string({ error: "cart_id is required: the cart to preview instalments for" })
    .trim()
    .min(1, "cart_id must not be empty"),
  periods: z
    .array(numberOfPeriods("each of periods"), {
      error: "periods is required: a list of numbers of monthly instalments, e.g. [3, 12, 36]",
    })
    .min(1, "periods must hold at least one number of monthly instalments")
    .max(MAX_PREVIEWS, `periods holds at most ${MAX_PREVIEWS} numbers of monthly instalments`)
    .refine((list) => new Set(list).size === list.length, "periods must not hold the same number twice"),
  /** The cadence; the service repays monthly only. */
  period: RepaymentCadence.optional(),
  company: SessionCompany.optional(),
})
export type PreviewPlansBody = z.infer<typeof PreviewPlansBody>

/** A number of months outside the plan duration (3 to 36) has its own code, as at checkout. */
export const invalidPeriods: IssueRule = {
  code: Codes.TRADE_CREDIT_INVALID_PERIODS,
  matches: (issue) => issue.path[0] === "periods" && issue.path.length === 2,
}

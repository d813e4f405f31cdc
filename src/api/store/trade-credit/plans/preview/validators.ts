import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { INVALID_PERIODS, numberOfPeriods, RepaymentCadence } from "../../../../../providers/trade-credit/lib/plan-session-input"
import { SessionCompany } from "../../../../../providers/trade-credit/payload/session-input"
import { formatPath } from "../../../../../providers/trade-credit/payload/errors"

/** At most this many schedules in one preview. */
export const MAX_PREVIEWS = 10

/**
 * `POST /store/trade-credit/plans/preview`: the schedules of a cart for each
 * number of monthly instalments asked. `company` may be left out when the
 * cart's instalment payment session names it.
 */
export const PreviewPlansBody = z.object({
  cart_id: z.string({ error: "cart_id is required: the cart to preview instalments for" }).trim().min(1, "cart_id must not be empty"),
  periods: z
    .array(numberOfPeriods("each of periods"), { error: "periods is required: a list of numbers of monthly instalments, e.g. [3, 12, 36]" })
    .min(1, "periods must hold at least one number of monthly instalments")
    .max(MAX_PREVIEWS, `periods holds at most ${MAX_PREVIEWS} numbers of monthly instalments`)
    .refine((list) => new Set(list).size === list.length, "periods must not hold the same number twice"),
  /** The cadence; the service repays monthly only. */
  period: RepaymentCadence.optional(),
  company: SessionCompany.optional(),
})
export type PreviewPlansBody = z.infer<typeof PreviewPlansBody>

/**
 * Validates the body before the route runs: a mistake is a 400 with the code
 * TRADE_CREDIT_INVALID_PREVIEW and a message naming the field (Medusa's own
 * validation middleware answers without a code; a number of months outside 3
 * to 36 is TRADE_CREDIT_INVALID_PERIODS), and nothing is asked of the service.
 */
export function validatePreviewPlansBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const result = PreviewPlansBody.safeParse(req.body ?? {})
  if (result.success) {
    ;(req as MedusaRequest<PreviewPlansBody>).validatedBody = result.data
    return next()
  }
  const issue = result.error.issues[0]
  const path = formatPath(issue.path)
  const message = !path || issue.message.startsWith(path.split("[")[0]) ? issue.message : `${path}: ${issue.message}`
  // A number of months outside the plan duration has its own code, as at checkout.
  const code = issue.path[0] === "periods" && issue.path.length === 2 ? INVALID_PERIODS : "TRADE_CREDIT_INVALID_PREVIEW"
  return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid instalment preview: ${message}`, code))
}

import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { SessionCompany } from "../../../../../../providers/trade-credit/payload/session-input"
import { describeIssue } from "../../../companies/validators"

/**
 * `POST /store/trade-credit/carts/:id/pre-check {company?}`: the buyer's
 * company as the payment session will name it (`{company_canonical_id}` from
 * the company search, or `{organization_number, country_prefix,
 * company_name}`). Left out: the company of the cart's trade credit session.
 */
export const PreCheckBody = z.object({ company: SessionCompany.optional() }).strict()
export type PreCheckBody = z.output<typeof PreCheckBody>

/** A bad body is a 400 TRADE_CREDIT_INVALID_PRE_CHECK naming the field; nothing is asked of the service. */
export function validatePreCheckBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const result = PreCheckBody.safeParse(req.body ?? {})
  if (result.success) {
    ;(req as MedusaRequest<PreCheckBody>).validatedBody = result.data
    return next()
  }
  return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid pre-check: ${describeIssue(result.error)}`, "TRADE_CREDIT_INVALID_PRE_CHECK"))
}

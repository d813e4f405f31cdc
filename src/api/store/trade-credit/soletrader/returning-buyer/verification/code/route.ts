import type { MedusaResponse } from "@medusajs/framework/http"
import { Codes } from "../../../../../../errors/codes"
import { verifyReturningBuyerCode } from "../../../../../../../use-cases/sole-trader-returning-buyer"
import { buyerLanguageOf } from "../../../../../../../utils/buyer-texts"
import { presentEnrollment } from "../../../../../../../workflows/enrollment/enrollment-store"
import {
  customerIdOf,
  RouteError,
  soleTraderDepsOf,
  type SoletraderRequest,
  soletraderRoute,
} from "../../../route-helpers"
import type { VerificationCodeBody } from "../../../validators"

/**
 * `POST .../returning-buyer/verification/code {email, code}` (customer): the code from the email
 * (use-cases/sole-trader-returning-buyer.ts). One business: it becomes the customer's enrollment (VERIFIED) and the
 * answer is `{business, total_matches: 1, matches, enrollment}`. Several: nothing is enrolled; the answer lists them
 * (`business` and `enrollment` null, `matches` every business) and the buyer chooses with
 * `POST .../returning-buyer/choice`. A wrong code: 400 TRADE_CREDIT_INVALID_CODE; too many: 429 with Retry-After.
 */
export const POST = soletraderRoute<VerificationCodeBody>(
  "verify the returning buyer",
  async (req: SoletraderRequest<VerificationCodeBody>, res: MedusaResponse) => {
    const input = { customerId: customerIdOf(req), ...req.validatedBody }
    const outcome = await verifyReturningBuyerCode(soleTraderDepsOf(req), input)
    // Once the code is taken, every answer is the customer's own (the service's answer missing a token included).
    if (outcome.outcome !== "refused" || outcome.code !== Codes.TRADE_CREDIT_INVALID_CODE)
      res.set("Cache-Control", "private, no-store")
    if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
    const { total_matches, matches } = outcome
    if (outcome.outcome === "several")
      return void res.json({ business: null, total_matches, matches, enrollment: null })
    const enrollment = presentEnrollment(outcome.enrollment, buyerLanguageOf(req))
    res.vary("Accept-Language").json({ business: outcome.business, total_matches, matches, enrollment })
  },
)

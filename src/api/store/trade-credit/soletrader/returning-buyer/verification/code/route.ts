import type { MedusaResponse } from "@medusajs/framework/http"
import { TradeCreditError } from "../../../../../../../client"
import { enrollmentKeys, presentEnrollment } from "../../../../../../../workflows/enrollment/enrollment-store"
import { saveEnrolledBusinessWorkflow } from "../../../../../../../workflows/enrollment/save-enrolled-business"
import { customerIdOf, RouteError, type SoletraderRequest, soletraderRoute, tradeCreditOfRequest } from "../../../route-helpers"
import type { VerificationCodeBody } from "../../../validators"
import { verificationToken } from "../../../tokens"

/**
 * `POST .../returning-buyer/verification/code {email, code}` (customer): the
 * code from the email. On success the business (organization number, name,
 * country) becomes the customer's enrollment (VERIFIED) and the answer is
 * `{business, total_matches, enrollment}`. A wrong code: 400
 * TRADE_CREDIT_INVALID_CODE; too many wrong codes: 429 with Retry-After.
 */
export const POST = soletraderRoute<VerificationCodeBody>("verify the returning buyer", async (req: SoletraderRequest<VerificationCodeBody>, res: MedusaResponse) => {
  const customerId = customerIdOf(req)
  const { email, code } = req.validatedBody
  const token = await verificationToken(req, customerId)
  let result
  try {
    result = await tradeCreditOfRequest(req)
      .getClient()
      .registry.verifyReturningBuyerCode({ email, code }, { token, idempotencyKey: enrollmentKeys.verificationCode(customerId, email, code) })
  } catch (error) {
    if (error instanceof TradeCreditError && error.code === "SCHEMA_ERROR") {
      throw new RouteError(400, "TRADE_CREDIT_INVALID_CODE", "The verification code is wrong or expired: check the email, or ask for a new code")
    }
    throw error
  }
  const { result: row } = await saveEnrolledBusinessWorkflow(req.scope).run({
    input: { customer_id: customerId, status: "VERIFIED", source: "returning_buyer", proposal_id: null, business: result.business },
  })
  res.json({ business: result.business, total_matches: result.total_matches, enrollment: presentEnrollment(row) })
})

import type { MedusaResponse } from "@medusajs/framework/http"
import { TradeCreditError } from "../../../../../../../client/errors"
import { enrollmentKeys, presentEnrollment } from "../../../../../../../workflows/enrollment/enrollment-store"
import { saveEnrolledBusinessWorkflow } from "../../../../../../../workflows/enrollment/save-enrolled-business"
import { matchesTokens } from "../../../matches-token"
import {
  customerIdOf,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../../route-helpers"
import type { VerificationCodeBody } from "../../../validators"
import { verificationToken } from "../../../tokens"
import { Codes } from "../../../../../../errors/codes"
import { buyerLanguageOf } from "../../../../../../../utils/buyer-texts"

/**
 * `POST .../returning-buyer/verification/code {email, code}` (customer): the
 * code from the email. One business: it becomes the customer's enrollment
 * (VERIFIED) and the answer is `{business, total_matches: 1, matches, enrollment}`.
 * Several: nothing is enrolled (never an arbitrary one); the answer lists them
 * (`business` and `enrollment` null, `matches` every business) and the buyer
 * chooses with `POST .../returning-buyer/choice`; the matches token stays here.
 * A wrong code: 400 TRADE_CREDIT_INVALID_CODE; too many wrong codes: 429 with Retry-After.
 */
export const POST = soletraderRoute<VerificationCodeBody>(
  "verify the returning buyer",
  async (req: SoletraderRequest<VerificationCodeBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const { email, code } = req.validatedBody
    const token = await verificationToken(req, customerId)
    const registry = tradeCreditOfRequest(req).getClient().registry
    let result
    try {
      result = await registry.verifyReturningBuyerCode(
        { email, code },
        { token, idempotencyKey: enrollmentKeys.verificationCode(customerId, email, code) },
      )
    } catch (error) {
      if (error instanceof TradeCreditError && error.code === "SCHEMA_ERROR") {
        throw new RouteError(
          Codes.TRADE_CREDIT_INVALID_CODE,
          "The verification code is wrong or expired: check the email, or ask for a new code",
        )
      }
      throw error
    }
    res.set("Cache-Control", "private, no-store")
    if (result.total_matches > 1) {
      if (!result.matchesToken) {
        throw new RouteError(
          Codes.TRADE_CREDIT_BAD_RESPONSE,
          "The trade credit service found several businesses but gave no token to list them",
        )
      }
      const matches = await registry.listMatches(email, result.matchesToken)
      await matchesTokens(tradeCreditOfRequest(req)).keep(customerId, { email, token: result.matchesToken })
      res.json({ business: null, total_matches: result.total_matches, matches, enrollment: null })
      return
    }
    const { result: row } = await saveEnrolledBusinessWorkflow(req.scope).run({
      input: {
        customer_id: customerId,
        status: "VERIFIED",
        source: "returning_buyer",
        proposal_id: null,
        business: result.business,
      },
    })
    res.vary("Accept-Language").json({
      business: result.business,
      total_matches: result.total_matches,
      matches: [result.business],
      enrollment: presentEnrollment(row, buyerLanguageOf(req)),
    })
  },
)

import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys, timeBucket } from "../../../../../../workflows/enrollment/enrollment-store"
import { verificationToken } from "../../tokens"
import {
  customerIdOf,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../route-helpers"
import type { VerificationBody } from "../../validators"
import { Codes } from "../../../../../errors/codes"

/**
 * `POST /store/trade-credit/soletrader/returning-buyer/verification {email}`
 * (customer): asks the service to email a code to a buyer it already knows.
 * 201 `{}` when a business exists for the email; 404
 * TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND when none does (register a proposal).
 */
export const POST = soletraderRoute<VerificationBody>(
  "send a verification code",
  async (req: SoletraderRequest<VerificationBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const { email } = req.validatedBody
    const token = await verificationToken(req, customerId)
    const { found } = await tradeCreditOfRequest(req)
      .getClient()
      .registry.requestReturningBuyerCode(email, {
        token,
        idempotencyKey: enrollmentKeys.verification(customerId, email, timeBucket(1)),
      })
    if (!found) {
      throw new RouteError(
        Codes.TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND,
        "The service knows no business for this email address: register as a new sole trader",
      )
    }
    res.status(201).json({})
  },
)

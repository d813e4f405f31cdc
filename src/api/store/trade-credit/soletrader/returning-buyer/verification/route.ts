import type { MedusaResponse } from "@medusajs/framework/http"
import { requestReturningBuyerCode } from "../../../../../../use-cases/sole-trader-returning-buyer"
import {
  customerIdOf,
  RouteError,
  soleTraderDepsOf,
  type SoletraderRequest,
  soletraderRoute,
} from "../../route-helpers"
import type { VerificationBody } from "../../validators"

/**
 * `POST /store/trade-credit/soletrader/returning-buyer/verification {email}` (customer): asks the service to email a
 * code to a buyer it already knows. 201 `{}` when a business exists for the email; 404
 * TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND when none does (register a proposal).
 */
export const POST = soletraderRoute<VerificationBody>(
  "send a verification code",
  async (req: SoletraderRequest<VerificationBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const outcome = await requestReturningBuyerCode(soleTraderDepsOf(req), {
      customerId,
      email: req.validatedBody.email,
    })
    if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
    res.status(201).json({})
  },
)

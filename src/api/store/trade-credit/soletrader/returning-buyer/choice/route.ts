import type { MedusaResponse } from "@medusajs/framework/http"
import { chooseReturningBusiness } from "../../../../../../use-cases/sole-trader-returning-buyer"
import { buyerLanguageOf } from "../../../../../../utils/buyer-texts"
import { presentEnrollment } from "../../../../../../workflows/enrollment/enrollment-store"
import {
  customerIdOf,
  RouteError,
  soleTraderDepsOf,
  type SoletraderRequest,
  soletraderRoute,
} from "../../route-helpers"
import type { ChoiceBody } from "../../validators"

/**
 * `POST /store/trade-credit/soletrader/returning-buyer/choice {organization_number, country_code}` (customer): the
 * business a verified returning buyer with several businesses chose (use-cases/sole-trader-returning-buyer.ts). A
 * business not among the verified email's matches is 400 TRADE_CREDIT_NOT_A_MATCH; no verification kept (never
 * verified, or more than 15 minutes ago) is 409 TRADE_CREDIT_VERIFY_AGAIN. The chosen business becomes the
 * customer's enrollment (VERIFIED). The token is kept in the database: the verification and the choice may reach
 * different instances.
 */
export const POST = soletraderRoute<ChoiceBody>(
  "enrol the chosen business",
  async (req: SoletraderRequest<ChoiceBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const outcome = await chooseReturningBusiness(soleTraderDepsOf(req), { customerId, ...req.validatedBody })
    if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
    res
      .set("Cache-Control", "private, no-store")
      .vary("Accept-Language")
      .json({ business: outcome.business, enrollment: presentEnrollment(outcome.enrollment, buyerLanguageOf(req)) })
  },
)

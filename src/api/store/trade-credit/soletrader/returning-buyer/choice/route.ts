import type { MedusaResponse } from "@medusajs/framework/http"
import { presentEnrollment } from "../../../../../../workflows/enrollment/enrollment-store"
import { saveEnrolledBusinessWorkflow } from "../../../../../../workflows/enrollment/save-enrolled-business"
import { matchesTokens } from "../../matches-token"
import {
  customerIdOf,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../../route-helpers"
import type { ChoiceBody } from "../../validators"
import { Codes } from "../../../../../errors/codes"
import { buyerLanguageOf } from "../../../../../../utils/buyer-texts"
import { pluginLoggerOf } from "../../../../../../medusa/plugin-logger"

/**
 * `POST /store/trade-credit/soletrader/returning-buyer/choice {organization_number, country_code}` (customer):
 * the business a verified returning buyer with several businesses chose. The matches are listed again with the
 * kept token (the service's list is the truth, not what the browser sends): a business not among them is 400
 * TRADE_CREDIT_NOT_A_MATCH; no verification kept (never verified, or more than 15 minutes ago) is 409
 * TRADE_CREDIT_VERIFY_AGAIN. The chosen business becomes the customer's enrollment (VERIFIED), and the kept token is
 * used up (taken in one statement, so two choices at once enrol one business; a refused choice gives it back). The
 * token is kept in the database: the verification and the choice may reach different instances.
 */
export const POST = soletraderRoute<ChoiceBody>(
  "enrol the chosen business",
  async (req: SoletraderRequest<ChoiceBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const { organization_number, country_code } = req.validatedBody
    const tradeCredit = tradeCreditOfRequest(req)
    const chosen = await matchesTokens(tradeCredit, pluginLoggerOf(req.scope)).useOnce(customerId, async (kept) => {
      const matches = await tradeCredit.getClient().registry.listMatches(kept.email, kept.token)
      const business = matches.find(
        (m) => m.organization_number === organization_number && m.country_code === country_code,
      )
      if (!business) {
        throw new RouteError(
          Codes.TRADE_CREDIT_NOT_A_MATCH,
          `The business ${country_code} ${organization_number} is not one of the businesses of the verified email`,
        )
      }
      const { result: row } = await saveEnrolledBusinessWorkflow(req.scope).run({
        input: { customer_id: customerId, status: "VERIFIED", source: "returning_buyer", proposal_id: null, business },
      })
      return { business, row }
    })
    if (!chosen.found) {
      throw new RouteError(
        Codes.TRADE_CREDIT_VERIFY_AGAIN,
        "No verified email is waiting for a choice: verify the email again with a new code",
      )
    }
    const { business, row } = chosen.result
    res
      .set("Cache-Control", "private, no-store")
      .vary("Accept-Language")
      .json({ business, enrollment: presentEnrollment(row, buyerLanguageOf(req)) })
  },
)

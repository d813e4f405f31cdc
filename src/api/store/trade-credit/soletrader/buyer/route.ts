import type { MedusaResponse } from "@medusajs/framework/http"
import { recordSavedBusiness } from "../../../../../use-cases/sole-trader-saved-business"
import { customerIdOf, RouteError, soleTraderDepsOf, type SoletraderRequest, soletraderRoute } from "../route-helpers"

/**
 * `GET /store/trade-credit/soletrader/buyer` (customer): the business the service's autofill holds for this customer
 * (the signup popup saved it), read server-side (use-cases/sole-trader-saved-business.ts). The customer's enrollment
 * takes its organization number, so the next checkout uses it. 404 TRADE_CREDIT_AUTOFILL_EMPTY while nothing is
 * saved (the buyer cancelled, was declined, or the review is pending).
 */
export const GET = soletraderRoute(
  "read the buyer's saved business",
  async (req: SoletraderRequest, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const outcome = await recordSavedBusiness(soleTraderDepsOf(req), customerId)
    if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
    res.set("Cache-Control", "private, no-store").json({ buyer: outcome.business })
  },
)

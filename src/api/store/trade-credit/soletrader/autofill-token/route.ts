import type { MedusaResponse } from "@medusajs/framework/http"
import { issueAutofillReadToken } from "../../../../../use-cases/sole-trader-signup"
import { customerIdOf, soleTraderDepsOf, type SoletraderRequest, soletraderRoute } from "../route-helpers"

/**
 * `POST /store/trade-credit/soletrader/autofill-token` (customer): step 1 of the signup popup flow
 * (interfaces.md). A read-only autofill token (`read_current_buyer` and nothing else) for this customer, and
 * the URL the browser reads the saved buyer from, the token in the query parameter the seed allows (a simple
 * CORS request: no preflight). A 200 there ends the flow (the buyer is known: `GET .../soletrader/buyer`
 * records it); a 404 continues with `POST .../soletrader/signup` and the popup.
 */
export const POST = soletraderRoute(
  "issue the autofill read token",
  async (req: SoletraderRequest, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const answer = await issueAutofillReadToken(soleTraderDepsOf(req), customerId)
    res.set("Cache-Control", "private, no-store").json(answer)
  },
)

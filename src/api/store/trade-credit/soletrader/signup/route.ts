import type { MedusaResponse } from "@medusajs/framework/http"
import { startSignup } from "../../../../../use-cases/sole-trader-signup"
import { customerIdOf, RouteError, soleTraderDepsOf, type SoletraderRequest, soletraderRoute } from "../route-helpers"
import type { SignupBody } from "../validators"

/**
 * `POST /store/trade-credit/soletrader/signup {country?}` (customer): the URL of the service's signup popup for this
 * customer (use-cases/sole-trader-signup.ts). The registry token (returning-buyer verification and proposal creation)
 * and the autofill token (read and write) are issued here with the API key, for the customer's id as
 * `buyer_reference`; the key never leaves the server. The popup is pre-filled from the customer's details and default
 * address; the country comes from the body, else that address (GB or US only).
 */
export const POST = soletraderRoute<SignupBody>(
  "start the sole-trader signup",
  async (req: SoletraderRequest<SignupBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const outcome = await startSignup(soleTraderDepsOf(req), { customerId, country: req.validatedBody.country })
    if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
    res.set("Cache-Control", "private, no-store").json(outcome.popup)
  },
)

import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys, timeBucket } from "../../../../../workflows/enrollment/enrollment-store"
import { customerIdOf, type SoletraderRequest, soletraderRoute, tradeCreditOfRequest } from "../route-helpers"

/** The token is reused for half an hour of its hour, as the popup's tokens are. */
const BUCKET_MINUTES = 30
const TOKEN_LIFE_MINUTES = 60
/** The header of the seed, also the query parameter browsers use for GET /autofill/v1/buyer/current. */
const TOKEN_NAME = "Service-Delegated-Authority-Token"

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
    const tradeCredit = tradeCreditOfRequest(req)
    const bucket = timeBucket(BUCKET_MINUTES)
    const { token } = await tradeCredit.getClient().autofill.createDelegationToken(
      {
        read_current_buyer: true,
        write_current_buyer: false,
        delete_current_buyer: false,
        buyer_reference: customerId,
      },
      { idempotencyKey: enrollmentKeys.autofillToken(customerId, "read", bucket) },
    )
    const { baseUrl } = tradeCredit.getOptions()
    const url = new URL(`${baseUrl.replace(/\/+$/, "")}/autofill/v1/buyer/current`)
    url.searchParams.set(TOKEN_NAME, token)
    const expiresAt = new Date((bucket * BUCKET_MINUTES + TOKEN_LIFE_MINUTES) * 60_000)
    res
      .set("Cache-Control", "private, no-store")
      .json({ token, token_name: TOKEN_NAME, buyer_url: url.toString(), expires_at: expiresAt.toISOString() })
  },
)

import type { MedusaResponse } from "@medusajs/framework/http"
import { enrollmentKeys, timeBucket } from "../../../../../workflows/enrollment/enrollment-store"
import { autofillDataOf, defaultAddressOf, readCustomer } from "../customer-details"
import {
  customerIdOf,
  RouteError,
  type SoletraderRequest,
  soletraderRoute,
  tradeCreditOfRequest,
} from "../route-helpers"
import { countryNotSupportedMessage, isRegistrationCountry, type SignupBody } from "../validators"
import { Codes } from "../../../../errors/codes"

/** Tokens last an hour; a new pair is issued every half hour, so a URL handed out has at least 30 minutes left. */
const BUCKET_MINUTES = 30
const TOKEN_LIFE_MINUTES = 60

/**
 * `POST /store/trade-credit/soletrader/signup {country?}` (customer): the URL
 * of the service's signup popup for this customer. The registry token
 * (returning-buyer verification and proposal creation) and the autofill token
 * (read and write) are issued here with the API key, for the customer's id as
 * `buyer_reference`; the key never leaves the server. The popup is pre-filled
 * from the customer's details and default address; the country comes from the
 * body, else that address (GB or US only).
 */
export const POST = soletraderRoute<SignupBody>(
  "start the sole-trader signup",
  async (req: SoletraderRequest<SignupBody>, res: MedusaResponse) => {
    const customerId = customerIdOf(req)
    const customer = await readCustomer(req.scope, customerId)
    if (!customer) throw new RouteError(Codes.TRADE_CREDIT_CUSTOMER_NOT_FOUND, "The logged-in customer was not found")
    const country = req.validatedBody.country ?? defaultAddressOf(customer)?.country_code?.toUpperCase()
    if (!country) {
      throw new RouteError(
        Codes.TRADE_CREDIT_COUNTRY_REQUIRED,
        "Give the country to register in (GB or US): the customer has no address to take it from",
      )
    }
    if (!isRegistrationCountry(country)) {
      throw new RouteError(Codes.TRADE_CREDIT_COUNTRY_NOT_SUPPORTED, countryNotSupportedMessage(country))
    }

    const tradeCredit = tradeCreditOfRequest(req)
    const client = tradeCredit.getClient()
    const bucket = timeBucket(BUCKET_MINUTES)
    const [registry, autofill] = await Promise.all([
      client.registry.createDelegationToken(
        { verify_returning_buyer: true, create_proposal: true, buyer_reference: customerId },
        { idempotencyKey: enrollmentKeys.registryToken(customerId, "signup", bucket) },
      ),
      client.autofill.createDelegationToken(
        { read_current_buyer: true, write_current_buyer: true, buyer_reference: customerId },
        { idempotencyKey: enrollmentKeys.autofillToken(customerId, "signup", bucket) },
      ),
    ])
    const { checkoutUrl, baseUrl } = tradeCredit.getOptions()
    const params = new URLSearchParams({
      authToken: registry.token,
      autofillToken: autofill.token,
      autofillData: JSON.stringify(autofillDataOf(customer, country)),
      country,
    })
    const popupUrl = `${(checkoutUrl ?? baseUrl).replace(/\/+$/, "")}/soletrader/signup?${params}`
    // The first token of a bucket was issued at its start at the earliest: this is when the pair expires at the
    // earliest.
    const expiresAt = new Date((bucket * BUCKET_MINUTES + TOKEN_LIFE_MINUTES) * 60_000)
    res
      .set("Cache-Control", "private, no-store")
      .json({ popup_url: popupUrl, expires_at: expiresAt.toISOString(), country })
  },
)

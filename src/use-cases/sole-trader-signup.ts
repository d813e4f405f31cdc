import { REGISTRATION_COUNTRIES } from "../service/schemas/registration"
import { quote } from "../utils/quote"
import { autofillDataOf, defaultAddressOf, readCustomer } from "./sole-trader-customer"
import type { SoleTraderDeps, SoleTraderRefusal } from "./sole-trader-deps"

/** Tokens last an hour; a new pair is issued every half hour, so a URL handed out has at least 30 minutes left. */
const BUCKET_MINUTES = 30
const TOKEN_LIFE_MINUTES = 60
/** The header of the seed, also the query parameter browsers use for GET /autofill/v1/buyer/current. */
export const AUTOFILL_TOKEN_NAME = "Service-Delegated-Authority-Token"

/** When the tokens of a bucket expire at the earliest: its first token was issued at its start at the earliest. */
const expiryOf = (bucket: number) => new Date((bucket * BUCKET_MINUTES + TOKEN_LIFE_MINUTES) * 60_000).toISOString()

export const isRegistrationCountry = (code: unknown): code is (typeof REGISTRATION_COUNTRIES)[number] =>
  typeof code === "string" && (REGISTRATION_COUNTRIES as readonly string[]).includes(code.toUpperCase())

export const countryNotSupportedMessage = (code: unknown) =>
  `Business registration is limited to UK (GB) and US sole traders; "${quote(code ?? null)}" is not supported`

/**
 * Step 1 of the signup popup flow (interfaces.md): a read-only autofill token (`read_current_buyer` and nothing else)
 * for this customer, and the URL the browser reads the saved buyer from, the token in the query parameter the seed
 * allows (a simple CORS request: no preflight). The token is reused for half an hour of its hour.
 */
export async function issueAutofillReadToken(deps: SoleTraderDeps, customerId: string) {
  const bucket = deps.timeBucket(BUCKET_MINUTES)
  const { token } = await deps.client.autofill.createDelegationToken(
    { read_current_buyer: true, write_current_buyer: false, delete_current_buyer: false, buyer_reference: customerId },
    { idempotencyKey: deps.keys.autofillToken(customerId, "read", bucket) },
  )
  const url = new URL(`${deps.options.baseUrl.replace(/\/+$/, "")}/autofill/v1/buyer/current`)
  url.searchParams.set(AUTOFILL_TOKEN_NAME, token)
  return { token, token_name: AUTOFILL_TOKEN_NAME, buyer_url: url.toString(), expires_at: expiryOf(bucket) }
}

export type SignupPopup =
  | { outcome: "popup"; popup: { popup_url: string; expires_at: string; country: string } }
  | SoleTraderRefusal<
      "TRADE_CREDIT_CUSTOMER_NOT_FOUND" | "TRADE_CREDIT_COUNTRY_REQUIRED" | "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED"
    >

/**
 * The URL of the service's signup popup for this customer. The registry token (returning-buyer verification and
 * proposal creation) and the autofill token (read and write) are issued here with the API key, for the customer's id
 * as `buyer_reference`; the key never leaves the server. The popup is pre-filled from the customer's details and
 * default address; the country is the one given, else that address's (GB or US only).
 */
export async function startSignup(
  deps: SoleTraderDeps,
  { customerId, country: given }: { customerId: string; country?: string },
): Promise<SignupPopup> {
  const customer = await readCustomer(deps.query, customerId)
  if (!customer)
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_CUSTOMER_NOT_FOUND",
      message: "The logged-in customer was not found",
    }
  const country = given ?? defaultAddressOf(customer)?.country_code?.toUpperCase()
  if (!country) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_COUNTRY_REQUIRED",
      message: "Give the country to register in (GB or US): the customer has no address to take it from",
    }
  }
  if (!isRegistrationCountry(country))
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED",
      message: countryNotSupportedMessage(country),
    }

  const bucket = deps.timeBucket(BUCKET_MINUTES)
  const [registry, autofill] = await Promise.all([
    deps.client.registry.createDelegationToken(
      { verify_returning_buyer: true, create_proposal: true, buyer_reference: customerId },
      { idempotencyKey: deps.keys.registryToken(customerId, "signup", bucket) },
    ),
    deps.client.autofill.createDelegationToken(
      { read_current_buyer: true, write_current_buyer: true, buyer_reference: customerId },
      { idempotencyKey: deps.keys.autofillToken(customerId, "signup", bucket) },
    ),
  ])
  const params = new URLSearchParams({
    authToken: registry.token,
    autofillToken: autofill.token,
    autofillData: JSON.stringify(autofillDataOf(customer, country)),
    country,
  })
  const pages = (deps.options.checkoutUrl ?? deps.options.baseUrl).replace(/\/+$/, "")
  const popup_url = `${pages}/soletrader/signup?${params}`
  return { outcome: "popup", popup: { popup_url, expires_at: expiryOf(bucket), country } }
}

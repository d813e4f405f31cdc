import { issueAutofillReadToken, startSignup } from "../sole-trader-signup"
import { soleTraderFakes } from "./sole-trader-fakes"

/** The signup popup flow: the autofill read token (step 1), then the popup's URL with its two tokens (step 2). */

const CUSTOMER = {
  id: "cus_1",
  email: "Ada@Example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  phone: null,
  company_name: null,
  addresses: [
    {
      address_1: "1 King Street",
      city: "London",
      postal_code: "EC2V 8AU",
      country_code: "gb",
      is_default_billing: true,
    },
  ],
}

describe("issueAutofillReadToken", () => {
  it("issues a read-only token and the URL the browser reads the saved buyer from", async () => {
    const { deps, autofill } = soleTraderFakes()

    const answer = await issueAutofillReadToken(deps, "cus_1")

    expect(autofill.createDelegationToken).toHaveBeenCalledWith(
      { read_current_buyer: true, write_current_buyer: false, delete_current_buyer: false, buyer_reference: "cus_1" },
      { idempotencyKey: expect.stringMatching(/^soletrader-autofill-read-cus_1-\d+$/) },
    )
    expect(answer).toEqual({
      token: "autofill-read-token",
      token_name: "Service-Delegated-Authority-Token",
      buyer_url:
        "https://api.trade-credit.example/autofill/v1/buyer/current" +
        "?Service-Delegated-Authority-Token=autofill-read-token",
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:(00|30):00\.000Z$/),
    })
    // Issued in the current half hour, the pair expires 60 to 90 minutes from now.
    const left = Date.parse(answer.expires_at) - Date.now()
    expect(left).toBeGreaterThan(30 * 60_000)
    expect(left).toBeLessThanOrEqual(60 * 60_000)
  })
})

describe("startSignup", () => {
  it("answers the popup's URL with both tokens and the customer's details, in the address's country", async () => {
    const { deps, registry, autofill } = soleTraderFakes({ customers: [CUSTOMER] })

    const outcome = await startSignup(deps, { customerId: "cus_1" })

    expect(outcome.outcome).toBe("popup")
    if (outcome.outcome !== "popup") return
    const url = new URL(outcome.popup.popup_url)
    expect(`${url.origin}${url.pathname}`).toBe("https://api.trade-credit.example/soletrader/signup")
    expect(url.searchParams.get("authToken")).toBe("registry-token")
    expect(url.searchParams.get("autofillToken")).toBe("autofill-write-token")
    expect(url.searchParams.get("country")).toBe("GB")
    expect(JSON.parse(url.searchParams.get("autofillData") ?? "")).toMatchObject({
      country_code: "GB",
      first_name: "Ada",
      email: "ada@example.com",
      billing_address: { street_address: "1 King Street", city: "London", country: "GB" },
    })
    expect(outcome.popup.country).toBe("GB")
    expect(registry.createDelegationToken).toHaveBeenCalledWith(
      { verify_returning_buyer: true, create_proposal: true, buyer_reference: "cus_1" },
      { idempotencyKey: expect.stringMatching(/^soletrader-registry-signup-cus_1-/) },
    )
    expect(autofill.createDelegationToken).toHaveBeenCalledWith(
      { read_current_buyer: true, write_current_buyer: true, buyer_reference: "cus_1" },
      { idempotencyKey: expect.stringMatching(/^soletrader-autofill-signup-cus_1-/) },
    )
  })

  it("takes the country given over the address's, and the service's hosted pages when configured", async () => {
    const { deps } = soleTraderFakes({ customers: [CUSTOMER] })
    deps.options.checkoutUrl = "https://checkout.trade-credit.example"

    const outcome = await startSignup(deps, { customerId: "cus_1", country: "US" })

    expect(outcome).toMatchObject({ outcome: "popup", popup: { country: "US" } })
    expect(outcome.outcome === "popup" && outcome.popup.popup_url).toMatch(
      /^https:\/\/checkout\.trade-credit\.example\/soletrader\/signup\?.*country=US$/,
    )
  })

  it("refuses an unknown customer, one without a country, and a country outside GB and US", async () => {
    const { deps, registry } = soleTraderFakes({
      customers: [
        { id: "cus_2", addresses: [] },
        { id: "cus_3", addresses: [{ country_code: "se" }] },
      ],
    })

    expect(await startSignup(deps, { customerId: "cus_1" })).toMatchObject({ code: "TRADE_CREDIT_CUSTOMER_NOT_FOUND" })
    expect(await startSignup(deps, { customerId: "cus_2" })).toMatchObject({ code: "TRADE_CREDIT_COUNTRY_REQUIRED" })
    expect(await startSignup(deps, { customerId: "cus_3" })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED",
      message: 'Business registration is limited to UK (GB) and US sole traders; "SE" is not supported',
    })
    expect(registry.createDelegationToken).not.toHaveBeenCalled()
  })
})

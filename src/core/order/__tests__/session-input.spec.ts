import { Buyer, IntentBuyer } from "../../../service/schemas"
import { buildBuyer, buildIntentBuyer, normalisePhoneNumber } from "../buyer"
import { parseSessionInput, resolveReturnUrl } from "../session-input"
import { thrown } from "./fixtures/thrown"
import { GB_ADDRESS } from "./fixtures/medusa-cart"

describe("parseSessionInput", () => {
  it("reads a full input and ignores the provider's own keys", () => {
    const input = parseSessionInput({
      company: { organization_number: " 01234567 ", country_prefix: "gb", company_name: "Acme Ltd" },
      representative: {
        email: "ada@acme.example",
        first_name: "Ada",
        last_name: "Lovelace",
        phone_number: "07911 123456",
      },
      department: "Research",
      project: "Engine",
      purchase_order_number: "PO-42",
      order_note: "Leave at reception",
      invoice_emails: ["ap@acme.example", "cfo@acme.example"],
      return_url: "https://shop.example/checkout/return?cart_id=cart_1",
      order_id: "ord_123",
      tracking_id: "trk_1",
    })
    expect(input).toEqual({
      company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
      representative: {
        email: "ada@acme.example",
        first_name: "Ada",
        last_name: "Lovelace",
        phone_number: "07911 123456",
      },
      department: "Research",
      project: "Engine",
      purchase_order_number: "PO-42",
      order_note: "Leave at reception",
      invoice_emails: ["ap@acme.example", "cfo@acme.example"],
      return_url: "https://shop.example/checkout/return?cart_id=cart_1",
    })
    expect(parseSessionInput({ company: { company_canonical_id: "cmp9" } })).toEqual({
      company: { company_canonical_id: "cmp9" },
    })
  })

  it.each([
    [undefined, "company", /company is required/],
    [{}, "company", /company is required/],
    [{ company: "Acme" }, "company", /company must be \{company_canonical_id\} or/],
    [
      { company: { company_canonical_id: "c" }, representative: "Ada" },
      "representative",
      /representative must be \{email/,
    ],
    [{ company: { company_canonical_id: 5 } }, "company.company_canonical_id", /must be a string/],
    [
      { company: { company_canonical_id: "c", company_name: "Acme" } },
      "company.company_name",
      /either company_canonical_id alone/,
    ],
    [
      { company: { organization_number: "1", country_prefix: "GB" } },
      "company.company_name",
      /company_name is required/,
    ],
    [
      { company: { organization_number: "1", country_prefix: "GBR", company_name: "A" } },
      "company.country_prefix",
      /alpha-2/,
    ],
    [{ company: { company_canonical_id: "c", vat: "x" } }, "company", /vat/],
    [
      { company: { company_canonical_id: "c" }, representative: { email: "nope" } },
      "representative.email",
      /email address/,
    ],
    [{ company: { company_canonical_id: "c" }, representative: { mail: "a@b.example" } }, "representative", /mail/],
    [{ company: { company_canonical_id: "c" }, invoice_emails: "a@b.example" }, "invoice_emails", /list of email/],
    [
      { company: { company_canonical_id: "c" }, invoice_emails: ["a@b.example", "bad"] },
      "invoice_emails[1]",
      /email address/,
    ],
    [
      {
        company: { company_canonical_id: "c" },
        invoice_emails: Array.from({ length: 11 }, (_, i) => `a${i}@b.example`),
      },
      "invoice_emails",
      /at most 10/,
    ],
    [
      { company: { company_canonical_id: "c" }, purchase_order_number: 42 },
      "purchase_order_number",
      /must be a string/,
    ],
    [{ company: { company_canonical_id: "c" }, order_note: "x".repeat(1001) }, "order_note", /at most 1000/],
    [
      { company: { company_canonical_id: "c" }, return_url: ["https://shop.example"] },
      "return_url",
      /must be a string/,
    ],
    ["company=acme", "", /must be an object/],
  ])("refuses %j at %s", (data, path, message) => {
    const error = thrown(() => parseSessionInput(data))
    expect(error.code).toBe("INVALID_SESSION_DATA")
    expect(error.path).toBe(path)
    expect(error.message).toMatch(message)
    expect(error.type).toBe("invalid_data")
  })

  it("lets a session start before the company is known when asked", () => {
    expect(parseSessionInput({}, { requireCompany: false })).toEqual({})
  })

  it("reads verify_before_completion as a boolean and names it when it is not one", () => {
    const company = { company_canonical_id: "cmpgb08123456" }
    expect(parseSessionInput({ company, verify_before_completion: true }).verify_before_completion).toBe(true)
    expect(parseSessionInput({ company }).verify_before_completion).toBeUndefined()
    for (const value of ["true", 1, null]) {
      const error = (() => {
        try {
          parseSessionInput({ company, verify_before_completion: value })
        } catch (e) {
          return e as any
        }
      })()
      expect({ code: error?.code, path: error?.path }).toEqual({
        code: "INVALID_SESSION_DATA",
        path: "verify_before_completion",
      })
      expect(error.message).toMatch(/verify_before_completion must be true or false/)
    }
  })
})

describe("resolveReturnUrl", () => {
  const origins = ["https://shop.example", "http://localhost:8000/"]

  it("accepts URLs on a configured origin, normalised", () => {
    expect(resolveReturnUrl("https://shop.example/checkout/return?cart_id=c1#top", origins)).toBe(
      "https://shop.example/checkout/return?cart_id=c1#top",
    )
    expect(resolveReturnUrl("https://SHOP.example:443/a/../b", origins)).toBe("https://shop.example/b")
    expect(resolveReturnUrl("http://localhost:8000/done", origins)).toBe("http://localhost:8000/done")
  })

  it("falls back to the first origin and the default path", () => {
    expect(resolveReturnUrl(undefined, origins)).toBe("https://shop.example/")
    expect(resolveReturnUrl("", origins, { defaultPath: "/checkout/trade-credit/return?x=1" })).toBe(
      "https://shop.example/checkout/trade-credit/return?x=1",
    )
    expect(resolveReturnUrl(null, origins, "/checkout/return")).toBe("https://shop.example/checkout/return")
    expect(() => resolveReturnUrl(undefined, origins, "//evil.example/x")).toThrow(
      expect.objectContaining({ code: "INVALID_RETURN_URL" }),
    )
  })

  it.each([
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/steal",
    "/checkout/return",
    "https://shop.example@evil.example/",
    "https://shop.example:pw@evil.example/",
    "https://user@shop.example/",
    "https://evil.example/?https://shop.example",
    "https://shop.example.evil.example/",
    "https://evil-shop.example/",
    "https://sub.shop.example/",
    "https://shop.example:8443/",
    "http://shop.example/",
    "https://localhost:8000/",
    "http://localhost:8001/",
    "https:/\\evil.example/",
    "https://shop.example\\@evil.example/",
    "https://shop.example/\n.evil.example",
    " https://shop.example/",
    "https://shop.example%2F@evil.example/",
    "ftp://shop.example/",
    "https://xn--shop-9ka.example/",
  ])("refuses %p", (returnUrl) => {
    const error = thrown(() => resolveReturnUrl(returnUrl, origins))
    expect(error.code).toBe("INVALID_RETURN_URL")
    expect(error.path).toBe("return_url")
  })

  it("refuses everything when no storefront origin is configured", () => {
    expect(() => resolveReturnUrl(undefined, [])).toThrow(expect.objectContaining({ code: "INVALID_RETURN_URL" }))
    expect(() => resolveReturnUrl("https://shop.example/", ["not a url"])).toThrow(/No storefront origin/)
  })
})

describe("normalisePhoneNumber", () => {
  it.each([
    ["020 7946 0958", "GB", "+442079460958"],
    ["07911 123456", "gb", "+447911123456"],
    ["+44 (0)7911 123456", undefined, "+447911123456"],
    ["0044 7911 123456", "GB", "+447911123456"],
    ["030 1234567", "DE", "+49301234567"],
    ["(415) 555-2671", "US", "+14155552671"],
    ["+1 415 555 2671", "GB", "+14155552671"],
  ])("%s (%s) → %s", (raw, country, expected) => {
    expect(normalisePhoneNumber(raw, country)).toBe(expected)
  })

  it.each([["12"], ["not a phone"], ["07911 123456"], [""]])("refuses %p without a usable country", (raw) => {
    expect(normalisePhoneNumber(raw, raw === "07911 123456" ? undefined : "GB")).toBeUndefined()
  })
})

describe("buildBuyer", () => {
  const company = { company_canonical_id: "cmp1" }
  const cart = {
    email: "Ada@Acme.example",
    billing_address: { ...GB_ADDRESS },
    shipping_address: { ...GB_ADDRESS, first_name: "Charles", last_name: "Babbage", phone: "07912 345678" },
    customer: { email: "customer@acme.example", first_name: "C", last_name: "D", phone: "+33 1 23 45 67 89" },
  }

  it("takes the representative from the input", () => {
    const buyer = buildBuyer(
      {
        company,
        representative: {
          email: "grace@acme.example",
          first_name: "Grace",
          last_name: "Hopper",
          phone_number: "07911 123456",
        },
      },
      cart,
    )
    expect(buyer).toEqual({
      company,
      representative: {
        email: "grace@acme.example",
        first_name: "Grace",
        last_name: "Hopper",
        phone_number: "+447911123456",
      },
    })
    Buyer.parse(buyer)
  })

  it("falls back to the cart: email, billing name and phone, then shipping, then the customer", () => {
    expect(buildBuyer({ company }, cart).representative).toEqual({
      email: "ada@acme.example",
      first_name: "Ada",
      last_name: "Lovelace",
      phone_number: "+442079460958",
    })
    const noBillingPhone = { ...cart, billing_address: { ...GB_ADDRESS, phone: null, first_name: null, last_name: "" } }
    expect(buildBuyer({ company, representative: { last_name: "Given" } }, noBillingPhone).representative).toEqual({
      email: "ada@acme.example",
      first_name: "Charles",
      last_name: "Given",
      phone_number: "+447912345678",
    })
    const onlyCustomer = {
      email: null,
      billing_address: { country_code: "fr" },
      shipping_address: null,
      customer: cart.customer,
    }
    expect(buildBuyer({ company }, onlyCustomer, { tradeAccount: { customer_id: "svc_c", user_id: "svc_u" } })).toEqual(
      {
        company,
        representative: {
          email: "customer@acme.example",
          first_name: "C",
          last_name: "D",
          phone_number: "+33123456789",
        },
        trade_account: { customer_id: "svc_c", user_id: "svc_u" },
      },
    )
  })

  it("reads national numbers with the billing country, else the shipping country, else the company's", () => {
    const national = "0612345678"
    const fr = { ...GB_ADDRESS, country_code: "fr", phone: national }
    expect(buildBuyer({ company }, { ...cart, billing_address: fr }).representative.phone_number).toBe("+33612345678")
    expect(
      buildBuyer({ company }, { email: "a@b.example", billing_address: null, shipping_address: fr, customer: null })
        .representative.phone_number,
    ).toBe("+33612345678")
    const byCompany = { organization_number: "123", country_prefix: "FR", company_name: "Acme SARL" }
    const noCountry = {
      email: "a@b.example",
      billing_address: { first_name: "A", last_name: "B", phone: national },
      shipping_address: null,
    }
    expect(buildBuyer({ company: byCompany }, noCountry).representative.phone_number).toBe("+33612345678")
  })

  it("names every missing detail", () => {
    const error = thrown(() =>
      buildBuyer(
        { company },
        { email: null, billing_address: { country_code: "gb" }, shipping_address: null, customer: null },
      ),
    )
    expect(error.code).toBe("BUYER_DETAILS_MISSING")
    expect(error.path).toBe("representative.email")
    expect(error.message).toBe(
      "The buyer's email, first name, last name, phone number are missing: give them in the checkout",
    )

    const onlyPhone = thrown(() =>
      buildBuyer(
        { company },
        { ...cart, billing_address: { ...GB_ADDRESS, phone: null }, shipping_address: null, customer: null },
      ),
    )
    expect(onlyPhone.message).toBe("The buyer's phone number is missing: give it in the checkout")
    expect(onlyPhone.path).toBe("representative.phone_number")

    expect(thrown(() => buildBuyer({}, cart))).toMatchObject({ code: "BUYER_DETAILS_MISSING", path: "company" })
  })

  it("refuses an unusable phone number or email, naming the field it came from", () => {
    const error = thrown(() => buildBuyer({ company, representative: { phone_number: "12345" } }, cart))
    expect(error.code).toBe("INVALID_PHONE_NUMBER")
    expect(error.path).toBe("representative.phone_number")
    expect(error.message).toContain('"12345"')
    expect(error.message).toContain("too short")
    expect(thrown(() => buildBuyer({ company }, { ...cart, email: "not-an-email" }))).toMatchObject({
      code: "BUYER_DETAILS_INVALID",
      path: "email",
    })
  })

  it("builds an intent's buyer with the representative whole or not at all", () => {
    const partial = {
      email: null,
      billing_address: { first_name: "Ada", phone: "07911 123456", country_code: "gb" },
      shipping_address: null,
      customer: null,
    }
    const buyer = buildIntentBuyer({ company }, partial)
    expect(buyer).toEqual({ company })
    IntentBuyer.parse(buyer)
    expect(buildBuyer({ company }, { email: null }, { representativeRequired: false })).toEqual({ company })
    // Without an email the rest is still sent (email is optional on the intent).
    expect(
      buildIntentBuyer(
        { company },
        { ...partial, billing_address: { ...partial.billing_address, last_name: "Lovelace" } },
      ),
    ).toEqual({
      company,
      representative: { first_name: "Ada", last_name: "Lovelace", phone_number: "+447911123456" },
    })
  })
})

import { AccountRequest } from "../../../service/schemas"
import {
  accountReferenceOf,
  accountUpdateOf,
  buildAccountBody,
  buyerKeyOf,
  withCustomerDetails,
} from "../repayment-account-body"
import { companyKeyOf, nationalIdentifierOf, type ResolvedCompany, tradeNameOf } from "../repayment-company"

const ADDRESS = {
  first_name: "Grace",
  last_name: "Hopper",
  company: "Acme",
  address_1: "10 Market Street",
  address_2: "Unit 4",
  city: "Manchester",
  postal_code: "M1 1AE",
  province: "",
  country_code: "gb",
  phone: "07400 123456",
}
const CART = { email: "Grace@Acme.example", billing_address: ADDRESS, shipping_address: ADDRESS, customer: null }
const COMPANY: ResolvedCompany = {
  trade_name: "ACME-INDUSTRIAL-SUPPLIES-LTD",
  company_name: "ACME INDUSTRIAL SUPPLIES LTD",
  official_address: { address_line_1: "1 Registered Way", city: "London", postal_code: "EC1A 1AA", country_code: "GB" },
  country_code: "GB",
  national_identifier: "08123456",
  company_key: companyKeyOf("gb", "0812 3456"),
}

describe("repayment account body", () => {
  it("derives a trade name the interface takes ([A-Za-z0-9_-], 1 to 40) from the company name", () => {
    expect(tradeNameOf("ACME Industrial & Co. Ltd")).toBe("ACME-Industrial-and-Co-Ltd")
    expect(tradeNameOf("Bäckerei Müller GmbH")).toBe("Backerei-Muller-GmbH")
    expect(tradeNameOf("  The Very Long Name of a Company That Goes On and On Ltd ")).toMatch(/^[A-Za-z0-9_-]{1,40}$/)
    expect(tradeNameOf("  The Very Long Name of a Company That Goes On and On Ltd ").endsWith("-")).toBe(false)
    expect(() => tradeNameOf("!!!")).toThrow(
      expect.objectContaining({ code: "BUYER_DETAILS_MISSING", path: "company.company_name" }),
    )
    expect(nationalIdentifierOf("0812 3456")).toBe("08123456")
    expect(() => nationalIdentifierOf("08/123")).toThrow(
      expect.objectContaining({ path: "company.organization_number" }),
    )
  })

  it("updates only what PUT /account/{id} takes: never the company's country or number", () => {
    const body = buildAccountBody({ company: { company_canonical_id: "c" } }, CART, COMPANY, "r")
    const update = accountUpdateOf(body)
    expect(update.buyer_company).toEqual({ trade_name: COMPANY.trade_name, official_address: COMPANY.official_address })
    expect(update).not.toHaveProperty("merchant_account_reference")
  })

  it("keys a logged-in buyer by customer id and a guest by a digest of the email, never the email itself", () => {
    expect(buyerKeyOf("cus_123", "a@b.example")).toBe("cus_123")
    const guest = buyerKeyOf(undefined, " Grace@Acme.example ")!
    expect(guest).toMatch(/^guest-[A-Za-z0-9_-]{16}$/)
    expect(guest).toBe(buyerKeyOf(null, "grace@acme.example"))
    expect(guest).not.toContain("acme")
    expect(buyerKeyOf(undefined, "")).toBeUndefined()
  })

  it("names the account by buyer and company, within 100 characters", () => {
    expect(COMPANY.company_key).toBe("GB-08123456")
    expect(accountReferenceOf("cus_123", "GB-08123456")).toBe("cus_123/GB-08123456")
    expect(accountReferenceOf("x".repeat(90), "GB-08123456").length).toBeLessThanOrEqual(100)
  })

  it("builds a body the contract accepts from the cart and the session input", () => {
    const body = buildAccountBody(
      { company: { company_canonical_id: "cmp_gb_08123456" } },
      CART,
      COMPANY,
      "guest-x/GB-08123456",
    )
    expect(AccountRequest.parse(body)).toEqual(body)
    expect(body).toMatchObject({
      buyer_company: {
        trade_name: "ACME-INDUSTRIAL-SUPPLIES-LTD",
        national_identifier: "08123456",
        country_code: "GB",
      },
      billing_address: {
        address_line_1: "10 Market Street",
        address_line_2: "Unit 4",
        city: "Manchester",
        postal_code: "M1 1AE",
        country_code: "GB",
      },
      invoice_email: "grace@acme.example",
      invoice_cc_emails: [],
      account_representative: {
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@acme.example",
        phone_number: "+447400123456",
      },
      merchant_account_reference: "guest-x/GB-08123456",
    })
    expect(body.billing_address).not.toHaveProperty("region")
  })

  it("sends invoices to the first invoice email, the others in copy", () => {
    const body = buildAccountBody(
      { company: { company_canonical_id: "c" }, invoice_emails: ["ap@acme.example", "cfo@acme.example"] },
      CART,
      COMPANY,
      "r",
    )
    expect(body.invoice_email).toBe("ap@acme.example")
    expect(body.invoice_cc_emails).toEqual(["cfo@acme.example"])
  })

  it("refuses a cart without a usable phone or address with a code naming the field", () => {
    expect(() =>
      buildAccountBody(
        { company: { company_canonical_id: "c" } },
        { ...CART, billing_address: { ...ADDRESS, phone: "" }, shipping_address: null },
        COMPANY,
        "r",
      ),
    ).toThrow(expect.objectContaining({ code: "BUYER_DETAILS_MISSING" }))
    expect(() =>
      buildAccountBody(
        { company: { company_canonical_id: "c" } },
        { ...CART, billing_address: { ...ADDRESS, postal_code: "" }, shipping_address: null },
        COMPANY,
        "r",
      ),
    ).toThrow(expect.objectContaining({ code: "ADDRESS_INCOMPLETE" }))
  })

  it("takes a customer's changed details, keeping what the customer lacks", () => {
    const body = buildAccountBody({ company: { company_canonical_id: "c" } }, CART, COMPANY, "r")
    const changed = withCustomerDetails(body, {
      id: "cus_1",
      email: "grace.new@acme.example",
      first_name: "Grace",
      last_name: "Hopper-Smith",
      phone: null,
      billing_address: {
        address_1: "20 Canal Street",
        city: "Manchester",
        postal_code: "M1 3HE",
        country_code: "gb",
        phone: "07400 999888",
      },
    })
    expect(changed.billing_address).toEqual({
      address_line_1: "20 Canal Street",
      city: "Manchester",
      postal_code: "M1 3HE",
      country_code: "GB",
    })
    expect(changed.account_representative).toEqual({
      first_name: "Grace",
      last_name: "Hopper-Smith",
      email: "grace.new@acme.example",
      phone_number: "+447400999888",
    })
    expect(changed.invoice_email).toBe("grace.new@acme.example")
    expect(withCustomerDetails(body, { id: "cus_1", billing_address: { city: "Nowhere" } }).billing_address).toEqual(
      body.billing_address,
    )
  })
})

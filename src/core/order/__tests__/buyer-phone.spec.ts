import { buildBuyer, buildIntentBuyer, readPhoneNumber } from "../buyer"
import { buildIntentBody } from "../order-body"
import { thrown } from "./fixtures/thrown"
import { GB_ADDRESS, medusaCart } from "./fixtures/medusa-cart"

/**
 * Phone numbers (issue 18): normalised to E.164 with the address's country and
 * sent whenever they are possible numbers of that country; one that cannot be
 * read is an error naming the field, never left out of the body.
 */

const company = { company_canonical_id: "cmp1" }

const cartWithPhone = (phone: string | null, country = "gb") =>
  medusaCart({
    items: [{ id: "cali_1", quantity: 1, unit_price: "10.00", tax_lines: [{ rate: 20 }] }],
    billing_address: { ...GB_ADDRESS, country_code: country, phone },
    shipping_address: { ...GB_ADDRESS, country_code: country, phone: null },
  })

describe("the representative's phone number", () => {
  it("keeps a well-formed UK mobile number on the order intent (the number issue 18 found dropped)", () => {
    const cart = cartWithPhone("+447700900123")
    const body = buildIntentBody(cart, buildIntentBuyer({ company }, cart))
    expect(body.buyer.representative).toEqual({
      email: "ada@acme.example",
      first_name: "Ada",
      last_name: "Lovelace",
      phone_number: "+447700900123",
    })
  })

  it.each([
    ["+447700900123", "gb", "+447700900123"],
    ["07700 900123", "gb", "+447700900123"],
    ["07700900123", "GB", "+447700900123"],
    ["+44 (0)7700 900123", "gb", "+447700900123"],
    ["0044 7700 900123", "gb", "+447700900123"],
    ["020 7946 0958", "gb", "+442079460958"],
    ["+44 20 7946 0958", "de", "+442079460958"],
    ["06 12 34 56 78", "fr", "+33612345678"],
    ["(415) 555-2671", "us", "+14155552671"],
    ["22 12 34 56", "no", "+4722123456"],
  ])("%s with a %s address is sent as %s, on the intent and the order", (raw, country, expected) => {
    const cart = cartWithPhone(raw, country)
    expect(buildIntentBuyer({ company }, cart).representative?.phone_number).toBe(expected)
    expect(buildBuyer({ company }, cart).representative.phone_number).toBe(expected)
  })

  it.each([
    ["12", "too short"],
    ["0770090012345678", "too long"],
    ["call me", "not a phone number"],
    ["+999 1234 5678", "country calling code is unknown"],
  ])("%p cannot be read: INVALID_PHONE_NUMBER naming the billing address's phone (%s)", (raw, why) => {
    const cart = cartWithPhone(raw)
    for (const build of [() => buildIntentBuyer({ company }, cart), () => buildBuyer({ company }, cart)]) {
      const error = thrown(build)
      expect(error.code).toBe("INVALID_PHONE_NUMBER")
      expect(error.path).toBe("billing_address.phone")
      expect(error.message).toContain(`"${raw}"`)
      expect(error.message).toContain("billing address's phone")
      expect(error.message).toContain(why)
    }
  })

  it("names the field the number came from: the session's representative, else the address or the customer", () => {
    const cart = cartWithPhone("07700 900123")
    const given = thrown(() => buildIntentBuyer({ company, representative: { phone_number: "0" } }, cart))
    expect(given).toMatchObject({ code: "INVALID_PHONE_NUMBER", path: "representative.phone_number" })
    const fromCustomer = medusaCart({
      items: [{ id: "cali_1", quantity: 1, unit_price: "10.00" }],
      billing_address: { ...GB_ADDRESS, phone: null },
      shipping_address: null,
      customer: {
        id: "cus_1",
        email: "ada@acme.example",
        first_name: "Ada",
        last_name: "Lovelace",
        phone: "555",
        company_name: null,
      },
    })
    expect(thrown(() => buildBuyer({ company }, fromCustomer))).toMatchObject({
      code: "INVALID_PHONE_NUMBER",
      path: "customer.phone",
    })
  })

  it("a national number with no country to read it with says so", () => {
    const cart = {
      email: "a@b.example",
      billing_address: { first_name: "A", last_name: "B", phone: "07700 900123" },
      shipping_address: null,
    }
    const error = thrown(() => buildBuyer({ company }, cart))
    expect(error).toMatchObject({ code: "INVALID_PHONE_NUMBER", path: "billing_address.phone" })
    expect(error.message).toContain("no country calling code")
    // The company's country reads it when the addresses have none.
    const byNumber = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }
    expect(buildBuyer({ company: byNumber }, cart).representative.phone_number).toBe("+447700900123")
  })

  it("an order needs the whole representative: a missing phone is named, not sent empty", () => {
    const error = thrown(() => buildBuyer({ company }, cartWithPhone(null)))
    expect(error).toMatchObject({ code: "BUYER_DETAILS_MISSING", path: "representative.phone_number" })
    expect(error.message).toBe("The buyer's phone number is missing: give it in the checkout")
    // The intent then goes without a representative (whole or not at all).
    expect(buildIntentBuyer({ company }, cartWithPhone(null))).toEqual({ company })
  })

  it("readPhoneNumber says why a number cannot be read", () => {
    expect(readPhoneNumber("07700 900123", "GB")).toEqual({ number: "+447700900123" })
    expect(readPhoneNumber("12", "GB")).toEqual({ problem: "TOO_SHORT" })
    expect(readPhoneNumber("07700 900123", undefined)).toEqual({ problem: "NO_COUNTRY" })
    expect(readPhoneNumber("   ", "GB")).toBeUndefined()
  })
})

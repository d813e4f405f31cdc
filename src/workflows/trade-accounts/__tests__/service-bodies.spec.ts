import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { TradeAccountCustomerRequest, TradeAccountUserRequest } from "../../../service/schemas"
import type { MedusaCustomer } from "../lib/medusa-customers"
import { billingAddressOf, companyFieldsOf, personOf, userBodyOf } from "../lib/service-bodies"

/**
 * The trade account bodies the plugin builds from Medusa customers, against
 * the service's published document (trade-account-v3-api.yaml) and the
 * client's schemas: zero violations, the business at the top level.
 */

const grace: MedusaCustomer = {
  id: "cus_01GRACE",
  email: "Grace@Acme-Office.example",
  first_name: " Grace ",
  last_name: "Hopper",
  phone: "07400 123456",
  company_name: "Acme Office Supplies Ltd",
  addresses: [
    { country_code: "gb", phone: null, is_default_billing: false, address_1: "1 Side St", city: "Leeds" },
    {
      country_code: "gb",
      phone: null,
      is_default_billing: true,
      address_1: "14 Mill Lane",
      address_2: "Unit 2",
      city: "Leeds",
      postal_code: "LS1 4AP",
      province: null,
    },
  ],
}

let published: PublishedDocuments
beforeAll(async () => {
  published = await loadPublished()
})

describe("trade account bodies from Medusa customers", () => {
  it(
    "the customer body: identifiers at the top level, the customer as contact " + "person, the default billing address",
    () => {
      for (const company of [
        { canonical_id: "cmpgb08123456" },
        { country_code: "GB", organization_number: "08123456" },
      ]) {
        const billing = billingAddressOf(grace)
        const body = TradeAccountCustomerRequest.parse({
          merchant_customer_id: grace.id,
          ...companyFieldsOf(company),
          contact_persons: [personOf(grace, "GB")],
          invoice_email_addresses: ["grace@acme-office.example"],
          ...(billing && { invoice_billing_address: billing }),
          use_billing_address_for_shipping: false,
          trade_name: "Acme Office Supplies Ltd",
        })
        expect(body).not.toHaveProperty("company")
        expect(body.contact_persons[0]).toEqual({
          first_name: "Grace",
          last_name: "Hopper",
          email: "grace@acme-office.example",
          phone_number: "+447400123456",
        })
        expect(body.invoice_billing_address).toEqual({
          street_address: "14 Mill Lane, Unit 2",
          city: "Leeds",
          postal_code: "LS1 4AP",
          country: "GB",
        })
        expect(published.request("POST", "/trade-account/v3/customer", body)).toEqual([])
      }
    },
  )

  it("the user body: the phone in E.164 when the customer has one, left out when not, refused when unreadable", () => {
    const withPhone = TradeAccountUserRequest.parse(userBodyOf(grace, "GB"))
    expect(withPhone).toMatchObject({ merchant_user_id: grace.id, phone_number: "+447400123456" })
    const noPhone = TradeAccountUserRequest.parse(userBodyOf({ ...grace, phone: null }, "GB"))
    expect(noPhone).not.toHaveProperty("phone_number")
    for (const body of [withPhone, noPhone])
      expect(published.request("POST", "/trade-account/v3/customer/cus_01GRACE/user", body)).toEqual([])
    expect(() => userBodyOf({ ...grace, phone: "12" }, "GB")).toThrow(/phone number \("12" is not a valid number\)/)
  })

  it("a contact person needs a phone; a customer without a usable billing address sends none", () => {
    expect(() => personOf({ ...grace, phone: null }, "GB")).toThrow(/lacks what the trade account needs: phone number/)
    expect(
      billingAddressOf({ ...grace, addresses: [{ country_code: "gb", phone: null, city: "Leeds" }] }),
    ).toBeUndefined()
    expect(billingAddressOf({ ...grace, addresses: [] })).toBeUndefined()
  })
})

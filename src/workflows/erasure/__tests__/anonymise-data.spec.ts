import { anonymiseData } from "../anonymise-data"
import { emailHashOf, placeholdersFor } from "../placeholders"
import { parseOptions } from "../../../config/options"

const placeholders = placeholdersFor("DPR-1")

describe("anonymiseData", () => {
  const paymentData = {
    session_id: "payses_1",
    order_id: "ord_1",
    tracking_id: "trk_1",
    gross_amount: "1250.00",
    currency: "GBP",
    state: "CONFIRMED",
    company: { company_name: "Pat Sole Trading", country_prefix: "GB", organization_number: "ST1" },
    buyer_company: { company_canonical_id: "cmp_gb_1" },
    representative: { email: "pat@x.example", first_name: "Pat", last_name: "Sole", phone_number: "+447700900555" },
    invoice_emails: ["pat@x.example", "ap@x.example"],
    fulfilments: [{ id: "ful_1", gross_amount: "1250.00", invoice_number: "INV-1", invoice_url: "https://s/inv/1" }],
    instalments: [{ id: "ins_1", repayment_amount: "100.00" }],
  }

  it("replaces names, emails, phones and the person's trading name at any depth; ids and amounts stay", () => {
    const { value, changed } = anonymiseData(paymentData, { placeholders, tradingNames: new Set(["pat sole trading"]) })
    expect(value).toEqual({
      ...paymentData,
      company: { ...paymentData.company, company_name: "Erased" },
      representative: {
        email: placeholders.email,
        first_name: "Erased",
        last_name: "Erased",
        phone_number: "+10000000000",
      },
      invoice_emails: [placeholders.email, placeholders.email],
    })
    expect(changed).toBe(7)
    expect(paymentData.representative.first_name).toBe("Pat")
  })

  it("leaves a business name that is not the person's, and changes nothing the second time", () => {
    const once = anonymiseData(paymentData, { placeholders })
    expect(once.value.company.company_name).toBe("Pat Sole Trading")
    const twice = anonymiseData(once.value, { placeholders })
    expect(twice.changed).toBe(0)
    expect(twice.value).toEqual(once.value)
  })

  it("handles account bodies (account_representative, invoice_email, cc) and dates of birth", () => {
    const body = {
      merchant_account_reference: "cus_1/GB-1",
      invoice_email: "pat@x.example",
      invoice_cc_emails: ["a@x.example"],
      account_representative: {
        first_name: "Pat",
        last_name: "Sole",
        phone_number: "+447700900555",
        email: "pat@x.example",
      },
      proprietor_details: { date_of_birth: "1980-02-03" },
    }
    const { value } = anonymiseData(body, { placeholders })
    expect(value).toEqual({
      merchant_account_reference: "cus_1/GB-1",
      invoice_email: placeholders.email,
      invoice_cc_emails: [placeholders.email],
      account_representative: {
        first_name: "Erased",
        last_name: "Erased",
        phone_number: "+10000000000",
        email: placeholders.email,
      },
      proprietor_details: { date_of_birth: "1900-01-01" },
    })
  })
})

describe("placeholders and hashes", () => {
  it("derive the placeholder from the reference, never the address; hash the lower-cased address", () => {
    expect(placeholdersFor("DPR-1").email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/)
    expect(placeholdersFor("DPR-1").email).not.toBe(placeholdersFor("DPR-2").email)
    expect(emailHashOf(" Pat@X.example ")).toBe(emailHashOf("pat@x.example"))
    expect(emailHashOf("pat@x.example")).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("the erasureOnCustomerDelete option", () => {
  const base = { apiKey: "secret_test_x", baseUrl: "http://localhost:1", storefrontUrls: "http://shop.test" }
  it("is off by default and takes a boolean or the environment's strings", () => {
    expect(parseOptions(base).erasureOnCustomerDelete).toBe(false)
    expect(parseOptions({ ...base, erasureOnCustomerDelete: true }).erasureOnCustomerDelete).toBe(true)
    expect(parseOptions({ ...base, erasureOnCustomerDelete: "true" }).erasureOnCustomerDelete).toBe(true)
    expect(parseOptions({ ...base, erasureOnCustomerDelete: "false" }).erasureOnCustomerDelete).toBe(false)
    expect(() => parseOptions({ ...base, erasureOnCustomerDelete: "yes please" })).toThrow(/erasureOnCustomerDelete/)
  })
})

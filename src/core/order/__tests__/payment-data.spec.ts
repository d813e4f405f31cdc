import { invoiceTermsOf } from "../order-body"
import { awaitingCompany, withIntent } from "../payment-data"

describe("the invoice provider's session data", () => {
  it("waits for the company: the session id and what is missing, the storefront's input kept", () => {
    expect(awaitingCompany({ return_url: "https://shop.example/back" }, "payses_1")).toEqual({
      return_url: "https://shop.example/back",
      session_id: "payses_1",
      missing: ["company"],
    })
  })

  it("carries the approved intent, the company checked and the region's terms", () => {
    const company = { company_canonical_id: "cmpgb08123456" }
    const intent = { id: "int_1", tracking_id: "trk_1", gross_amount: "120.00", currency: "GBP" }
    expect(withIntent({ company, session_id: "old" }, "payses_1", intent, company, 45)).toEqual({
      company,
      session_id: "payses_1",
      intent_id: "int_1",
      tracking_id: "trk_1",
      gross_amount: "120.00",
      currency: "GBP",
      buyer_company: company,
      invoice_terms_days: 45,
    })
  })

  it(
    "makes the order with the terms credit-checked: none (null) stays none, " +
      "a session from before region settings takes the options'",
    () => {
      expect(invoiceTermsOf({ invoice_terms_days: 30 }, 14)).toBe(30)
      expect(invoiceTermsOf({ invoice_terms_days: null }, 14)).toBeUndefined()
      expect(invoiceTermsOf({}, 14)).toBe(14)
      expect(invoiceTermsOf({}, undefined)).toBeUndefined()
    },
  )
})

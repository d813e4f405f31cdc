import BigNumber from "bignumber.js"
import { centsOf } from "../../money/decimal"
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

describe("centsOf", () => {
  it("reads every shape of a Medusa amount exactly, rounded half up to cents", () => {
    expect(centsOf(12.345).toFixed(2)).toBe("12.35")
    expect(centsOf("100.005").toFixed(2)).toBe("100.01")
    expect(centsOf({ value: "0.1", precision: 20 }).plus(centsOf("0.2")).eq("0.3")).toBe(true)
    expect(centsOf(new BigNumber("99.994")).toFixed(2)).toBe("99.99")
    expect(() => centsOf(undefined)).toThrow(/amount is not a number/)
  })
})

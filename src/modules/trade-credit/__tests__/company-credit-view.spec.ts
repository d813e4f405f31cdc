import { companyCreditView } from "../company-credit-view"
import { companyKeyOf, givenFields } from "../receivables"
import type { CompanyCreditRow } from "../types"

const row = (over: Partial<CompanyCreditRow>): CompanyCreditRow =>
  ({
    id: "tccc_1",
    company_key: "GB:12345678",
    organization_number: "12345678",
    country_code: "GB",
    company_name: "PENNYWORTH STATIONERS LTD",
    currency_code: null,
    credit_limit: null,
    credit_limit_balance: null,
    max_single_order_value: null,
    credit_approved: null,
    decline_reason: null,
    in_arrears: false,
    arrears_state: "none",
    days_in_arrears: null,
    days_until_arrears: null,
    earliest_invoice_number: null,
    earliest_invoice_due_date: null,
    limit_event_at: null,
    arrears_event_at: null,
    ...over,
  }) as CompanyCreditRow

describe("a company's credit as the checkout reads it", () => {
  it("is null when nothing was told", () => {
    expect(companyCreditView([])).toBeNull()
  })

  it("takes the limit from the company's row and the arrears from the country-less row of the arrears events", () => {
    const limit = row({
      currency_code: "GBP",
      credit_limit: "1000.00" as never,
      credit_limit_balance: "800.00" as never,
      max_single_order_value: "500.00" as never,
      credit_approved: true,
      limit_event_at: new Date("2026-11-01T10:00:00Z"),
    })
    const arrears = row({
      id: "tccc_2",
      company_key: ":12345678",
      country_code: null,
      arrears_state: "blocked",
      days_in_arrears: 3,
      earliest_invoice_number: "1042",
      arrears_event_at: new Date("2026-11-02T10:00:00Z"),
    })
    const view = companyCreditView([limit, arrears])
    expect(view).toMatchObject({
      credit_limit: "1000.00",
      credit_limit_balance: "800.00",
      max_single_order_value: "500.00",
      currency_code: "GBP",
      arrears_state: "blocked",
      in_arrears: true,
      days_in_arrears: 3,
      earliest_invoice_number: "1042",
    })
  })

  it("reads the limit event's arrears flag when it is newer than the last arrears event", () => {
    const view = companyCreditView([
      row({ in_arrears: false, limit_event_at: new Date("2026-11-03T10:00:00Z") }),
      row({ id: "tccc_2", arrears_state: "blocked", arrears_event_at: new Date("2026-11-02T10:00:00Z") }),
    ])
    expect(view?.in_arrears).toBe(false)
    expect(view?.arrears_state).toBe("blocked")
  })
})

describe("company keys and given fields", () => {
  it("keys a company by country and organization number, the country empty when unknown", () => {
    expect(companyKeyOf("gb", "1234 5678")).toBe("GB:12345678")
    expect(companyKeyOf(null, "12345678")).toBe(":12345678")
  })

  it("drops the fields not given, keeps null", () => {
    expect(givenFields({ a: 1, b: undefined, c: null })).toEqual({ a: 1, c: null })
  })
})

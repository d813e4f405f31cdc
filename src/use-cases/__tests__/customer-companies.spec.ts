import { customerCompanies, type CustomerCompaniesDeps } from "../customer-companies"

const view = (credit_limit: string) => ({
  organization_number: "08123456",
  company_name: "Brightwater",
  currency_code: "GBP",
  credit_limit,
  credit_limit_balance: "3800",
  max_single_order_value: "2500.5",
  credit_approved: true,
  decline_reason: null,
  in_arrears: false,
  arrears_state: "approaching" as const,
  days_in_arrears: null,
  days_until_arrears: 3,
  earliest_invoice_number: "1042",
  earliest_invoice_due_date: "2026-04-02",
  limit_event_at: new Date("2026-04-01T10:00:00.000Z"),
  arrears_event_at: null,
})

function fakeModule(parts: { account?: boolean; enrolled?: boolean; keys?: string[] }) {
  const companyCreditOf = jest.fn(async (country: string | null, org: string) =>
    country === "GB" && org === "08123456" ? view("5000") : null,
  )
  const module = {
    listTradeAccountUsers: async () => (parts.account ? [{ trade_account_id: "tcta_1" }] : []),
    listTradeAccounts: async () => [
      { id: "tcta_1", organization_number: "08123456", country_code: "GB", trade_name: "Brightwater Office" },
    ],
    listEnrollments: async () =>
      parts.enrolled
        ? [{ status: "ACCEPTED", country_code: "GB", organization_number: "SOLE-1", company_name: "Mill Lane" }]
        : [],
    listReceivables: async () => (parts.keys ?? []).map((key) => ({ company_key: key, company_name: `Co ${key}` })),
    companyCreditOf,
  }
  return { deps: { module } as unknown as CustomerCompaniesDeps, companyCreditOf }
}

describe("a customer's companies", () => {
  it("lists the trade account's, the sole trader's and the orders' companies once each, with credit", async () => {
    const { deps, companyCreditOf } = fakeModule({
      account: true,
      enrolled: true,
      keys: ["GB:08123456", ":08123456", "US:99-1", ":77"],
    })
    const companies = await customerCompanies(deps, "cus_1")
    expect(companies.map((c) => [c.source, c.country_code, c.organization_number])).toEqual([
      ["trade_account", "GB", "08123456"],
      ["enrollment", "GB", "SOLE-1"],
      ["orders", "US", "99-1"],
      ["orders", null, "77"],
    ])
    expect(companyCreditOf).toHaveBeenCalledTimes(4)
    expect(companies[0].credit).toMatchObject({
      credit_limit: "5000.00",
      credit_limit_balance: "3800.00",
      max_single_order_value: "2500.50",
      arrears_state: "approaching",
      days_until_arrears: 3,
      limit_event_at: "2026-04-01T10:00:00.000Z",
      arrears_event_at: null,
    })
    expect(companies[1].credit).toBeNull()
  })

  it("answers none for a customer the plugin knows no company of", async () => {
    expect(await customerCompanies(fakeModule({}).deps, "cus_2")).toEqual([])
  })
})

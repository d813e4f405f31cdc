import { BUYER_TEXTS } from "../../../utils/buyer-texts"
import { type CompanyCreditFacts, companyCreditRefusalOf } from "../company-credit-rule"

/**
 * The checkout's rule on what the service last said of a buyer company (issue #38): an arrears block refuses any cart,
 * a total above the maximum single order value or the remaining credit refuses that cart, exactly to the cent, and
 * only in the limits' own currency. Nothing known refuses nothing.
 */

const credit = (fields: Partial<CompanyCreditFacts> = {}): CompanyCreditFacts => ({
  in_arrears: false,
  currency_code: "GBP",
  credit_limit_balance: "5000.00",
  max_single_order_value: "2000.00",
  ...fields,
})
const cart = (grossAmount: string, currency = "GBP") => ({ grossAmount, currency })

describe("companyCreditRefusalOf", () => {
  it("allows a cart when nothing is known of the company, or nothing is against it", () => {
    expect(companyCreditRefusalOf(null, cart("100.00"))).toBeUndefined()
    expect(companyCreditRefusalOf(undefined, cart("100.00"))).toBeUndefined()
    expect(companyCreditRefusalOf(credit(), cart("100.00"))).toBeUndefined()
    // Known arrears state only (no limit event yet): nothing to compare.
    const arrearsOnly = credit({ currency_code: null, credit_limit_balance: null, max_single_order_value: null })
    expect(companyCreditRefusalOf(arrearsOnly, cart("99999.00"))).toBeUndefined()
  })

  it("refuses any cart of a company in an arrears block, in the buyer's words", () => {
    const refusal = companyCreditRefusalOf(credit({ in_arrears: true }), cart("1.00"))
    expect(refusal).toEqual({
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      message: BUYER_TEXTS["credit.arrears_block"].en,
      reason: "the buyer's company is in an arrears block at the service",
    })
    // Whatever the currency: a block is not an amount.
    expect(companyCreditRefusalOf(credit({ in_arrears: true }), cart("1.00", "SEK"))?.code).toBe(
      "TRADE_CREDIT_ARREARS_BLOCK",
    )
  })

  it("refuses a total above the maximum single order value, exactly to the cent", () => {
    expect(companyCreditRefusalOf(credit(), cart("2000.00"))).toBeUndefined()
    expect(companyCreditRefusalOf(credit(), cart("2000.01"))).toEqual({
      code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
      message: BUYER_TEXTS["credit.above_max_order_value"].en,
      reason: "the total 2000.01 GBP is above the company's maximum single order value 2000.00",
    })
  })

  it("refuses a total above the remaining credit, exactly to the cent", () => {
    const low = credit({ credit_limit_balance: "750.50", max_single_order_value: "2000" })
    expect(companyCreditRefusalOf(low, cart("750.50"))).toBeUndefined()
    expect(companyCreditRefusalOf(low, cart("750.51"))).toEqual({
      code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
      message: BUYER_TEXTS["credit.above_credit_balance"].en,
      reason: "the total 750.51 GBP is above the company's remaining credit 750.50",
    })
    // Nothing left (or less than nothing): any cart.
    expect(companyCreditRefusalOf(credit({ credit_limit_balance: "-10.00" }), cart("0.01"))?.code).toBe(
      "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
    )
  })

  it("names the maximum single order value first when the total is above both", () => {
    const both = credit({ credit_limit_balance: "100.00", max_single_order_value: "200.00" })
    expect(companyCreditRefusalOf(both, cart("300.00"))?.code).toBe("TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE")
  })

  it("compares nothing in another currency: the limits say nothing of this cart", () => {
    expect(companyCreditRefusalOf(credit({ currency_code: "EUR" }), cart("99999.00"))).toBeUndefined()
    // The currency's case does not matter.
    expect(companyCreditRefusalOf(credit({ currency_code: "gbp" }), cart("99999.00", "GBP"))?.code).toBe(
      "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
    )
  })

  it("reads amounts as the module keeps them (more decimals, whole numbers) and ignores one it cannot read", () => {
    expect(companyCreditRefusalOf(credit({ max_single_order_value: "2000.005" }), cart("2000.01"))?.code).toBe(
      "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
    )
    expect(companyCreditRefusalOf(credit({ max_single_order_value: "2000.005" }), cart("2000.00"))).toBeUndefined()
    const unreadable = credit({ max_single_order_value: "lots", credit_limit_balance: "" })
    expect(companyCreditRefusalOf(unreadable, cart("99999.00"))).toBeUndefined()
  })
})

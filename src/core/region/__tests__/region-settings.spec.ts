import { ORDER_CURRENCIES, REPAYMENT_CURRENCIES } from "../../../service/schemas"
import { effectiveRegionSettings, ineligibilityOf } from "../region-settings"

describe("ineligibilityOf", () => {
  const defaults = effectiveRegionSettings("reg_1", undefined, { captureOn: "shipment" })

  it("offers every currency the service takes for each method, in any letter case", () => {
    for (const currency of ORDER_CURRENCIES) {
      expect(
        ineligibilityOf(defaults, "invoice", { grossAmount: "100.00", currency: currency.toLowerCase() }),
      ).toBeUndefined()
    }
    for (const currency of REPAYMENT_CURRENCIES) {
      expect(ineligibilityOf(defaults, "instalments", { grossAmount: "100.00", currency })).toBeUndefined()
    }
  })

  it("refuses a currency the service does not take for the method, saying which it takes", () => {
    const jpy = ineligibilityOf(defaults, "invoice", { grossAmount: "100.00", currency: "jpy" })
    expect(jpy).toMatchObject({ code: "TRADE_CREDIT_NOT_ELIGIBLE", message: expect.stringMatching(/currency/) })
    expect(jpy!.reason).toMatch(/takes orders in CHF, .*USD, not JPY/)
    // Pay by invoice in CHF, but no instalment plan in CHF.
    expect(ineligibilityOf(defaults, "invoice", { grossAmount: "100.00", currency: "CHF" })).toBeUndefined()
    expect(ineligibilityOf(defaults, "instalments", { grossAmount: "100.00", currency: "CHF" })?.reason).toMatch(
      /instalment plans in DKK, EUR, GBP, NOK, SEK, USD, not CHF/,
    )
  })

  it("puts the merchant's switch first, then the currency, then the amounts", () => {
    const off = effectiveRegionSettings(
      "reg_1",
      { offered: false, max_order_amount: "10.00" },
      { captureOn: "shipment" },
    )
    expect(ineligibilityOf(off, "invoice", { grossAmount: "100.00", currency: "JPY" })?.code).toBe(
      "TRADE_CREDIT_NOT_OFFERED",
    )
    const capped = effectiveRegionSettings(
      "reg_1",
      { max_order_amount: "10.00", min_order_amount: "5.00" },
      { captureOn: "shipment" },
    )
    expect(ineligibilityOf(capped, "invoice", { grossAmount: "100.00", currency: "JPY" })?.reason).toMatch(/JPY/)
    expect(ineligibilityOf(capped, "invoice", { grossAmount: "10.01", currency: "EUR" })?.reason).toMatch(
      /above the region's maximum 10.00/,
    )
    expect(ineligibilityOf(capped, "invoice", { grossAmount: "4.99", currency: "EUR" })?.reason).toMatch(
      /below the region's minimum 5.00/,
    )
    expect(ineligibilityOf(capped, "invoice", { grossAmount: "10.00", currency: "EUR" })).toBeUndefined()
  })
})

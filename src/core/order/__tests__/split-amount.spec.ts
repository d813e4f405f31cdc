import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { FulfilRequest, RefundRequest, type TaxSubtotal } from "../../../service/schemas"
import { splitAmountByTaxRates } from "../split-amount"

const subtotals: TaxSubtotal[] = [
  { tax_rate: "0.000000", taxable_amount: "31.10", tax_amount: "0.00" },
  { tax_rate: "0.050000", taxable_amount: "29.97", tax_amount: "1.50" },
  { tax_rate: "0.200000", taxable_amount: "104.95", tax_amount: "20.99" },
]

describe("splitAmountByTaxRates", () => {
  it("splits a partial amount by each rate's gross share, to the cent", () => {
    const split = splitAmountByTaxRates("100.00", subtotals, { name: "Partial delivery" })
    // Gross shares: 31.10, 31.47, 125.94 of 188.51
    expect(
      split.line_items.map((l) => [l.name, l.gross_amount, l.net_amount, l.tax_amount, l.tax_rate, l.tax_class_name]),
    ).toEqual([
      ["Partial delivery (No tax 0%)", "16.50", "16.50", "0.00", "0.000000", "No tax 0%"],
      ["Partial delivery (Tax 5%)", "16.69", "15.90", "0.79", "0.050000", "Tax 5%"],
      ["Partial delivery (Tax 20%)", "66.81", "55.68", "11.13", "0.200000", "Tax 20%"],
    ])
    expect(split).toMatchObject({ gross_amount: "100.00", net_amount: "88.08", tax_amount: "11.92" })
    expect(split.line_items[0]).toMatchObject({
      type: "OTHER",
      quantity: "1",
      quantity_unit: "pcs",
      unit_price: "16.500000",
    })
    expect(checkOrderAmounts(split)).toEqual({ ok: true })
    FulfilRequest.parse(split)
  })

  it("gives the whole amount back when it is the whole order, and reads Medusa's amount shapes", () => {
    const whole = splitAmountByTaxRates({ value: "188.51", precision: 20 }, subtotals)
    expect(whole.tax_subtotals).toEqual(subtotals)
    const one = splitAmountByTaxRates(
      12.004,
      [{ tax_rate: "0.200000", taxable_amount: "50.00", tax_amount: "10.00" }],
      {
        taxClassName: () => "VAT 20%",
        type: "PHYSICAL",
      },
    )
    expect(one.line_items).toEqual([
      {
        name: "Order amount",
        description: "Order amount (VAT 20%)",
        quantity: "1",
        quantity_unit: "pcs",
        unit_price: "10.000000",
        net_amount: "10.00",
        tax_amount: "2.00",
        gross_amount: "12.00",
        discount_amount: "0.00",
        tax_rate: "0.200000",
        tax_class_name: "VAT 20%",
        type: "PHYSICAL",
      },
    ])
  })

  it("refuses nothing, a negative amount and more than the subtotals hold", () => {
    expect(() => splitAmountByTaxRates("0", subtotals)).toThrow(expect.objectContaining({ code: "INVALID_AMOUNT" }))
    expect(() => splitAmountByTaxRates("-5", subtotals)).toThrow(expect.objectContaining({ code: "INVALID_AMOUNT" }))
    expect(() => splitAmountByTaxRates("188.52", subtotals)).toThrow(
      expect.objectContaining({ code: "INVALID_AMOUNT" }),
    )
    expect(() => splitAmountByTaxRates("1", [])).toThrow(expect.objectContaining({ code: "INVALID_AMOUNT" }))
  })

  const rate = fc.constantFrom("0.000000", "0.050000", "0.075000", "0.120000", "0.200000", "0.250000", "0.088750")
  const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => new BigNumber(n).shiftedBy(-2))
  const subtotal = fc.tuple(rate, cents(100_000_000), fc.integer({ min: -2, max: 2 })).map(([r, taxable, noise]) => ({
    tax_rate: r,
    taxable_amount: taxable.toFixed(2),
    // the order's tax at that rate, give or take the cents of line rounding
    tax_amount: BigNumber.max(taxable.times(r).decimalPlaces(2).plus(new BigNumber(noise).shiftedBy(-2)), 0).toFixed(2),
  }))

  it("property: the parts add up to the amount exactly, and every line passes the arithmetic", () => {
    fc.assert(
      fc.property(
        fc.array(subtotal, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (taxSubtotals, fraction) => {
          const available = taxSubtotals.reduce((s, t) => s.plus(t.taxable_amount).plus(t.tax_amount), new BigNumber(0))
          const amount = available.times(fraction).decimalPlaces(2, BigNumber.ROUND_DOWN)
          fc.pre(amount.gt(0))
          const split = splitAmountByTaxRates(amount.toFixed(2), taxSubtotals)
          expect(split.gross_amount).toBe(amount.toFixed(2))
          expect(checkOrderAmounts(split)).toEqual({ ok: true })
          FulfilRequest.parse(split)
          RefundRequest.parse({ amount: split.gross_amount, currency: "EUR", tax_subtotals: split.tax_subtotals })
          // no rate gets more than its own gross
          for (const line of split.line_items) {
            const own = taxSubtotals
              .filter((t) => new BigNumber(t.tax_rate).eq(line.tax_rate))
              .reduce((s, t) => s.plus(t.taxable_amount).plus(t.tax_amount), new BigNumber(0))
            expect(new BigNumber(line.gross_amount).lte(own)).toBe(true)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})

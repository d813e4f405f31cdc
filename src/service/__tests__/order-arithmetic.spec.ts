import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkLineItem, checkOrderAmounts, taxSubtotalsOf } from "../order-arithmetic"
import type { LineItem } from "../schemas"

/**
 * The service's arithmetic (contract section 2) works on whole units (cents,
 * millionths). These tests hold it to the contract's decimal definition,
 * written out here with bignumber.js: the same verdict on every line.
 */
const bn = (v: string | number) => new BigNumber(v)
function contractVerdict(line: LineItem): "net_amount" | "tax_amount" | "gross_amount" | undefined {
  const net = bn(line.quantity)
    .times(line.unit_price)
    .minus(line.discount_amount ?? "0")
  if (net.minus(line.net_amount).abs().gt("0.02")) return "net_amount"
  if (bn(line.net_amount).times(line.tax_rate).minus(line.tax_amount).abs().gt("0.02")) return "tax_amount"
  if (!bn(line.net_amount).plus(line.tax_amount).eq(line.gross_amount)) return "gross_amount"
  return undefined
}

const money = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => new BigNumber(cents).shiftedBy(-2).toFixed(2))
const line: fc.Arbitrary<LineItem> = fc
  .record({
    quantity: fc.oneof(
      fc.integer({ min: 1, max: 500 }).map(String),
      fc.integer({ min: 1, max: 99_999 }).map((n) => bn(n.toString()).shiftedBy(-3).toFixed()),
    ),
    unitPrice: fc.integer({ min: 0, max: 100_000_000 }).map((n) => bn(n.toString()).shiftedBy(-6).toFixed(6)),
    rate: fc.constantFrom("0.000000", "0.050000", "0.075000", "0.200000", "0.125000", "1.000000"),
    discount: money,
    nudgeNet: fc.integer({ min: -4, max: 4 }),
    nudgeTax: fc.integer({ min: -4, max: 4 }),
    nudgeGross: fc.constantFrom(0, 0, 0, 1),
  })
  .map(({ quantity, unitPrice, rate, discount, nudgeNet, nudgeTax, nudgeGross }) => {
    const exactNet = BigNumber.max(bn(quantity).times(unitPrice).minus(discount), 0)
    const net = BigNumber.max(exactNet.decimalPlaces(2, BigNumber.ROUND_HALF_UP).plus(bn(nudgeNet).shiftedBy(-2)), 0)
    const tax = BigNumber.max(
      net.times(rate).decimalPlaces(2, BigNumber.ROUND_HALF_UP).plus(bn(nudgeTax).shiftedBy(-2)),
      0,
    )
    return {
      name: "Line",
      description: "A line of the order",
      quantity,
      quantity_unit: "pcs",
      unit_price: unitPrice,
      net_amount: net.toFixed(2),
      tax_amount: tax.toFixed(2),
      gross_amount: net.plus(tax).plus(bn(nudgeGross).shiftedBy(-2)).toFixed(2),
      discount_amount: discount,
      tax_rate: rate,
      tax_class_name: "VAT",
      type: "PHYSICAL" as const,
    }
  })

describe("order arithmetic in whole units", () => {
  it("gives every line the contract's decimal verdict", () => {
    fc.assert(
      fc.property(line, (l) => {
        const check = checkLineItem(l, 0)
        const expected = contractVerdict(l)
        expect(check.ok ? undefined : check.loc[2]).toBe(expected)
      }),
      { numRuns: 3000 },
    )
  })

  it("sums tax subtotals per rate exactly and checks order totals", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const subtotals = taxSubtotalsOf(lines)
        const rates = [...new Set(lines.map((l) => l.tax_rate))].sort((a, b) => bn(a).comparedTo(bn(b)) ?? 0)
        expect(subtotals.map((s) => s.tax_rate)).toEqual(rates)
        for (const s of subtotals) {
          const mine = lines.filter((l) => l.tax_rate === s.tax_rate)
          expect(s.taxable_amount).toBe(mine.reduce((a, l) => a.plus(l.net_amount), bn("0")).toFixed(2))
          expect(s.tax_amount).toBe(mine.reduce((a, l) => a.plus(l.tax_amount), bn("0")).toFixed(2))
        }
        const sum = (f: "gross_amount" | "net_amount" | "tax_amount") =>
          lines.reduce((a, l) => a.plus(l[f]), bn("0")).toFixed(2)
        const body = {
          gross_amount: sum("gross_amount"),
          net_amount: sum("net_amount"),
          tax_amount: sum("tax_amount"),
          line_items: lines,
          tax_subtotals: subtotals,
        }
        const linesOk = lines.every((l) => contractVerdict(l) === undefined)
        expect(checkOrderAmounts(body).ok).toBe(linesOk)
        if (linesOk) {
          const off = { ...body, gross_amount: bn(body.gross_amount).plus("0.01").toFixed(2) }
          expect(checkOrderAmounts(off)).toMatchObject({
            ok: false,
            code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
            loc: ["gross_amount"],
          })
        }
      }),
      { numRuns: 500 },
    )
  })

  it("names an amount that is no decimal of the wire's kind instead of guessing", () => {
    const base = {
      name: "Line",
      description: "A line of the order",
      quantity: "1",
      quantity_unit: "pcs",
      unit_price: "10.000000",
      net_amount: "10.00",
      tax_amount: "2.00",
      gross_amount: "12.00",
      discount_amount: "0.00",
      tax_rate: "0.200000",
      tax_class_name: "VAT",
      type: "PHYSICAL" as const,
    }
    expect(checkLineItem(base, 0)).toEqual({ ok: true })
    expect(checkLineItem({ ...base, net_amount: "10.001" }, 3)).toMatchObject({
      ok: false,
      code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
      loc: ["line_items", 3, "net_amount"],
    })
    expect(checkLineItem({ ...base, tax_rate: "1e-1" }, 0)).toMatchObject({
      ok: false,
      loc: ["line_items", 0, "tax_rate"],
    })
    expect(checkLineItem({ ...base, tax_amount: "2.10" }, 0)).toMatchObject({
      ok: false,
      message: expect.stringContaining("(2.000000)"),
    })
  })
})

import BigNumber from "bignumber.js"
import type { Loc } from "../contract/common"
import type { LineItem, TaxSubtotal } from "../contract/orders"

/**
 * The arithmetic the service checks on order bodies (contract.md section 2), the simulator's own: BigNumber on the
 * wire's decimal strings is exact at their precision, so nothing is rounded before it is compared.
 */

export type AmountCode = "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH" | "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH"
export type AmountCheck = { ok: true } | { ok: false; code: AmountCode; message: string; loc: Loc }

/** The service's tolerance on a line's net and tax. */
const TOLERANCE = new BigNumber("0.02")

const bn = (value: BigNumber.Value) => new BigNumber(value)
const lineFail = (message: string, loc: Loc): AmountCheck => ({
  ok: false,
  code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
  message,
  loc,
})
const totalFail = (message: string, loc: Loc): AmountCheck => ({
  ok: false,
  code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
  message,
  loc,
})

type LineAmounts = Pick<
  LineItem,
  "quantity" | "unit_price" | "net_amount" | "tax_amount" | "gross_amount" | "discount_amount" | "tax_rate"
>

/** net = quantity x unit_price - discount (within 0.02); tax = net x rate (within 0.02); gross = net + tax exactly. */
export function checkLine(line: LineAmounts, index: number): AmountCheck {
  const net = bn(line.net_amount)
  const expectedNet = bn(line.quantity)
    .times(line.unit_price)
    .minus(line.discount_amount ?? "0")
  if (expectedNet.minus(net).abs().gt(TOLERANCE)) {
    return lineFail(
      `line_items[${index}]: net_amount ${line.net_amount} is not quantity x unit_price - discount ` +
        `(${expectedNet.toFixed()})`,
      ["line_items", index, "net_amount"],
    )
  }
  const expectedTax = net.times(line.tax_rate)
  if (expectedTax.minus(line.tax_amount).abs().gt(TOLERANCE)) {
    return lineFail(
      `line_items[${index}]: tax_amount ${line.tax_amount} is not net_amount x tax_rate (${expectedTax.toFixed()})`,
      ["line_items", index, "tax_amount"],
    )
  }
  if (!net.plus(line.tax_amount).eq(line.gross_amount)) {
    return lineFail(`line_items[${index}]: gross_amount ${line.gross_amount} is not net_amount + tax_amount`, [
      "line_items",
      index,
      "gross_amount",
    ])
  }
  return { ok: true }
}

export function checkLines(lines: LineAmounts[]): AmountCheck {
  for (let i = 0; i < lines.length; i++) {
    const result = checkLine(lines[i], i)
    if (!result.ok) return result
  }
  return { ok: true }
}

const sumOf = <T>(items: T[], pick: (item: T) => BigNumber.Value) =>
  items.reduce((acc, item) => acc.plus(pick(item)), bn(0))

/** One entry per distinct rate (by value), the sums of that rate's lines, lowest rate first. */
export function taxSubtotalsOf(lines: Pick<LineItem, "tax_rate" | "net_amount" | "tax_amount">[]): TaxSubtotal[] {
  const byRate = new Map<string, { taxable: BigNumber; tax: BigNumber }>()
  for (const line of lines) {
    const rate = bn(line.tax_rate).toFixed(6)
    const sums = byRate.get(rate) ?? { taxable: bn(0), tax: bn(0) }
    byRate.set(rate, { taxable: sums.taxable.plus(line.net_amount), tax: sums.tax.plus(line.tax_amount) })
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => bn(a).comparedTo(b) ?? 0)
    .map(([tax_rate, sums]) => ({ tax_rate, taxable_amount: sums.taxable.toFixed(2), tax_amount: sums.tax.toFixed(2) }))
}

/** The given tax subtotals are exactly those of the lines (any order). */
export function checkTaxSubtotals(
  given: TaxSubtotal[],
  lines: LineAmounts[],
  loc: Loc = ["tax_subtotals"],
): AmountCheck {
  const expected = taxSubtotalsOf(lines)
  const sorted = [...given].sort((a, b) => bn(a.tax_rate).comparedTo(b.tax_rate) ?? 0)
  if (sorted.length !== expected.length) {
    return totalFail(`tax_subtotals must hold one entry per distinct tax rate (${expected.length})`, loc)
  }
  for (let i = 0; i < expected.length; i++) {
    const g = sorted[i]
    const e = expected[i]
    if (
      !bn(g.tax_rate).eq(e.tax_rate) ||
      !bn(g.taxable_amount).eq(e.taxable_amount) ||
      !bn(g.tax_amount).eq(e.tax_amount)
    ) {
      return totalFail(
        `tax_subtotals for rate ${e.tax_rate} must be taxable ${e.taxable_amount} and tax ${e.tax_amount}`,
        [...loc, given.indexOf(g)],
      )
    }
  }
  return { ok: true }
}

type Totals = {
  gross_amount: string
  net_amount: string
  tax_amount: string
  discount_amount?: string
  line_items: LineAmounts[]
  tax_subtotals: TaxSubtotal[]
}

/**
 * Every line, the totals (exact sums of the lines) and the tax subtotals. `at` prefixes every loc (e.g.
 * ["partial"]).
 */
export function checkTotals(body: Totals, at: Loc = []): AmountCheck {
  const prefixed = (check: AmountCheck): AmountCheck => (check.ok ? check : { ...check, loc: [...at, ...check.loc] })
  const lines = checkLines(body.line_items)
  if (!lines.ok) return prefixed(lines)
  for (const field of ["gross_amount", "net_amount", "tax_amount"] as const) {
    const total = sumOf(body.line_items, (l) => l[field])
    if (!total.eq(body[field]))
      return prefixed(totalFail(`${field} ${body[field]} is not the sum of the lines (${total.toFixed(2)})`, [field]))
  }
  if (body.discount_amount !== undefined) {
    const total = sumOf(body.line_items, (l) => l.discount_amount ?? "0")
    if (!total.eq(body.discount_amount)) {
      return prefixed(
        totalFail(`discount_amount ${body.discount_amount} is not the sum of the lines (${total.toFixed(2)})`, [
          "discount_amount",
        ]),
      )
    }
  }
  return prefixed(checkTaxSubtotals(body.tax_subtotals, body.line_items))
}

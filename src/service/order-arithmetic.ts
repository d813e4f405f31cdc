import BigNumber from "bignumber.js"
import type { LineItem, TaxSubtotal } from "./schemas/order"

/**
 * The arithmetic the service checks on every order, edit, fulfilment and
 * refund body (contract section 2). Shared by the simulator (which declines
 * bodies that fail it) and the plugin's tests (which prove that every body the
 * payload builder makes passes it). Exact decimals throughout.
 */

export const LINE_TOLERANCE = new BigNumber("0.02")

export type AmountCheckFailure = {
  ok: false
  code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH" | "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH"
  message: string
  loc: (string | number)[]
}
export type AmountCheck = { ok: true } | AmountCheckFailure

type Totals = {
  gross_amount: string
  net_amount: string
  tax_amount: string
  discount_amount?: string
  line_items: LineItem[]
  tax_subtotals?: TaxSubtotal[]
}

const bn = (v: string) => new BigNumber(v)
const CANONICAL_RATE = /^(0|[1-9]\d*)\.\d{6}$/

/** One line's amounts as exact values (what checkLineItem reads from the wire strings). */
export type LineAmounts = {
  quantity: BigNumber
  unitPrice: BigNumber
  discount: BigNumber
  net: BigNumber
  tax: BigNumber
  gross: BigNumber
  rate: BigNumber
}

/**
 * The line check of contract section 2 on exact values: the field it fails on
 * and why, or undefined when the line passes. checkLineItem runs it on the
 * parsed wire strings; the payload builder on the values it is about to format
 * (each formats to exactly the string it stands for), so a line is not parsed
 * back from its own strings.
 */
export function lineAmountsMismatch(line: LineAmounts): { field: "net_amount" | "tax_amount" | "gross_amount"; expected?: BigNumber } | undefined {
  const expectedNet = line.quantity.times(line.unitPrice).minus(line.discount)
  if (expectedNet.minus(line.net).abs().gt(LINE_TOLERANCE)) return { field: "net_amount", expected: expectedNet }
  const expectedTax = line.net.times(line.rate)
  if (expectedTax.minus(line.tax).abs().gt(LINE_TOLERANCE)) return { field: "tax_amount", expected: expectedTax }
  if (!line.net.plus(line.tax).eq(line.gross)) return { field: "gross_amount" }
  return undefined
}

/** Checks one line: net = qty x unit_price - discount (±0.02), tax = net x rate (±0.02), gross = net + tax exactly. */
export function checkLineItem(line: LineItem, index: number): AmountCheck {
  const mismatch = lineAmountsMismatch({
    quantity: bn(line.quantity),
    unitPrice: bn(line.unit_price),
    discount: bn(line.discount_amount ?? "0.00"),
    net: bn(line.net_amount),
    tax: bn(line.tax_amount),
    gross: bn(line.gross_amount),
    rate: bn(line.tax_rate),
  })
  if (!mismatch) return { ok: true }
  const messages = {
    net_amount: () => `net_amount ${line.net_amount} is not quantity x unit_price - discount (${mismatch.expected!.toFixed(6)})`,
    tax_amount: () => `tax_amount ${line.tax_amount} is not net_amount x tax_rate (${mismatch.expected!.toFixed(6)})`,
    gross_amount: () => `gross_amount ${line.gross_amount} is not net_amount + tax_amount`,
  }
  return {
    ok: false,
    code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
    message: `line_items[${index}]: ${messages[mismatch.field]()}`,
    loc: ["line_items", index, mismatch.field],
  }
}

/** Sums of the lines per distinct tax rate, as the service expects them in tax_subtotals. */
export function taxSubtotalsOf(lines: Pick<LineItem, "tax_rate" | "net_amount" | "tax_amount">[]): TaxSubtotal[] {
  const byRate = new Map<string, { taxable: BigNumber; tax: BigNumber }>()
  for (const line of lines) {
    // A rate already in the wire's form ("0.200000") is its own key.
    const key = CANONICAL_RATE.test(line.tax_rate) ? line.tax_rate : bn(line.tax_rate).toFixed(6)
    const sums = byRate.get(key) ?? { taxable: bn("0"), tax: bn("0") }
    sums.taxable = sums.taxable.plus(line.net_amount)
    sums.tax = sums.tax.plus(line.tax_amount)
    byRate.set(key, sums)
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => bn(a).comparedTo(bn(b)) ?? 0)
    .map(([rate, sums]) => ({ tax_rate: rate, taxable_amount: sums.taxable.toFixed(2), tax_amount: sums.tax.toFixed(2) }))
}

/** Checks every line (but those `lineChecked` names), the order totals (exact sums of the lines) and the tax subtotals (one per rate, exact sums). */
export function checkOrderAmounts(body: Totals, lineChecked: (index: number) => boolean = () => false): AmountCheck {
  for (let i = 0; i < body.line_items.length; i++) {
    // A line its builder has just checked (lineChecked) is not checked twice; the totals below still are.
    if (lineChecked(i)) continue
    const result = checkLineItem(body.line_items[i], i)
    if (!result.ok) return result
  }
  const fail = (message: string, loc: (string | number)[]): AmountCheckFailure => ({
    ok: false,
    code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
    message,
    loc,
  })
  const sum = (field: "gross_amount" | "net_amount" | "tax_amount" | "discount_amount") =>
    body.line_items.reduce((acc, line) => acc.plus(line[field] ?? "0"), bn("0"))
  for (const field of ["gross_amount", "net_amount", "tax_amount"] as const) {
    const total = sum(field)
    if (!total.eq(body[field])) {
      return fail(`${field} ${body[field]} is not the sum of the lines (${total.toFixed(2)})`, [field])
    }
  }
  if (body.discount_amount !== undefined && !sum("discount_amount").eq(body.discount_amount)) {
    return fail(`discount_amount ${body.discount_amount} is not the sum of the lines`, ["discount_amount"])
  }
  if (body.tax_subtotals !== undefined) {
    const expected = taxSubtotalsOf(body.line_items)
    const given = [...body.tax_subtotals].sort((a, b) => bn(a.tax_rate).comparedTo(bn(b.tax_rate)) ?? 0)
    if (given.length !== expected.length) {
      return fail(`tax_subtotals must hold one entry per distinct tax rate (${expected.length})`, ["tax_subtotals"])
    }
    for (let i = 0; i < expected.length; i++) {
      const g = given[i]
      const e = expected[i]
      if (!bn(g.tax_rate).eq(e.tax_rate) || !bn(g.taxable_amount).eq(e.taxable_amount) || !bn(g.tax_amount).eq(e.tax_amount)) {
        return fail(
          `tax_subtotals for rate ${e.tax_rate} must be taxable ${e.taxable_amount} and tax ${e.tax_amount}`,
          ["tax_subtotals", i]
        )
      }
    }
  }
  return { ok: true }
}

import { Exact } from "../core/money/exact"
import {
  absUnits,
  formatCents,
  formatUnits,
  MICRO_DECIMALS,
  MONEY_DECIMALS,
  parseUnits,
  pow10,
  rescale,
} from "../core/money/units"
import type { LineItem, TaxSubtotal } from "./schemas/order"

/**
 * The arithmetic the service checks on every order, edit, fulfilment and
 * refund body (contract section 2). Shared by the simulator (which declines
 * bodies that fail it) and the plugin's tests (which prove that every body the
 * payload builder makes passes it). Exact throughout: the wire's amounts have
 * fixed decimals, so the checks run on whole cents and millionths (core/money/units.ts).
 */

/** The service's tolerance on a line's net and tax (0.02), in cents. */
export const LINE_TOLERANCE_CENTS = 2n

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

const CANONICAL_RATE = /^(0|[1-9]\d*)\.\d{6}$/

/** Cents of a money string ("12.50" is 1250n), undefined when it is no decimal with at most two decimals. */
export const parseCents = (text: string): bigint | undefined => parseUnits(text, MONEY_DECIMALS)
/** Millionths of a quantity, unit price or tax rate ("0.200000" is 200000n), undefined likewise. */
export const parseMillionths = (text: string): bigint | undefined => parseUnits(text, MICRO_DECIMALS)

/** Cents of a money string the schema has already checked (a RangeError otherwise: a bug, not input). */
function knownCents(text: string, what: string): bigint {
  const cents = parseCents(text)
  if (cents === undefined) throw new RangeError(`${what} ${JSON.stringify(text)} is not money with two decimals`)
  return cents
}

/**
 * One line's amounts in whole units: quantity, unit price and tax rate in
 * millionths (the wire's six decimals), the money in cents.
 */
export type LineAmounts = {
  quantity: bigint
  unitPrice: bigint
  discount: bigint
  net: bigint
  tax: bigint
  gross: bigint
  rate: bigint
}

/** Cents as units of 10^-12 (quantity x unit price) and of 10^-8 (net x rate), and the tolerance in each. */
const CENTS_AT_12 = pow10(10)
const CENTS_AT_8 = pow10(6)
const TOLERANCE_AT_12 = LINE_TOLERANCE_CENTS * CENTS_AT_12
const TOLERANCE_AT_8 = LINE_TOLERANCE_CENTS * CENTS_AT_8

/**
 * The line check of contract section 2, exactly: the field it fails on and the
 * expected value (six decimals), or undefined when the line passes.
 * checkLineItem runs it on the wire strings; the payload builder on the units
 * it is about to format (each formats to exactly the string it stands for), so
 * a line is not parsed back from its own strings.
 */
export function lineAmountsMismatch(
  line: LineAmounts,
): { field: "net_amount" | "tax_amount" | "gross_amount"; expected?: string } | undefined {
  // quantity x unit_price in units of 10^-12; the cents scaled to match.
  const expectedNet = line.quantity * line.unitPrice - line.discount * CENTS_AT_12
  if (absUnits(expectedNet - line.net * CENTS_AT_12) > TOLERANCE_AT_12) {
    return { field: "net_amount", expected: formatUnits(rescale(expectedNet, 12, MICRO_DECIMALS), MICRO_DECIMALS) }
  }
  // net x rate in units of 10^-8.
  const expectedTax = line.net * line.rate
  if (absUnits(expectedTax - line.tax * CENTS_AT_8) > TOLERANCE_AT_8) {
    return { field: "tax_amount", expected: formatUnits(rescale(expectedTax, 8, MICRO_DECIMALS), MICRO_DECIMALS) }
  }
  if (line.net + line.tax !== line.gross) return { field: "gross_amount" }
  return undefined
}

/** The wire field each of LineAmounts is read from. */
const WIRE_NAMES = {
  quantity: "quantity",
  unitPrice: "unit_price",
  discount: "discount_amount",
  net: "net_amount",
  tax: "tax_amount",
  gross: "gross_amount",
  rate: "tax_rate",
} as const satisfies Record<keyof LineAmounts, keyof LineItem>

/** Checks one line: net = qty x unit_price - discount (±0.02), tax = net x rate (±0.02), gross = net + tax exactly. */
export function checkLineItem(line: LineItem, index: number): AmountCheck {
  const fields = {
    quantity: parseMillionths(line.quantity),
    unitPrice: parseMillionths(line.unit_price),
    discount: parseCents(line.discount_amount ?? "0.00"),
    net: parseCents(line.net_amount),
    tax: parseCents(line.tax_amount),
    gross: parseCents(line.gross_amount),
    rate: parseMillionths(line.tax_rate),
  }
  const unreadable = (Object.keys(fields) as (keyof typeof fields)[]).find((name) => fields[name] === undefined)
  if (unreadable) {
    const field = WIRE_NAMES[unreadable]
    return {
      ok: false,
      code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
      message: `line_items[${index}]: ${field} ${JSON.stringify(line[field] ?? null)} is not a decimal with at most ${
        field === "quantity" || field === "unit_price" || field === "tax_rate" ? MICRO_DECIMALS : MONEY_DECIMALS
      } decimals`,
      loc: ["line_items", index, field],
    }
  }
  const mismatch = lineAmountsMismatch(fields as LineAmounts)
  if (!mismatch) return { ok: true }
  const messages = {
    net_amount: () => `net_amount ${line.net_amount} is not quantity x unit_price - discount (${mismatch.expected})`,
    tax_amount: () => `tax_amount ${line.tax_amount} is not net_amount x tax_rate (${mismatch.expected})`,
    gross_amount: () => `gross_amount ${line.gross_amount} is not net_amount + tax_amount`,
  }
  return {
    ok: false,
    code: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
    message: `line_items[${index}]: ${messages[mismatch.field]()}`,
    loc: ["line_items", index, mismatch.field],
  }
}

/** Sums of the lines per distinct tax rate, as the service expects them in tax_subtotals (lowest rate first). */
export function taxSubtotalsOf(lines: Pick<LineItem, "tax_rate" | "net_amount" | "tax_amount">[]): TaxSubtotal[] {
  const byRate = new Map<string, { taxable: bigint; tax: bigint }>()
  for (const line of lines) {
    // A rate already in the wire's form ("0.200000") is its own key.
    const key = CANONICAL_RATE.test(line.tax_rate)
      ? line.tax_rate
      : Exact.fromDecimal(line.tax_rate, "tax_rate").toFixed(MICRO_DECIMALS)
    const sums = byRate.get(key) ?? { taxable: 0n, tax: 0n }
    sums.taxable += knownCents(line.net_amount, "net_amount")
    sums.tax += knownCents(line.tax_amount, "tax_amount")
    byRate.set(key, sums)
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => compareRates(a, b))
    .map(([rate, sums]) => ({
      tax_rate: rate,
      taxable_amount: formatCents(sums.taxable),
      tax_amount: formatCents(sums.tax),
    }))
}

/** Orders tax rate strings by value (one that is no six-decimal fraction last). */
function compareRates(a: string, b: string): number {
  const x = parseMillionths(a)
  const y = parseMillionths(b)
  if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1
  return x < y ? -1 : x > y ? 1 : 0
}

/** Checks every line (but those `lineChecked` names), the order totals (exact sums of the lines) and the tax subtotals
 * (one per rate, exact sums). */
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
  // Every line passed checkLineItem (here or in its builder): its amounts are money strings.
  const linesTotal = (field: "gross_amount" | "net_amount" | "tax_amount" | "discount_amount") =>
    body.line_items.reduce((cents, line) => cents + knownCents(line[field] ?? "0.00", field), 0n)
  for (const field of ["gross_amount", "net_amount", "tax_amount"] as const) {
    const total = linesTotal(field)
    if (parseCents(body[field]) !== total) {
      return fail(`${field} ${body[field]} is not the sum of the lines (${formatCents(total)})`, [field])
    }
  }
  if (body.discount_amount !== undefined && parseCents(body.discount_amount) !== linesTotal("discount_amount")) {
    return fail(`discount_amount ${body.discount_amount} is not the sum of the lines`, ["discount_amount"])
  }
  if (body.tax_subtotals !== undefined) {
    const expected = taxSubtotalsOf(body.line_items)
    const given = [...body.tax_subtotals].sort((a, b) => compareRates(a.tax_rate, b.tax_rate))
    if (given.length !== expected.length) {
      return fail(`tax_subtotals must hold one entry per distinct tax rate (${expected.length})`, ["tax_subtotals"])
    }
    for (let i = 0; i < expected.length; i++) {
      const g = given[i]
      const e = expected[i]
      const same =
        parseMillionths(g.tax_rate) === parseMillionths(e.tax_rate) &&
        parseCents(g.taxable_amount) === parseCents(e.taxable_amount) &&
        parseCents(g.tax_amount) === parseCents(e.tax_amount)
      if (!same) {
        return fail(
          `tax_subtotals for rate ${e.tax_rate} must be taxable ${e.taxable_amount} and tax ${e.tax_amount}`,
          ["tax_subtotals", i],
        )
      }
    }
  }
  return { ok: true }
}

import BigNumber from "bignumber.js"
import type { AmountCheck, AmountCheckFailure } from "./order-arithmetic"
import type { TaxSubtotal } from "./schemas/order"
import { MAX_NUMBER_OF_PERIODS, MIN_NUMBER_OF_PERIODS, type PlanLineItem } from "./schemas/repayment"

/**
 * The instalment rules of the repayment interface (contract section 3), pure
 * and exact (bignumber.js, amounts handled in whole cents): the client's
 * reading, used by the plugin to check a plan against the credit check's
 * limits before asking the service (the simulator keeps its own copy).
 *
 * - One instalment a month: the first is issued on the 1st day of the month
 *   after the plan's creation, each next one a month later (dates in UTC).
 * - The amount is split to the cent: every instalment gets the total divided
 *   by the number of periods, rounded down; the remainder goes on the last.
 * - The plan's tax subtotals are split in proportion to the instalments: each
 *   instalment's share of every rate's taxable and tax amount is within a cent
 *   of exact, each instalment's subtotals add up to its amount, and each rate's
 *   shares add up exactly to the plan's subtotal for that rate.
 */

export type ScheduledInstalment = {
  /** "YYYY-MM-DD" */
  invoice_issue_date: string
  repayment_amount: string
  tax_subtotals: TaxSubtotal[]
}

export type ScheduleInput = {
  total_repayment_amount: string
  tax_subtotals: TaxSubtotal[]
  number_of_periods: number
  /** When the plan is (or would be) created. */
  createdAt: Date
}

const bn = (value: BigNumber.Value) => new BigNumber(value)
const toCents = (money: string) => bn(money).times(100).integerValue(BigNumber.ROUND_HALF_UP)
const fromCents = (cents: BigNumber) => cents.div(100).toFixed(2)
const sumOf = (values: BigNumber[]) => values.reduce((acc, v) => acc.plus(v), bn(0))

function assertPeriods(numberOfPeriods: number): void {
  if (!Number.isInteger(numberOfPeriods) || numberOfPeriods < MIN_NUMBER_OF_PERIODS || numberOfPeriods > MAX_NUMBER_OF_PERIODS) {
    throw new RangeError(`number_of_periods must be an integer from ${MIN_NUMBER_OF_PERIODS} to ${MAX_NUMBER_OF_PERIODS}`)
  }
}

/** "YYYY-MM-DD" of a UTC date. */
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The issue dates: the 1st of each month, starting with the month after `createdAt` (UTC). */
export function instalmentIssueDates(createdAt: Date, numberOfPeriods: number): string[] {
  assertPeriods(numberOfPeriods)
  const year = createdAt.getUTCFullYear()
  const month = createdAt.getUTCMonth()
  return Array.from({ length: numberOfPeriods }, (_, i) => isoDate(Date.UTC(year, month + 1 + i, 1)))
}

/** The amount of each instalment: the total over the periods, rounded down to the cent; the remainder on the last. */
export function splitRepaymentAmount(total: string, numberOfPeriods: number): string[] {
  assertPeriods(numberOfPeriods)
  const cents = toCents(total)
  if (cents.isNegative()) throw new RangeError("total_repayment_amount cannot be negative")
  const base = cents.idiv(numberOfPeriods)
  const last = cents.minus(base.times(numberOfPeriods - 1))
  return Array.from({ length: numberOfPeriods }, (_, i) => fromCents(i === numberOfPeriods - 1 ? last : base))
}

/**
 * Splits the plan's tax subtotals over instalments of the given amounts, in
 * proportion, in whole cents. Every rate's taxable amount and tax amount is a
 * "column" to share out; every instalment a "row" whose cells must add up to
 * its amount. Each cell starts at its exact share rounded down; the cents
 * left over (fewer than the number of columns per row, fewer than the number
 * of rows per column) go one per cell, and only to cells whose exact share is
 * not a whole cent (rounded up, such a cell stays within a cent of its share;
 * a whole share must stay as it is). The exact shares are a fractional split
 * of that kind, so a whole one exists (a transportation problem's vertices are
 * integral); it is found by augmenting paths, larger fractions tried first.
 * So every cell is its exact share rounded down or up.
 *
 * The amounts must add up to the subtotals (taxable + tax).
 */
export function splitTaxSubtotals(taxSubtotals: TaxSubtotal[], amounts: string[]): TaxSubtotal[][] {
  const columns = taxSubtotals.flatMap((t) => [toCents(t.taxable_amount), toCents(t.tax_amount)])
  const rows = amounts.map(toCents)
  const total = sumOf(columns)
  if (!sumOf(rows).eq(total)) {
    throw new RangeError(`the instalments add up to ${fromCents(sumOf(rows))}, the tax subtotals to ${fromCents(total)}`)
  }
  const cells = rows.map((row) => columns.map((column) => (total.isZero() ? bn(0) : column.times(row).idiv(total))))
  const fractions = rows.map((row) => columns.map((column) => (total.isZero() ? bn(0) : column.times(row).mod(total))))
  const missing = columns.map((column, c) => column.minus(sumOf(cells.map((cellsOfRow) => cellsOfRow[c]))))

  const left = missing.map((cents) => cents.toNumber())
  const up = rows.map(() => columns.map(() => false))
  const candidates = rows.map((_, r) => columns.map((_, c) => c).filter((c) => fractions[r][c].gt(0)))
  /**
   * One more cent for row r: in the column that still misses the most (then the larger fraction), or, when no
   * column it may take a cent in misses any, in one whose cent another row moves to a column of its own.
   */
  const place = (r: number, visited: Set<number>): boolean => {
    const order = candidates[r]
      .filter((c) => !up[r][c] && !visited.has(c))
      .sort((a, b) => left[b] - left[a] || fractions[r][b].comparedTo(fractions[r][a]) || a - b)
    const free = order.find((c) => left[c] > 0)
    if (free !== undefined) {
      left[free]--
      up[r][free] = true
      return true
    }
    for (const c of order) {
      if (visited.has(c)) continue
      visited.add(c)
      for (let other = 0; other < rows.length; other++) {
        if (other === r || !up[other][c]) continue
        up[other][c] = false
        if (place(other, visited)) {
          up[r][c] = true
          return true
        }
        up[other][c] = true
      }
    }
    return false
  }
  rows.forEach((row, r) => {
    const short = row.minus(sumOf(cells[r])).toNumber()
    for (let cent = 0; cent < short; cent++) {
      if (!place(r, new Set())) throw new Error("splitTaxSubtotals: no split in whole cents (a bug: one always exists)")
    }
  })
  if (left.some((cents) => cents !== 0)) throw new Error("splitTaxSubtotals: cents left over (a bug: the rows and columns add up)")
  rows.forEach((_, r) => columns.forEach((_, c) => up[r][c] && (cells[r][c] = cells[r][c].plus(1))))

  return cells.map((cellsOfRow) =>
    taxSubtotals.map((t, i) => ({
      tax_rate: t.tax_rate,
      taxable_amount: fromCents(cellsOfRow[2 * i]),
      tax_amount: fromCents(cellsOfRow[2 * i + 1]),
    }))
  )
}

/** The whole schedule of a plan (or of one tentative plan of a preview). */
export function scheduleInstalments(input: ScheduleInput): ScheduledInstalment[] {
  const dates = instalmentIssueDates(input.createdAt, input.number_of_periods)
  const amounts = splitRepaymentAmount(input.total_repayment_amount, input.number_of_periods)
  const taxes = splitTaxSubtotals(input.tax_subtotals, amounts)
  return dates.map((invoice_issue_date, i) => ({
    invoice_issue_date,
    repayment_amount: amounts[i],
    tax_subtotals: taxes[i],
  }))
}

const failure = (
  code: AmountCheckFailure["code"],
  message: string,
  loc: (string | number)[]
): AmountCheckFailure => ({ ok: false, code, message, loc })

/**
 * The tax subtotals of a preview or a plan: one per distinct rate, adding up
 * (taxable + tax) exactly to `total_repayment_amount`; and the total is at
 * least a cent per instalment for the largest `numberOfPeriods` asked.
 */
export function checkRepaymentTotals(
  body: { total_repayment_amount: string; tax_subtotals: TaxSubtotal[] },
  numberOfPeriods: number[] = []
): AmountCheck {
  const rates = body.tax_subtotals.map((t) => bn(t.tax_rate).toFixed(6))
  const duplicate = rates.findIndex((rate, i) => rates.indexOf(rate) !== i)
  if (duplicate >= 0) {
    return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `tax_subtotals holds rate ${rates[duplicate]} twice`, [
      "tax_subtotals",
      duplicate,
    ])
  }
  const sum = sumOf(body.tax_subtotals.map((t) => bn(t.taxable_amount).plus(t.tax_amount)))
  if (!sum.eq(body.total_repayment_amount)) {
    return failure(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      `tax_subtotals add up to ${sum.toFixed(2)}, not total_repayment_amount ${body.total_repayment_amount}`,
      ["tax_subtotals"]
    )
  }
  const most = Math.max(MIN_NUMBER_OF_PERIODS, ...numberOfPeriods)
  if (toCents(body.total_repayment_amount).lt(most)) {
    return failure(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      `total_repayment_amount ${body.total_repayment_amount} is less than a cent per instalment over ${most} periods`,
      ["total_repayment_amount"]
    )
  }
  return { ok: true }
}

/** A plan line's net: quantity x (unit_price_amount - unit_discount_amount), exact. */
export const planLineNet = (line: PlanLineItem) =>
  bn(line.quantity).times(bn(line.unit_price_amount).minus(line.unit_discount_amount ?? "0"))

/**
 * A plan body (contract section 3, line arithmetic **(chosen)**): the tax
 * subtotals hold exactly the rates of the lines; each rate's taxable amount is
 * its lines' net within 0.01 per line and its tax amount taxable x rate within
 * 0.02; and they add up to `total_repayment_amount` (checkRepaymentTotals).
 */
export function checkPlanAmounts(body: {
  total_repayment_amount: string
  tax_subtotals: TaxSubtotal[]
  line_items: PlanLineItem[]
  terms: { number_of_periods: number }
}): AmountCheck {
  const byRate = new Map<string, { net: BigNumber; lines: number }>()
  for (const line of body.line_items) {
    const rate = bn(line.tax_rate).toFixed(6)
    const sums = byRate.get(rate) ?? { net: bn(0), lines: 0 }
    byRate.set(rate, { net: sums.net.plus(planLineNet(line)), lines: sums.lines + 1 })
  }
  const rates = new Set(body.tax_subtotals.map((t) => bn(t.tax_rate).toFixed(6)))
  const missing = [...byRate.keys()].find((rate) => !rates.has(rate))
  if (missing) {
    return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `tax_subtotals lack the lines' rate ${missing}`, ["tax_subtotals"])
  }
  for (let i = 0; i < body.tax_subtotals.length; i++) {
    const subtotal = body.tax_subtotals[i]
    const rate = bn(subtotal.tax_rate).toFixed(6)
    const sums = byRate.get(rate)
    if (!sums) return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `no line has the rate ${rate}`, ["tax_subtotals", i, "tax_rate"])
    const tolerance = bn("0.01").times(sums.lines)
    if (bn(subtotal.taxable_amount).minus(sums.net).abs().gt(tolerance)) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `taxable_amount ${subtotal.taxable_amount} at rate ${rate} is not the lines' net ${sums.net.toFixed(2)} ` +
          `(within ${tolerance.toFixed(2)})`,
        ["tax_subtotals", i, "taxable_amount"]
      )
    }
    const tax = bn(subtotal.taxable_amount).times(rate)
    if (bn(subtotal.tax_amount).minus(tax).abs().gt("0.02")) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `tax_amount ${subtotal.tax_amount} at rate ${rate} is not taxable x rate (${tax.toFixed(2)}, within 0.02)`,
        ["tax_subtotals", i, "tax_amount"]
      )
    }
  }
  return checkRepaymentTotals(body, [body.terms.number_of_periods])
}

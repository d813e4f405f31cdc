import BigNumber from "bignumber.js"
import { API_MAX_PERIODS, API_MIN_PERIODS, type TaxSubtotal } from "../contract/repayment"

/**
 * The simulator's copy of the instalment rules of contract section 3, exact
 * (bignumber.js, amounts handled in whole cents). Kept apart from the plugin's
 * src/service/repayment-schedule.ts so that the simulator answers by the
 * contract's rules, not by the client's reading of them.
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
  if (!Number.isInteger(numberOfPeriods) || numberOfPeriods < API_MIN_PERIODS || numberOfPeriods > API_MAX_PERIODS) {
    throw new RangeError(`number_of_periods must be an integer from ${API_MIN_PERIODS} to ${API_MAX_PERIODS}`)
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
    throw new RangeError(
      `the instalments add up to ${fromCents(sumOf(rows))}, the tax subtotals to ${fromCents(total)}`,
    )
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
  if (left.some((cents) => cents !== 0))
    throw new Error("splitTaxSubtotals: cents left over (a bug: the rows and columns add up)")
  rows.forEach((_, r) => columns.forEach((_, c) => up[r][c] && (cells[r][c] = cells[r][c].plus(1))))

  return cells.map((cellsOfRow) =>
    taxSubtotals.map((t, i) => ({
      tax_rate: t.tax_rate,
      taxable_amount: fromCents(cellsOfRow[2 * i]),
      tax_amount: fromCents(cellsOfRow[2 * i + 1]),
    })),
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

import BigNumber from "bignumber.js"
import type { AmountCheck, AmountCheckFailure } from "./order-arithmetic"
import type { TaxSubtotal } from "./schemas/order"
import { MAX_NUMBER_OF_PERIODS, MIN_NUMBER_OF_PERIODS } from "./plan-periods"
import type { PlanLineItem } from "./schemas/repayment"

/**
 * The client's reading of the repayment interface's amount rules (contract section 3), pure and exact
 * (bignumber.js, amounts handled in whole cents): the plugin checks a plan's body before sending it, and checks a
 * plan against the credit check's largest instalment. The schedule itself (issue dates, the tax split of each
 * instalment) is the service's work: the simulator computes it (packages/simulator/src/repayment/schedule.ts).
 *
 * - The amount is split to the cent: every instalment gets the total divided
 *   by the number of periods, rounded down; the remainder goes on the last.
 */

const bn = (value: BigNumber.Value) => new BigNumber(value)
const toCents = (money: string) => bn(money).times(100).integerValue(BigNumber.ROUND_HALF_UP)
const fromCents = (cents: BigNumber) => cents.div(100).toFixed(2)
const sumOf = (values: BigNumber[]) => values.reduce((acc, v) => acc.plus(v), bn(0))

function assertPeriods(numberOfPeriods: number): void {
  if (
    !Number.isInteger(numberOfPeriods) ||
    numberOfPeriods < MIN_NUMBER_OF_PERIODS ||
    numberOfPeriods > MAX_NUMBER_OF_PERIODS
  ) {
    throw new RangeError(
      `number_of_periods must be an integer from ${MIN_NUMBER_OF_PERIODS} to ${MAX_NUMBER_OF_PERIODS}`,
    )
  }
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

const failure = (code: AmountCheckFailure["code"], message: string, loc: (string | number)[]): AmountCheckFailure => ({
  ok: false,
  code,
  message,
  loc,
})

/**
 * The tax subtotals of a preview or a plan: one per distinct rate, adding up
 * (taxable + tax) exactly to `total_repayment_amount`; and the total is at
 * least a cent per instalment for the largest `numberOfPeriods` asked.
 */
export function checkRepaymentTotals(
  body: { total_repayment_amount: string; tax_subtotals: TaxSubtotal[] },
  numberOfPeriods: number[] = [],
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
      ["tax_subtotals"],
    )
  }
  const most = Math.max(MIN_NUMBER_OF_PERIODS, ...numberOfPeriods)
  if (toCents(body.total_repayment_amount).lt(most)) {
    return failure(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      `total_repayment_amount ${body.total_repayment_amount} is less than a cent per instalment over ${most} periods`,
      ["total_repayment_amount"],
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
    return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `tax_subtotals lack the lines' rate ${missing}`, [
      "tax_subtotals",
    ])
  }
  for (let i = 0; i < body.tax_subtotals.length; i++) {
    const subtotal = body.tax_subtotals[i]
    const rate = bn(subtotal.tax_rate).toFixed(6)
    const sums = byRate.get(rate)
    if (!sums)
      return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `no line has the rate ${rate}`, [
        "tax_subtotals",
        i,
        "tax_rate",
      ])
    const tolerance = bn("0.01").times(sums.lines)
    if (bn(subtotal.taxable_amount).minus(sums.net).abs().gt(tolerance)) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `taxable_amount ${subtotal.taxable_amount} at rate ${rate} is not the lines' net ${sums.net.toFixed(2)} ` +
          `(within ${tolerance.toFixed(2)})`,
        ["tax_subtotals", i, "taxable_amount"],
      )
    }
    const tax = bn(subtotal.taxable_amount).times(rate)
    if (bn(subtotal.tax_amount).minus(tax).abs().gt("0.02")) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `tax_amount ${subtotal.tax_amount} at rate ${rate} is not taxable x rate (${tax.toFixed(2)}, within 0.02)`,
        ["tax_subtotals", i, "tax_amount"],
      )
    }
  }
  return checkRepaymentTotals(body, [body.terms.number_of_periods])
}

import { Exact } from "../core/money/exact"
import { Money } from "../core/money/money"
import { MICRO_DECIMALS } from "../core/money/units"
import type { AmountCheck, AmountCheckFailure } from "./order-arithmetic"
import type { TaxSubtotal } from "./schemas/order"
import { MAX_NUMBER_OF_PERIODS, MIN_NUMBER_OF_PERIODS } from "./plan-periods"
import type { PlanLineItem } from "./schemas/repayment"

/**
 * The client's reading of the repayment interface's amount rules (contract section 3), pure and exact
 * (core/money: amounts to the cent): the plugin checks a plan's body before sending it, and checks a
 * plan against the credit check's largest instalment. The schedule itself (issue dates, the tax split of each
 * instalment) is the service's work: the simulator computes it (packages/simulator/src/repayment/schedule.ts).
 *
 * - The amount is split to the cent: every instalment gets the total divided
 *   by the number of periods, rounded down; the remainder goes on the last.
 */

/** A tax rate as the wire writes it ("0.200000"), whatever decimals it was given with: the key of its subtotal. */
const rateKey = (rate: string) => Exact.fromDecimal(rate, "tax_rate").toFixed(MICRO_DECIMALS)

/** The service's tolerance on a subtotal's tax (0.02) and on its taxable amount, per line (0.01). */
const TAX_TOLERANCE = Money.fromCents(2)
const LINE_TOLERANCE = Money.ONE_CENT

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
  const amount = Money.fromDecimal(total, "total_repayment_amount").roundToCents()
  if (amount.isNegative()) throw new RangeError("total_repayment_amount cannot be negative")
  return amount.split(numberOfPeriods).map((instalment) => instalment.toDecimal())
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
  const rates = body.tax_subtotals.map((t) => rateKey(t.tax_rate))
  const duplicate = rates.findIndex((rate, i) => rates.indexOf(rate) !== i)
  if (duplicate >= 0) {
    return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `tax_subtotals holds rate ${rates[duplicate]} twice`, [
      "tax_subtotals",
      duplicate,
    ])
  }
  const sum = Money.sum(body.tax_subtotals.flatMap((t) => [t.taxable_amount, t.tax_amount]))
  if (!sum.eq(body.total_repayment_amount)) {
    return failure(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      `tax_subtotals add up to ${sum.toDecimal()}, not total_repayment_amount ${body.total_repayment_amount}`,
      ["tax_subtotals"],
    )
  }
  const most = Math.max(MIN_NUMBER_OF_PERIODS, ...numberOfPeriods)
  if (Money.fromDecimal(body.total_repayment_amount).roundToCents().lt(Money.fromCents(most))) {
    return failure(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      `total_repayment_amount ${body.total_repayment_amount} is less than a cent per instalment over ${most} periods`,
      ["total_repayment_amount"],
    )
  }
  return { ok: true }
}

/** A plan line's net: quantity x (unit_price_amount - unit_discount_amount), exact. */
export const planLineNet = (line: PlanLineItem): Money =>
  Money.fromDecimal(line.unit_price_amount)
    .minus(line.unit_discount_amount ?? "0")
    .times(Exact.fromDecimal(line.quantity, "quantity"))

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
  const byRate = new Map<string, { net: Money; lines: number }>()
  for (const line of body.line_items) {
    const rate = rateKey(line.tax_rate)
    const sums = byRate.get(rate) ?? { net: Money.ZERO, lines: 0 }
    byRate.set(rate, { net: sums.net.plus(planLineNet(line)), lines: sums.lines + 1 })
  }
  const rates = new Set(body.tax_subtotals.map((t) => rateKey(t.tax_rate)))
  const missing = [...byRate.keys()].find((rate) => !rates.has(rate))
  if (missing) {
    return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `tax_subtotals lack the lines' rate ${missing}`, [
      "tax_subtotals",
    ])
  }
  for (let i = 0; i < body.tax_subtotals.length; i++) {
    const subtotal = body.tax_subtotals[i]
    const rate = rateKey(subtotal.tax_rate)
    const sums = byRate.get(rate)
    if (!sums)
      return failure("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH", `no line has the rate ${rate}`, [
        "tax_subtotals",
        i,
        "tax_rate",
      ])
    const tolerance = LINE_TOLERANCE.times(BigInt(sums.lines))
    const taxable = Money.fromDecimal(subtotal.taxable_amount)
    if (taxable.minus(sums.net).abs().gt(tolerance)) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `taxable_amount ${subtotal.taxable_amount} at rate ${rate} is not the lines' net ${sums.net.toDecimal()} ` +
          `(within ${tolerance.toDecimal()})`,
        ["tax_subtotals", i, "taxable_amount"],
      )
    }
    const tax = taxable.times(Exact.fromDecimal(rate))
    if (Money.fromDecimal(subtotal.tax_amount).minus(tax).abs().gt(TAX_TOLERANCE)) {
      return failure(
        "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
        `tax_amount ${subtotal.tax_amount} at rate ${rate} is not taxable x rate (${tax.toDecimal()}, within 0.02)`,
        ["tax_subtotals", i, "tax_amount"],
      )
    }
  }
  return checkRepaymentTotals(body, [body.terms.number_of_periods])
}

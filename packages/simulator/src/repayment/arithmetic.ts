import BigNumber from "bignumber.js"
import type { z } from "zod"
import { type PlanLineItem, Preview, PlanCreate, type TaxSubtotal } from "../contract/repayment"

/**
 * The money rules of contract section 3, checked by the simulator as part of
 * the body's validation (a failure is a 422 whose `loc` names the field):
 *
 * - `tax_subtotals` hold one entry per rate and add up (taxable + tax) to
 *   `total_repayment_amount` exactly, and the total reaches a cent per instalment;
 * - a plan's line net is quantity x (unit_price_amount - unit_discount_amount);
 *   the subtotals hold exactly the rates of the lines; each rate's
 *   `taxable_amount` is its lines' net within 0.01 per line, its `tax_amount`
 *   is taxable x rate within 0.02.
 */

const bn = (value: BigNumber.Value) => new BigNumber(value)
const rateKey = (rate: string) => bn(rate).toFixed(6)

type Issues = z.RefinementCtx
type Totals = { total_repayment_amount: string; tax_subtotals: TaxSubtotal[]; terms: { number_of_periods: number } }

function checkTotals(body: Totals, ctx: Issues) {
  const seen = new Set<string>()
  body.tax_subtotals.forEach((t, i) => {
    if (seen.has(rateKey(t.tax_rate))) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_subtotals", i, "tax_rate"],
        message: `rate ${t.tax_rate} is listed twice`,
      })
    }
    seen.add(rateKey(t.tax_rate))
  })
  const sum = body.tax_subtotals.reduce((acc, t) => acc.plus(t.taxable_amount).plus(t.tax_amount), bn(0))
  if (!sum.eq(body.total_repayment_amount)) {
    ctx.addIssue({
      code: "custom",
      path: ["tax_subtotals"],
      message: `tax_subtotals add up to ${sum.toFixed(2)}, not total_repayment_amount ${body.total_repayment_amount}`,
    })
  }
  if (bn(body.total_repayment_amount).times(100).lt(body.terms.number_of_periods)) {
    ctx.addIssue({
      code: "custom",
      path: ["total_repayment_amount"],
      message: `less than a cent for each of the ${body.terms.number_of_periods} instalments`,
    })
  }
}

/** A line's net: quantity x (unit price - unit discount), exact. */
export const lineNet = (line: PlanLineItem) =>
  bn(line.quantity).times(bn(line.unit_price_amount).minus(line.unit_discount_amount ?? "0"))

function checkLines(body: z.infer<typeof PlanCreate>, ctx: Issues) {
  const byRate = new Map<string, { net: BigNumber; lines: number }>()
  body.line_items.forEach((line) => {
    const key = rateKey(line.tax_rate)
    const sums = byRate.get(key) ?? { net: bn(0), lines: 0 }
    byRate.set(key, { net: sums.net.plus(lineNet(line)), lines: sums.lines + 1 })
  })
  const given = new Map(body.tax_subtotals.map((t, i) => [rateKey(t.tax_rate), { t, i }]))
  for (const [rate, sums] of byRate) {
    const entry = given.get(rate)
    if (!entry) {
      ctx.addIssue({ code: "custom", path: ["tax_subtotals"], message: `no entry for rate ${rate} of the line items` })
      continue
    }
    const { t, i } = entry
    const tolerance = bn("0.01").times(sums.lines)
    if (bn(t.taxable_amount).minus(sums.net).abs().gt(tolerance)) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_subtotals", i, "taxable_amount"],
        message: `must be the lines' net at rate ${rate} (${sums.net.toFixed(2)}) within ${tolerance.toFixed(2)}`,
      })
    }
    const tax = bn(t.taxable_amount).times(rate)
    if (bn(t.tax_amount).minus(tax).abs().gt("0.02")) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_subtotals", i, "tax_amount"],
        message: `must be taxable_amount x ${rate} (${tax.toFixed(2)}) within 0.02`,
      })
    }
  }
  body.tax_subtotals.forEach((t, i) => {
    if (!byRate.has(rateKey(t.tax_rate))) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_subtotals", i, "tax_rate"],
        message: `no line item has rate ${t.tax_rate}`,
      })
    }
  })
}

/** POST /preview, with its money rules. */
export const CheckedPreview = Preview.superRefine(checkTotals)

/** POST /plan, with its money rules. */
export const CheckedPlan = PlanCreate.superRefine((body, ctx) => {
  checkTotals(body, ctx)
  checkLines(body, ctx)
})

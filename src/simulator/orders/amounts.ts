import BigNumber from "bignumber.js"
import { type AmountCheck, checkLineItem, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, RefundRequest } from "../../service/schemas"
import { ServiceError } from "../errors"

export const bn = (value: BigNumber.Value) => new BigNumber(value)
export const money = (value: BigNumber.Value) => bn(value).toFixed(2)
export const sumOf = <T>(items: T[], pick: (item: T) => BigNumber.Value) =>
  items.reduce((acc, item) => acc.plus(pick(item)), bn(0))

/** An intent carries only gross_amount: every line is checked, and the gross is their sum. */
export function checkIntentAmounts(body: { gross_amount: string; line_items: LineItem[] }): AmountCheck {
  for (let i = 0; i < body.line_items.length; i++) {
    const result = checkLineItem(body.line_items[i], i)
    if (!result.ok) return result
  }
  const total = sumOf(body.line_items, (l) => l.gross_amount)
  if (!total.eq(body.gross_amount)) {
    return {
      ok: false,
      code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      message: `gross_amount ${body.gross_amount} is not the sum of the lines (${total.toFixed(2)})`,
      loc: ["gross_amount"],
    }
  }
  return { ok: true }
}

/**
 * A partial refund: the lines (when given) follow the line rules and sum to
 * the amount; the tax subtotals sum (taxable + tax) to the amount, and match
 * the lines when there are lines.
 */
export function checkRefundAmounts(body: RefundRequest): AmountCheck {
  const fail = (message: string, loc: (string | number)[]): AmountCheck => ({
    ok: false,
    code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
    message,
    loc,
  })
  const lines = body.line_items ?? []
  for (let i = 0; i < lines.length; i++) {
    const result = checkLineItem(lines[i], i)
    if (!result.ok) return result
  }
  if (lines.length > 0) {
    const total = sumOf(lines, (l) => l.gross_amount)
    if (!total.eq(body.amount)) return fail(`amount ${body.amount} is not the sum of the lines (${total.toFixed(2)})`, ["amount"])
    const expected = taxSubtotalsOf(lines)
    const given = [...body.tax_subtotals].sort((a, b) => bn(a.tax_rate).comparedTo(b.tax_rate) ?? 0)
    const same =
      given.length === expected.length &&
      expected.every(
        (e, i) => bn(given[i].tax_rate).eq(e.tax_rate) && bn(given[i].taxable_amount).eq(e.taxable_amount) && bn(given[i].tax_amount).eq(e.tax_amount)
      )
    if (!same) return fail("tax_subtotals must be the sums of the lines per tax rate", ["tax_subtotals"])
  }
  const subtotal = sumOf(body.tax_subtotals, (t) => bn(t.taxable_amount).plus(t.tax_amount))
  if (!subtotal.eq(body.amount)) {
    return fail(`tax_subtotals add up to ${subtotal.toFixed(2)}, not the amount ${body.amount}`, ["tax_subtotals"])
  }
  return { ok: true }
}

/** Bad arithmetic on an edit, a fulfilment or a refund: 400 with the failing code. */
export function assertAmounts(check: AmountCheck): void {
  if (check.ok) return
  throw new ServiceError(400, check.code, check.message, null, [{ loc: ["body", ...check.loc], msg: check.message, type: "value_error" }])
}

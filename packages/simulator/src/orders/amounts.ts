import BigNumber from "bignumber.js"
import type { LineItem, PartialRefundRequest } from "../contract/orders"
import { ServiceError } from "../errors"
import { type AmountCheck, checkLines, checkTaxSubtotals } from "./arithmetic"

export const bn = (value: BigNumber.Value) => new BigNumber(value)
export const money = (value: BigNumber.Value) => bn(value).toFixed(2)
export const sumOf = <T>(items: T[], pick: (item: T) => BigNumber.Value) =>
  items.reduce((acc, item) => acc.plus(pick(item)), bn(0))

const totalFail = (message: string, loc: (string | number)[]): AmountCheck => ({
  ok: false,
  code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
  message,
  loc,
})

/** An intent carries only gross_amount: every line is checked, and the gross is their sum. */
export function checkIntentAmounts(body: { gross_amount: string; line_items: LineItem[] }): AmountCheck {
  const lines = checkLines(body.line_items)
  if (!lines.ok) return lines
  const total = sumOf(body.line_items, (l) => l.gross_amount)
  if (!total.eq(body.gross_amount))
    return totalFail(`gross_amount ${body.gross_amount} is not the sum of the lines (${total.toFixed(2)})`, [
      "gross_amount",
    ])
  return { ok: true }
}

/**
 * A partial refund: the lines (when given) follow the line rules and sum to
 * the amount; the tax subtotals sum (taxable + tax) to the amount, and match
 * the lines when there are lines.
 */
export function checkRefundAmounts(body: PartialRefundRequest): AmountCheck {
  const lines = body.line_items ?? []
  const checked = checkLines(lines)
  if (!checked.ok) return checked
  if (lines.length > 0) {
    const total = sumOf(lines, (l) => l.gross_amount)
    if (!total.eq(body.amount))
      return totalFail(`amount ${body.amount} is not the sum of the lines (${total.toFixed(2)})`, ["amount"])
    const subtotals = checkTaxSubtotals(body.tax_subtotals, lines)
    if (!subtotals.ok) return subtotals
  }
  const subtotal = sumOf(body.tax_subtotals, (t) => bn(t.taxable_amount).plus(t.tax_amount))
  if (!subtotal.eq(body.amount))
    return totalFail(`tax_subtotals add up to ${subtotal.toFixed(2)}, not the amount ${body.amount}`, ["tax_subtotals"])
  return { ok: true }
}

/** Bad arithmetic on an edit, a fulfilment or a refund: 400 with the failing code, loc inside the body. */
export function assertAmounts(check: AmountCheck): void {
  if (check.ok) return
  throw new ServiceError(400, check.code, check.message, null, [
    { loc: ["body", ...check.loc], msg: check.message, type: "value_error" },
  ])
}

import BigNumber from "bignumber.js"
import { checkLineItem, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, TaxSubtotal } from "../../service/schemas/order"
import {
  formatMoney,
  formatTaxRate,
  formatUnitPrice,
  roundToCents,
  sumDecimals,
  toDecimal,
  ZERO,
  type DecimalInput,
} from "../money/decimal"
import { clipText, MAX_DESCRIPTION } from "./descriptions"
import { PayloadError } from "./errors"
import { taxClassNameForRate } from "./tax-class"

export type SplitOptions = {
  /** The name of the lines (default "Order amount"); with several rates the tax class is added. */
  name?: string
  /**
   * Their description (default: the name and tax class, "Order amount (VAT 20%)"); with
   * several rates the tax class is added. Every line the service receives carries one.
   */
  description?: string
  /** Their type (default OTHER). */
  type?: LineItem["type"]
  /** The tax class name of a rate (default e.g. "Tax 20%"); pass the order's names to repeat them. */
  taxClassName?: (taxRate: string) => string
}

export type SplitAmount = {
  line_items: LineItem[]
  tax_subtotals: TaxSubtotal[]
  net_amount: string
  tax_amount: string
  gross_amount: string
}

const CENTS = new BigNumber(100)

/** The gross per rate (taxable + tax), merging entries of the same rate. */
function grossByRate(taxSubtotals: readonly TaxSubtotal[]): { rate: string; gross: BigNumber }[] {
  const byRate = new Map<string, BigNumber>()
  for (const subtotal of taxSubtotals) {
    const rate = formatTaxRate(subtotal.tax_rate)
    const gross = new BigNumber(subtotal.taxable_amount).plus(subtotal.tax_amount)
    if (gross.lt(0)) {
      throw new PayloadError("INVALID_AMOUNT", `tax subtotal at rate ${rate} is negative`, "tax_subtotals")
    }
    byRate.set(rate, (byRate.get(rate) ?? ZERO).plus(gross))
  }
  return [...byRate.entries()].map(([rate, gross]) => ({ rate, gross }))
}

/**
 * Shares `amount` (in cents) out in proportion to `weights`, exactly: each
 * share is rounded down to a cent, and the cents left go to the largest
 * remainders (ties: the larger weight, then the earlier entry).
 */
export function allocateCents(amount: BigNumber, weights: readonly BigNumber[]): BigNumber[] {
  const totalCents = amount.times(CENTS).integerValue(BigNumber.ROUND_HALF_UP)
  const weightSum = sumDecimals(weights)
  const exact = weights.map((w) => totalCents.times(w).dividedBy(weightSum))
  const floors = exact.map((e) => e.integerValue(BigNumber.ROUND_FLOOR))
  let left = totalCents.minus(sumDecimals(floors)).toNumber()
  const order = exact
    .map((e, i) => ({ i, remainder: e.minus(floors[i]) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || weights[b.i].comparedTo(weights[a.i]) || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    floors[i] = floors[i].plus(1)
    left--
  }
  return floors.map((cents) => cents.dividedBy(CENTS))
}

/**
 * The body parts of a partial capture or refund of an arbitrary gross `amount`:
 * one line per tax rate, each rate's part in proportion to its gross share in
 * `taxSubtotals` (the order's, or what remains of them), to the cent. The parts
 * add up to the amount exactly; each part is split into net = part / (1 + rate)
 * rounded to cents and tax = part - net, so every line passes the service's
 * arithmetic (|net × rate − tax| ≤ 0.01). The amount is rounded to cents first
 * (half up); it must be positive and at most the subtotals' gross.
 */
export function splitAmountByTaxRates(
  amount: DecimalInput,
  taxSubtotals: readonly TaxSubtotal[],
  options: SplitOptions = {},
): SplitAmount {
  const gross = roundToCents(toDecimal(amount, "amount"))
  if (!gross.gt(0)) {
    throw new PayloadError("INVALID_AMOUNT", `The amount to split must be positive (got ${gross.toFixed()})`, "amount")
  }
  const rates = grossByRate(taxSubtotals).filter((r) => r.gross.gt(0))
  const available = sumDecimals(rates.map((r) => r.gross))
  if (gross.gt(available)) {
    throw new PayloadError(
      "INVALID_AMOUNT",
      `The amount ${formatMoney(gross)} is more than the tax subtotals hold (${formatMoney(available)})`,
      "amount",
    )
  }
  const parts = allocateCents(
    gross,
    rates.map((r) => r.gross),
  )
  const name = options.name ?? "Order amount"
  const line_items: LineItem[] = []
  rates.forEach(({ rate }, i) => {
    const part = parts[i]
    if (part.isZero()) return
    const net = roundToCents(part.dividedBy(new BigNumber(rate).plus(1)))
    const tax = part.minus(net)
    const taxClass = options.taxClassName?.(rate) ?? taxClassNameForRate(rate)
    const description = options.description ?? `${name} (${taxClass})`
    const line: LineItem = {
      name: rates.length > 1 ? `${name} (${taxClass})`.slice(0, 255) : name.slice(0, 255),
      description: clipText(
        rates.length > 1 && options.description ? `${description} (${taxClass})` : description,
        MAX_DESCRIPTION,
      ),
      quantity: "1",
      quantity_unit: "pcs",
      unit_price: formatUnitPrice(net),
      net_amount: formatMoney(net),
      tax_amount: formatMoney(tax),
      gross_amount: formatMoney(part),
      discount_amount: "0.00",
      tax_rate: rate,
      tax_class_name: taxClass.slice(0, 100),
      type: options.type ?? "OTHER",
    }
    const check = checkLineItem(line, line_items.length)
    if (!check.ok) throw new PayloadError("AMOUNT_NOT_REPRESENTABLE", check.message, check.loc)
    line_items.push(line)
  })
  const sum = (field: "net_amount" | "tax_amount" | "gross_amount") =>
    formatMoney(sumDecimals(line_items.map((line) => line[field])))
  return {
    line_items,
    tax_subtotals: taxSubtotalsOf(line_items),
    net_amount: sum("net_amount"),
    tax_amount: sum("tax_amount"),
    gross_amount: sum("gross_amount"),
  }
}

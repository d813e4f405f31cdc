import { checkLineItem, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, TaxSubtotal } from "../../service/schemas/order"
import { Exact } from "../money/exact"
import { Money, type MedusaAmount } from "../money/money"
import { MICRO_DECIMALS } from "../money/units"
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

/** The gross per rate (taxable + tax), merging entries of the same rate (as the wire writes it, "0.200000"). */
function grossByRate(taxSubtotals: readonly TaxSubtotal[]): { rate: string; gross: Money }[] {
  const byRate = new Map<string, Money>()
  for (const subtotal of taxSubtotals) {
    const rate = Exact.fromDecimal(subtotal.tax_rate, "tax_rate").toFixed(MICRO_DECIMALS)
    const gross = Money.fromDecimal(subtotal.taxable_amount).plus(subtotal.tax_amount)
    if (gross.isNegative()) {
      throw new PayloadError("INVALID_AMOUNT", `tax subtotal at rate ${rate} is negative`, "tax_subtotals")
    }
    byRate.set(rate, (byRate.get(rate) ?? Money.ZERO).plus(gross))
  }
  return [...byRate.entries()].map(([rate, gross]) => ({ rate, gross }))
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
  amount: MedusaAmount,
  taxSubtotals: readonly TaxSubtotal[],
  options: SplitOptions = {},
): SplitAmount {
  const gross = Money.fromMedusa(amount, "amount").roundToCents()
  if (!gross.isPositive()) {
    throw new PayloadError("INVALID_AMOUNT", `The amount to split must be positive (got ${gross.toFixed()})`, "amount")
  }
  const rates = grossByRate(taxSubtotals).filter((r) => r.gross.isPositive())
  const available = Money.sum(rates.map((r) => r.gross))
  if (gross.gt(available)) {
    throw new PayloadError(
      "INVALID_AMOUNT",
      `The amount ${gross.toDecimal()} is more than the tax subtotals hold (${available.toDecimal()})`,
      "amount",
    )
  }
  const parts = gross.allocate(rates.map((r) => r.gross))
  const name = options.name ?? "Order amount"
  const line_items: LineItem[] = []
  rates.forEach(({ rate }, i) => {
    const part = parts[i]
    if (part.isZero()) return
    const net = part.dividedBy(Exact.fromDecimal(rate).plus(Exact.ONE)).roundToCents()
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
      unit_price: net.toFixed(MICRO_DECIMALS),
      net_amount: net.toDecimal(),
      tax_amount: tax.toDecimal(),
      gross_amount: part.toDecimal(),
      discount_amount: "0.00",
      tax_rate: rate,
      tax_class_name: taxClass.slice(0, 100),
      type: options.type ?? "OTHER",
    }
    const check = checkLineItem(line, line_items.length)
    if (!check.ok) throw new PayloadError("AMOUNT_NOT_REPRESENTABLE", check.message, check.loc)
    line_items.push(line)
  })
  const linesTotal = (field: "net_amount" | "tax_amount" | "gross_amount") =>
    Money.sum(line_items.map((line) => line[field])).toDecimal()
  return {
    line_items,
    tax_subtotals: taxSubtotalsOf(line_items),
    net_amount: linesTotal("net_amount"),
    tax_amount: linesTotal("tax_amount"),
    gross_amount: linesTotal("gross_amount"),
  }
}

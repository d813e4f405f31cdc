import { parseMillionths } from "../../service/order-arithmetic"
import { Exact } from "../money/exact"
import { MICRO_DECIMALS } from "../money/units"
import { PayloadError } from "./errors"
import type { MedusaCartData } from "./medusa-cart"

type TaxLine = NonNullable<NonNullable<MedusaCartData["items"]>[number]["tax_lines"]>[number]

export type LineTax = {
  /** The rate as sent (a fraction, rounded to six decimals), in millionths: what the service checks against. */
  rate: bigint
  /** The same on the wire ("0.200000"). */
  tax_rate: string
  /** For people, e.g. "VAT 20%" or "GST 5% + PST 7%". */
  tax_class_name: string
}

/** The label shown when a line carries no tax line at all. */
export const NO_TAX_CLASS_NAME = "No tax 0%"

const MAX_CLASS_NAME = 100

function labelOf(line: TaxLine): string {
  const label = (line.description ?? "").trim() || (line.code ?? "").trim()
  // Medusa names a region's fallback rate "default": say "Tax" instead.
  return !label || /^default$/i.test(label) ? "Tax" : label
}

/** A percentage for people, to four decimals at most ("20", "7.5"). */
const percentText = (percent: Exact) => percent.roundTo(4).toString()

function nameOf(line: TaxLine): string {
  const label = labelOf(line)
  return label.includes("%") ? label : `${label} ${percentText(line.rate)}%`
}

/**
 * The tax of one line, relayed from the rates Medusa applied: Medusa stores
 * percentages (20 means 20 %), and several tax lines on one item add up (as
 * Medusa's own totals add them). The rate is never derived from amounts.
 */
export function taxOfLine(taxLines: readonly TaxLine[] | null | undefined, where: string): LineTax {
  const lines = taxLines ?? []
  // Most lines of a cart carry the same tax lines: each combination is worked out once (the result is immutable).
  const key = lines
    .map((line) => `${line.rate.toString()}\u0000${line.description ?? ""}\u0000${line.code ?? ""}`)
    .join("\u0001")
  const known = taxesByLines.get(key)
  if (known) return known
  const tax = computeTaxOfLine(lines, where)
  if (taxesByLines.size >= MAX_KNOWN_TAXES) taxesByLines.clear()
  taxesByLines.set(key, tax)
  return tax
}

const TWO = Exact.of(2)

/** Taxes by their tax lines' rates and labels (bounded: a few per store in practice). */
const taxesByLines = new Map<string, LineTax>()
const MAX_KNOWN_TAXES = 500

function computeTaxOfLine(lines: readonly TaxLine[], where: string): LineTax {
  const percent = Exact.sum(lines.map((line) => line.rate))
  const fraction = percent.dividedBy(100n)
  if (fraction.isNegative() || fraction.gte(TWO)) {
    throw new PayloadError(
      "CART_NOT_SUPPORTED",
      `${where}: a tax rate of ${percentText(percent)}% cannot be sent to the trade credit service`,
      where,
    )
  }
  // On the wire: a fraction with six decimals, half up ("0.200000").
  const taxRate = fraction.toFixed(MICRO_DECIMALS)
  const name = lines.length === 0 ? NO_TAX_CLASS_NAME : lines.map(nameOf).join(" + ")
  return {
    rate: parseMillionths(taxRate) as bigint,
    tax_rate: taxRate,
    tax_class_name: name.length > MAX_CLASS_NAME ? `${name.slice(0, MAX_CLASS_NAME - 1)}…` : name,
  }
}

/** A tax class name built from a rate alone (a fraction as the wire writes it, "0.200000"), for lines that have no
 * Medusa tax line to name them. */
export function taxClassNameForRate(taxRate: string, label = "Tax"): string {
  const percent = Exact.fromDecimal(taxRate, "tax_rate").times(100n)
  return percent.isZero() ? NO_TAX_CLASS_NAME : `${label} ${percentText(percent)}%`
}

import { lineAmountsMismatch } from "../../service/order-arithmetic"
import type { LineItem } from "../../service/schemas/order"
import type { Exact } from "../money/exact"
import {
  divideRounded,
  formatCents,
  formatUnits,
  formatUnitsShortest,
  MICRO_DECIMALS,
  MONEY_DECIMALS,
  pow10,
  rescale,
} from "../money/units"
import { PayloadError } from "./errors"
import type { LineTax } from "./tax-class"
import { quote } from "../../utils/quote"

/** Everything of a line but its amounts. */
export type LineDescription = Omit<
  LineItem,
  | "quantity"
  | "unit_price"
  | "net_amount"
  | "tax_amount"
  | "gross_amount"
  | "discount_amount"
  | "tax_rate"
  | "tax_class_name"
>

/**
 * A line on its way to the wire: Medusa's exact total, and the amounts it will
 * be sent with (each rounded on its own first, as contract section 2 wants), in
 * whole units (core/money/units.ts): money in cents, quantity and unit price in
 * millionths.
 */
export type LineDraft = {
  description: LineDescription
  /** The quantity in millionths, and as sent ("2", "1.5"). */
  quantity: bigint
  quantityText: string
  tax: LineTax
  /** Medusa's unit price excluding tax, before discounts (subtotal / quantity), in millionths, half up, never negative.
   * */
  unitPrice: bigint
  /** Medusa's total of the line (subtotal - discount + tax), unrounded, in units of 10^-scale. */
  exactTotal: bigint
  /** The decimals of exactTotal (the same for every line of a cart). */
  scale: number
  discount: bigint
  net: bigint
  taxAmount: bigint
}

/** Medusa's totals of one item or shipping method, as decorateCartTotals computes them, in units of 10^-scale. */
export type ExactLineTotals = {
  /** Excluding tax, before discounts (for tax-inclusive prices Medusa has already taken the tax out). */
  subtotal: bigint
  /** The discounts excluding tax. */
  discountSubtotal: bigint
  /** The tax on (subtotal - discount). */
  taxTotal: bigint
  scale: number
}

const max0 = (value: bigint) => (value < 0n ? 0n : value)

/** A quantity (at most six decimals: the caller checks) and Medusa's exact totals as a draft. */
export function draftLine(
  description: LineDescription,
  quantity: Exact,
  tax: LineTax,
  totals: ExactLineTotals,
): LineDraft {
  const { scale } = totals
  const millionths = quantity.unitsAt(MICRO_DECIMALS)
  const netExact = max0(totals.subtotal - totals.discountSubtotal)
  // subtotal / quantity in millionths: (subtotal x 10^-scale) / (millionths x 10^-6) x 10^6.
  const unitPrice = millionths > 0n ? max0(divideRounded(totals.subtotal * pow10(12), millionths * pow10(scale))) : 0n
  return {
    description,
    quantity: millionths,
    quantityText: formatUnitsShortest(millionths, MICRO_DECIMALS),
    tax,
    unitPrice,
    exactTotal: netExact + totals.taxTotal,
    scale,
    discount: rescale(totals.discountSubtotal, scale, MONEY_DECIMALS),
    net: rescale(netExact, scale, MONEY_DECIMALS),
    taxAmount: rescale(totals.taxTotal, scale, MONEY_DECIMALS),
  }
}

export const grossOf = (draft: LineDraft) => draft.net + draft.taxAmount

/**
 * The wire line of a draft, or undefined when its amounts cannot pass the
 * service's line check. The check runs on the units before anything is
 * formatted, and each formats to exactly the value checked.
 *
 * The unit price (six decimals, excluding tax) is Medusa's own unit price
 * excluding tax when it makes |quantity × unit_price - discount - net| ≤ 0.02
 * hold, else the one the rounded amounts imply (worked out only then).
 */
export function finishLine(draft: LineDraft): LineItem | undefined {
  if (draft.net < 0n || draft.taxAmount < 0n || draft.discount < 0n) return undefined
  const gross = grossOf(draft)
  const amounts = {
    quantity: draft.quantity,
    unitPrice: draft.unitPrice,
    discount: draft.discount,
    net: draft.net,
    tax: draft.taxAmount,
    gross,
    rate: draft.tax.rate,
  }
  let mismatch = lineAmountsMismatch(amounts)
  if (mismatch?.field === "net_amount" && draft.quantity > 0n) {
    // (net + discount) / quantity in millionths: cents x 10^-2 / (millionths x 10^-6) x 10^6.
    const implied = max0(divideRounded((draft.net + draft.discount) * pow10(10), draft.quantity))
    if (implied === amounts.unitPrice) return undefined
    amounts.unitPrice = implied
    mismatch = lineAmountsMismatch(amounts)
  }
  // Tax and gross do not depend on the unit price: no other unit price mends them.
  if (mismatch) return undefined
  // Object.assign, not a spread followed by properties: V8 (Node 20) gives every such object a map of its
  // own, which cost ~1 µs a property (docs/performance.md, fourth round).
  return Object.assign({}, draft.description, {
    quantity: draft.quantityText,
    unit_price: formatUnits(amounts.unitPrice, MICRO_DECIMALS),
    net_amount: formatCents(draft.net),
    tax_amount: formatCents(draft.taxAmount),
    gross_amount: formatCents(gross),
    discount_amount: formatCents(draft.discount),
    tax_rate: draft.tax.tax_rate,
    tax_class_name: draft.tax.tax_class_name,
  })
}

/** Like finishLine, but a line that cannot pass is an error naming it. */
export function finishLineOrThrow(draft: LineDraft, index: number): LineItem {
  const line = finishLine(draft)
  if (!line) {
    throw new PayloadError(
      "AMOUNT_NOT_REPRESENTABLE",
      `line ${index} ("${quote(draft.description.name)}"): quantity ${draft.quantityText}, ` +
        `net ${formatCents(draft.net)}, discount ${formatCents(draft.discount)} and tax ` +
        `${formatCents(draft.taxAmount)} at rate ${draft.tax.tax_rate} cannot satisfy the service's line arithmetic`,
      ["line_items", index],
    )
  }
  return line
}

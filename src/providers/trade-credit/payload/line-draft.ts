import BigNumber from "bignumber.js"
import { lineAmountsMismatch } from "../../../service/order-arithmetic"
import type { LineItem } from "../../../service/schemas"
import { formatMoney, formatQuantity, roundToCents, ZERO } from "../../../utils/decimal"
import { PayloadError } from "./errors"
import type { LineTax } from "./tax-class"

/** Everything of a line but its amounts. */
export type LineDescription = Omit<
  LineItem,
  "quantity" | "unit_price" | "net_amount" | "tax_amount" | "gross_amount" | "discount_amount" | "tax_rate" | "tax_class_name"
>

/**
 * A line on its way to the wire: Medusa's exact amounts, and the cents it will
 * be sent with (each rounded on its own first, as contract section 2 wants).
 */
export type LineDraft = {
  description: LineDescription
  quantity: BigNumber
  tax: LineTax
  /** Medusa's subtotal: quantity × unit price, excluding tax, before discounts. */
  exactSubtotal: BigNumber
  /** Medusa's total of the line (subtotal - discount + tax), unrounded. */
  exactTotal: BigNumber
  discount: BigNumber
  net: BigNumber
  taxAmount: BigNumber
}

/** Medusa's totals of one item or shipping method, as decorateCartTotals computes them. */
export type ExactLineTotals = {
  /** Excluding tax, before discounts (for tax-inclusive prices Medusa has already taken the tax out). */
  subtotal: BigNumber
  /** The discounts excluding tax. */
  discountSubtotal: BigNumber
  /** The tax on (subtotal - discount). */
  taxTotal: BigNumber
}

export function draftLine(
  description: LineDescription,
  quantity: BigNumber,
  tax: LineTax,
  totals: ExactLineTotals
): LineDraft {
  const netExact = BigNumber.max(totals.subtotal.minus(totals.discountSubtotal), ZERO)
  return {
    description,
    quantity,
    tax,
    exactSubtotal: totals.subtotal,
    exactTotal: netExact.plus(totals.taxTotal),
    discount: roundToCents(totals.discountSubtotal),
    net: roundToCents(netExact),
    taxAmount: roundToCents(totals.taxTotal),
  }
}

export const grossOf = (draft: LineDraft) => draft.net.plus(draft.taxAmount)

/** A unit price on the wire: six decimals, half up, never negative. */
const unitPriceOf = (value: BigNumber) => BigNumber.max(value, ZERO).decimalPlaces(6, BigNumber.ROUND_HALF_UP)

/**
 * The wire line of a draft, or undefined when its amounts cannot pass the
 * service's line check. The check runs on the exact values before anything is
 * formatted: net, tax and discount are whole cents and the unit price has six
 * decimals, so each formats to exactly the value checked.
 *
 * The unit price (six decimals, excluding tax) is Medusa's own unit price
 * excluding tax when it makes |quantity × unit_price - discount - net| ≤ 0.02
 * hold, else the one the rounded amounts imply (worked out only then).
 */
export function finishLine(draft: LineDraft): LineItem | undefined {
  if (draft.net.lt(0) || draft.taxAmount.lt(0) || draft.discount.lt(0)) return undefined
  const gross = grossOf(draft)
  const amounts = {
    quantity: draft.quantity,
    unitPrice: unitPriceOf(draft.exactSubtotal.dividedBy(draft.quantity)),
    discount: draft.discount,
    net: draft.net,
    tax: draft.taxAmount,
    gross,
    rate: draft.tax.rate,
  }
  let mismatch = lineAmountsMismatch(amounts)
  if (mismatch?.field === "net_amount") {
    const implied = unitPriceOf(draft.net.plus(draft.discount).dividedBy(draft.quantity))
    if (implied.eq(amounts.unitPrice)) return undefined
    amounts.unitPrice = implied
    mismatch = lineAmountsMismatch(amounts)
  }
  // Tax and gross do not depend on the unit price: no other unit price mends them.
  if (mismatch) return undefined
  return {
    ...draft.description,
    quantity: formatQuantity(draft.quantity),
    unit_price: amounts.unitPrice.toFixed(6),
    net_amount: formatMoney(draft.net),
    tax_amount: formatMoney(draft.taxAmount),
    gross_amount: formatMoney(gross),
    discount_amount: formatMoney(draft.discount),
    tax_rate: draft.tax.tax_rate,
    tax_class_name: draft.tax.tax_class_name,
  }
}

/** Like finishLine, but a line that cannot pass is an error naming it. */
export function finishLineOrThrow(draft: LineDraft, index: number): LineItem {
  const line = finishLine(draft)
  if (!line) {
    throw new PayloadError(
      "AMOUNT_NOT_REPRESENTABLE",
      `line ${index} ("${draft.description.name}"): quantity ${formatQuantity(draft.quantity)}, net ${formatMoney(
        draft.net
      )}, discount ${formatMoney(draft.discount)} and tax ${formatMoney(draft.taxAmount)} at rate ${
        draft.tax.tax_rate
      } cannot satisfy the service's line arithmetic`,
      ["line_items", index]
    )
  }
  return line
}

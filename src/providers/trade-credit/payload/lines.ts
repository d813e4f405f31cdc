import BigNumber from "bignumber.js"
import { taxSubtotalsOf } from "../../../service/order-arithmetic"
import type { LineItem, TaxSubtotal } from "../../../service/schemas"
import { formatMoney, roundToCents, sumDecimals, toDecimal, ZERO, type DecimalInput } from "../../../utils/decimal"
import { PayloadError } from "./errors"
import { detailsOfItem, imageUrlOfItem, nameOfItem, productPageUrlOfItem, referenceOf } from "./line-details"
import { draftLine, finishLineOrThrow, grossOf, type ExactLineTotals, type LineDraft } from "./line-draft"
import {
  parseMedusaCart,
  type MedusaCartData,
  type MedusaCartInput,
  type MedusaLineItem,
  type MedusaShippingMethod,
} from "./medusa-cart"
import { reconcileCents } from "./reconcile-cents"
import { taxOfLine } from "./tax-class"

export type LineOptions = {
  /**
   * The storefront's product page, e.g. "https://shop.example/products/{handle}"
   * ({handle}, {product_id}, {variant_id}); without it no product_page_url is sent.
   */
  productUrlTemplate?: string
  /** The type of items that need no shipping (default DIGITAL). */
  nonShippingItemType?: "DIGITAL" | "SERVICE"
  /** The name of a shipping line when the method has none (default "Shipping"). */
  shippingName?: string
  /**
   * The amount Medusa will charge (the payment session's amount): when given,
   * it must equal the cart's total in cents, else the cart changed since.
   */
  expectedTotal?: DecimalInput
}

export type BuiltLines = {
  line_items: LineItem[]
  gross_amount: string
  net_amount: string
  tax_amount: string
  discount_amount: string
  tax_subtotals: TaxSubtotal[]
}

/** Store credit below this is Medusa's own rounding noise, not a credit. */
const CREDIT_EPSILON = new BigNumber("0.005")

/** How far a line's total may be from subtotal - discount + tax, and the cart's total from the sum of its lines (Medusa's rounding). */
const TOTALS_TOLERANCE = new BigNumber("0.000001")
const SUM_TOLERANCE = new BigNumber("0.0001")

/** Below half a cent, a negative amount is the noise of Medusa's 20-digit division (a 100 % discount on a tax-inclusive price). */
const NOISE = new BigNumber("-0.005")

function nonNegative(value: BigNumber, where: string): BigNumber {
  if (!value.lt(0)) return value
  if (value.gt(NOISE)) return ZERO
  throw new PayloadError("CART_NOT_SUPPORTED", `${where} is negative (${value.toFixed()})`, where)
}

function exactTotalsOf(line: MedusaLineItem | MedusaShippingMethod, where: string): ExactLineTotals {
  if (!line.subtotal || !line.tax_total) {
    throw new PayloadError(
      "INVALID_CART",
      `${where} was read without its totals (subtotal, tax_total): read the cart with CART_FIELDS`,
      where
    )
  }
  let discountSubtotal = line.discount_subtotal
  if (!discountSubtotal && line.discount_total && line.discount_tax_total) {
    discountSubtotal = line.discount_total.minus(line.discount_tax_total)
  }
  if (!discountSubtotal) {
    if ((line.adjustments ?? []).some((a) => a.amount && !a.amount.isZero())) {
      throw new PayloadError(
        "INVALID_CART",
        `${where} has promotions but was read without discount_subtotal: read the cart with CART_FIELDS`,
        where
      )
    }
    discountSubtotal = ZERO
  }
  const totals = {
    subtotal: nonNegative(line.subtotal, `${where}.subtotal`),
    discountSubtotal: nonNegative(discountSubtotal, `${where}.discount_subtotal`),
    taxTotal: nonNegative(line.tax_total, `${where}.tax_total`),
  }
  // Medusa's total of the line is subtotal - discount + tax: if not, the fields mean something else.
  if (line.total && line.total.minus(line.subtotal.minus(discountSubtotal).plus(line.tax_total)).abs().gt(TOTALS_TOLERANCE)) {
    throw new PayloadError(
      "INVALID_CART",
      `${where}: total ${line.total.toFixed()} is not subtotal - discount_subtotal + tax_total`,
      where
    )
  }
  return totals
}

/** The quantity Medusa's item totals stand for (an order's returned units are out of them). */
function currentQuantityOf(item: MedusaLineItem): BigNumber {
  if (!item.detail) return item.quantity
  const returned = sumDecimals([
    item.detail?.return_received_quantity ?? ZERO,
    item.detail?.return_dismissed_quantity ?? ZERO,
  ])
  return item.quantity.minus(returned)
}

function itemDraft(item: MedusaLineItem, index: number, options: LineOptions): LineDraft | undefined {
  const where = `items[${index}]`
  const quantity = currentQuantityOf(item)
  if (quantity.lte(0)) return undefined
  if ((quantity.decimalPlaces() ?? 0) > 6) {
    throw new PayloadError("CART_NOT_SUPPORTED", `${where}: quantity ${quantity.toFixed()} has more than six decimals`, where)
  }
  const image_url = imageUrlOfItem(item)
  const product_page_url = productPageUrlOfItem(item, options.productUrlTemplate)
  const details = detailsOfItem(item)
  const line_item_reference = referenceOf(item.id)
  return draftLine(
    {
      name: nameOfItem(item),
      quantity_unit: "pcs",
      type: item.requires_shipping === false ? options.nonShippingItemType ?? "DIGITAL" : "PHYSICAL",
      ...(line_item_reference && { line_item_reference }),
      ...(image_url && { image_url }),
      ...(product_page_url && { product_page_url }),
      ...(details && { details }),
    },
    quantity,
    taxOfLine(item.tax_lines, where),
    exactTotalsOf(item, where)
  )
}

function shippingDraft(method: MedusaShippingMethod, index: number, options: LineOptions): LineDraft {
  const where = `shipping_methods[${index}]`
  const line_item_reference = referenceOf(method.id)
  const name = (method.name ?? "").trim() || options.shippingName || "Shipping"
  return draftLine(
    {
      name: name.length > 255 ? `${name.slice(0, 254)}…` : name,
      quantity_unit: "sc",
      type: "SHIPPING_FEE",
      ...(line_item_reference && { line_item_reference }),
    },
    new BigNumber(1),
    taxOfLine(method.tax_lines, where),
    exactTotalsOf(method, where)
  )
}

/** The store credit (gift cards, credit lines) applied to the cart. */
function creditOf(cart: MedusaCartData): BigNumber {
  if (cart.credit_line_total) return cart.credit_line_total
  return sumDecimals((cart.credit_lines ?? []).map((line) => line.amount ?? ZERO))
}

/**
 * The service's line items and totals for a Medusa cart (or order, read with
 * ORDER_FIELDS): one line per item and per shipping method, amounts taken from
 * Medusa's own per-line totals (so promotions, tax-inclusive prices and
 * several tax lines are exactly as Medusa computed them), each line rounded to
 * cents on its own, the order totals the exact sums of the lines, and the
 * order's gross amount Medusa's total rounded to cents (half up).
 *
 * Store credit (Medusa credit lines, e.g. gift cards) is refused: it is a
 * part-payment, not a discount (Medusa takes it off the total after tax), and
 * the service has no line for a part-payment (money is never negative).
 * Spreading it as a discount would understate the tax on the invoice.
 */
export function buildLines(cartInput: MedusaCartInput | MedusaCartData, options: LineOptions = {}): BuiltLines {
  const cart = parseMedusaCart(cartInput)

  if (creditOf(cart).gt(CREDIT_EPSILON)) {
    throw new PayloadError(
      "CART_NOT_SUPPORTED",
      "Store credit or a gift card is applied to this cart: trade credit can only pay the whole cart. Remove the credit or choose another payment method.",
      "credit_lines"
    )
  }

  const drafts: LineDraft[] = []
  ;(cart.items ?? []).forEach((item, i) => {
    const draft = itemDraft(item, i, options)
    if (draft) drafts.push(draft)
  })
  if (drafts.length === 0) {
    throw new PayloadError("CART_NOT_SUPPORTED", "The cart has no items", "items")
  }
  ;(cart.shipping_methods ?? []).forEach((method, i) => drafts.push(shippingDraft(method, i, options)))

  const exactSum = sumDecimals(drafts.map((d) => d.exactTotal))
  if (exactSum.minus(cart.total).abs().gt(SUM_TOLERANCE)) {
    throw new PayloadError(
      "INVALID_CART",
      `The cart's total ${cart.total.toFixed()} is not the sum of its lines (${exactSum.toFixed()}): read the cart with CART_FIELDS`,
      "total"
    )
  }
  const target = roundToCents(cart.total)
  if (options.expectedTotal !== undefined) {
    const expected = roundToCents(toDecimal(options.expectedTotal, "expectedTotal"))
    if (!expected.eq(target)) {
      throw new PayloadError(
        "INVALID_AMOUNT",
        `The amount to pay (${formatMoney(expected)}) is not the cart's total (${formatMoney(target)}): the cart changed`,
        "amount"
      )
    }
  }

  const reconciled = reconcileCents(drafts, target)
  const line_items = reconciled.map((draft, i) => finishLineOrThrow(draft, i))
  // Each line's amounts are its draft's whole cents: the totals are summed from those, not parsed back from the strings.
  const total = (amountOf: (draft: LineDraft) => BigNumber) => formatMoney(sumDecimals(reconciled.map(amountOf)))
  return {
    line_items,
    gross_amount: total(grossOf),
    net_amount: total((draft) => draft.net),
    tax_amount: total((draft) => draft.taxAmount),
    discount_amount: total((draft) => draft.discount),
    tax_subtotals: taxSubtotalsOf(line_items),
  }
}

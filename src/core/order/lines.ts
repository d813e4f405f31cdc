import { taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, TaxSubtotal } from "../../service/schemas/order"
import { buyerText } from "../../utils/buyer-texts"
import { Exact } from "../money/exact"
import { Money, type MedusaAmount } from "../money/money"
import { absUnits, formatCents, formatUnitsShortest, MONEY_DECIMALS, pow10, rescale } from "../money/units"
import { cleanText, clipText, descriptionOfItem, descriptionOfShipping } from "./descriptions"
import { PayloadError } from "./errors"
import { detailsOfItem, imageUrlOfItem, nameOfItem, productPageUrlOfItem, referenceOf } from "./line-details"
import {
  draftLine,
  finishLineOrThrow,
  grossOf,
  type ExactLineTotals,
  type LineDescription,
  type LineDraft,
} from "./line-draft"
import {
  parseMedusaCart,
  type MedusaCartData,
  type MedusaCartInput,
  type MedusaLineItem,
  type MedusaShippingMethod,
} from "./medusa-cart"
import { reconcileCents } from "./reconcile-cents"
import { taxOfLine, type LineTax } from "./tax-class"

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
  expectedTotal?: MedusaAmount
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
const CREDIT_EPSILON = Money.fromDecimal("0.005")

/** The fewest decimals the exact totals are worked at: the tolerances below are whole units at six. */
const MIN_SCALE = 6

/** How far a line's total may be from subtotal - discount + tax (10^-6), and the cart's total from the sum of its lines
 * (10^-4): Medusa's rounding. */
const totalsTolerance = (scale: number) => pow10(scale - 6)
const sumTolerance = (scale: number) => pow10(scale - 4)

/** Below half a cent (-0.005), a negative amount is the noise of Medusa's 20-digit division (a 100 % discount on a
 * tax-inclusive price). */
const noise = (scale: number) => -5n * pow10(scale - 3)

/** Medusa's totals of one line as read, before they are worked in units. */
type LineTotalsRead = {
  subtotal: Money
  discountSubtotal: Money
  taxTotal: Money
  total: Money | undefined
}

function totalsOf(line: MedusaLineItem | MedusaShippingMethod, where: string): LineTotalsRead {
  if (!line.subtotal || !line.tax_total) {
    throw new PayloadError(
      "INVALID_CART",
      `${where} was read without its totals (subtotal, tax_total): read the cart with CART_FIELDS`,
      where,
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
        where,
      )
    }
    discountSubtotal = Money.ZERO
  }
  return { subtotal: line.subtotal, discountSubtotal, taxTotal: line.tax_total, total: line.total }
}

function nonNegative(units: bigint, read: Money, where: string, scale: number): bigint {
  if (units >= 0n) return units
  if (units > noise(scale)) return 0n
  throw new PayloadError("CART_NOT_SUPPORTED", `${where} is negative (${read.toFixed()})`, where)
}

/** A line's totals in units of 10^-scale, checked: none negative, and Medusa's total is subtotal - discount + tax. */
function exactTotalsAt(read: LineTotalsRead, where: string, scale: number): ExactLineTotals {
  const subtotal = read.subtotal.unitsAt(scale)
  const discountSubtotal = read.discountSubtotal.unitsAt(scale)
  const taxTotal = read.taxTotal.unitsAt(scale)
  const totals = {
    subtotal: nonNegative(subtotal, read.subtotal, `${where}.subtotal`, scale),
    discountSubtotal: nonNegative(discountSubtotal, read.discountSubtotal, `${where}.discount_subtotal`, scale),
    taxTotal: nonNegative(taxTotal, read.taxTotal, `${where}.tax_total`, scale),
    scale,
  }
  // Medusa's total of the line is subtotal - discount + tax: if not, the fields mean something else.
  if (
    read.total &&
    absUnits(read.total.unitsAt(scale) - (subtotal - discountSubtotal + taxTotal)) > totalsTolerance(scale)
  ) {
    throw new PayloadError(
      "INVALID_CART",
      `${where}: total ${read.total.toFixed()} is not subtotal - discount_subtotal + tax_total`,
      where,
    )
  }
  return totals
}

/** The quantity Medusa's item totals stand for (an order's returned units are out of them). */
function currentQuantityOf(item: MedusaLineItem): Exact {
  if (!item.detail) return item.quantity
  const returned = (item.detail.return_received_quantity ?? Exact.ZERO).plus(
    item.detail.return_dismissed_quantity ?? Exact.ZERO,
  )
  return item.quantity.minus(returned)
}

/** A line read from the cart, before its amounts are worked out (at the cart's scale, known once every line is read).
 * */
type LineSource = {
  where: string
  description: LineDescription
  quantity: Exact
  tax: LineTax
  totals: LineTotalsRead
}

function itemSource(item: MedusaLineItem, index: number, options: LineOptions): LineSource | undefined {
  const where = `items[${index}]`
  const quantity = currentQuantityOf(item)
  if (!quantity.isPositive()) return undefined
  if (quantity.decimalPlaces() > 6) {
    throw new PayloadError(
      "CART_NOT_SUPPORTED",
      `${where}: quantity ${quantity.toFixed()} has more than six decimals`,
      where,
    )
  }
  const image_url = imageUrlOfItem(item)
  const product_page_url = productPageUrlOfItem(item, options.productUrlTemplate)
  const details = detailsOfItem(item)
  const line_item_reference = referenceOf(item.id)
  return {
    where,
    description: {
      name: nameOfItem(item),
      description: descriptionOfItem(item),
      quantity_unit: "pcs",
      type: item.requires_shipping === false ? (options.nonShippingItemType ?? "DIGITAL") : "PHYSICAL",
      ...(line_item_reference && { line_item_reference }),
      ...(image_url && { image_url }),
      ...(product_page_url && { product_page_url }),
      ...(details && { details }),
    },
    quantity,
    tax: taxOfLine(item.tax_lines, where),
    totals: totalsOf(item, where),
  }
}

function shippingSource(method: MedusaShippingMethod, index: number, options: LineOptions): LineSource {
  const where = `shipping_methods[${index}]`
  const line_item_reference = referenceOf(method.id)
  const name = clipText(cleanText(method.name) || options.shippingName || "Shipping", 255)
  return {
    where,
    description: {
      name,
      description: descriptionOfShipping(method, name),
      quantity_unit: "sc",
      type: "SHIPPING_FEE",
      ...(line_item_reference && { line_item_reference }),
    },
    quantity: Exact.ONE,
    tax: taxOfLine(method.tax_lines, where),
    totals: totalsOf(method, where),
  }
}

/**
 * Lines this module made, frozen as made. Each is a wire line by construction: its amounts formatted from units
 * that passed the service's line check (finishLine), its texts cleaned and cut to the schema's limits, its
 * reference and URLs checked by the same rules as the schema (line-details.ts). The order body's one validation
 * takes them as they are instead of parsing every line again with zod (`isBuiltLine`), which cost 6 µs a line;
 * `published-bodies.spec.ts` and the conformance check hold built lines to the published schema.
 */
const builtLines = new WeakSet<LineItem>()

function builtLine(line: LineItem): LineItem {
  builtLines.add(Object.freeze(line))
  return line
}

/** True for a line buildLines made (frozen, so it is still as made). */
export const isBuiltLine = (line: unknown): line is LineItem =>
  typeof line === "object" && line !== null && builtLines.has(line as LineItem)

/** The store credit (gift cards, credit lines) applied to the cart. */
function creditOf(cart: MedusaCartData): Money {
  if (cart.credit_line_total) return cart.credit_line_total
  return Money.sum((cart.credit_lines ?? []).map((line) => line.amount ?? Money.ZERO))
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
    throw new PayloadError("CART_NOT_SUPPORTED", buyerText("cart.store_credit"), "credit_lines")
  }

  const sources: LineSource[] = []
  ;(cart.items ?? []).forEach((item, i) => {
    const source = itemSource(item, i, options)
    if (source) sources.push(source)
  })
  if (sources.length === 0) {
    throw new PayloadError("CART_NOT_SUPPORTED", "The cart has no items", "items")
  }
  ;(cart.shipping_methods ?? []).forEach((method, i) => sources.push(shippingSource(method, i, options)))

  // Every exact amount of the cart is a whole number of units at the most decimals any of them has.
  let scale = Math.max(MIN_SCALE, cart.total.decimalPlaces())
  for (const { totals: t } of sources) {
    for (const amount of [t.subtotal, t.discountSubtotal, t.taxTotal, t.total]) {
      if (amount && amount.decimalPlaces() > scale) scale = amount.decimalPlaces()
    }
  }
  const drafts = sources.map((source) =>
    draftLine(source.description, source.quantity, source.tax, exactTotalsAt(source.totals, source.where, scale)),
  )

  const exactSum = drafts.reduce((sum, draft) => sum + draft.exactTotal, 0n)
  const cartTotal = cart.total.unitsAt(scale)
  if (absUnits(exactSum - cartTotal) > sumTolerance(scale)) {
    throw new PayloadError(
      "INVALID_CART",
      `The cart's total ${cart.total.toFixed()} is not the sum of its lines ` +
        `(${formatUnitsShortest(exactSum, scale)}): read the cart with CART_FIELDS`,
      "total",
    )
  }
  const target = rescale(cartTotal, scale, MONEY_DECIMALS)
  if (options.expectedTotal !== undefined) {
    const expected = Money.fromMedusa(options.expectedTotal, "expectedTotal").roundToCents().toCents()
    if (expected !== target) {
      throw new PayloadError(
        "INVALID_AMOUNT",
        `The amount to pay (${formatCents(expected)}) is not the ` +
          `cart's total (${formatCents(target)}): the cart changed`,
        "amount",
      )
    }
  }

  const reconciled = reconcileCents(drafts, target)
  const line_items = reconciled.map((draft, i) => builtLine(finishLineOrThrow(draft, i)))
  // Each line's amounts are its draft's cents: the totals are summed from those, not parsed back from the strings.
  const total = (amountOf: (draft: LineDraft) => bigint) =>
    formatCents(reconciled.reduce((cents, draft) => cents + amountOf(draft), 0n))
  return {
    line_items,
    gross_amount: total(grossOf),
    net_amount: total((draft) => draft.net),
    tax_amount: total((draft) => draft.taxAmount),
    discount_amount: total((draft) => draft.discount),
    tax_subtotals: taxSubtotalsOf(line_items),
  }
}

import { Exact } from "../money/exact"
import { Money } from "../money/money"
import { divideFloor, MONEY_DECIMALS } from "../money/units"
import { type PlanLineItem, type PlanLineItemType, PRODUCT_IDENTIFIER_TYPES } from "../../service/schemas/repayment"
import type { TaxSubtotal } from "../../service/schemas/order"

/**
 * A plan's line items in the repayment interface's own names (contract
 * section 3), from the lines the plugin builds for orders (section 2): the
 * same products, shipping and amounts, so the plan's total and tax subtotals
 * are the cart's. A plan line's net is quantity x (unit_price_amount -
 * unit_discount_amount) in whole cents, so each line is written to give its
 * Medusa net exactly: with its discount when both divide by the quantity, else
 * with the discount in the price, else as two lines (all units but one at the
 * net over the quantity rounded down, the last unit with the rest).
 */

/** What this needs of an order line (section 2): the plugin's own lines. */
export type OrderLineLike = {
  name: string
  description?: string | null
  quantity: string
  quantity_unit: string
  net_amount: string
  discount_amount?: string | null
  tax_rate: string
  tax_class_name: string
  type: string
  details?: { barcodes?: { type: string; value: string }[] | null; part_number?: string | null } | null
}

/** An amount of an order line, to the cent (absent: none). */
const amountOf = (text: string | null | undefined) => Money.fromDecimal(text ?? "0").roundToCents()

/** `amount` over `quantity` when that is whole cents (a plan line's unit amounts are), else undefined. */
function perUnit(amount: Money, quantity: Exact): Money | undefined {
  const unit = amount.dividedBy(quantity, MONEY_DECIMALS)
  return unit.times(quantity).eq(amount) ? unit : undefined
}

/** The service allows a tax subtotal's tax to be this far from taxable x rate. */
const SUBTOTAL_TOLERANCE = Money.fromCents(2)

/** The order interface's line types in the repayment interface's names (OTHER is a service, BUYER_FEE a fee)
 * **(chosen)**. */
const LINE_TYPES: Record<string, PlanLineItemType> = {
  PHYSICAL: "PHYSICAL",
  DIGITAL: "DIGITAL",
  SHIPPING_FEE: "SHIPPING_FEE",
  SERVICE: "SERVICE",
  GIFTCARD: "GIFTCARD",
  BUYER_FEE: "FEE",
  OTHER: "SERVICE",
}

type IdentifierType = (typeof PRODUCT_IDENTIFIER_TYPES)[number]

/** A barcode's type as a product identifier type; one the interface does not name is CUSTOM_IDENTIFIER. */
const identifierTypeOf = (type: string): IdentifierType =>
  PRODUCT_IDENTIFIER_TYPES.find((t) => t === type.toUpperCase()) ?? "CUSTOM_IDENTIFIER"

function productIdentifiersOf(line: OrderLineLike): PlanLineItem["product_identifiers"] {
  return (line.details?.barcodes ?? [])
    .filter((barcode) => barcode.value.trim())
    .map((barcode) => ({ value: barcode.value.trim().slice(0, 255), identifier_type: identifierTypeOf(barcode.type) }))
}

/** One order line as one or two plan lines whose nets add up to its net exactly. */
export function planLinesOf(line: OrderLineLike): PlanLineItem[] {
  const net = amountOf(line.net_amount)
  const discount = amountOf(line.discount_amount)
  const quantity = Exact.fromDecimal(line.quantity, "quantity")
  const base = {
    name: line.name.slice(0, 255),
    // Section 2 lines carry a description (never empty); a plan line requires one as well.
    description: (line.description?.trim() || line.name).slice(0, 1000),
    product_identifiers: productIdentifiersOf(line),
    tax_rate: line.tax_rate,
    tax_class_name: line.tax_class_name,
    quantity_unit_name: line.quantity_unit.slice(0, 20),
    line_item_type: LINE_TYPES[line.type] ?? "SERVICE",
  }
  const one = (q: Exact, price: Money, unitDiscount?: Money): PlanLineItem => ({
    ...base,
    quantity: q.toString(),
    unit_price_amount: price.toDecimal(),
    ...(unitDiscount && !unitDiscount.isZero() && { unit_discount_amount: unitDiscount.toDecimal() }),
  })

  // A quantity the interface cannot carry (more than three decimals, or none) is sent as one unit of the whole.
  if (!quantity.isPositive() || quantity.decimalPlaces() > 3) return [one(Exact.ONE, net)]
  const price = perUnit(net.plus(discount), quantity)
  const unitDiscount = perUnit(discount, quantity)
  if (price && unitDiscount) return [one(quantity, price, unitDiscount)]
  const netPerUnit = perUnit(net, quantity)
  if (netPerUnit) return [one(quantity, netPerUnit)]
  if (!quantity.isInteger() || quantity.lte(Exact.ONE)) return [one(Exact.ONE, net)]
  // All units but one at the net per unit rounded down to the cent, the last unit with the rest.
  const unit = Money.fromCents(divideFloor(net.toCents(), quantity.unitsAt(0)))
  const rest = net.minus(unit.times(quantity.minus(Exact.ONE)))
  return [one(quantity.minus(Exact.ONE), unit), one(Exact.ONE, rest)]
}

/** Every order line as plan lines. */
export const planLineItemsOf = (lines: OrderLineLike[]): PlanLineItem[] => lines.flatMap(planLinesOf)

/**
 * The plan's tax subtotals from the cart's (the lines' sums per rate). The
 * interface wants each rate's tax within 0.02 of taxable x rate; Medusa rounds
 * tax per line, so over many lines the sum can drift further. Then cents move
 * between the rate's taxable and tax amounts (taxable stays within 0.01 a line
 * of the lines' net; the total does not change).
 */
export function planTaxSubtotalsOf(subtotals: TaxSubtotal[]): TaxSubtotal[] {
  return subtotals.map((subtotal) => {
    const rate = Exact.fromDecimal(subtotal.tax_rate, "tax_rate")
    const taxable = amountOf(subtotal.taxable_amount)
    const tax = amountOf(subtotal.tax_amount)
    const drift = tax.minus(taxable.times(rate))
    if (drift.abs().lte(SUBTOTAL_TOLERANCE)) return subtotal
    const shift = drift.dividedBy(rate.plus(Exact.ONE)).roundToCents()
    return { ...subtotal, taxable_amount: taxable.plus(shift).toDecimal(), tax_amount: tax.minus(shift).toDecimal() }
  })
}

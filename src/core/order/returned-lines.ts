import { checkLineItem, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, Order, TaxSubtotal } from "../../service/schemas/order"
import { Exact } from "../money/exact"
import { Money, type MedusaAmount } from "../money/money"
import { MICRO_DECIMALS } from "../money/units"

/**
 * The lines of a refund for goods that came back (a received return, or the
 * return of a claim), taken from the service order's own lines: the credit note
 * then mirrors the invoice line by line. Pure functions; the provider reads the
 * returns from Medusa (src/medusa/medusa-returns.ts, mapped by received-returns.ts) and the order from the service.
 */

/**
 * Units of one Medusa order line item that came back (received, or received
 * damaged), with the item's line name (payload's nameOfItem): an order placed
 * from a cart names the cart's line items at the service, which the order's
 * items do not remember, so the line is found by name when not by reference.
 * The quantity is a number or its exact decimal text ("2", "1.5").
 */
export type ReturnedItem = { item_id: string; quantity: string | number; name?: string }

/** A received (or partially received) Medusa return, oldest first. */
export type ReceivedReturn = {
  id: string
  claim_id?: string | null
  exchange_id?: string | null
  items: ReturnedItem[]
}

export type ReturnRefundLines = {
  line_items: LineItem[]
  tax_subtotals: TaxSubtotal[]
  reason: string
  /** The returns whose units these lines are. */
  return_ids: string[]
}

/** The service's per-line tolerance is 0.02; prorated lines stay within 0.01 so a cent can still move. */
const PRORATE_TOLERANCE = Money.ONE_CENT

/** Units of an item as given (a number, its decimal text, or exact already). */
const unitsOf = (quantity: string | number | Exact) => Exact.fromMedusa(quantity, "quantity")

/** The parts of an order line a credit note repeats (no images, links or barcodes). */
function creditLineOf(line: LineItem): LineItem {
  return {
    name: line.name,
    // Every line sent carries a description (contract section 2); an order line read without one repeats its name.
    description: line.description?.trim() || line.name,
    quantity: line.quantity,
    quantity_unit: line.quantity_unit,
    unit_price: line.unit_price,
    net_amount: line.net_amount,
    tax_amount: line.tax_amount,
    gross_amount: line.gross_amount,
    discount_amount: line.discount_amount ?? "0.00",
    tax_rate: line.tax_rate,
    tax_class_name: line.tax_class_name,
    type: line.type,
    ...(line.line_item_reference && { line_item_reference: line.line_item_reference }),
  }
}

/**
 * `quantity` units of an order line: the whole line when all its units came
 * back, else its discount, net and tax in proportion, each rounded to cents
 * (half up). The unit price stays the line's unless the rounded net no longer
 * passes `quantity x unit_price - discount`; the tax is `net x rate` rounded
 * when the prorated tax drifted. Gross is net + tax, exactly.
 */
export function prorateLine(line: LineItem, quantity: string | number | Exact): LineItem {
  const units = unitsOf(quantity)
  const lineUnits = Exact.fromDecimal(line.quantity, "quantity")
  if (!units.isPositive()) throw new RangeError(`cannot prorate ${units.toFixed()} units of "${line.name}"`)
  if (units.gte(lineUnits)) return creditLineOf(line)
  // The share is rounded at 20 decimals before it scales the amounts (as the plugin has always worked it out).
  const share = units.dividedBy(lineUnits)
  const rate = Exact.fromDecimal(line.tax_rate, "tax_rate")
  const discount = Money.fromDecimal(line.discount_amount ?? "0")
    .times(share)
    .roundToCents()
  const net = Money.fromDecimal(line.net_amount).times(share).roundToCents()
  let tax = Money.fromDecimal(line.tax_amount).times(share).roundToCents()
  if (net.times(rate).minus(tax).abs().gt(PRORATE_TOLERANCE)) tax = net.times(rate).roundToCents()
  let unitPrice = Money.fromDecimal(line.unit_price)
  if (unitPrice.times(units).minus(discount).minus(net).abs().gt(PRORATE_TOLERANCE)) {
    unitPrice = net.plus(discount).dividedBy(units)
  }
  return {
    ...creditLineOf(line),
    quantity: units.toString(),
    unit_price: unitPrice.toFixed(MICRO_DECIMALS),
    discount_amount: discount.toDecimal(),
    net_amount: net.toDecimal(),
    tax_amount: tax.toDecimal(),
    gross_amount: net.plus(tax).toDecimal(),
  }
}

/** Units per Medusa item already refunded at the service with lines (refund lines carry the item id as reference). */
function refundedUnitsByItem(order: Pick<Order, "refunds">): Map<string, Exact> {
  const refunded = new Map<string, Exact>()
  for (const refund of order.refunds) {
    for (const line of refund.line_items ?? []) {
      if (!line.line_item_reference) continue
      refunded.set(line.line_item_reference, (refunded.get(line.line_item_reference) ?? Exact.ZERO).plus(line.quantity))
    }
  }
  return refunded
}

/**
 * What of each return is not refunded yet: units refunded earlier are taken
 * off the oldest returns first.
 */
export function unrefundedReturns(order: Pick<Order, "refunds">, returns: readonly ReceivedReturn[]): ReceivedReturn[] {
  const refunded = refundedUnitsByItem(order)
  const left: ReceivedReturn[] = []
  for (const received of returns) {
    const items: ReturnedItem[] = []
    for (const item of received.items) {
      const units = unitsOf(item.quantity)
      const covered = Exact.min(units, refunded.get(item.item_id) ?? Exact.ZERO)
      refunded.set(item.item_id, (refunded.get(item.item_id) ?? Exact.ZERO).minus(covered))
      if (covered.isZero()) items.push(item)
      else if (units.minus(covered).isPositive()) {
        items.push({ item_id: item.item_id, quantity: units.minus(covered).toString() })
      }
    }
    if (items.length) left.push({ ...received, items })
  }
  return left
}

/** Moves one cent on a line (tax first, else net) when the line still passes the service's check. */
function moveCent(line: LineItem, cent: Money): LineItem | undefined {
  for (const field of ["tax_amount", "net_amount"] as const) {
    const value = Money.fromDecimal(line[field]).plus(cent)
    if (value.isNegative()) continue
    const moved = {
      ...line,
      [field]: value.toDecimal(),
      gross_amount: Money.fromDecimal(line.gross_amount).plus(cent).toDecimal(),
    }
    if (checkLineItem(moved, 0).ok) return moved
  }
  return undefined
}

/**
 * Lines for `returned` units whose gross is exactly `amount`, or undefined.
 * The prorated lines may be off Medusa's own amount by rounding: up to a cent
 * per line is put back (largest lines first), only where each line still passes.
 */
function linesForAmount(
  amount: Money,
  orderLines: readonly LineItem[],
  returned: readonly ReturnedItem[],
): LineItem[] | undefined {
  const byReference = new Map(
    orderLines.filter((l) => l.line_item_reference).map((l) => [l.line_item_reference as string, l]),
  )
  const merged = new Map<string, Exact>()
  for (const item of returned) {
    merged.set(item.item_id, (merged.get(item.item_id) ?? Exact.ZERO).plus(unitsOf(item.quantity)))
  }
  const lines: LineItem[] = []
  for (const [itemId, units] of merged) {
    const line = byReference.get(itemId)
    if (!line || units.gt(line.quantity)) return undefined
    lines.push(prorateLine(line, units))
  }
  if (!lines.length) return undefined
  let difference = amount.minus(Money.sum(lines.map((l) => l.gross_amount)))
  if (difference.abs().gt(Money.ONE_CENT.times(BigInt(lines.length)))) return undefined
  const cent = difference.isNegative() ? Money.ONE_CENT.negated() : Money.ONE_CENT
  const order = lines
    .map((line, i) => ({ i, gross: Money.fromDecimal(line.gross_amount) }))
    .sort((a, b) => b.gross.compare(a.gross) || a.i - b.i)
  for (const { i } of order) {
    if (difference.isZero()) break
    const moved = moveCent(lines[i], cent)
    if (!moved) continue
    lines[i] = moved
    difference = difference.minus(cent)
  }
  return difference.isZero() ? lines : undefined
}

function reasonOf(returns: readonly ReceivedReturn[]): string {
  const claims = returns.map((r) => r.claim_id).filter((id): id is string => !!id)
  const exchanges = returns.map((r) => r.exchange_id).filter((id): id is string => !!id)
  const what = claims.length
    ? `Claim ${claims.join(", ")}`
    : exchanges.length
      ? `Exchange ${exchanges.join(", ")}`
      : "Returned goods"
  return `${what} (${returns.map((r) => r.id).join(", ")})`.slice(0, 255)
}

/**
 * The service line of a Medusa order item: the one that names it (an order
 * edited through the plugin names the order's items), else the one with its
 * name (the cart's item it was placed from), as the service itself matches lines.
 */
function lineReferenceOf(lines: readonly LineItem[], item: ReturnedItem): string | undefined {
  const byId = lines.find((l) => l.line_item_reference === item.item_id)
  if (byId) return byId.line_item_reference
  const byName = lines.filter(
    (l) => l.line_item_reference && l.type !== "SHIPPING_FEE" && item.name && l.name === item.name,
  )
  return byName.length === 1 ? byName[0].line_item_reference : undefined
}

/** The returns with each item named by its service line's reference (unknown items keep a name no line has). */
function keyedByLine(lines: readonly LineItem[], returns: readonly ReceivedReturn[]): ReceivedReturn[] {
  return returns.map((r) => ({
    ...r,
    items: r.items.map((item) => ({
      item_id: lineReferenceOf(lines, item) ?? `unknown:${item.item_id}`,
      quantity: item.quantity,
    })),
  }))
}

/**
 * The refund lines when `amount` is what the not yet refunded returned units
 * are worth at the service: first all of them together, then each return on
 * its own (the admin refunds one return at a time). Undefined otherwise (a
 * goodwill refund, a partial refund of a return, a return shipping fee kept
 * back, an exchange's difference): the caller then splits the amount by tax rate.
 */
export function refundLinesForReturns(
  amount: MedusaAmount,
  order: Pick<Order, "line_items" | "refunds">,
  returns: readonly ReceivedReturn[],
): ReturnRefundLines | undefined {
  const target = Money.fromMedusa(amount, "refund amount").roundToCents()
  const open = unrefundedReturns(order, keyedByLine(order.line_items, returns))
  const candidates: ReceivedReturn[][] = open.length > 1 ? [open, ...open.map((r) => [r])] : [open]
  for (const candidate of candidates) {
    if (!candidate.length) continue
    const lines = linesForAmount(
      target,
      order.line_items,
      candidate.flatMap((r) => r.items),
    )
    if (lines) {
      return {
        line_items: lines,
        tax_subtotals: taxSubtotalsOf(lines),
        reason: reasonOf(candidate),
        return_ids: candidate.map((r) => r.id),
      }
    }
  }
  return undefined
}

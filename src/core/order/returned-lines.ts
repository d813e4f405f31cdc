import BigNumber from "bignumber.js"
import { checkLineItem, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { LineItem, Order, TaxSubtotal } from "../../service/schemas/order"
import {
  formatMoney,
  formatQuantity,
  formatUnitPrice,
  ONE_CENT,
  roundToCents,
  sumDecimals,
  toDecimal,
  ZERO,
  type DecimalInput,
} from "../money/decimal"

/**
 * The lines of a refund for goods that came back (a received return, or the
 * return of a claim), taken from the service order's own lines: the credit note
 * then mirrors the invoice line by line. Pure functions; the provider reads the
 * returns from Medusa (tc/lib/medusa-returns.ts, mapped by received-returns.ts) and the order from the service.
 */

/**
 * Units of one Medusa order line item that came back (received, or received
 * damaged), with the item's line name (payload's nameOfItem): an order placed
 * from a cart names the cart's line items at the service, which the order's
 * items do not remember, so the line is found by name when not by reference.
 */
export type ReturnedItem = { item_id: string; quantity: BigNumber.Value; name?: string }

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
const PRORATE_TOLERANCE = new BigNumber("0.01")

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
export function prorateLine(line: LineItem, quantity: BigNumber.Value): LineItem {
  const units = new BigNumber(quantity)
  const lineUnits = new BigNumber(line.quantity)
  if (!units.gt(0)) throw new RangeError(`cannot prorate ${units.toFixed()} units of "${line.name}"`)
  if (units.gte(lineUnits)) return creditLineOf(line)
  const share = units.dividedBy(lineUnits)
  const discount = roundToCents(new BigNumber(line.discount_amount ?? "0").times(share))
  const net = roundToCents(new BigNumber(line.net_amount).times(share))
  let tax = roundToCents(new BigNumber(line.tax_amount).times(share))
  if (net.times(line.tax_rate).minus(tax).abs().gt(PRORATE_TOLERANCE)) tax = roundToCents(net.times(line.tax_rate))
  let unitPrice = new BigNumber(line.unit_price)
  if (units.times(unitPrice).minus(discount).minus(net).abs().gt(PRORATE_TOLERANCE)) {
    unitPrice = net.plus(discount).dividedBy(units)
  }
  return {
    ...creditLineOf(line),
    quantity: formatQuantity(units),
    unit_price: formatUnitPrice(unitPrice),
    discount_amount: formatMoney(discount),
    net_amount: formatMoney(net),
    tax_amount: formatMoney(tax),
    gross_amount: formatMoney(net.plus(tax)),
  }
}

/** Units per Medusa item already refunded at the service with lines (refund lines carry the item id as reference). */
function refundedUnitsByItem(order: Pick<Order, "refunds">): Map<string, BigNumber> {
  const refunded = new Map<string, BigNumber>()
  for (const refund of order.refunds) {
    for (const line of refund.line_items ?? []) {
      if (!line.line_item_reference) continue
      refunded.set(line.line_item_reference, (refunded.get(line.line_item_reference) ?? ZERO).plus(line.quantity))
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
      const units = new BigNumber(item.quantity)
      const covered = BigNumber.min(units, refunded.get(item.item_id) ?? ZERO)
      refunded.set(item.item_id, (refunded.get(item.item_id) ?? ZERO).minus(covered))
      if (covered.isZero()) items.push(item)
      else if (units.minus(covered).gt(0)) items.push({ item_id: item.item_id, quantity: units.minus(covered) })
    }
    if (items.length) left.push({ ...received, items })
  }
  return left
}

/** Moves one cent on a line (tax first, else net) when the line still passes the service's check. */
function moveCent(line: LineItem, cent: BigNumber): LineItem | undefined {
  for (const field of ["tax_amount", "net_amount"] as const) {
    const value = new BigNumber(line[field]).plus(cent)
    if (value.lt(0)) continue
    const moved = {
      ...line,
      [field]: formatMoney(value),
      gross_amount: formatMoney(new BigNumber(line.gross_amount).plus(cent)),
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
  amount: BigNumber,
  orderLines: readonly LineItem[],
  returned: readonly ReturnedItem[],
): LineItem[] | undefined {
  const byReference = new Map(
    orderLines.filter((l) => l.line_item_reference).map((l) => [l.line_item_reference as string, l]),
  )
  const merged = new Map<string, BigNumber>()
  for (const item of returned) merged.set(item.item_id, (merged.get(item.item_id) ?? ZERO).plus(item.quantity))
  const lines: LineItem[] = []
  for (const [itemId, units] of merged) {
    const line = byReference.get(itemId)
    if (!line || units.gt(line.quantity)) return undefined
    lines.push(prorateLine(line, units))
  }
  if (!lines.length) return undefined
  let difference = amount.minus(sumDecimals(lines.map((l) => l.gross_amount)))
  if (difference.abs().gt(ONE_CENT.times(lines.length))) return undefined
  const cent = difference.isNegative() ? ONE_CENT.negated() : ONE_CENT
  const order = lines
    .map((line, i) => ({ i, gross: new BigNumber(line.gross_amount) }))
    .sort((a, b) => b.gross.comparedTo(a.gross) || a.i - b.i)
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
  amount: DecimalInput,
  order: Pick<Order, "line_items" | "refunds">,
  returns: readonly ReceivedReturn[],
): ReturnRefundLines | undefined {
  const target = roundToCents(toDecimal(amount, "refund amount"))
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

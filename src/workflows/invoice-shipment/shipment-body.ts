import { checkLineItem, checkOrderAmounts, taxSubtotalsOf } from "../../service/order-arithmetic"
import type { FulfilRequest, LineItem, Order } from "../../service/schemas/order"
import { Exact } from "../../core/money/exact"
import { Money } from "../../core/money/money"
import { MICRO_DECIMALS } from "../../core/money/units"
import { PayloadError } from "../../core/order/errors"

/** Units of one Medusa line item in a shipment (or fulfillment): a number or its exact decimal text ("1.5"). */
export type ShippedItem = { line_item_id: string; quantity: string | number }

export type ShipmentFulfilmentInput = {
  /**
   * The Medusa order's lines as the payload builder makes them (`buildLines(order)`):
   * one line per item (line_item_reference = the order line item id) and per shipping method.
   */
  orderLines: LineItem[]
  /** The order as the service has it now: its lines, what remains, and what each fulfilment already took. */
  serviceOrder: Pick<Order, "gross_amount" | "line_items" | "fulfilments">
  /** What this shipment carries. */
  shipped: ShippedItem[]
  /** True when this shipment ships the last remaining items of the order (it then fulfils "all that remains"). */
  lastShipment: boolean
}

/**
 * What to send for one shipment:
 * - `rest`: no body, the service fulfils and invoices all that remains;
 * - `part`: a partial fulfilment with exactly the shipped lines;
 * - `nothing`: nothing is left to invoice (e.g. an admin captured everything already).
 */
export type ShipmentFulfilment =
  | { kind: "rest"; remaining: string }
  | { kind: "part"; body: FulfilRequest; remaining: string }
  | { kind: "nothing"; reason: string }

type Taken = { quantity: Exact; net: Money; tax: Money; discount: Money }

const NONE: Taken = { quantity: Exact.ZERO, net: Money.ZERO, tax: Money.ZERO, discount: Money.ZERO }

/** What the service's fulfilments already took of each line, by line_item_reference. */
function takenByReference(fulfilments: Order["fulfilments"]): Map<string, Taken> {
  const taken = new Map<string, Taken>()
  for (const line of fulfilments.flatMap((f) => f.line_items)) {
    if (!line.line_item_reference) continue
    const sums = taken.get(line.line_item_reference) ?? NONE
    taken.set(line.line_item_reference, {
      quantity: sums.quantity.plus(line.quantity),
      net: sums.net.plus(line.net_amount),
      tax: sums.tax.plus(line.tax_amount),
      discount: sums.discount.plus(line.discount_amount ?? "0"),
    })
  }
  return taken
}

const sameContent = (a: LineItem, b: LineItem) =>
  a.type === b.type &&
  a.name === b.name &&
  Exact.fromDecimal(a.quantity, "quantity").eq(b.quantity) &&
  Exact.fromDecimal(a.tax_rate, "tax_rate").eq(b.tax_rate) &&
  Money.fromDecimal(a.gross_amount).eq(b.gross_amount)

/**
 * The service's line for each of the Medusa order's lines. The service knows the
 * order by the lines it was created with (the cart's line item ids as references,
 * or the order's after an edit), so a line is matched by its reference, else by
 * its content (type, name, quantity, rate and gross); an unmatched line stands for itself.
 */
function matchServiceLines(orderLines: LineItem[], serviceLines: LineItem[]): Map<string, LineItem> {
  const byReference = new Map<string, LineItem>()
  const unmatched = serviceLines.filter(
    (line) => !orderLines.some((o) => o.line_item_reference && o.line_item_reference === line.line_item_reference),
  )
  for (const line of orderLines) {
    if (!line.line_item_reference) continue
    const exact = serviceLines.find((s) => s.line_item_reference === line.line_item_reference)
    const index = exact ? -1 : unmatched.findIndex((s) => sameContent(s, line))
    const match = exact ?? (index >= 0 ? unmatched.splice(index, 1)[0] : undefined)
    byReference.set(line.line_item_reference, match ?? line)
  }
  return byReference
}

/**
 * The line for units (taken, taken + units] of `base`: each amount is the line's
 * amount in proportion to the units shipped so far, rounded to cents, less what
 * earlier fulfilments took, so the parts of a line always add up to the line
 * exactly (the part that ships its last unit takes what is left). The unit price
 * is derived from the part's own amounts; when rounding leaves the tax more than
 * the service's tolerance off the net, the part's gross is split again by its rate.
 */
function partOfLine(base: LineItem, taken: Taken, units: Exact, index: number): LineItem | undefined {
  const quantity = Exact.fromDecimal(base.quantity, "quantity")
  const upTo = Exact.min(taken.quantity.plus(units), quantity)
  const partQuantity = upTo.minus(taken.quantity)
  if (!partQuantity.isPositive()) return undefined
  // The line's amount for units up to `upTo` (the quotient rounded at 20 decimals, then to the cent).
  const share = (amount: string) =>
    upTo.eq(quantity)
      ? Money.fromDecimal(amount)
      : Money.fromDecimal(amount).times(upTo).dividedBy(quantity).roundToCents()
  let net = share(base.net_amount).minus(taken.net)
  let tax = share(base.tax_amount).minus(taken.tax)
  let discount = share(base.discount_amount ?? "0.00").minus(taken.discount)
  if (discount.isNegative()) discount = Money.ZERO
  const gross = net.plus(tax)
  if (!gross.isPositive()) return undefined
  const build = (): LineItem => ({
    ...base,
    quantity: partQuantity.toString(),
    unit_price: net.plus(discount).dividedBy(partQuantity).toFixed(MICRO_DECIMALS),
    net_amount: net.toDecimal(),
    tax_amount: tax.toDecimal(),
    gross_amount: net.plus(tax).toDecimal(),
    discount_amount: discount.toDecimal(),
  })
  let line = build()
  if (net.isNegative() || tax.isNegative() || !checkLineItem(line, index).ok) {
    net = gross.dividedBy(Exact.fromDecimal(base.tax_rate, "tax_rate").plus(Exact.ONE)).roundToCents()
    tax = gross.minus(net)
    line = build()
  }
  const check = checkLineItem(line, index)
  if (!check.ok) throw new PayloadError("AMOUNT_NOT_REPRESENTABLE", `The shipment's ${check.message}`, check.loc)
  return line
}

/**
 * The fulfilment one shipment makes at the service: exactly the shipped lines
 * (each item scaled to the shipped units, cents exact), plus every shipping line
 * not invoiced yet (so shipping goes on the first shipment). The shipment that
 * ships the last remaining items, or whose lines would reach what remains, fulfils
 * with no body: "all that remains", so the fulfilments add up to the order exactly.
 */
export function planShipmentFulfilment(input: ShipmentFulfilmentInput): ShipmentFulfilment {
  const { serviceOrder } = input
  const remaining = Money.fromDecimal(serviceOrder.gross_amount).minus(
    Money.sum(serviceOrder.fulfilments.map((f) => f.gross_amount)),
  )
  if (!remaining.isPositive()) return { kind: "nothing", reason: "the order is invoiced in full already" }
  if (input.lastShipment) return { kind: "rest", remaining: remaining.toDecimal() }

  const matched = matchServiceLines(input.orderLines, serviceOrder.line_items)
  const taken = takenByReference(serviceOrder.fulfilments)
  const baseOf = (reference: string) => matched.get(reference)
  const takenOf = (line: LineItem) => (line.line_item_reference && taken.get(line.line_item_reference)) || NONE

  const units = new Map<string, Exact>()
  for (const item of input.shipped) {
    const shipped = Exact.fromMedusa(item.quantity, "shipped quantity")
    units.set(item.line_item_id, (units.get(item.line_item_id) ?? Exact.ZERO).plus(shipped))
  }

  const lines: LineItem[] = []
  for (const [lineItemId, quantity] of units) {
    const base = baseOf(lineItemId)
    if (!base || !quantity.isPositive()) continue
    const part = partOfLine(base, takenOf(base), quantity, lines.length)
    if (part) lines.push(part)
  }
  if (lines.length === 0) return { kind: "nothing", reason: "none of the shipped items is left to invoice" }
  for (const shipping of input.orderLines.filter((line) => line.type === "SHIPPING_FEE")) {
    const base = (shipping.line_item_reference && baseOf(shipping.line_item_reference)) || shipping
    const part = partOfLine(base, takenOf(base), Exact.fromDecimal(base.quantity, "quantity"), lines.length)
    if (part) lines.push(part)
  }

  const linesTotal = (field: "gross_amount" | "net_amount" | "tax_amount") =>
    Money.sum(lines.map((l) => l[field])).toDecimal()
  const body: FulfilRequest = {
    gross_amount: linesTotal("gross_amount"),
    net_amount: linesTotal("net_amount"),
    tax_amount: linesTotal("tax_amount"),
    tax_subtotals: taxSubtotalsOf(lines),
    line_items: lines,
  }
  if (remaining.lte(body.gross_amount)) return { kind: "rest", remaining: remaining.toDecimal() }
  const check = checkOrderAmounts(body)
  if (!check.ok)
    throw new PayloadError("AMOUNT_NOT_REPRESENTABLE", `The shipment's fulfilment: ${check.message}`, check.loc)
  return { kind: "part", body, remaining: remaining.toDecimal() }
}

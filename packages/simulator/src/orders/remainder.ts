import type BigNumber from "bignumber.js"
import type { LineItem } from "../contract/orders"
import type { OrderRecord } from "../state/orders"
import { bn, money, sumOf } from "./amounts"
import { taxSubtotalsOf } from "./arithmetic"

export type Part = { gross_amount: string; net_amount: string; tax_amount: string; line_items: LineItem[] }

const keyOf = (line: LineItem) => line.line_item_reference ?? `${line.name}|${line.unit_price}|${line.tax_rate}`

type Sums = { quantity: BigNumber; net: BigNumber; tax: BigNumber; gross: BigNumber; discount: BigNumber }

/**
 * The lines not yet fulfilled: each order line less the fulfilled lines with the same reference (or name, price and
 * rate).
 */
function matchedLines(record: OrderRecord): LineItem[] {
  const done = new Map<string, Sums>()
  for (const line of record.invoices.flatMap((i) => i.line_items ?? [])) {
    const sums = done.get(keyOf(line)) ?? { quantity: bn(0), net: bn(0), tax: bn(0), gross: bn(0), discount: bn(0) }
    sums.quantity = sums.quantity.plus(line.quantity)
    sums.net = sums.net.plus(line.net_amount)
    sums.tax = sums.tax.plus(line.tax_amount)
    sums.gross = sums.gross.plus(line.gross_amount)
    sums.discount = sums.discount.plus(line.discount_amount ?? "0")
    done.set(keyOf(line), sums)
  }
  const lines: LineItem[] = []
  for (const line of record.order.line_items) {
    const sums = done.get(keyOf(line))
    if (!sums) {
      lines.push(line)
      continue
    }
    done.delete(keyOf(line))
    const quantity = bn(line.quantity).minus(sums.quantity)
    const gross = bn(line.gross_amount).minus(sums.gross)
    if (gross.isZero() && quantity.lte(0)) continue
    lines.push({
      ...line,
      quantity: quantity.toFixed(),
      net_amount: money(bn(line.net_amount).minus(sums.net)),
      tax_amount: money(bn(line.tax_amount).minus(sums.tax)),
      gross_amount: money(gross),
      discount_amount: money(bn(line.discount_amount ?? "0").minus(sums.discount)),
    })
  }
  return done.size === 0 ? lines : []
}

/** Fallback when fulfilled lines do not match the order's: one line per tax rate with what remains at that rate. */
function linesPerRate(record: OrderRecord): LineItem[] {
  const fulfilled = new Map(
    taxSubtotalsOf(record.invoices.flatMap((i) => i.line_items ?? [])).map((t) => [t.tax_rate, t]),
  )
  return taxSubtotalsOf(record.order.line_items).flatMap((total) => {
    const net = bn(total.taxable_amount).minus(fulfilled.get(total.tax_rate)?.taxable_amount ?? 0)
    const tax = bn(total.tax_amount).minus(fulfilled.get(total.tax_rate)?.tax_amount ?? 0)
    if (net.isZero() && tax.isZero()) return []
    const sample = record.order.line_items.find((l) => bn(l.tax_rate).eq(total.tax_rate))
    return [
      {
        name: `Remaining items at tax rate ${total.tax_rate}`,
        description: `What remains to invoice at tax rate ${total.tax_rate}`,
        quantity: "1",
        quantity_unit: "pcs",
        unit_price: net.toFixed(6),
        net_amount: money(net),
        tax_amount: money(tax),
        gross_amount: money(net.plus(tax)),
        discount_amount: "0.00",
        tax_rate: total.tax_rate,
        tax_class_name: sample?.tax_class_name ?? "VAT",
        type: "OTHER" as const,
      },
    ]
  })
}

/** What a fulfilment without a body invoices: everything not fulfilled yet. */
export function remainderOf(record: OrderRecord): Part {
  const { order, invoices } = record
  const gross = bn(order.gross_amount).minus(sumOf(invoices, (i) => i.gross_amount))
  const net = bn(order.net_amount).minus(sumOf(invoices, (i) => i.net_amount ?? 0))
  const tax = bn(order.tax_amount).minus(sumOf(invoices, (i) => i.tax_amount ?? 0))
  let lines = invoices.length === 0 ? order.line_items : matchedLines(record)
  const linesAddUp =
    lines.length > 0 &&
    sumOf(lines, (l) => l.gross_amount).eq(gross) &&
    lines.every((l) => bn(l.gross_amount).gte(0) && bn(l.quantity).gt(0))
  if (!linesAddUp) lines = linesPerRate(record)
  return { gross_amount: money(gross), net_amount: money(net), tax_amount: money(tax), line_items: lines }
}

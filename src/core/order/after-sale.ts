import { taxSubtotalsOf } from "../../service/order-arithmetic"
import type { FulfilRequest, Order, Refund, TaxSubtotal } from "../../service/schemas/order"
import { Money, type MedusaAmount } from "../money/money"
import { splitAmountByTaxRates } from "./split-amount"

/*
 * What a capture or a refund of a service order asks of the service, decided from the order as the service has it
 * now (read back first: the service's state is the truth, never a kept copy). Pure: the provider reads, calls and
 * records; these decide. Their money rules are held by property tests (after-sale.property.spec.ts): the invoices of
 * an order never add up to more than its total, and its credit notes never to more than was invoiced.
 */

type OrderNow = Pick<Order, "gross_amount" | "state" | "currency" | "tax_subtotals"> & {
  fulfilments: readonly { gross_amount: string; line_items: Order["fulfilments"][number]["line_items"] }[]
  refunds: readonly Pick<Refund, "amount" | "refund_reference">[]
}

const invoicedOf = (order: Pick<OrderNow, "fulfilments">) => Money.sum(order.fulfilments.map((f) => f.gross_amount))
const refundedOf = (order: Pick<OrderNow, "refunds">) => Money.sum(order.refunds.map((r) => r.amount))

/** The order's total not invoiced yet. */
export const uninvoicedOf = (order: Pick<OrderNow, "gross_amount" | "fulfilments">) =>
  Money.fromDecimal(order.gross_amount).minus(invoicedOf(order))

/** What was invoiced and not credited yet: what a refund may credit. */
export const refundableOf = (order: Pick<OrderNow, "fulfilments" | "refunds">) =>
  invoicedOf(order).minus(refundedOf(order))

export type CapturePlan =
  /** Nothing to ask: the order is invoiced in full, or this capture's invoice is there already. */
  | { action: "none" }
  /** Fulfil: the rest of the order (no part), or a part of it split over the order's tax rates. */
  | { action: "fulfil"; part?: FulfilRequest }

/**
 * A capture of `amount` (Medusa's capture row, in cents; undefined: the whole payment). `recorded` is what Medusa's
 * other captures of the payment add up to: when the service invoiced that much and this capture's amount on top, this
 * capture's invoice was made and its answer lost (the capture was rolled back), so it is adopted, not made again.
 * Amounts are Money, or any of Medusa's shapes.
 */
export function planCapture(order: OrderNow, given: { amount?: MedusaAmount; recorded?: MedusaAmount }): CapturePlan {
  const amount = given.amount === undefined ? undefined : Money.fromMedusa(given.amount, "capture amount")
  const recorded = given.recorded === undefined ? undefined : Money.fromMedusa(given.recorded, "captured amount")
  const remaining = uninvoicedOf(order)
  if (!remaining.isPositive() || order.state === "FULFILLED" || order.state === "REFUNDED") return { action: "none" }
  if (amount !== undefined && recorded !== undefined && invoicedOf(order).minus(recorded).gte(amount))
    return { action: "none" }
  if (amount === undefined || amount.gte(remaining)) return { action: "fulfil" }
  const split = splitAmountByTaxRates(amount.toDecimal(), order.tax_subtotals, {
    name: "Order amount",
    description: "Part of the order fulfilled and invoiced now",
  })
  return {
    action: "fulfil",
    part: {
      gross_amount: split.gross_amount,
      net_amount: split.net_amount,
      tax_amount: split.tax_amount,
      tax_subtotals: split.tax_subtotals,
      line_items: split.line_items,
    },
  }
}

export type RefundPlan =
  /** Nothing to ask: this refund's credit note is there already (by its reference, or adopted). */
  | { action: "none" }
  /** Refused before any call: more than what is refundable, or nothing. */
  | { action: "refuse"; message: string }
  /** Refund `amount`, split over the tax rates of what was invoiced unless returned lines are given. */
  | { action: "refund"; amount: Money; tax_subtotals: TaxSubtotal[] }

/**
 * A refund of `amount` (in cents) under Medusa's refund id `refundId`. `others` are Medusa's other refunds of the
 * payment (their total and ids): a credit note this plugin asked for whose Medusa refund was rolled back (its answer
 * lost) is adopted when the service credited that much on top of them. Amounts are Money, or any of Medusa's shapes.
 */
export function planRefund(
  order: OrderNow,
  given: { amount: MedusaAmount; refundId: string; others?: { total: MedusaAmount; ids: ReadonlySet<string> } },
): RefundPlan {
  const { refundId, others } = given
  if (order.refunds.some((r) => r.refund_reference === refundId)) return { action: "none" }
  const amount = Money.fromMedusa(given.amount, "refund amount")
  const orphan =
    others &&
    refundedOf(order).minus(Money.fromMedusa(others.total, "refunded amount")).gte(amount) &&
    order.refunds.some(
      (r) => r.refund_reference?.startsWith("ref_") && !others.ids.has(r.refund_reference) && amount.eq(r.amount),
    )
  if (orphan) return { action: "none" }
  const refundable = refundableOf(order)
  if (!amount.isPositive() || amount.gt(refundable)) {
    return {
      action: "refuse",
      message:
        `Cannot refund ${amount.toDecimal()} ${order.currency}: ${refundable.toDecimal()} ` +
        `is refundable (invoiced and not yet refunded)`,
    }
  }
  const invoicedLines = order.fulfilments.flatMap((f) => f.line_items)
  const rates = invoicedLines.length ? taxSubtotalsOf(invoicedLines) : order.tax_subtotals
  return { action: "refund", amount, tax_subtotals: splitAmountByTaxRates(amount.toDecimal(), rates).tax_subtotals }
}

import { randomUUID } from "node:crypto"
import type { FulfilAnswer, FulfilRequest } from "../contract/orders"
import type { SimulatorContext } from "../context"
import { invalidState, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { assertAmounts, bn, sumOf } from "./amounts"
import { checkTotals } from "./arithmetic"
import { documentUrls } from "./documents"
import { emitOrderEvent, touch } from "./events"
import { recordInvoice } from "./ledger"
import { expireIfDue } from "./lifecycle"
import { type Part, remainderOf } from "./remainder"

/** What remains to fulfil (gross). */
export const unfulfilledGross = (record: OrderRecord) =>
  bn(record.order.gross_amount).minus(sumOf(record.order.fulfilments, (f) => f.gross_amount))

/**
 * POST /v1/order/{id}/fulfilled, from CONFIRMED or FULFILLING. No body, or one
 * without `partial`: all that remains. `partial`: that part (its arithmetic
 * checked; more than what remains is 409). `invoice_number` names the invoice
 * when given. Each fulfilment issues an invoice; the order is FULFILLING until
 * nothing remains, then FULFILLED. Sends order.fulfilled.v1 each time, then
 * order.reconciliation.invoiced.v1 for the invoice (its id the fulfilment's). The
 * answer always names the fulfilment just made (`fulfilled_order`, required by the published
 * FulfillOrderResponseSchema) and the order while something remains (`remained_order`, else null).
 */
export function fulfilOrder(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  body: FulfilRequest | undefined,
): FulfilAnswer {
  expireIfDue(ctx, merchant, record)
  const { order } = record
  if (order.state !== "CONFIRMED" && order.state !== "FULFILLING") {
    throw invalidState(`Only a CONFIRMED or FULFILLING order can be fulfilled (state ${order.state})`)
  }
  const remaining = unfulfilledGross(record)
  let part: Part
  const partial = body?.partial
  if (partial) {
    assertAmounts(checkTotals(partial, ["partial"]))
    if (!bn(partial.gross_amount).gt(0)) {
      throw schemaError("A fulfilment must be more than zero", [
        { loc: ["body", "partial", "gross_amount"], msg: "must be more than 0.00", type: "value_error" },
      ])
    }
    if (bn(partial.gross_amount).gt(remaining)) {
      throw invalidState(
        `The fulfilment (${partial.gross_amount}) is more than what remains to fulfil (${remaining.toFixed(2)})`,
      )
    }
    part = partial
  } else {
    part = remainderOf(record)
  }
  const number = body?.invoice_number ?? ctx.documents.nextInvoice()
  const now = ctx.clock.iso()
  const fulfilmentId = randomUUID()
  const invoiceUrl = documentUrls.byNumber(ctx, order.id, number)
  const issuedAt = body?.invoice_issue_date ?? now
  order.fulfilments.push({
    id: fulfilmentId,
    gross_amount: part.gross_amount,
    invoice_number: number,
    invoice_url: invoiceUrl,
    line_items: part.line_items,
  })
  record.invoices.push({
    kind: "invoice",
    number,
    issued_at: issuedAt,
    currency: order.currency,
    gross_amount: part.gross_amount,
    net_amount: part.net_amount,
    tax_amount: part.tax_amount,
    line_items: part.line_items,
  })
  order.invoice_url = documentUrls.invoice(ctx, order.id)
  order.state = remaining.minus(part.gross_amount).isZero() ? "FULFILLED" : "FULFILLING"
  touch(ctx, record)
  emitOrderEvent(ctx, merchant, record, "order.fulfilled.v1")
  // The invoice's own life (issue #38): order.reconciliation.invoiced.v1, and the buyer's credit and arrears.
  recordInvoice(ctx, merchant, record, {
    id: fulfilmentId,
    number,
    issued_at: issuedAt,
    gross_amount: part.gross_amount,
    net_amount: part.net_amount,
    tax_amount: part.tax_amount,
    invoice_url: invoiceUrl,
  })
  const remains = order.state === "FULFILLING"
  return {
    ...order,
    fulfilled_order: { id: fulfilmentId },
    remained_order: remains ? { id: order.id } : null,
  }
}

import { randomUUID } from "node:crypto"
import type { FullRefundRequest, PartialRefundRequest, Refund, TaxSubtotal } from "../contract/orders"
import type { SimulatorContext } from "../context"
import { invalidState, schemaError } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord, RefundAnswer } from "../state/orders"
import { assertAmounts, bn, checkRefundAmounts, money, sumOf } from "./amounts"
import { taxSubtotalsOf } from "./arithmetic"
import { documentUrls } from "./documents"
import { emitOrderEvent, touch } from "./events"
import { recordCredit } from "./ledger"
import { expireIfDue } from "./lifecycle"

/** Fulfilled and not yet refunded (gross). */
export const refundableGross = (record: OrderRecord) =>
  sumOf(record.order.fulfilments, (f) => f.gross_amount).minus(sumOf(record.order.refunds, (r) => r.amount))

const isPartial = (body: PartialRefundRequest | FullRefundRequest | undefined): body is PartialRefundRequest =>
  body !== undefined && "amount" in body

/**
 * POST /v1/order/{id}/refund. No body, or one without `amount` (`{reason?,
 * refund_reference?}`): all that was fulfilled and not yet refunded. A body
 * with `amount`: that part (arithmetic checked; above what remains
 * refundable is 409). A refund_reference seen before answers its first refund
 * again, whatever the body. Each refund issues a credit note. The order is
 * REFUNDED once everything fulfilled is refunded and nothing is left to fulfil.
 */
export function refundOrder(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  given: PartialRefundRequest | FullRefundRequest | undefined,
): RefundAnswer {
  expireIfDue(ctx, merchant, record)
  const { order } = record
  const body = isPartial(given) ? given : undefined
  const reference = given?.refund_reference
  const earlier = reference !== undefined ? record.refundsByReference.get(reference) : undefined
  if (earlier) return earlier
  if (order.fulfilments.length === 0) throw invalidState("Nothing has been fulfilled: there is nothing to refund")
  const refundable = refundableGross(record)
  if (!refundable.gt(0)) throw invalidState("Everything fulfilled has been refunded already")
  let net: string
  let tax: string
  let subtotals: TaxSubtotal[]
  if (body) {
    if (body.currency !== order.currency) {
      throw schemaError("The refund's currency is not the order's", [
        { loc: ["body", "currency"], msg: `must be ${order.currency}`, type: "value_error" },
      ])
    }
    if (!bn(body.amount).gt(0)) {
      throw schemaError("A refund must be more than zero", [
        { loc: ["body", "amount"], msg: "must be more than 0.00", type: "value_error" },
      ])
    }
    assertAmounts(checkRefundAmounts(body))
    if (bn(body.amount).gt(refundable)) {
      throw invalidState(`The refund (${body.amount}) is more than what remains refundable (${refundable.toFixed(2)})`)
    }
    net = money(sumOf(body.tax_subtotals, (t) => t.taxable_amount))
    tax = money(sumOf(body.tax_subtotals, (t) => t.tax_amount))
    subtotals = body.tax_subtotals
  } else {
    net = money(
      sumOf(record.invoices, (i) => i.net_amount ?? 0).minus(sumOf(record.creditNotes, (c) => c.net_amount ?? 0)),
    )
    tax = money(
      sumOf(record.invoices, (i) => i.tax_amount ?? 0).minus(sumOf(record.creditNotes, (c) => c.tax_amount ?? 0)),
    )
    subtotals = remainingSubtotals(record)
  }
  const amount = body?.amount ?? money(refundable)
  const number = ctx.documents.nextCreditNote()
  const now = ctx.clock.iso()
  const lines = body?.line_items ?? []
  const refund: Refund = {
    id: randomUUID(),
    amount,
    total_amount: amount,
    payable_amount: amount,
    prepaid_amount: "0.00",
    currency: order.currency,
    refund_no: order.refunds.length + 1,
    credit_note_number: number,
    credit_note_url: documentUrls.byNumber(ctx, order.id, number),
    refund_date: now,
    reason: given?.reason ?? null,
    refund_reference: reference ?? null,
    tax_subtotals: subtotals,
    line_items: lines,
  }
  order.refunds.push(refund)
  // The answer's lines are a list of lists; in the order's refunds[] they are flat (section 2).
  const answer: RefundAnswer = { ...refund, line_items: lines.length ? [lines] : [] }
  if (reference !== undefined) record.refundsByReference.set(reference, answer)
  record.creditNotes.push({
    kind: "credit_note",
    number,
    issued_at: now,
    currency: order.currency,
    gross_amount: amount,
    net_amount: net,
    tax_amount: tax,
    line_items: lines.length ? lines : null,
  })
  order.credit_note_url = documentUrls.creditNote(ctx, order.id)
  const allRefunded = refundable.minus(amount).isZero()
  if (allRefunded && (order.state === "FULFILLED" || order.state === "CANCELLED")) order.state = "REFUNDED"
  touch(ctx, record)
  emitOrderEvent(ctx, merchant, record, "order.refunded.v1", {
    refund_id: refund.id,
    merchant_refund_reference: refund.refund_reference,
    refunded_gross_amount: amount,
    refunded_payable_amount: amount,
    refunded_prepaid_amount: "0.00",
  })
  // The credit note against the invoices (issue #38): order.reconciliation.credited.v1, a payment de-allocated.
  recordCredit(ctx, merchant, record, refund)
  return answer
}

/** Per rate, what was invoiced less what was credited: the subtotals of a refund of everything left. */
function remainingSubtotals(record: OrderRecord): TaxSubtotal[] {
  const invoiced = taxSubtotalsOf(record.invoices.flatMap((i) => i.line_items ?? []))
  const credited = new Map(
    taxSubtotalsOf(record.creditNotes.flatMap((c) => c.line_items ?? [])).map((t) => [t.tax_rate, t]),
  )
  return invoiced
    .map((t) => ({
      tax_rate: t.tax_rate,
      taxable_amount: money(bn(t.taxable_amount).minus(credited.get(t.tax_rate)?.taxable_amount ?? 0)),
      tax_amount: money(bn(t.tax_amount).minus(credited.get(t.tax_rate)?.tax_amount ?? 0)),
    }))
    .filter((t) => !bn(t.taxable_amount).isZero() || !bn(t.tax_amount).isZero())
}

import BigNumber from "bignumber.js"
import type { Refund } from "../contract/orders"
import type { SimulatorContext } from "../context"
import { companyOfOrder, noteInvoice } from "../customers/buyers"
import { changingStanding } from "../customers/standing"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { bn, money } from "./amounts"
import { DEFAULT_DUE_IN_DAYS, addDays } from "./due-dates"
import { ledgerOf, unpaidOf } from "./invoice-status"
import { emitReconciliationEvent } from "./reconciliation-events"

export type IssuedInvoice = {
  id: string
  number: string
  issued_at: string
  gross_amount: string
  net_amount: string | null
  tax_amount: string | null
  invoice_url: string
}

/**
 * A fulfilment's invoice enters the order's ledger (and the buyer's): due `terms.duration_days` after its issue date
 * (default 30), its payment reference its number. Sends order.reconciliation.invoiced.v1 (the invoice's gross).
 */
export function recordInvoice(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  issued: IssuedInvoice,
): LedgerInvoice {
  const company = companyOfOrder(ctx, record)
  return changingStanding(ctx, company, () => {
    const issueDate = issued.issued_at.slice(0, 10)
    const tax = issued.tax_amount ?? "0.00"
    const invoice: LedgerInvoice = {
      id: issued.id,
      merchant: merchant.id,
      order_id: record.order.id,
      number: issued.number,
      issued_at: issued.issued_at,
      issue_date: issueDate,
      due_date: addDays(issueDate, record.extras.terms?.duration_days ?? DEFAULT_DUE_IN_DAYS),
      payment_reference: issued.number,
      currency: record.order.currency,
      gross_amount: issued.gross_amount,
      net_amount: issued.net_amount ?? money(bn(issued.gross_amount).minus(tax)),
      tax_amount: money(tax),
      invoice_url: issued.invoice_url,
      paid_amount: "0.00",
      credited_amount: "0.00",
      collected_amount: "0.00",
      recoursed_amount: "0.00",
      payments: [],
      last_updated: ctx.clock.iso(),
    }
    ledgerOf(record).push(invoice)
    if (company) noteInvoice(company, invoice)
    emitReconciliationEvent(ctx, merchant, record, invoice, "invoiced", invoice.gross_amount)
    return invoice
  })
}

/** Takes back up to `amount` of the invoice's allocated payments, the latest first; one positive event each. */
function deallocate(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  invoice: LedgerInvoice,
  amount: BigNumber,
): void {
  let left = amount
  for (const payment of [...invoice.payments].reverse()) {
    if (!left.gt(0)) break
    const taken = BigNumber.min(left, bn(payment.allocated))
    if (!taken.gt(0)) continue
    payment.allocated = money(bn(payment.allocated).minus(taken))
    invoice.paid_amount = money(bn(invoice.paid_amount).minus(taken))
    left = left.minus(taken)
    emitReconciliationEvent(ctx, merchant, record, invoice, "payment_allocated", taken, {
      matched_reference: invoice.payment_reference,
      payment: {
        payment_id: payment.payment_id,
        payment_reference: payment.payment_reference,
        booked_at: payment.booked_at,
        payment_amount: payment.payment_amount,
        currency: invoice.currency,
      },
    })
  }
}

/**
 * A refund's credit note applied to the order's invoices, the oldest first, each up to what it has not been credited:
 * one order.reconciliation.credited.v1 per invoice (negative). Where the credit passes what the buyer still owed on
 * it, the buyer's payment is de-allocated by the difference: order.reconciliation.payment_allocated.v1 with a
 * positive amount (webhooks-api.yaml: "a credit note takes priority over the payment").
 */
export function recordCredit(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  refund: Refund,
): void {
  changingStanding(ctx, companyOfOrder(ctx, record), () => {
    let left = bn(refund.amount)
    for (const invoice of ledgerOf(record)) {
      if (!left.gt(0)) break
      const room = bn(invoice.gross_amount).minus(invoice.credited_amount)
      const credit = BigNumber.min(left, room)
      if (!credit.gt(0)) continue
      const owedBefore = unpaidOf(invoice)
      invoice.credited_amount = money(bn(invoice.credited_amount).plus(credit))
      invoice.last_updated = ctx.clock.iso()
      left = left.minus(credit)
      emitReconciliationEvent(ctx, merchant, record, invoice, "credited", credit.negated(), {
        credit_note: { refund_id: refund.id, credited_at: refund.refund_date, credit_note_amount: refund.amount },
      })
      const excess = credit.minus(owedBefore.gt(0) ? owedBefore : 0)
      if (excess.gt(0)) deallocate(ctx, merchant, record, invoice, excess)
    }
  })
}

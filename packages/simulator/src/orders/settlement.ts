import { randomUUID } from "node:crypto"
import BigNumber from "bignumber.js"
import type { SimulatorContext } from "../context"
import { companyOfOrder } from "../customers/buyers"
import { changingStanding } from "../customers/standing"
import { invalidState, notFound, schemaError } from "../errors"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { bn, money, sumOf } from "./amounts"
import { invoiceDetails, ledgerOf, unpaidOf } from "./invoice-status"
import { emitReconciliationEvent } from "./reconciliation-events"

/** What the control API asks: an amount (default: all that is unpaid), optionally one invoice of the order. */
export type SettlementRequest = { amount?: string; invoice_id?: string }

export type Allocation = { invoice_id: string; amount: string }

/**
 * The order's unpaid invoices that a settlement covers, the earliest due first, and how much: the amount asked
 * (more than 0.00, at most what is unpaid: 409 otherwise), else all that is unpaid. 409 before the first invoice
 * or when nothing is unpaid; 404 for an invoice the order does not have.
 */
function planOf(record: OrderRecord, request: SettlementRequest) {
  const ledger = ledgerOf(record)
  if (ledger.length === 0) throw invalidState(`Order ${record.order.id} has not been invoiced`)
  const chosen = request.invoice_id ? ledger.filter((i) => i.id === request.invoice_id) : ledger
  if (chosen.length === 0) throw notFound(`Invoice ${request.invoice_id} of order ${record.order.id}`)
  const open = chosen
    .filter((i) => unpaidOf(i).gt(0))
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.issued_at.localeCompare(b.issued_at))
  const unpaid = sumOf(open, unpaidOf)
  if (!unpaid.gt(0)) throw invalidState(`Nothing is unpaid on order ${record.order.id}`)
  const amount = bn(request.amount ?? unpaid)
  if (!amount.gt(0)) {
    throw schemaError("The amount must be more than zero", [
      { loc: ["body", "amount"], msg: "must be more than 0.00", type: "value_error" },
    ])
  }
  if (amount.gt(unpaid)) {
    throw invalidState(`The amount (${money(amount)}) is more than what is unpaid (${money(unpaid)})`)
  }
  return { open, amount }
}

/** Spreads `amount` over the invoices, each up to what is unpaid on it; `apply` books each part. */
function spread(open: LedgerInvoice[], amount: BigNumber, apply: (invoice: LedgerInvoice, part: BigNumber) => void) {
  const allocations: Allocation[] = []
  let left = amount
  for (const invoice of open) {
    if (!left.gt(0)) break
    const part = BigNumber.min(left, unpaidOf(invoice))
    apply(invoice, part)
    left = left.minus(part)
    allocations.push({ invoice_id: invoice.id, amount: money(part) })
  }
  return allocations
}

const add = (value: string, part: BigNumber) => money(bn(value).plus(part))

/**
 * `POST /_sim/orders/:id/payments`: the buyer pays (all that is unpaid, or a part), and the service allocates the
 * payment to the order's invoices: one order.reconciliation.payment_allocated.v1 per invoice (negative), with the
 * payment and the invoice's payment reference as `matched_reference`.
 */
export function payOrder(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  request: SettlementRequest & { reference?: string },
) {
  const { open, amount } = planOf(record, request)
  const now = ctx.clock.iso()
  const payment = {
    payment_id: randomUUID(),
    payment_reference: request.reference ?? open[0].payment_reference,
    booked_at: now,
    payment_amount: money(amount),
    currency: record.order.currency,
  }
  const allocations = changingStanding(
    ctx,
    companyOfOrder(ctx, record),
    () =>
      spread(open, amount, (invoice, part) => {
        invoice.paid_amount = add(invoice.paid_amount, part)
        invoice.payments.push({ ...payment, allocated: money(part) })
        invoice.last_updated = now
        emitReconciliationEvent(ctx, merchant, record, invoice, "payment_allocated", part.negated(), {
          matched_reference: invoice.payment_reference,
          payment,
        })
      }),
    { payment: true },
  )
  return { payment, allocations }
}

/**
 * `POST /_sim/orders/:id/collection` and `/recourse`: the service hands what is unpaid (or a part) to a collection
 * agency, or back to the merchant: order.reconciliation.collected.v1 / .recoursed.v1 per invoice (negative), with
 * `collection {collection_id, collected_at, collection_amount}` / `recourse {recourse_id, recoursed_at,
 * recourse_amount}` (the whole amount, positive).
 */
export function settleOrder(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  kind: "collected" | "recoursed",
  request: SettlementRequest,
) {
  const { open, amount } = planOf(record, request)
  const now = ctx.clock.iso()
  const detail =
    kind === "collected"
      ? { collection: { collection_id: randomUUID(), collected_at: now, collection_amount: money(amount) } }
      : { recourse: { recourse_id: randomUUID(), recoursed_at: now, recourse_amount: money(amount) } }
  const allocations = changingStanding(ctx, companyOfOrder(ctx, record), () =>
    spread(open, amount, (invoice, part) => {
      if (kind === "collected") invoice.collected_amount = add(invoice.collected_amount, part)
      else invoice.recoursed_amount = add(invoice.recoursed_amount, part)
      invoice.last_updated = now
      emitReconciliationEvent(ctx, merchant, record, invoice, kind, part.negated(), detail)
    }),
  )
  return { ...detail, allocations }
}

/** The order's invoices together, as the published read answers them (the control API's answers carry it too). */
export const orderInvoiceDetails = (ctx: SimulatorContext, record: OrderRecord) =>
  invoiceDetails(ctx, record, ledgerOf(record), record.order.id)

import type BigNumber from "bignumber.js"
import { RECONCILIATION_EVENTS, type ReconciliationData } from "../contract/after-invoice-events"
import type { SimulatorContext } from "../context"
import type { LedgerInvoice } from "../state/invoice-ledger"
import type { MerchantState } from "../state/merchants"
import type { OrderRecord } from "../state/orders"
import { money } from "./amounts"

type Kind = keyof typeof RECONCILIATION_EVENTS

/** The merchant's id of the trade-account user who placed the order (null for a guest order). */
export function merchantUserIdOf(merchant: MerchantState, record: OrderRecord): string | null {
  const ref = record.order.buyer.trade_account
  return (ref && merchant.tradeAccounts.user(ref.user_id)?.user.merchant_user_id) || null
}

/**
 * Sends one `order.reconciliation.*.v1` event for an invoice of the order (published `OrderReconciliationDataBase`
 * plus what the kind adds). `amount` is signed as the service signs it: invoiced and a payment's de-allocation
 * positive; a payment allocated, a credit, a collection and a recourse negative. The order is its own root
 * (`root_order_id`: the simulator keeps a partial fulfilment in the order); orders are not on billing statements
 * (`billing_period_id` null).
 */
export function emitReconciliationEvent(
  ctx: SimulatorContext,
  merchant: MerchantState,
  record: OrderRecord,
  invoice: LedgerInvoice,
  kind: Kind,
  amount: BigNumber.Value,
  extra: Record<string, unknown> = {},
) {
  const data: ReconciliationData = {
    root_order_id: record.order.id,
    order_id: record.order.id,
    invoice_id: invoice.id,
    merchant_id: merchant.merchantId,
    amount: money(amount),
    currency: invoice.currency,
    billing_period_id: null,
    merchant_user_id: merchantUserIdOf(merchant, record),
  }
  return ctx.webhooks.emit(merchant, RECONCILIATION_EVENTS[kind], { ...data, ...extra })
}

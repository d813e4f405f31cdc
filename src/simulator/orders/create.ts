import { randomUUID } from "node:crypto"
import { checkOrderAmounts } from "../../service/order-arithmetic"
import type { CreateOrderRequest, EditOrderRequest, Order, OrderIntent, OrderIntentRequest } from "../../service/schemas"
import type { SimulatorContext } from "../context"
import { type Decision, decide } from "../decisions"
import { invalidState } from "../errors"
import type { MerchantState } from "../state/merchants"
import type { OrderExtras, OrderRecord } from "../state/orders"
import { checkIntentAmounts } from "./amounts"
import { isVerifiedTradeAccountUser } from "../trade-account/order-ref"
import { verificationUrl } from "./documents"

/** An intent is a check, not a reservation: it decides exactly as a create would, and keeps nothing. */
export function decideIntent(ctx: SimulatorContext, body: OrderIntentRequest): OrderIntent {
  const amounts = checkIntentAmounts(body)
  const decision: Decision = amounts.ok
    ? decide(ctx.companies.resolve(body.buyer.company), body.gross_amount)
    : { approved: false, decline_reason: amounts.code }
  return {
    id: randomUUID(),
    approved: decision.approved,
    decline_reason: decision.decline_reason,
    tracking_id: randomUUID(),
    gross_amount: body.gross_amount,
    currency: body.currency,
  }
}

export function extrasOf(body: EditOrderRequest, previous?: OrderExtras): OrderExtras {
  return {
    discount_amount: body.discount_amount,
    invoice_type: body.invoice_type,
    buyer_department: body.buyer_department ?? previous?.buyer_department,
    buyer_project: body.buyer_project ?? previous?.buyer_project,
    buyer_purchase_order_number: body.buyer_purchase_order_number ?? previous?.buyer_purchase_order_number,
    order_note: body.order_note ?? previous?.order_note,
    invoice_details: body.invoice_details ?? previous?.invoice_details,
    terms: body.terms ?? previous?.terms,
  }
}

/**
 * Creates an order. Bad arithmetic or a declining credit decision gives a
 * REJECTED order (201, state stays UNVERIFIED, no payment_url). An approved
 * order waits for the buyer at payment_url, unless `buyer.trade_account`
 * names a verified user: then it is VERIFIED at once. A trade account that
 * does not resolve (unknown customer or user, a user of another customer) is
 * 400 SCHEMA_ERROR and nothing is kept.
 */
export function createOrder(ctx: SimulatorContext, merchant: MerchantState, body: CreateOrderRequest): OrderRecord {
  const holder = merchant.orders.holderOf(body.merchant_order_id)
  if (holder) {
    throw invalidState(`merchant_order_id ${body.merchant_order_id} is already used by order ${holder.order.id}`, holder.order.id)
  }
  const tradeAccount = body.buyer.trade_account
  const verifiedUser = !!tradeAccount && isVerifiedTradeAccountUser(ctx, merchant, tradeAccount)
  const company = ctx.companies.resolve(body.buyer.company)
  const amounts = checkOrderAmounts(body)
  const decision: Decision = amounts.ok ? decide(company, body.gross_amount) : { approved: false, decline_reason: amounts.code }
  const oneClick = decision.approved && verifiedUser
  const id = randomUUID()
  const now = ctx.clock.iso()
  const order: Order = {
    id,
    merchant_order_id: body.merchant_order_id,
    merchant_reference: body.merchant_reference ?? null,
    state: oneClick ? "VERIFIED" : "UNVERIFIED",
    status: decision.approved ? "APPROVED" : "REJECTED",
    decline_reason: decision.decline_reason,
    payment_url: decision.approved && !oneClick ? verificationUrl(ctx, id) : null,
    gross_amount: body.gross_amount,
    net_amount: body.net_amount,
    tax_amount: body.tax_amount,
    currency: body.currency,
    buyer: body.buyer,
    line_items: body.line_items,
    tax_subtotals: body.tax_subtotals,
    billing_address: body.billing_address,
    shipping_address: body.shipping_address,
    merchant_urls: body.merchant_urls,
    tracking_id: body.tracking_id ?? null,
    fulfilments: [],
    refunds: [],
    invoice_url: null,
    credit_note_url: null,
    date_created: now,
    date_updated: now,
  }
  const record: OrderRecord = {
    order,
    extras: extrasOf(body),
    company,
    createdAtMs: ctx.clock.nowMs(),
    verification: oneClick ? "approved" : null,
    invoices: [],
    creditNotes: [],
    refundsByReference: new Map(),
  }
  merchant.orders.add(record)
  return record
}

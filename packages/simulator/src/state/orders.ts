import type { LineItem, Order, Refund } from "../contract/orders"
import type { CompanyRecord } from "./companies"
import type { LedgerInvoice } from "./invoice-ledger"

/** An invoice (one per fulfilment) or a credit note (one per refund), kept for the PDF route. */
export type IssuedDocument = {
  kind: "invoice" | "credit_note"
  number: string
  issued_at: string
  currency: string
  gross_amount: string
  net_amount: string | null
  tax_amount: string | null
  line_items: LineItem[] | null
}

/** Fields of the create and edit bodies that the order answer does not carry. */
export type OrderExtras = {
  buyer_department?: string
  buyer_project?: string
  buyer_purchase_order_number?: string
  order_note?: string
  invoice_details?: { invoice_emails: string[] }
  terms?: { type: "NET_TERMS"; duration_days: number }
}

export type OrderRecord = {
  /** The wire object; handlers mutate it and answer with it. */
  order: Order
  extras: OrderExtras
  /** The company the buyer resolved to (undefined when the service did not know it). */
  company: CompanyRecord | undefined
  createdAtMs: number
  /** How the buyer's verification ended, for the hosted page (null while pending). */
  verification: "approved" | "rejected" | "expired" | null
  invoices: IssuedDocument[]
  creditNotes: IssuedDocument[]
  /** The refund answers (lines as a list of lists), by refund_reference, to answer a repeated reference again. */
  refundsByReference: Map<string, RefundAnswer>
  /** Each invoice's life after it is issued (payments, credits, collection, recourse); absent in older state files. */
  ledger?: LedgerInvoice[]
}

/** The answer of a refund: its `line_items` a list of lists (section 2). */
export type RefundAnswer = Omit<Refund, "line_items"> & { line_items: LineItem[][] }

/** One merchant's orders. */
export class OrderStore {
  private byId = new Map<string, OrderRecord>()
  private byMerchantOrderId = new Map<string, OrderRecord[]>()
  /** Approved orders waiting for the buyer, in creation order (the expiry sweep stops at the first young one). */
  readonly awaitingVerification = new Set<OrderRecord>()
  /** The tracking_ids of this merchant's order intents (the minimal profile refuses an order naming another). */
  private trackingIds = new Set<string>()

  /** Keeps an intent's tracking_id (the oldest dropped beyond 50 000). */
  addIntent(trackingId: string): void {
    this.trackingIds.add(trackingId)
    if (this.trackingIds.size > 50_000) this.trackingIds.delete(this.trackingIds.values().next().value as string)
  }

  hasIntent(trackingId: string): boolean {
    return this.trackingIds.has(trackingId)
  }

  add(record: OrderRecord): void {
    this.byId.set(record.order.id, record)
    const list = this.byMerchantOrderId.get(record.order.merchant_order_id) ?? []
    list.push(record)
    this.byMerchantOrderId.set(record.order.merchant_order_id, list)
    if (record.order.status === "APPROVED" && record.order.state === "UNVERIFIED") this.awaitingVerification.add(record)
  }

  /** An edit's `merchant_order_id` replaces the order's: it is then found under the new one only. */
  rename(record: OrderRecord, merchantOrderId: string): void {
    const old = record.order.merchant_order_id
    if (old === merchantOrderId) return
    const rest = this.byMerchantOrder(old).filter((r) => r !== record)
    if (rest.length) this.byMerchantOrderId.set(old, rest)
    else this.byMerchantOrderId.delete(old)
    record.order.merchant_order_id = merchantOrderId
    this.byMerchantOrderId.set(merchantOrderId, [...this.byMerchantOrder(merchantOrderId), record])
  }

  get(id: string): OrderRecord | undefined {
    return this.byId.get(id)
  }

  byMerchantOrder(merchantOrderId: string): OrderRecord[] {
    return this.byMerchantOrderId.get(merchantOrderId) ?? []
  }

  /** The order that holds a merchant_order_id: approved and not cancelled (declined and cancelled ones free it). */
  holderOf(merchantOrderId: string): OrderRecord | undefined {
    return this.byMerchantOrder(merchantOrderId).find(
      (r) => r.order.status !== "REJECTED" && r.order.state !== "CANCELLED",
    )
  }

  /**
   * Forgets an order as a service that purged it (or lost it) would: every lookup by its id or merchant_order_id
   * then misses (404), and its merchant_order_id is free again. Idempotency records and sent webhooks are kept.
   */
  forget(record: OrderRecord): void {
    this.byId.delete(record.order.id)
    const rest = this.byMerchantOrder(record.order.merchant_order_id).filter((r) => r !== record)
    if (rest.length) this.byMerchantOrderId.set(record.order.merchant_order_id, rest)
    else this.byMerchantOrderId.delete(record.order.merchant_order_id)
    this.awaitingVerification.delete(record)
  }

  all(): OrderRecord[] {
    return [...this.byId.values()]
  }

  get size(): number {
    return this.byId.size
  }

  clear(): void {
    this.byId.clear()
    this.byMerchantOrderId.clear()
    this.awaitingVerification.clear()
    this.trackingIds.clear()
  }
}

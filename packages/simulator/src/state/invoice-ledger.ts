/**
 * What the service keeps of each invoice of an order after it is issued (issue #38): its due date and payment
 * reference, and what was paid, credited, collected and recoursed against it. One per fulfilment (the invoice's id
 * is the fulfilment's: `fulfilled_order.id`). The order keeps its list; the buyer's company keeps the same objects
 * (its exposure and arrears are read from them).
 */
export type LedgerPayment = {
  payment_id: string
  /** The buyer's reference given with the payment (null when none). */
  payment_reference: string | null
  booked_at: string
  /** The whole payment (it may cover several invoices). */
  payment_amount: string
  /** What of it is allocated to this invoice now (less after a de-allocation). */
  allocated: string
}

export type LedgerInvoice = {
  id: string
  /** The simulator's merchant (`merchant.id`) and the order the invoice belongs to. */
  merchant: string
  order_id: string
  number: string
  issued_at: string
  /** YYYY-MM-DD */
  issue_date: string
  /** YYYY-MM-DD: the issue date plus the order's `terms.duration_days` (default 30). */
  due_date: string
  /** What the buyer writes on the payment: the invoice number (chosen). */
  payment_reference: string
  currency: string
  gross_amount: string
  net_amount: string
  tax_amount: string
  invoice_url: string
  paid_amount: string
  credited_amount: string
  collected_amount: string
  recoursed_amount: string
  payments: LedgerPayment[]
  last_updated: string
}

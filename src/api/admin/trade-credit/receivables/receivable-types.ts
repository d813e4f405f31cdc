/**
 * The answers of the receivables routes (issue #38) that the admin reads: the order widget's documents, the
 * Receivables page, the customer widget's company credit and Settings' received events. Types only, no imports: the
 * admin bundle imports them too (`import type`). Money is a decimal string in major units ("1200.00"), exact; times
 * are ISO 8601.
 */

/** One dated line of a document's life (an event of the service). `amount` is signed as the service signs it. */
export type TradeCreditReceivableEntry = {
  id: string
  /** invoiced, payment, payment_reversed, credited, collected, recoursed, instalment_invoiced, statement_issued. */
  kind: string
  amount: string
  currency_code: string
  occurred_at: string
  reference: string | null
}

/** A document issued to a buyer after a sale: an invoice, a credit note, an instalment invoice or a statement. */
export type TradeCreditReceivable = {
  id: string
  /** invoice, credit_note, instalment_invoice, statement. */
  kind: string
  document_id: string
  number: string | null
  /** open, part_paid, paid, credited, in_collection, recoursed. */
  status: string
  /** Open or part paid with its due date passed. */
  overdue: boolean
  order_id: string | null
  customer_id: string | null
  company_key: string | null
  company_name: string | null
  payment_reference: string | null
  currency_code: string
  amount: string
  paid_amount: string | null
  credited_amount: string | null
  collected_amount: string | null
  recoursed_amount: string | null
  outstanding_amount: string | null
  issued_at: string | null
  due_at: string | null
  settled_at: string | null
  document_url: string | null
  /** Oldest first. */
  entries: TradeCreditReceivableEntry[]
}

/** `GET /admin/trade-credit/receivables` */
export type TradeCreditReceivablesAnswer = {
  receivables: TradeCreditReceivable[]
  count: number
  limit: number
  offset: number
}

/** A buyer company's credit as the service last told it (`customer.credit_limit.updated.v1`, arrears events). */
export type TradeCreditCompanyCredit = {
  currency_code: string | null
  credit_limit: string | null
  credit_limit_balance: string | null
  max_single_order_value: string | null
  credit_approved: boolean | null
  decline_reason: string | null
  in_arrears: boolean
  /** none, approaching, blocked. */
  arrears_state: string
  days_in_arrears: number | null
  days_until_arrears: number | null
  earliest_invoice_number: string | null
  earliest_invoice_due_date: string | null
  limit_event_at: string | null
  arrears_event_at: string | null
}

/** A company a customer buys for (trade account, sole-trader enrollment, or the company of their orders). */
export type TradeCreditCustomerCompany = {
  country_code: string | null
  organization_number: string
  company_name: string | null
  /** Where the plugin knows the company from. */
  source: "trade_account" | "enrollment" | "orders"
  /** Null until the service has said anything of the company's credit. */
  credit: TradeCreditCompanyCredit | null
}

/** `GET /admin/trade-credit/receivables/companies?customer_id=` */
export type TradeCreditCustomerCompaniesAnswer = { companies: TradeCreditCustomerCompany[] }

/** An event type the plugin acknowledged without acting on it. */
export type TradeCreditReceivedEvent = { type: string; count: number; last_received_at: string }

/** `GET /admin/trade-credit/received-events` */
export type TradeCreditReceivedEventsAnswer = {
  received_events: TradeCreditReceivedEvent[]
  count: number
  limit: number
  offset: number
}

import { model } from "@medusajs/framework/utils"

export const RECEIVABLE_KINDS = ["invoice", "credit_note", "instalment_invoice", "statement"] as const
export type ReceivableKind = (typeof RECEIVABLE_KINDS)[number]

/** Where a document stands. "Overdue" is not kept: an open or part-paid document whose `due_at` has passed. */
export const RECEIVABLE_STATUSES = ["open", "part_paid", "paid", "credited", "in_collection", "recoursed"] as const
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number]

/**
 * A document the service issued to a buyer after a sale (issue #38): an order's invoice, a credit note, an instalment
 * invoice or a monthly statement, one row per document (`kind`, `document_id`: the service's invoice id, refund id or
 * billing period id). Its amounts are the service's as last read back (`GET /v1/order/{id}/invoice_details`) or, for
 * documents without a read, as the event gave them. `company_key` is `<country>:<organization number>` (the country
 * empty when the event gave none) and `customer_id` the Medusa customer who ordered: the buyer's documents route shows
 * a customer the rows of their own orders and of their company.
 */
export const Receivable = model
  .define(
    { name: "Receivable", tableName: "trade_credit_receivable" },
    {
      id: model.id({ prefix: "tcrcv" }).primaryKey(),
      kind: model.enum([...RECEIVABLE_KINDS]),
      document_id: model.text(),
      service_order_id: model.text().nullable(),
      order_id: model.text().nullable(),
      customer_id: model.text().nullable(),
      company_key: model.text().nullable(),
      company_name: model.text().nullable(),
      number: model.text().nullable(),
      payment_reference: model.text().nullable(),
      currency_code: model.text(),
      amount: model.bigNumber(),
      paid_amount: model.bigNumber().nullable(),
      credited_amount: model.bigNumber().nullable(),
      collected_amount: model.bigNumber().nullable(),
      recoursed_amount: model.bigNumber().nullable(),
      outstanding_amount: model.bigNumber().nullable(),
      status: model.enum([...RECEIVABLE_STATUSES]).default("open"),
      issued_at: model.dateTime().nullable(),
      due_at: model.dateTime().nullable(),
      settled_at: model.dateTime().nullable(),
      document_url: model.text().nullable(),
      /** What else the service said of the document (a statement's invoices, an instalment invoice's plans). */
      details: model.json().nullable(),
      /** When the service's read last gave these figures (null: only events so far). */
      read_at: model.dateTime().nullable(),
    },
  )
  .indexes([
    { on: ["kind", "document_id"], unique: true },
    { on: ["order_id"] },
    { on: ["customer_id"] },
    { on: ["company_key"] },
    { on: ["status", "due_at"] },
  ])

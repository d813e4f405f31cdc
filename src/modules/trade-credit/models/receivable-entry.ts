import { model } from "@medusajs/framework/utils"

export const RECEIVABLE_ENTRY_KINDS = [
  "invoiced",
  "payment",
  "payment_reversed",
  "credited",
  "collected",
  "recoursed",
  "instalment_invoiced",
  "statement_issued",
] as const
export type ReceivableEntryKind = (typeof RECEIVABLE_ENTRY_KINDS)[number]

/**
 * One dated line of a document's life, from one event of the service (unique `event_id`: a repeated delivery adds
 * nothing). `amount` is signed as the service signs it (an invoice positive, a payment, credit, collection or
 * recourse negative, a payment taken back positive), so the lines of a document add up to what is outstanding.
 */
export const ReceivableEntry = model
  .define(
    { name: "ReceivableEntry", tableName: "trade_credit_receivable_entry" },
    {
      id: model.id({ prefix: "tcrce" }).primaryKey(),
      event_id: model.text().unique(),
      receivable_id: model.text(),
      kind: model.enum([...RECEIVABLE_ENTRY_KINDS]),
      amount: model.bigNumber(),
      currency_code: model.text(),
      occurred_at: model.dateTime(),
      /** The payment's reference, the credit note's, collection's or recourse's id. */
      reference: model.text().nullable(),
    },
  )
  .indexes([{ on: ["receivable_id", "occurred_at"] }])

import { model } from "@medusajs/framework/utils"

export const ARREARS_STATES = ["none", "approaching", "blocked"] as const
export type ArrearsState = (typeof ARREARS_STATES)[number]

/**
 * What the service last said of a buyer company's credit (`customer.credit_limit.updated.v1`) and arrears
 * (`customer.in_arrears_block.v1`, `customer.approaching_arrears_block.v1` and their `exit_` events), one row per
 * company (`company_key`: `<country>:<organization number>`; the arrears events name no country, so their row's key
 * has an empty country and the checkout reads both). `limit_event_at` and `arrears_event_at` are the times of the
 * events applied: an older event arriving late changes nothing.
 */
export const CompanyCredit = model
  .define(
    { name: "CompanyCredit", tableName: "trade_credit_company_credit" },
    {
      id: model.id({ prefix: "tccc" }).primaryKey(),
      company_key: model.text().unique(),
      organization_number: model.text(),
      country_code: model.text().nullable(),
      company_name: model.text().nullable(),
      currency_code: model.text().nullable(),
      credit_limit: model.bigNumber().nullable(),
      credit_limit_balance: model.bigNumber().nullable(),
      max_single_order_value: model.bigNumber().nullable(),
      credit_approved: model.boolean().nullable(),
      decline_reason: model.text().nullable(),
      in_arrears: model.boolean().default(false),
      arrears_state: model.enum([...ARREARS_STATES]).default("none"),
      days_in_arrears: model.number().nullable(),
      days_until_arrears: model.number().nullable(),
      earliest_invoice_number: model.text().nullable(),
      earliest_invoice_due_date: model.text().nullable(),
      limit_event_at: model.dateTime().nullable(),
      arrears_event_at: model.dateTime().nullable(),
    },
  )
  .indexes([{ on: ["organization_number"] }])

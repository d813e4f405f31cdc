import { model } from "@medusajs/framework/utils"

/**
 * A business onboarded as a trade account customer at the service (contract
 * section 4). The plugin's module keeps it, not a Medusa customer group: the
 * service's id (`svc_...`) and the business's identity (canonical id or
 * country and organization number) have no place on a group, and a Medusa
 * customer is in any number of groups (pricing, marketing) but a user of at
 * most one trade account (README, "Trade accounts").
 *
 * `merchant_customer_id` is what the service knows the business by: the id of
 * the Medusa customer whose company was onboarded (stable, so onboarding
 * twice finds the same record at the service).
 */
export const TradeAccount = model
  .define(
    { name: "TradeAccount", tableName: "trade_credit_trade_account" },
    {
      id: model.id({ prefix: "tcta" }).primaryKey(),
      /** The service's customer id (svc_...). */
      service_customer_id: model.text().unique(),
      /** The merchant's id of the business at the service: the onboarded Medusa customer's id. */
      merchant_customer_id: model.text().unique(),
      trade_name: model.text(),
      /** The business as sent: {canonical_id} or {country_code, organization_number}. */
      company: model.json(),
      canonical_id: model.text().nullable(),
      /** The business's country (also for a canonical id: read from the company search at onboarding). */
      country_code: model.text().nullable(),
      organization_number: model.text().nullable(),
    },
  )
  .indexes([{ on: ["canonical_id"] }])

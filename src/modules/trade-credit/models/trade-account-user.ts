import { model } from "@medusajs/framework/utils"

/**
 * A Medusa customer who orders for a trade account's business: a user at the
 * service (`merchant_user_id` = the Medusa customer id). A Medusa customer is
 * a user of at most one trade account. `verified` is the service's flag as
 * last read (the service decides; reads refresh it).
 */
export const TradeAccountUser = model
  .define(
    { name: "TradeAccountUser", tableName: "trade_credit_trade_account_user" },
    {
      id: model.id({ prefix: "tctau" }).primaryKey(),
      /** The plugin's trade account row (tcta_...). */
      trade_account_id: model.text(),
      /** The Medusa customer, also the user's merchant_user_id at the service. */
      customer_id: model.text().unique(),
      /** The service's user id (svc_...). */
      service_user_id: model.text().unique(),
      /** The service's customer id of the business (svc_...). */
      service_customer_id: model.text(),
      verified: model.boolean().default(false),
      verified_at: model.dateTime().nullable(),
    },
  )
  .indexes([{ on: ["trade_account_id"] }])

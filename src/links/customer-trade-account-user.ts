import { defineLink } from "@medusajs/framework/utils"
import CustomerModule from "@medusajs/medusa/customer"
import TradeCreditModule from "../modules/trade-credit"

/**
 * The trade account user a Medusa customer is (at most one), readable through Query as
 * `customer.trade_credit_trade_account_user`: the providers read it with the cart (src/medusa/cart-links.ts).
 * Read-only: the user keeps the customer's id in `customer_id`.
 */
export default defineLink(
  { linkable: CustomerModule.linkable.customer, field: "id" },
  {
    ...TradeCreditModule.linkable.tradeAccountUser.id,
    primaryKey: "customer_id",
    alias: "trade_credit_trade_account_user",
  },
  { readOnly: true },
)

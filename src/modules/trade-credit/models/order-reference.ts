import { model } from "@medusajs/framework/utils"

/**
 * Which Medusa payment session (and cart) a service order's `merchant_order_id` belongs to. The buyer-readable
 * `merchant_order_id` (src/core/order/merchant-reference.ts) does not hold the session id, so an order event finds its
 * session here: one read by a unique index. Written before the order is created at the service, so an order the
 * service has always has its row (a retry of the create finds the row and writes none).
 */
export const OrderReference = model.define("trade_credit_order_reference", {
  id: model.id({ prefix: "tcord" }).primaryKey(),
  merchant_order_id: model.text().unique(),
  session_id: model.text(),
  cart_id: model.text(),
})

import { defineLink } from "@medusajs/framework/utils"
import CustomerModule from "@medusajs/medusa/customer"
import TradeCreditModule from "../modules/trade-credit"

/**
 * A customer's sole-trader enrollment, readable through Query
 * (`customer.enrollment`, `enrollment.customer`). Read-only: the enrollment keeps
 * the customer's id in `customer_id`, so no link table is needed.
 */
export default defineLink(
  { linkable: TradeCreditModule.linkable.enrollment, field: "customer_id" },
  CustomerModule.linkable.customer,
  { readOnly: true },
)

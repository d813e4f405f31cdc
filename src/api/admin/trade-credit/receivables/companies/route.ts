import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerCompanies } from "../../../../../use-cases/customer-companies"
import { readCustomers } from "../../../../../workflows/trade-accounts/lib/medusa-customers"
import { adminDepsOf } from "../../admin-deps"
import type { TradeCreditCustomerCompaniesAnswer } from "../receivable-types"
import type { CustomerCompaniesQuery } from "../validators"

/**
 * `GET /admin/trade-credit/receivables/companies?customer_id=`: the companies a customer buys for (trade account,
 * sole-trader business, the companies of their orders), each with its credit limit, balance, maximum single order
 * value and arrears as the service last told them. An unknown customer is 404 TRADE_CREDIT_CUSTOMER_NOT_FOUND.
 */
export async function GET(
  req: MedusaRequest<unknown, CustomerCompaniesQuery>,
  res: MedusaResponse<TradeCreditCustomerCompaniesAnswer>,
) {
  const [customer] = await readCustomers(req.scope, [req.validatedQuery.customer_id])
  res.setHeader("Cache-Control", "private, no-store")
  res.json({ companies: await customerCompanies(adminDepsOf(req), customer.id) })
}

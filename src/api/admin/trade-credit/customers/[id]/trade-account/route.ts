import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readCustomers } from "../../../../../../workflows/trade-accounts/lib/medusa-customers"
import { findTradeAccount, userRowsOfCustomers } from "../../../../../../workflows/trade-accounts/lib/records"
import { tradeAccountView } from "../../../trade-accounts/view"

/**
 * `GET /admin/trade-credit/customers/:id/trade-account`: the trade account a
 * Medusa customer orders for, and that customer's user in it (its `verified`
 * read back from the service), or both null. An unknown customer is 404
 * TRADE_CREDIT_CUSTOMER_NOT_FOUND. The admin's customer widget calls it.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const [customer] = await readCustomers(req.scope, [req.params.id])
  const [row] = await userRowsOfCustomers(req.scope, [customer.id])
  const account = row ? await findTradeAccount(req.scope, row.trade_account_id) : undefined
  if (!account) return res.json({ trade_account: null, user: null })
  const view = await tradeAccountView(req.scope, account, true)
  res.json({ trade_account: view, user: view.users.find((u) => u.customer_id === customer.id) ?? null })
}

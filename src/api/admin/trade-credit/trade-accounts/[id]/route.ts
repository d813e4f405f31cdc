import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requireTradeAccount } from "../../../../../workflows/trade-accounts/lib/records"
import { tradeAccountView } from "../view"

/**
 * `GET /admin/trade-credit/trade-accounts/:id`: one trade account by the
 * plugin's id (`tcta_...`), the service's id (`svc_...`) or the onboarded
 * Medusa customer's id; its users' `verified` is read back from the service.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const account = await requireTradeAccount(req.scope, req.params.id)
  res.json({ trade_account: await tradeAccountView(req.scope, account, true) })
}

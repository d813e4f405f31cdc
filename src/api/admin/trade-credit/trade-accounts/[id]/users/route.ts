import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { addTradeAccountUsersWorkflow } from "../../../../../../workflows/trade-accounts/add-trade-account-users"
import { requireTradeAccount } from "../../../../../../workflows/trade-accounts/lib/records"
import { prepareUsers } from "../../prepare"
import type { AddTradeAccountUsersBody } from "../../validators"
import { tradeAccountView } from "../../view"

/**
 * `POST /admin/trade-credit/trade-accounts/:id/users {customer_ids}`: Medusa
 * customers who order for the business become its users at the service.
 * Customers that are users already are left as they are; a user of another
 * business is 400, an unknown customer 404, and then nothing is sent.
 */
export async function POST(req: MedusaRequest<AddTradeAccountUsersBody>, res: MedusaResponse) {
  const account = await requireTradeAccount(req.scope, req.params.id)
  const users = await prepareUsers(req.scope, account, req.validatedBody.customer_ids, account.country_code)
  const { result } = users.length
    ? await addTradeAccountUsersWorkflow(req.scope).run({ input: { account, users } })
    : { result: [] }
  res.json({
    trade_account: await tradeAccountView(req.scope, account, false),
    added: result.map((r) => r.customer_id),
  })
}

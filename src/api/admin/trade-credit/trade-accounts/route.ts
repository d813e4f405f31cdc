import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { onboardTradeAccountWorkflow } from "../../../../workflows/trade-accounts/onboard-trade-account"
import { tradeAccountOf, tradeCreditModuleOf } from "../../../../workflows/trade-accounts/lib/records"
import { prepareOnboarding } from "./prepare"
import type { ListTradeAccountsQuery, OnboardTradeAccountBody } from "./validators"
import { tradeAccountView } from "./view"

/** `GET /admin/trade-credit/trade-accounts?limit=&offset=`: the trade accounts, newest first, with their users. */
export async function GET(req: MedusaRequest<unknown, ListTradeAccountsQuery>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery
  const [rows, count] = await tradeCreditModuleOf(req.scope).listAndCountTradeAccounts(
    {},
    { order: { created_at: "DESC", id: "DESC" }, take: limit, skip: offset },
  )
  const trade_accounts = await Promise.all(
    rows.map(tradeAccountOf).map((row) => tradeAccountView(req.scope, row, false)),
  )
  res.json({ trade_accounts, count, limit, offset })
}

/**
 * `POST /admin/trade-credit/trade-accounts`: onboards the company of a Medusa
 * customer as a trade account customer at the service, and its users.
 * Onboarding twice is harmless (the same account, `onboarded: false`). Bad
 * input (unknown customer, a user of another business, a `svc_` id, missing
 * details) is a 4xx with a code, and nothing is sent.
 */
export async function POST(req: MedusaRequest<OnboardTradeAccountBody>, res: MedusaResponse) {
  const input = await prepareOnboarding(req.scope, req.validatedBody)
  const { result } = await onboardTradeAccountWorkflow(req.scope).run({ input })
  const trade_account = await tradeAccountView(req.scope, result.trade_account, false)
  res.status(result.onboarded ? 201 : 200).json({ trade_account, onboarded: result.onboarded, adopted: result.adopted })
}

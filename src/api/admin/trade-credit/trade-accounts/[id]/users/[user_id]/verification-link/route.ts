import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resolveReturnUrl } from "../../../../../../../../core/order/return-url"
import { readCustomers } from "../../../../../../../../workflows/trade-accounts/lib/medusa-customers"
import {
  findUserOfTradeAccount,
  requireTradeAccount,
  tradeCreditModuleOf,
} from "../../../../../../../../workflows/trade-accounts/lib/records"
import { sendVerificationLinkWorkflow } from "../../../../../../../../workflows/trade-accounts/send-verification-link"
import type { VerificationLinkBody } from "../../../../validators"

/** Where a user returns to when the admin gives no return_url **(chosen)**. */
export const DEFAULT_VERIFICATION_RETURN_PATH = "/account/trade-account"

/**
 * `POST /admin/trade-credit/trade-accounts/:id/users/:user_id/verification-link {return_url?}`:
 * a verification link for the user (by `tctau_...`, `svc_...` or the Medusa
 * customer id), returned and emitted as the event
 * `trade-credit.trade-account.verification-link` for the merchant's
 * subscriber to send. `return_url` must be on a storefront origin
 * (`storefrontUrls`; 400 INVALID_RETURN_URL otherwise); left out, the first
 * origin + /account/trade-account. A user of another business is 400.
 */
export async function POST(req: MedusaRequest<VerificationLinkBody>, res: MedusaResponse) {
  const account = await requireTradeAccount(req.scope, req.params.id)
  const user = await findUserOfTradeAccount(req.scope, account, req.params.user_id)
  const options = tradeCreditModuleOf(req.scope).getOptions()
  const returnUrl = resolveReturnUrl(
    req.validatedBody.return_url,
    options.storefrontUrls,
    DEFAULT_VERIFICATION_RETURN_PATH,
  )
  const [customer] = await readCustomers(req.scope, [user.customer_id]).catch(() => [undefined])
  const { result } = await sendVerificationLinkWorkflow(req.scope).run({
    input: { trade_account_id: account.id, user, email: customer?.email ?? null, return_url: returnUrl },
  })
  res.json({
    redirect_url: result.redirect_url,
    return_url: result.return_url,
    user_id: user.id,
    event: "trade-credit.trade-account.verification-link",
  })
}

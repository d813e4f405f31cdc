import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { preCheck } from "../../../../../../use-cases/pre-check"
import { buyerLanguageOf, translateBuyerText } from "../../../../../../utils/buyer-texts"
import { RouteError } from "../../../../../errors/route-error"
import { shortCache } from "../../../../../utils/short-cache"
import { checkoutDepsOf } from "../../../checkout-deps"
import type { PreCheckBody } from "./validators"

/**
 * `POST /store/trade-credit/carts/:id/pre-check {company?}` (publishable key): whether to offer trade credit for this
 * cart and buyer. See use-cases/pre-check.ts for the answers; 404 TRADE_CREDIT_CART_NOT_FOUND, 400
 * TRADE_CREDIT_CART_COMPLETED, 400 TRADE_CREDIT_INVALID_PRE_CHECK for a bad request.
 */
export async function POST(req: MedusaRequest<PreCheckBody>, res: MedusaResponse) {
  const deps = { ...checkoutDepsOf(req), cache: shortCache(req.scope, "pre-check") }
  const outcome = await preCheck(deps, { cart_id: req.params.id, company: req.validatedBody.company })
  if (outcome.outcome === "refused") throw new RouteError(outcome.code, outcome.message)
  const { cart_id, answer, cached } = outcome
  res.setHeader("X-Trade-Credit-Cache", cached ? "hit" : "miss")
  res.setHeader("Cache-Control", "private, no-store")
  res.vary("Accept-Language")
  // The buyer's words in the request's language (utils/buyer-texts.ts), the reason and code as they are.
  const message =
    "message" in answer && answer.message ? translateBuyerText(answer.message, buyerLanguageOf(req)) : undefined
  res.json(Object.assign({ cart_id }, answer, message ? { message } : {}))
}

import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../../modules/trade-credit"
import { isPluginProviderId } from "../../../../../../medusa/provider-ids"
import { type LinkedCart, REGION_SETTING_FIELDS, regionSettingsOfCart } from "../../../../../../medusa/cart-links"
import { SessionCompany } from "../../../../../../core/order/session-input"
import type { BuyerCompany } from "../../../../../../service/schemas/order"
import { Codes } from "../../../../../errors/codes"
import { quote } from "../../../../../errors/quote"
import { RouteError } from "../../../../../errors/route-error"
import { shortCache } from "../../../../../utils/short-cache"
import { CART_WITH_SESSIONS_FIELDS, type CartWithSessions } from "../../../cart-with-sessions"
import { preCheckCart } from "./pre-check"
import type { PreCheckBody } from "./validators"
import { buyerLanguageOf, translateBuyerText } from "../../../../../../utils/buyer-texts"
import { logLine } from "../../../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../../../medusa/plugin-logger"

/** The company of the request, else the one a trade credit payment session of the cart names. */
function companyOf(body: PreCheckBody, cart: CartWithSessions): BuyerCompany {
  if (body.company) return body.company
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!isPluginProviderId(session.provider_id)) continue
    const parsed = SessionCompany.safeParse(session.data?.company)
    if (parsed.success) return parsed.data
  }
  throw new RouteError(
    Codes.TRADE_CREDIT_INVALID_PRE_CHECK,
    "Invalid pre-check: company is required: give {company_canonical_id} or " +
      "{organization_number, country_prefix, company_name}, or start the cart's " +
      "trade credit payment session with it",
  )
}

/**
 * `POST /store/trade-credit/carts/:id/pre-check {company?}` (publishable key):
 * whether to offer trade credit for this cart and buyer. See pre-check.ts for
 * the answers; 404 TRADE_CREDIT_CART_NOT_FOUND, 400 TRADE_CREDIT_CART_COMPLETED,
 * 400 TRADE_CREDIT_INVALID_PRE_CHECK for a bad request.
 */
export async function POST(req: MedusaRequest<PreCheckBody>, res: MedusaResponse) {
  const cartId = req.params.id
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    // The region's trade credit settings come with the cart (a read-only link): one Query.
    fields: [...CART_WITH_SESSIONS_FIELDS, ...REGION_SETTING_FIELDS],
    filters: { id: cartId },
  })
  // Query's rows are untyped here (no generated .medusa/types); the payload builder validates the cart it is given
  // (parseMedusaCart).
  const cart = data[0] as (CartWithSessions & LinkedCart) | undefined
  if (!cart) throw new RouteError(Codes.TRADE_CREDIT_CART_NOT_FOUND, `Cart ${quote(cartId)} was not found`)
  if (cart.completed_at)
    throw new RouteError(Codes.TRADE_CREDIT_CART_COMPLETED, `Cart ${quote(cartId)} is already completed`)

  const logger = pluginLoggerOf(req.scope)
  const tradeCredit = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const answer = await preCheckCart({
    cart,
    company: companyOf(req.validatedBody, cart),
    region: regionSettingsOfCart(cart, tradeCredit.getOptions()),
    client: tradeCredit.getClient(),
    cache: shortCache(req.scope, "pre-check"),
    log: (message, ids) => logLine(logger, "info", message, ids),
  })
  const { cached, ...body } = answer
  res.setHeader("X-Trade-Credit-Cache", cached ? "hit" : "miss")
  res.setHeader("Cache-Control", "private, no-store")
  res.vary("Accept-Language")
  // The buyer's words in the request's language (utils/buyer-texts.ts), the reason and code as they are.
  const message = "message" in body && body.message ? translateBuyerText(body.message, buyerLanguageOf(req)) : undefined
  res.json(Object.assign({ cart_id: cart.id }, body, message ? { message } : {}))
}

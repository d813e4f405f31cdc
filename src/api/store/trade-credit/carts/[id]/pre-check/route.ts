import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../../../modules/trade-credit"
import { CART_FIELDS, type MedusaCartInput, SessionCompany } from "../../../../../../providers/trade-credit/payload"
import type { BuyerCompany } from "../../../../../../service/schemas"
import { shortCache } from "../../../../../utils/short-cache"
import { preCheckCart } from "./pre-check"
import type { PreCheckBody } from "./validators"

type CartWithSessions = MedusaCartInput & {
  id: string
  completed_at?: string | null
  payment_collection?: { payment_sessions?: { provider_id?: string; data?: Record<string, unknown> | null }[] | null } | null
}

const isTradeCreditProvider = (id: unknown) => typeof id === "string" && /^pp_trade-credit(-plan)?_/.test(id)

/** The company of the request, else the one a trade credit payment session of the cart names. */
function companyOf(body: PreCheckBody, cart: CartWithSessions): BuyerCompany {
  if (body.company) return body.company
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!isTradeCreditProvider(session.provider_id)) continue
    const parsed = SessionCompany.safeParse(session.data?.company)
    if (parsed.success) return parsed.data
  }
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    "Invalid pre-check: company is required: give {company_canonical_id} or {organization_number, country_prefix, company_name}, or start the cart's trade credit payment session with it",
    "TRADE_CREDIT_INVALID_PRE_CHECK"
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
    fields: [...CART_FIELDS, "completed_at", "payment_collection.payment_sessions.provider_id", "payment_collection.payment_sessions.data"],
    filters: { id: cartId },
  })
  // Query's generated cart type (.medusa/types, once Medusa has run here) lists no computed totals; the payload
  // builder validates the cart it is given (parseMedusaCart).
  const cart = data[0] as unknown as CartWithSessions | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`, "TRADE_CREDIT_CART_NOT_FOUND")
  if (cart.completed_at) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${cartId} is already completed`, "TRADE_CREDIT_CART_COMPLETED")

  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const answer = await preCheckCart({
    cart,
    company: companyOf(req.validatedBody ?? {}, cart),
    client: req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient(),
    cache: shortCache(req.scope, "pre-check"),
    log: (message) => logger.info(message),
  })
  const { cached, ...body } = answer
  res.setHeader("X-Trade-Credit-Cache", cached ? "hit" : "miss")
  res.setHeader("Cache-Control", "private, no-store")
  res.json({ cart_id: cart.id, ...body })
}

import { CART_FIELDS } from "../core/order/cart-fields"
import type { MedusaCartInput } from "../core/order/medusa-cart"
import { SessionCompany } from "../core/order/session-input"
import { type LinkedCart, REGION_SETTING_FIELDS } from "../medusa/cart-links"
import type { Query } from "../medusa/services"
import type { BuyerCompany } from "../service/schemas/order"
import { quote } from "../utils/quote"

/**
 * A cart as the store's trade credit routes read it (the pre-check, the instalment preview): the fields the payload
 * builder needs, whether it is completed, its payment sessions' providers and data (where a session names the
 * buyer's company), and its region's trade credit settings.
 */
export type StoreCart = MedusaCartInput &
  LinkedCart & {
    id: string
    completed_at?: string | null
    payment_collection?: {
      payment_sessions?: { provider_id?: string; data?: Record<string, unknown> | null }[] | null
    } | null
  }

/** The Query fields of a StoreCart: the region's settings come with the cart (a read-only link), one Query. */
export const STORE_CART_FIELDS: string[] = [
  ...CART_FIELDS,
  "completed_at",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.data",
  ...REGION_SETTING_FIELDS,
]

/** Why a store route does not go on with a cart: it is not there, or it is already an order. */
export type CartRefusal = {
  outcome: "refused"
  code: "TRADE_CREDIT_CART_NOT_FOUND" | "TRADE_CREDIT_CART_COMPLETED"
  message: string
}

/** The cart a store route is about, while it can still be paid (one Query). */
export async function readOpenCart(
  query: Pick<Query, "graph">,
  cartId: string,
): Promise<{ outcome: "cart"; cart: StoreCart } | CartRefusal> {
  const { data } = await query.graph({ entity: "cart", fields: STORE_CART_FIELDS, filters: { id: cartId } })
  // Query's rows are untyped here (no generated .medusa/types); the payload builder validates the cart it is given
  // (parseMedusaCart).
  const cart = data[0] as StoreCart | undefined
  if (!cart)
    return { outcome: "refused", code: "TRADE_CREDIT_CART_NOT_FOUND", message: `Cart ${quote(cartId)} was not found` }
  if (cart.completed_at)
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_CART_COMPLETED",
      message: `Cart ${quote(cartId)} is already completed`,
    }
  return { outcome: "cart", cart }
}

/** The company the request names, else the one a payment session of the cart names (of the providers `ours` takes). */
export function companyOfCart(
  given: BuyerCompany | undefined,
  cart: StoreCart,
  ours: (providerId: unknown) => boolean,
): BuyerCompany | undefined {
  if (given) return given
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!ours(session.provider_id)) continue
    const parsed = SessionCompany.safeParse(session.data?.company)
    if (parsed.success) return parsed.data
  }
  return undefined
}

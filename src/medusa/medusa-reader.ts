import { MedusaError } from "@medusajs/framework/utils"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { TtlCache } from "../utils/ttl-cache"
import type { Query } from "./services"
import { quote } from "../utils/quote"

/**
 * A payment provider is given no cart: only amounts, session data and ids. These
 * readers reach Medusa's own records through the Query and payment module the
 * provider hands them, so the bodies sent to the service are built from the
 * server's cart, never from anything the storefront wrote into the session data.
 */

/**
 * The cart id of each payment session this process has read (a session belongs
 * to one payment collection, and that collection to one cart, for its whole
 * life): a later read of the session's cart goes to the cart directly. Per
 * process on purpose: a miss costs nothing but the join below.
 */
const cartIdOfSession = new TtlCache<string>(60 * 60_000, 10_000)

const noCart = (sessionId: string) =>
  new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `No cart belongs to the payment session ${quote(sessionId)}: trade credit pays for carts only`,
    "TRADE_CREDIT_CART_NOT_FOUND",
  )

/**
 * The cart a payment session belongs to, with the given fields (read now: never a kept copy), in one Query: through
 * the session's payment collection the first time, by the cart's id once this process knows it.
 */
export async function readCartOfSession<T = Record<string, unknown>>(
  query: Query,
  sessionId: string,
  fields: string[],
): Promise<T> {
  const known = cartIdOfSession.get(sessionId)
  if (known) {
    const { data: carts } = await query.graph({ entity: "cart", fields, filters: { id: known } })
    if (!carts[0]) throw noCart(sessionId)
    return carts[0] as T
  }
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "payment_collection.id",
      "payment_collection.cart.id",
      ...fields.map((field) => `payment_collection.cart.${field}`),
    ],
    filters: { id: sessionId },
  })
  const cart = (
    sessions[0] as
      { payment_collection?: { cart?: ({ id?: string } & Record<string, unknown>) | null } | null } | undefined
  )?.payment_collection?.cart
  if (!cart?.id) throw noCart(sessionId)
  cartIdOfSession.set(sessionId, cart.id)
  return cart as T
}

/** The amount of one capture row, which Medusa creates just before it calls capturePayment. */
export async function readCaptureAmount(
  payments: IPaymentModuleService,
  captureId: string,
): Promise<unknown | undefined> {
  const [capture] = await payments.listCaptures({ id: captureId }, { select: ["id", "amount", "raw_amount"] })
  // The row's exact amount (`raw_amount`, which CaptureDTO does not name), else its number.
  return (capture as { raw_amount?: unknown } | undefined)?.raw_amount ?? capture?.amount
}

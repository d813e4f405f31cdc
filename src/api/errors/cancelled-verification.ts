import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isInvoiceProviderId } from "../../medusa/provider-ids"
import { buyerText } from "../../utils/buyer-texts"
import { Codes } from "./codes"

const COMPLETE_CART = /^\/store\/carts\/([^/]+)\/complete\/?$/
/** Medusa's refusal of a cart without a session it can process (core-flows validate-cart-payments). */
const NO_PROCESSABLE_SESSION = "Payment sessions are required to complete cart"

type CartSessions = {
  payment_collection?: {
    payment_sessions?: { provider_id: string; status: string; data?: Record<string, unknown> | null }[]
  } | null
}

/**
 * The plugin's answer to a cart completion Medusa refuses because its payment session is over, when that session is
 * a trade credit one whose order the service cancelled (the buyer failed or abandoned verification). The sync
 * pipeline usually learns it from the service's event before the buyer is back at the store, so the buyer's
 * completion no longer reaches the provider: Medusa alone would answer "Payment sessions are required to complete
 * cart" without a code. The storefront gets what the provider answers when it is reached first:
 * the code TRADE_CREDIT_ORDER_CANCELLED, so it offers the payment method again. A session the provider closed because
 * the service no longer knows its order (`gone_order_id`) answers TRADE_CREDIT_ORDER_GONE the same way. Undefined for
 * anything else (one read, on this failure only).
 */
export async function cancelledVerificationOf(error: unknown, req: MedusaRequest): Promise<MedusaError | undefined> {
  const cartId = req.method === "POST" ? COMPLETE_CART.exec(req.path)?.[1] : undefined
  if (!cartId || !MedusaError.isMedusaError(error) || (error as MedusaError).message !== NO_PROCESSABLE_SESSION)
    return undefined
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.status",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const sessions = (data[0] as CartSessions | undefined)?.payment_collection?.payment_sessions ?? []
  const over = sessions.filter((s) => isInvoiceProviderId(s.provider_id) && s.status === "canceled")
  if (over.some((s) => s.data?.state === "CANCELLED")) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      buyerText("order.cancelled"),
      Codes.TRADE_CREDIT_ORDER_CANCELLED,
    )
  }
  // The session the provider closed because the service no longer knows its order (use-cases/order-gone.ts).
  if (over.some((s) => typeof s.data?.gone_order_id === "string")) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, buyerText("order.gone"), Codes.TRADE_CREDIT_ORDER_GONE)
  }
  return undefined
}

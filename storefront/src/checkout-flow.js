// The trade credit steps every storefront needs (see docs/storefront.md): start the
// payment session with the buyer in `data` (pay by invoice: with verify_before_completion,
// so the session hands out the service's verification page), send the buyer there, and
// complete the cart once, on return. Without verification (instalments, a verified trade
// account user) the cart is completed at once.
import { medusa, retrieveCart } from "./medusa.js"

const CHECKOUT_KEY = "trade-credit-demo:checkout"
export const rememberCheckout = (details) => sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(details))
export const rememberedCheckout = () => JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) || "{}")

/** Starts (or replaces) the cart's payment session for `providerId` with the storefront's `data`. */
export async function startPaymentSession(cartId, providerId, data) {
  const cart = await retrieveCart(cartId)
  await medusa().store.payment.initiatePaymentSession(cart, { provider_id: providerId, data })
}

const isTradeCredit = (session) => session.provider_id?.startsWith("pp_trade-credit")

/**
 * Where the buyer verifies before the cart is completed: the session started with
 * `verify_before_completion` is `requires_more` with `data.payment_url` while the order
 * waits for the buyer. Undefined when there is nothing to verify (complete the cart).
 */
export async function verificationUrl(cartId) {
  const cart = await retrieveCart(cartId)
  const session = cart?.payment_collection?.payment_sessions?.find(isTradeCredit)
  return session?.status === "requires_more" && session.data?.state === "UNVERIFIED" ? session.data.payment_url || undefined : undefined
}

/**
 * Completes the cart. Answers { order } when the order is placed, { redirect } when the
 * buyer must verify at the service first (the session is `requires_more` with
 * `data.payment_url`), or { error } with the message to show.
 */
export async function completeCart(cartId) {
  let error
  try {
    const result = await medusa().store.cart.complete(cartId)
    if (result.type === "order") return { order: result.order }
    error = result.error?.message
  } catch (e) {
    error = e.message
  }
  // Medusa refuses the completion while the buyer has yet to verify (a buyer back without verifying, or a
  // session started without verify_before_completion): the session says where to go.
  const cart = await retrieveCart(cartId).catch(() => undefined)
  const session = cart?.payment_collection?.payment_sessions?.find(isTradeCredit)
  if (session?.status === "requires_more" && session.data?.payment_url) return { redirect: session.data.payment_url }
  return { error: error || "The order could not be placed." }
}

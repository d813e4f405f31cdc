// The trade credit steps every storefront needs (see docs/storefront.md): start the
// payment session with the buyer in `data` (pay by invoice: with verify_before_completion,
// so the session hands out the service's verification page), send the buyer there, and
// complete the cart once, on return. Without verification (instalments, a verified trade
// account user) the cart is completed at once.
// The steps come from the plugin's storefront kit (medusa-payment-trade-credit/storefront), as a
// storefront that installs the package imports them; this demo reads the kit's source.
import { buyerLanguageOf, completeTradeCreditCart, verificationUrlOf } from "../../src/storefront/index.ts"
import { medusa, retrieveCart, saveCartId } from "./medusa.js"

const CHECKOUT_KEY = "trade-credit-demo:checkout"
export const rememberCheckout = (details) => sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(details))
export const rememberedCheckout = () => JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) || "{}")

/** Starts (or replaces) the cart's payment session for `providerId` with the storefront's `data`. */
export async function startPaymentSession(cartId, providerId, data) {
  const cart = await retrieveCart(cartId)
  await medusa().store.payment.initiatePaymentSession(cart, { provider_id: providerId, data })
}

/**
 * Where the buyer verifies before the cart is completed: the session started with
 * `verify_before_completion` is `requires_more` with `data.payment_url` while the order
 * waits for the buyer. Undefined when there is nothing to verify (complete the cart).
 */
export async function verificationUrl(cartId) {
  return verificationUrlOf(await retrieveCart(cartId))
}

/**
 * Completes the cart (the kit's completeTradeCreditCart). Answers { order } when the order is
 * placed (the saved cart id is forgotten: the cart is used up), { redirect } when the buyer must
 * verify at the service first, or { error } with the buyer's words in the browser's language.
 */
export async function completeCart(cartId) {
  const result = await completeTradeCreditCart({
    sdk: medusa(),
    cartId,
    clearCart: () => saveCartId(null),
    language: buyerLanguageOf(navigator.languages),
  })
  return result.error ? { error: result.error.message } : result
}

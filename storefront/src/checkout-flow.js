// The checkout's steps outside the kit's payment button (payment-step.jsx runs TradeCreditPaymentButton for trade
// credit: the session with the buyer in `data`, the verification page, one completion): bank transfer's session and
// completion, and the return page's completion, through the plugin's storefront kit
// (medusa-payment-trade-credit/storefront), imported as a storefront that installs the package imports it
// (vite.config.mjs reads the kit's source under that name).
import { completeTradeCreditCart } from "medusa-payment-trade-credit/storefront"
import { medusa, retrieveCart, saveCartId } from "./medusa.js"
import { KIT_WORDS, plainMessage } from "./texts.js"

/** Starts (or replaces) the cart's payment session for `providerId` with the storefront's `data`. */
export async function startPaymentSession(cartId, providerId, data) {
  const cart = await retrieveCart(cartId)
  await medusa().store.payment.initiatePaymentSession(cart, { provider_id: providerId, data })
}

/**
 * Completes the cart (the kit's completeTradeCreditCart). Answers { order } when the order is
 * placed (the saved cart id is forgotten: the cart is used up), { redirect } when the buyer must
 * verify at the service first, or { error } with the buyer's words in the page's language.
 */
export async function completeCart(cartId) {
  const result = await completeTradeCreditCart({
    sdk: medusa(),
    cartId,
    clearCart: () => saveCartId(null),
    ...KIT_WORDS,
  })
  return result.error ? { error: plainMessage(result.error.message, "order.failed") } : result
}

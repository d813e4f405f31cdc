import { showOrder } from "./checkout.js"
import { returnOf } from "medusa-payment-trade-credit/storefront"
import { completeCart } from "./checkout-flow.js"
import { esc, saveCartId } from "./medusa.js"

/**
 * The page the service sends the buyer back to: `?cart_id=…&trade_credit=verified`
 * (or `failed`, `canceled`). The cart id comes in the URL because a cart cookie may
 * not survive the trip through another site. A verified buyer's cart is completed
 * again, which places the order.
 */
export async function renderReturn(app, { navigate }) {
  const { cartId, outcome } = returnOf(location.search)
  if (!cartId) {
    app.innerHTML = `<section class="card"><h1>Nothing to confirm</h1><p><a href="/" data-link>Back to the shop</a></p></section>`
    return
  }
  saveCartId(cartId)
  if (outcome !== "verified") {
    const why = outcome === "failed" ? "The verification with the credit provider did not succeed." : "The verification was cancelled."
    app.innerHTML = `<section class="card" id="return-failed"><h1>Your order was not placed</h1>
      <p class="notice declined" role="alert">${why} Nothing has been charged.</p>
      <p><a href="/checkout" data-link class="button">Back to checkout</a> and choose a payment method again.</p></section>`
    return
  }
  app.innerHTML = `<section class="card"><h1>Confirming your order…</h1><p class="muted">One moment while we place your order.</p></section>`
  const result = await completeCart(cartId)
  if (result.order) return await showOrder(result.order, navigate)
  const retry = result.redirect ? `<p><a class="button" href="${esc(result.redirect)}">Verify with the credit provider</a></p>` : ""
  app.innerHTML = `<section class="card" id="return-failed"><h1>We couldn't place your order</h1>
    <p class="error" role="alert">${esc(result.error ?? "The verification is not finished yet.")}</p>${retry}
    <p><a href="/checkout" data-link>Back to checkout</a></p></section>`
}

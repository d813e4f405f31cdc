import { showOrder } from "./checkout.js"
import { kitText, returnOf } from "medusa-payment-trade-credit/storefront"
import { completeCart } from "./checkout-flow.js"
import { saveCartId } from "./medusa.js"
import { esc, KIT_WORDS, t } from "./texts.js"

/**
 * The page the service sends the buyer back to: `?cart_id=…&trade_credit=verified`
 * (or `failed`, `canceled`). The cart id comes in the URL because a cart cookie may
 * not survive the trip through another site. A verified buyer's cart is completed
 * again, which places the order.
 */
export async function renderReturn(app, { navigate }) {
  const { cartId, outcome } = returnOf(location.search)
  const backToCheckout = `<p><a href="/checkout" data-link class="button">${esc(t("return.backToCheckout"))}</a></p>`
  if (!cartId) {
    app.innerHTML = `<section class="card"><h1>${esc(t("return.nothing"))}</h1><p><a href="/" data-link>${esc(t("nav.backToShop"))}</a></p></section>`
    return
  }
  saveCartId(cartId)
  if (outcome !== "verified") {
    // The kit's words for the outcome (they say the order was not placed and nothing was charged).
    const why = kitText(outcome === "failed" ? "return.failed" : "return.cancelled", KIT_WORDS)
    app.innerHTML = `<section class="card" id="return-failed"><h1>${esc(t("return.notVerified"))}</h1>
      <p class="notice declined" role="alert">${esc(why)}</p>${backToCheckout}</section>`
    return
  }
  app.innerHTML = `<section class="card"><h1>${esc(t("return.confirming"))}</h1><p class="muted">${esc(t("return.moment"))}</p></section>`
  const result = await completeCart(cartId)
  if (result.order) return await showOrder(result.order, navigate)
  const retry = result.redirect ? `<p><a class="button" href="${esc(result.redirect)}">${esc(t("return.verify"))}</a></p>` : ""
  app.innerHTML = `<section class="card" id="return-failed"><h1>${esc(t("return.failedTitle"))}</h1>
    <p class="error" role="alert">${esc(result.error ?? t("return.notFinished"))}</p>${retry}
    <p><a href="/checkout" data-link>${esc(t("return.backToCheckout"))}</a></p></section>`
}

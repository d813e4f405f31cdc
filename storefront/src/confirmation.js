import { rememberedCheckout } from "./checkout-flow.js"
import { mountFundingStatus } from "./funding.jsx"
import { esc, medusa, money } from "./medusa.js"

export async function renderConfirmation(app) {
  const id = new URLSearchParams(location.search).get("id")
  let order = JSON.parse(sessionStorage.getItem("trade-credit-demo:last-order") || "null")
  if (!order || order.id !== id) order = (await medusa().store.order.retrieve(id)).order
  const checkout = rememberedCheckout()
  const how =
    checkout.method === "instalments"
      ? `${checkout.periods} monthly instalments with trade credit`
      : checkout.method === "invoice"
        ? "Invoice with trade credit, due 30 days after the goods ship"
        : "Bank transfer in advance"
  app.innerHTML = `
    <section class="card confirmation" id="order-confirmation">
      <p class="check" aria-hidden="true">✓</p>
      <h1>Thank you, your order is placed</h1>
      <p>Order <strong id="order-number">#${esc(order.display_id)}</strong> · a confirmation goes to ${esc(order.email)}.</p>
      <dl class="facts">
        <dt>Payment</dt><dd id="order-payment">${esc(how)}</dd>
        ${checkout.method === "instalments" ? `<dt>Instalment plan</dt><dd id="funding-slot"></dd>` : ""}
        ${checkout.company && checkout.method !== "transfer" ? `<dt>Company</dt><dd>${esc(checkout.company)}</dd>` : ""}
        ${checkout.po ? `<dt>Purchase order</dt><dd>${esc(checkout.po)}</dd>` : ""}
        <dt>Total</dt><dd id="order-total">${money(order.total, order.currency_code)}</dd>
      </dl>
      <ul class="lines">${(order.items ?? []).map((i) => `<li><span>${esc(i.product_title)} · ${esc(i.variant_title)} ×&nbsp;${i.quantity}</span><span>${money(i.subtotal ?? i.total, order.currency_code)}</span></li>`).join("")}</ul>
      <p><a href="/" data-link>Continue shopping</a></p>
    </section>`
  // The plan's funding is decided after the order is placed: the kit's FundingStatus follows it.
  if (checkout.method === "instalments") mountFundingStatus(app.querySelector("#funding-slot"), { order })
}

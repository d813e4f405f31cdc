// The order's confirmation: the order and its own payment read from the server (never from what this browser
// remembers of the checkout), so the link shows the same in any browser. The payment line is the kit's
// tradeCreditPaymentText (invoice terms, instalment months: from the payment's data), or bank transfer for Medusa's
// system provider; the company and the purchase order number come from the payment's data.
import { isTradeCredit, tradeCreditPaymentText } from "medusa-payment-trade-credit/storefront"
import { mountFundingStatus } from "./funding.jsx"
import { medusa, PROVIDERS } from "./medusa.js"
import { esc, html, KIT_WORDS, kit, money, t } from "./texts.js"

/** The order (the store's default fields) with its payment collections' payments and sessions: what FundingStatus reads too. */
const ORDER_FIELDS = "*payment_collections.payments,*payment_collections.payment_sessions"

/** The order's payment: its payments first (an authorized one), else its live session (a plan whose funding is pending). */
function paymentOf(order) {
  const collections = order.payment_collections ?? []
  const payments = collections.flatMap((c) => c?.payments ?? [])
  const sessions = collections.flatMap((c) => c?.payment_sessions ?? []).filter((s) => s.status !== "canceled")
  return payments.find((p) => isTradeCredit(p)) ?? payments[0] ?? sessions.find((s) => isTradeCredit(s)) ?? sessions[0]
}

const text = (value) => (typeof value === "string" && value.trim() ? value.trim() : undefined)

export async function renderConfirmation(app) {
  const id = new URLSearchParams(location.search).get("id")
  const order = id ? await medusa().store.order.retrieve(id, { fields: ORDER_FIELDS }).then((r) => r.order, (error) => notFound(error)) : undefined
  if (!order) {
    app.innerHTML = `<section class="card" id="order-not-found"><h1>${esc(t("confirmation.notFound"))}</h1><p><a href="/" data-link>${esc(t("nav.backToShop"))}</a></p></section>`
    return
  }
  const payment = paymentOf(order)
  const tradeCredit = isTradeCredit(payment)
  const plan = tradeCredit && payment.provider_id === PROVIDERS.instalments
  const how = tradeCredit ? tradeCreditPaymentText(order, KIT_WORDS) : payment?.provider_id === PROVIDERS.transfer ? t("method.transfer") : undefined
  const data = tradeCredit ? (payment.data ?? {}) : {}
  const company = text(data.company_label?.name) ?? text(data.buyer_company?.company_name) ?? text(data.company?.company_name)
  const po = text(data.purchase_order_number)
  const row = (label, value, id) => `<dt>${esc(label)}</dt><dd${id ? ` id="${id}"` : ""}>${esc(value)}</dd>`
  app.innerHTML = `
    <section class="card confirmation" id="order-confirmation">
      <p class="check" aria-hidden="true">✓</p>
      <h1>${esc(t("confirmation.title"))}</h1>
      <p>${html("confirmation.lead", { number: `<strong id="order-number">#${esc(order.display_id)}</strong>`, email: esc(order.email) })}</p>
      <dl class="facts">
        ${how ? row(t("confirmation.payment"), how, "order-payment") : ""}
        ${plan ? `<dt>${esc(kit("funding.title"))}</dt><dd id="funding-slot"><span class="muted">${esc(t("confirmation.fundingSetup"))}</span></dd>` : ""}
        ${company ? row(t("confirmation.company"), company, "order-company") : ""}
        ${po ? row(kit("details.purchaseOrderNumber"), po, "order-po") : ""}
        <dt>${esc(t("summary.total"))}</dt><dd id="order-total">${money(order.total, order.currency_code)}</dd>
      </dl>
      <ul class="lines">${(order.items ?? []).map((i) => `<li><span>${esc(i.product_title)} · ${esc(i.variant_title)} ×&nbsp;${i.quantity}</span><span>${money(i.subtotal ?? i.total, order.currency_code)}</span></li>`).join("")}</ul>
      <p><a href="/" data-link>${esc(t("confirmation.continue"))}</a></p>
    </section>`
  // The plan's funding is decided after the order is placed: the kit's FundingStatus follows it.
  if (plan) mountFundingStatus(app.querySelector("#funding-slot"), { order })
}

/** An order the store does not have (a wrong link) is "not found"; any other failure is the page's to say. */
function notFound(error) {
  if (error?.status === 404 || error?.status === 400) return undefined
  throw error
}

import { mountCompanyPicker } from "./company-picker.jsx"
import { loadConfig, medusa, retrieveCart, saveCartId, savedCartId } from "./medusa.js"
import { mountPaymentStep } from "./payment-step.jsx"
import { mountSoleTraderSignup } from "./soletrader.js"
import { errorText, esc, isUnreachable, money, pageError, t } from "./texts.js"

// The page: contact and delivery (step 1) in plain JavaScript; the company (step 2) and the payment (step 3) with the
// storefront kit's React components (company-picker.jsx, payment-step.jsx), as docs/storefront.md wires them.

/** Demo buyer (edit freely). */
const DEMO_BUYER = {
  email: "grace@acme-office.example",
  first_name: "Grace",
  last_name: "Hopper",
  phone: "07400 123456",
  company: "Acme Office Supplies Ltd",
  address_1: "10 Market Street",
  city: "Manchester",
  postal_code: "M1 1AE",
  country_code: "gb",
}

export async function renderCheckout(app, { navigate }) {
  const cartId = savedCartId()
  // A cart the shop could not read for want of an answer is not an empty cart: the page says what happened.
  const cart = cartId
    ? await retrieveCart(cartId).catch((error) => {
        if (isUnreachable(error)) throw error
        return undefined
      })
    : undefined
  if (!cart || cart.completed_at || !cart.items?.length) {
    app.innerHTML = `<section class="card"><h1>${esc(t("cart.empty"))}</h1><p><a href="/" data-link>${esc(t("cart.browse"))}</a></p></section>`
    return
  }
  const config = await loadConfig()
  const state = { cart, selection: undefined }

  app.innerHTML = `
    <div class="checkout">
      <div class="steps">
        <section class="card" id="step-details"></section>
        <section class="card" id="step-company"><h2>${esc(t("step.company"))}</h2><div id="company"></div><div id="soletrader-slot"></div></section>
        <section class="card" id="step-payment"><h2>${esc(t("step.payment"))}</h2><div id="payment"><p class="muted">${esc(t("payment.companyFirst"))}</p></div></section>
      </div>
      <aside class="card summary" id="summary"></aside>
    </div>`
  const $ = (sel) => app.querySelector(sel)

  const renderSummary = () => {
    const c = state.cart
    $("#summary").innerHTML = `
      <h2>${esc(t("summary.title"))}</h2>
      <ul class="lines">${c.items
        .map((i) => `<li><span>${esc(i.product_title)} · ${esc(i.variant_title)} ×&nbsp;${i.quantity}</span><span>${money(i.subtotal ?? i.total, c.currency_code)}</span></li>`)
        .join("")}</ul>
      <dl class="totals">
        <dt>${esc(t("summary.items"))}</dt><dd>${money(c.item_subtotal ?? c.subtotal, c.currency_code)}</dd>
        ${Number(c.discount_total) ? `<dt>${esc(t("summary.discount"))}</dt><dd>−${money(c.discount_total, c.currency_code)}</dd>` : ""}
        <dt>${esc(t("summary.delivery"))}</dt><dd>${c.shipping_methods?.length ? money(c.shipping_subtotal ?? c.shipping_total, c.currency_code) : "—"}</dd>
        <dt>${esc(t("summary.vat"))}</dt><dd>${money(c.tax_total, c.currency_code)}</dd>
        <dt class="grand">${esc(t("summary.total"))}</dt><dd class="grand" id="cart-total">${money(c.total, c.currency_code)}</dd>
      </dl>`
  }

  const detailsDone = () => Boolean(state.cart.shipping_address?.address_1 && state.cart.shipping_methods?.length && state.cart.email)

  const renderDetails = () => {
    const step = $("#step-details")
    if (detailsDone()) {
      const a = state.cart.shipping_address
      step.innerHTML = `<h2>${esc(t("step.details"))}</h2>
        <p class="done">${esc(a.first_name)} ${esc(a.last_name)} · ${esc(state.cart.email)}<br/>${esc(a.company || "")} ${esc(a.address_1)}, ${esc(a.city)} ${esc(a.postal_code)}<br/>
        <span class="muted">${esc(state.cart.shipping_methods[0].name)}</span></p>
        <button type="button" class="link" id="edit-details">${esc(t("details.edit"))}</button>`
      step.querySelector("#edit-details").addEventListener("click", () => renderDetailsForm(step))
      return
    }
    renderDetailsForm(step)
  }

  const renderDetailsForm = (step) => {
    // Medusa gives a new cart of a one-country region an address with only its country: keep the demo values for the rest.
    const known = Object.fromEntries(Object.entries(state.cart.shipping_address ?? {}).filter(([, v]) => v))
    const a = { ...DEMO_BUYER, ...known, email: state.cart.email || DEMO_BUYER.email }
    const field = (name, label, type = "text") =>
      `<label>${esc(label)} <input name="${name}" id="details-${name}" type="${type}" value="${esc(a[name] ?? "")}" required /></label>`
    step.innerHTML = `<h2>${esc(t("step.details"))}</h2>
      <form id="details-form" class="grid">
        ${field("email", t("details.email"), "email")}${field("phone", t("details.phone"), "tel")}
        ${field("first_name", t("details.firstName"))}${field("last_name", t("details.lastName"))}
        ${field("company", t("details.company"))}${field("address_1", t("details.address"))}
        ${field("city", t("details.city"))}${field("postal_code", t("details.postcode"))}
        <button type="submit" class="primary" id="details-continue">${esc(t("details.continue"))}</button>
        <p class="error" role="alert"></p>
      </form>`
    step.querySelector("form").addEventListener("submit", async (event) => {
      event.preventDefault()
      const form = event.target
      const button = form.querySelector("button")
      button.disabled = true
      const values = Object.fromEntries(new FormData(form))
      const { email, ...address } = values
      try {
        const sdk = medusa()
        const addr = { ...address, country_code: "gb" }
        await sdk.store.cart.update(state.cart.id, { email, shipping_address: addr, billing_address: addr })
        if (!state.cart.shipping_methods?.length) {
          const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: state.cart.id })
          if (!shipping_options.length) throw pageError("details.noDelivery")
          await sdk.store.cart.addShippingMethod(state.cart.id, { option_id: shipping_options[0].id })
        }
        state.cart = await retrieveCart(state.cart.id)
        renderSummary()
        renderDetails()
        renderPayment() // the total changed: the pre-check runs again
      } catch (error) {
        console.error(error)
        form.querySelector(".error").textContent = errorText(error, "details.failed")
        button.disabled = false
      }
    })
  }

  // 2. The company (the kit's CompanyPicker); 3. the payment (the pre-check, the methods and the kit's components).
  const payment = mountPaymentStep($("#payment"), paymentProps())
  function paymentProps() {
    return {
      cart: state.cart,
      selection: state.selection,
      detailsDone: detailsDone(),
      returnPath: config.returnPath || "/checkout/trade-credit/return",
      onOrder: (order) => showOrder(order, navigate),
    }
  }
  const renderPayment = () => payment.render(paymentProps())
  const picker = mountCompanyPicker($("#company"), {
    onSelect: (selection) => {
      state.selection = selection
      $("#soletrader-slot").hidden = true
      renderPayment()
    },
    onClear: () => {
      state.selection = undefined
      $("#soletrader-slot").hidden = false
      renderPayment()
    },
  })
  mountSoleTraderSignup($("#soletrader-slot"), {
    onCompany: (details) => picker.useDetails(details),
    email: state.cart.email ?? "",
    names: { first_name: state.cart.shipping_address?.first_name, last_name: state.cart.shipping_address?.last_name },
  })
  // Leaving the page (the app's own navigation replaces #app): the React roots go with it.
  const paymentElement = $("#payment")
  const observer = new MutationObserver(() => {
    if (paymentElement.isConnected) return
    observer.disconnect()
    payment.unmount()
    picker.unmount()
  })
  observer.observe(app, { childList: true })

  renderSummary()
  renderDetails()
}

/** The order is placed: to its confirmation, which reads the order (and its payment) from the server. */
export async function showOrder(order, navigate) {
  saveCartId(null)
  await navigate(`/order/confirmed?id=${encodeURIComponent(order.id)}`)
}

import { completeCart, rememberCheckout, startPaymentSession, verificationUrl } from "./checkout-flow.js"
import { instalmentChoices, invoiceSessionData } from "../../src/storefront/index.ts"
import { mountCompanySearch } from "./company-search.js"
import { esc, loadConfig, medusa, money, PROVIDERS, retrieveCart, saveCartId, savedCartId, tradeCredit } from "./medusa.js"
import { mountSoleTraderSignup } from "./soletrader.js"

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
// The service's plan duration is 3 to 36 months; the choices offered stay inside it (and inside the credit check's limits).
const PLAN_MONTHS = { min: 3, max: 36 }
const PERIOD_CHOICES = [3, 6, 12, 24, 36].filter((n) => n >= PLAN_MONTHS.min && n <= PLAN_MONTHS.max)

export async function renderCheckout(app, { navigate }) {
  const cartId = savedCartId()
  const cart = cartId ? await retrieveCart(cartId).catch(() => undefined) : undefined
  if (!cart || cart.completed_at || !cart.items?.length) {
    app.innerHTML = `<section class="card"><h1>Your cart is empty</h1><p><a href="/" data-link>Choose some supplies</a></p></section>`
    return
  }
  const state = { cart, selection: undefined, preCheck: undefined, method: "invoice", periods: 12 }

  app.innerHTML = `
    <div class="checkout">
      <div class="steps">
        <section class="card" id="step-details"></section>
        <section class="card" id="step-company"><h2>2. Your company</h2><div id="company"></div><div id="soletrader-slot"></div></section>
        <section class="card" id="step-payment"><h2>3. Payment</h2><div id="payment"><p class="muted">Choose your company first.</p></div></section>
      </div>
      <aside class="card summary" id="summary"></aside>
    </div>`
  const $ = (sel) => app.querySelector(sel)

  const renderSummary = () => {
    const c = state.cart
    $("#summary").innerHTML = `
      <h2>Order summary</h2>
      <ul class="lines">${c.items
        .map((i) => `<li><span>${esc(i.product_title)} · ${esc(i.variant_title)} ×&nbsp;${i.quantity}</span><span>${money(i.subtotal ?? i.total, c.currency_code)}</span></li>`)
        .join("")}</ul>
      <dl class="totals">
        <dt>Items</dt><dd>${money(c.item_subtotal ?? c.subtotal, c.currency_code)}</dd>
        ${Number(c.discount_total) ? `<dt>Discount</dt><dd>−${money(c.discount_total, c.currency_code)}</dd>` : ""}
        <dt>Delivery</dt><dd>${c.shipping_methods?.length ? money(c.shipping_subtotal ?? c.shipping_total, c.currency_code) : "—"}</dd>
        <dt>VAT</dt><dd>${money(c.tax_total, c.currency_code)}</dd>
        <dt class="grand">Total</dt><dd class="grand" id="cart-total">${money(c.total, c.currency_code)}</dd>
      </dl>`
  }

  const detailsDone = () => Boolean(state.cart.shipping_address?.address_1 && state.cart.shipping_methods?.length && state.cart.email)

  const renderDetails = () => {
    const step = $("#step-details")
    if (detailsDone()) {
      const a = state.cart.shipping_address
      step.innerHTML = `<h2>1. Contact and delivery</h2>
        <p class="done">${esc(a.first_name)} ${esc(a.last_name)} · ${esc(state.cart.email)}<br/>${esc(a.company || "")} ${esc(a.address_1)}, ${esc(a.city)} ${esc(a.postal_code)}<br/>
        <span class="muted">${esc(state.cart.shipping_methods[0].name)}</span></p>
        <button type="button" class="link" id="edit-details">Edit</button>`
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
      `<label>${label} <input name="${name}" id="details-${name}" type="${type}" value="${esc(a[name] ?? "")}" required /></label>`
    step.innerHTML = `<h2>1. Contact and delivery</h2>
      <form id="details-form" class="grid">
        ${field("email", "Work email", "email")}${field("phone", "Phone", "tel")}
        ${field("first_name", "First name")}${field("last_name", "Last name")}
        ${field("company", "Company (on the delivery note)")}${field("address_1", "Address")}
        ${field("city", "City")}${field("postal_code", "Postcode")}
        <button type="submit" class="primary" id="details-continue">Continue</button>
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
          if (!shipping_options.length) throw new Error("No delivery option ships to this address")
          await sdk.store.cart.addShippingMethod(state.cart.id, { option_id: shipping_options[0].id })
        }
        state.cart = await retrieveCart(state.cart.id)
        renderSummary()
        renderDetails()
        if (state.selection) runPreCheck() // the total changed: check again
      } catch (error) {
        form.querySelector(".error").textContent = error.message
        button.disabled = false
      }
    })
  }

  // 2. The company, then the pre-check.
  const picker = mountCompanySearch($("#company"), {
    onSelect: (selection) => {
      state.selection = selection
      $("#soletrader-slot").hidden = true
      runPreCheck()
    },
    onClear: () => {
      state.selection = undefined
      $("#soletrader-slot").hidden = false
      state.preCheck = undefined
      $("#payment").innerHTML = `<p class="muted">Choose your company first.</p>`
    },
  })
  mountSoleTraderSignup($("#soletrader-slot"), {
    onCompany: (details) => picker.useDetails(details),
    email: state.cart.email ?? "",
    names: { first_name: state.cart.shipping_address?.first_name, last_name: state.cart.shipping_address?.last_name },
  })

  async function runPreCheck() {
    if (!detailsDone()) {
      $("#payment").innerHTML = `<p class="muted">Enter your contact and delivery details first (step 1).</p>`
      return
    }
    $("#payment").innerHTML = `<p class="muted" id="precheck-status">Checking trade credit for ${esc(state.selection.name)}…</p>`
    try {
      state.preCheck = await tradeCredit.preCheck(state.cart.id, state.selection.company)
    } catch (error) {
      // The pre-check itself failed (e.g. rate limited): do not hide the method; the session's check decides.
      state.preCheck = { available: true, degraded: true, reason: error.message }
    }
    if (!state.preCheck.available) console.info("Trade credit hidden:", state.preCheck.reason, state.preCheck.decline_reason ?? "")
    if (state.preCheck.degraded) console.warn("Trade credit pre-check degraded:", state.preCheck.reason)
    if (!state.preCheck.available) state.method = "transfer"
    else if (state.method === "transfer") state.method = "invoice"
    renderPayment()
  }

  // 3. The payment method, the buyer's references, and placing the order.
  function renderPayment() {
    const pc = state.preCheck
    const offered = pc.available
    const option = (value, title, text, hidden = false) =>
      hidden
        ? ""
        : `<label class="method ${state.method === value ? "selected" : ""}"><input type="radio" name="method" value="${value}" id="method-${value}" ${state.method === value ? "checked" : ""}/>
          <span><strong>${title}</strong><span class="muted">${text}</span></span></label>`
    $("#payment").innerHTML = `
      ${
        offered
          ? `<p class="ok" id="precheck-status">${pc.degraded ? "We could not confirm trade credit right now; you can still choose it." : `Trade credit is available for ${esc(state.selection.name)}.`}</p>`
          : `<div class="notice declined" id="trade-credit-declined" role="alert"><strong>Trade credit isn't available for this order.</strong>
             We can't offer ${esc(state.selection.name)} payment on credit for this purchase. Please choose another payment method below.</div>`
      }
      <fieldset class="methods"><legend>How would you like to pay?</legend>
        ${option("invoice", "Invoice, pay in 30 days", "Verify once with the credit provider; the invoice comes when the goods ship.", !offered)}
        ${option("instalments", "Monthly instalments", "Spread the cost over 3 to 36 months.", !offered)}
        ${option("transfer", "Bank transfer in advance", "We ship once the payment arrives.")}
      </fieldset>
      <div id="instalments" ${state.method === "instalments" ? "" : "hidden"}>
        <label>Number of monthly instalments
          <select id="instalment-periods">${PERIOD_CHOICES.map((n) => `<option value="${n}" ${n === state.periods ? "selected" : ""}>${n} months</option>`).join("")}</select>
        </label>
        <div id="instalment-preview" class="preview"></div>
      </div>
      <fieldset class="grid references" id="references" ${state.method === "transfer" ? "hidden" : ""}><legend>Your references (on the invoice)</legend>
        <label>Purchase order number <input id="po-number" maxlength="255" /></label>
        <label>Department <input id="department" maxlength="255" /></label>
        <label>Project <input id="project" maxlength="255" /></label>
        <label>Invoice emails <input id="invoice-emails" placeholder="ap@yourcompany.example, finance@…" /></label>
      </fieldset>
      <button type="button" class="primary big" id="place-order">Place order</button>
      <p class="error" id="place-error" role="alert"></p>`
    for (const radio of app.querySelectorAll('input[name="method"]')) {
      radio.addEventListener("change", () => {
        state.method = radio.value
        for (const label of app.querySelectorAll(".method")) label.classList.toggle("selected", label.contains(app.querySelector('input[name="method"]:checked')))
        $("#instalments").hidden = state.method !== "instalments"
        $("#references").hidden = state.method === "transfer"
        if (state.method === "instalments") previewInstalments()
      })
    }
    $("#instalment-periods").addEventListener("change", (event) => {
      state.periods = Number(event.target.value)
      previewInstalments()
    })
    $("#place-order").addEventListener("click", placeOrder)
    if (state.method === "instalments") previewInstalments()
  }

  let previewSeq = 0
  async function previewInstalments() {
    const target = $("#instalment-preview")
    const mine = ++previewSeq
    target.innerHTML = `<p class="muted">Calculating your instalments…</p>`
    try {
      const preview = await tradeCredit.previewPlans(state.cart.id, [state.periods], state.selection.company)
      if (mine !== previewSeq) return
      const schedule = preview.schedules[0]
      const { limits } = preview
      // Only the choices the credit check allows stay selectable (the kit's instalmentChoices: within the limits,
      // no instalment above the monthly maximum).
      const allowed = instalmentChoices({ ...limits, gross_amount: preview.total_repayment_amount }, { preferred: PERIOD_CHOICES })
      for (const option of $("#instalment-periods").options) option.disabled = !allowed.includes(Number(option.value))
      target.innerHTML = `
        <table class="schedule"><thead><tr><th>Invoice date</th><th>Amount</th></tr></thead><tbody>
        ${schedule.instalments.map((i) => `<tr><td>${esc(i.invoice_issue_date)}</td><td>${money(i.repayment_amount, preview.currency)}</td></tr>`).join("")}
        </tbody></table>
        <p class="muted" id="instalment-summary">${schedule.instalments.length} monthly instalments, ${money(preview.total_repayment_amount, preview.currency)} in total.
        Available: ${limits.minimum_instalments} to ${limits.maximum_instalments} months, at most ${money(limits.maximum_instalment_amount, preview.currency)} a month.</p>`
    } catch (error) {
      if (mine !== previewSeq) return
      target.innerHTML = `<p class="error">${esc(error.message)}</p>`
    }
  }

  async function placeOrder() {
    const button = $("#place-order")
    const errorBox = $("#place-error")
    errorBox.textContent = ""
    button.disabled = true
    button.textContent = "Placing your order…"
    const fail = (message) => {
      errorBox.textContent = message
      button.disabled = false
      button.textContent = "Place order"
    }
    try {
      const config = await loadConfig()
      const method = state.method
      let data = {}
      if (method !== "transfer") {
        const emails = $("#invoice-emails").value.split(/[,;\s]+/).filter(Boolean)
        const text = (sel) => $(sel).value.trim() || undefined
        // The service sends the buyer back here with ?cart_id=…&trade_credit=verified|failed|cancelled.
        const returnUrl = `${location.origin}${config.returnPath || "/checkout/trade-credit/return"}`
        // Pay by invoice (the kit's invoiceSessionData): the session makes the order and hands out the verification
        // page; one completion on return.
        data = invoiceSessionData({
          company: state.selection.company,
          returnUrl,
          purchaseOrderNumber: text("#po-number"),
          department: text("#department"),
          project: text("#project"),
          invoiceEmails: emails,
        })
        if (method === "instalments") {
          delete data.verify_before_completion
          data.number_of_periods = state.periods
        }
      }
      rememberCheckout({ method, periods: state.periods, company: state.selection?.name, po: data.purchase_order_number })
      try {
        await startPaymentSession(state.cart.id, PROVIDERS[method], data)
      } catch (error) {
        return fail(`We couldn't start this payment: ${error.message}`)
      }
      const verifyAt = method === "invoice" ? await verificationUrl(state.cart.id) : undefined
      if (verifyAt) {
        button.textContent = "Taking you to verification…"
        window.location.assign(verifyAt)
        return
      }
      const result = await completeCart(state.cart.id)
      if (result.redirect) {
        button.textContent = "Taking you to verification…"
        window.location.assign(result.redirect)
        return
      }
      if (result.order) return await showOrder(result.order, navigate)
      fail(result.error)
    } catch (error) {
      fail(error.message)
    }
  }

  renderSummary()
  renderDetails()
}

export async function showOrder(order, navigate) {
  sessionStorage.setItem("trade-credit-demo:last-order", JSON.stringify(order))
  saveCartId(null)
  await navigate(`/order/confirmed?id=${encodeURIComponent(order.id)}`)
}

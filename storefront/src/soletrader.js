// Sole-trader signup: a business without a company registration number signs up with
// the credit provider in a popup (the plugin's routes issue its URL; the API key stays
// on the server), then checks out with the business the provider saved.
//
//   POST /store/trade-credit/soletrader/signup {country} → {popup_url}          (logged-in customer)
//   GET  /store/trade-credit/soletrader/buyer → {buyer: {company_name, country_code, organization_number}} or 404
//
// The routes need a logged-in customer: the demo signs the buyer up (email and password)
// first when they are a guest.
import { esc, medusa } from "./medusa.js"

const isLoggedIn = async () => Boolean(await medusa().store.customer.retrieve().catch(() => undefined))

async function registerCustomer(email, password, names) {
  const sdk = medusa()
  try {
    await sdk.auth.register("customer", "emailpass", { email, password })
    await sdk.store.customer.create({ email, ...names })
  } catch (error) {
    // Already registered: log in instead.
    if (error.status !== 401 && !/exist/i.test(error.message)) throw error
  }
  await sdk.auth.login("customer", "emailpass", { email, password })
}

export function mountSoleTraderSignup(slot, { onCompany, email = "", names = {} }) {
  slot.innerHTML = `
    <div class="soletrader">
      <p class="muted">A sole trader without a company registration number?</p>
      <button type="button" id="soletrader-signup">Sign up as a sole trader</button>
      <form id="soletrader-account" class="manual" hidden>
        <label>Email <input id="soletrader-email" type="email" required value="${esc(email)}" /></label>
        <label>Choose a password <input id="soletrader-password" type="password" required minlength="8" /></label>
        <button type="submit">Create account and continue</button>
      </form>
      <p class="hint" id="soletrader-status" role="status"></p>
    </div>`
  const status = slot.querySelector("#soletrader-status")
  const accountForm = slot.querySelector("#soletrader-account")

  async function openPopup() {
    status.textContent = "Opening the credit provider's signup…"
    let answer
    try {
      answer = await medusa().client.fetch("/store/trade-credit/soletrader/signup", { method: "POST", body: { country: "GB" } })
    } catch (error) {
      status.textContent = `The signup could not start: ${error.message}`
      return
    }
    const popupOrigin = new URL(answer.popup_url).origin
    const popup = window.open(answer.popup_url, "soletrader-signup", "width=520,height=760")
    if (!popup) {
      status.innerHTML = `Your browser blocked the popup: <a href="${esc(answer.popup_url)}" target="_blank" rel="opener">open the signup</a>.`
    } else status.textContent = "Complete the signup in the popup window."
    const onMessage = async (event) => {
      if (event.origin !== popupOrigin || event.data?.type !== "soletrader-signup") return
      window.removeEventListener("message", onMessage)
      if (event.data.status !== "completed") {
        status.textContent = "The signup was cancelled. You can enter your details by hand instead."
        return
      }
      try {
        const { buyer } = await medusa().client.fetch("/store/trade-credit/soletrader/buyer")
        status.textContent = `Signed up: ${buyer.company_name}.`
        onCompany(buyer)
      } catch (error) {
        status.textContent =
          error.status === 404
            ? "Thanks! Your registration is being reviewed; we'll email you. Meanwhile, choose another payment method."
            : `Could not read your registration: ${error.message}`
      }
    }
    window.addEventListener("message", onMessage)
  }

  slot.querySelector("#soletrader-signup").addEventListener("click", async () => {
    if (await isLoggedIn()) return openPopup()
    accountForm.hidden = false
    status.textContent = "Create an account first: your registration is kept with it."
  })
  accountForm.addEventListener("submit", async (event) => {
    event.preventDefault()
    try {
      await registerCustomer(slot.querySelector("#soletrader-email").value.trim(), slot.querySelector("#soletrader-password").value, names)
      accountForm.hidden = true
      await openPopup()
    } catch (error) {
      status.textContent = `Could not create the account: ${error.message}`
    }
  })
}

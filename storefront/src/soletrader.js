// Sole-trader signup: a business without a company registration number signs up with
// the credit provider in a popup (the plugin's routes issue its URL; the API key stays
// on the server), then checks out with the business the provider saved.
//
//   POST /store/trade-credit/soletrader/autofill-token → {buyer_url}                  step 1: a read-only token
//   GET  {buyer_url} (the credit provider, token in the query)  200: known buyer, no popup; 404: go on
//   POST /store/trade-credit/soletrader/signup {country} → {popup_url}                 steps 2-3: the popup
//   GET  /store/trade-credit/soletrader/buyer → {buyer: {company_name, country_code, organization_number}} or 404
//   GET  /store/trade-credit/soletrader/enrollment → {enrollment: {status, message}}   what to tell the buyer
//
// A returning buyer may instead confirm their email with a code; when the email has several
// businesses, the buyer chooses one (never an arbitrary one):
//
//   POST .../returning-buyer/verification {email}, then .../verification/code {email, code}
//        → {business, matches, enrollment}; several matches: business null, choose from `matches`
//   POST .../returning-buyer/choice {organization_number, country_code} → {business, enrollment}
//
// The routes need a logged-in customer: the demo signs the buyer up (email and password)
// first when they are a guest.
import { esc, medusa } from "./medusa.js"

const BASE = "/store/trade-credit/soletrader"
const isLoggedIn = async () => Boolean(await medusa().store.customer.retrieve().catch(() => undefined))
const call = (path, init) => medusa().client.fetch(`${BASE}${path}`, init)

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

/** Step 1: the credit provider already knows this buyer (true: recorded and handed on), or not (false). */
async function knownBuyer(onCompany, status) {
  const { buyer_url } = await call("/autofill-token", { method: "POST" })
  // Straight to the credit provider, with the read-only token in the query: no cookies, no API key.
  const read = await fetch(buyer_url, { credentials: "omit", cache: "no-store" })
  if (read.status === 404) return false
  if (!read.ok) throw new Error(`the credit provider answered ${read.status}`)
  const { buyer } = await call("/buyer")
  status.textContent = `Welcome back: ${buyer.company_name}.`
  onCompany(buyer)
  return true
}

/** The buyer's enrollment in plain words (declined, in review, ...), when there is one. */
async function enrollmentMessage() {
  try {
    return (await call("/enrollment")).enrollment.message
  } catch {
    return undefined
  }
}

export function mountSoleTraderSignup(slot, { onCompany, email = "", names = {} }) {
  slot.innerHTML = `
    <div class="soletrader">
      <p class="muted">A sole trader without a company registration number?</p>
      <button type="button" id="soletrader-signup">Sign up as a sole trader</button>
      <button type="button" id="soletrader-returning" class="link">I already use trade credit with my email</button>
      <form id="soletrader-account" class="manual" hidden>
        <label>Email <input id="soletrader-email" type="email" required value="${esc(email)}" /></label>
        <label>Choose a password <input id="soletrader-password" type="password" required minlength="8" /></label>
        <button type="submit">Create account and continue</button>
      </form>
      <form id="soletrader-rb" class="manual" hidden>
        <label>Your email <input id="soletrader-rb-email" type="email" required value="${esc(email)}" /></label>
        <button type="submit" id="soletrader-rb-send">Email me a code</button>
      </form>
      <form id="soletrader-rb-code-form" class="manual" hidden>
        <label>Code from the email <input id="soletrader-rb-code" inputmode="numeric" pattern="[0-9]{6}" required /></label>
        <button type="submit">Confirm</button>
      </form>
      <form id="soletrader-rb-choose" class="manual" hidden>
        <fieldset><legend>Which business are you buying for?</legend><div id="soletrader-rb-matches"></div></fieldset>
        <button type="submit" id="soletrader-rb-use">Use this business</button>
      </form>
      <p class="hint" id="soletrader-status" role="status"></p>
    </div>`
  const $ = (selector) => slot.querySelector(selector)
  const status = $("#soletrader-status")
  const accountForm = $("#soletrader-account")
  let next = "signup"

  async function start() {
    status.textContent = "Checking whether the credit provider knows you…"
    try {
      if (await knownBuyer(onCompany, status)) return
    } catch (error) {
      status.textContent = `The signup could not start: ${error.message}`
      return
    }
    await openPopup()
  }

  async function openPopup() {
    status.textContent = "Opening the credit provider's signup…"
    let answer
    try {
      answer = await call("/signup", { method: "POST", body: { country: "GB" } })
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
        const { buyer } = await call("/buyer")
        status.textContent = `Signed up: ${buyer.company_name}.`
        onCompany(buyer)
      } catch (error) {
        status.textContent =
          error.status === 404
            ? (await enrollmentMessage()) ?? "Thanks! Your registration is being reviewed; we'll email you. Meanwhile, choose another payment method."
            : `Could not read your registration: ${error.message}`
      }
    }
    window.addEventListener("message", onMessage)
  }

  // --- returning buyer: email, code, and the choice when the email has several businesses ---
  const rbEmail = () => $("#soletrader-rb-email").value.trim()
  function enrolled(business) {
    for (const form of ["#soletrader-rb", "#soletrader-rb-code-form", "#soletrader-rb-choose"]) $(form).hidden = true
    status.textContent = `Welcome back: ${business.company_name}.`
    onCompany(business)
  }
  $("#soletrader-rb").addEventListener("submit", async (event) => {
    event.preventDefault()
    try {
      await call("/returning-buyer/verification", { method: "POST", body: { email: rbEmail() } })
      $("#soletrader-rb-code-form").hidden = false
      status.textContent = "We emailed you a code."
    } catch (error) {
      status.textContent = error.status === 404 ? "No business uses this email yet: sign up as a sole trader instead." : error.message
    }
  })
  $("#soletrader-rb-code-form").addEventListener("submit", async (event) => {
    event.preventDefault()
    try {
      const answer = await call("/returning-buyer/verification/code", { method: "POST", body: { email: rbEmail(), code: $("#soletrader-rb-code").value.trim() } })
      if (answer.business) return enrolled(answer.business)
      $("#soletrader-rb-matches").innerHTML = answer.matches
        .map(
          (m, i) =>
            `<label><input type="radio" name="soletrader-match" value="${i}" data-org="${esc(m.organization_number)}" required /> ${esc(m.company_name)} <span class="muted">(${esc(m.country_code)} ${esc(m.organization_number)})</span></label>`
        )
        .join("")
      $("#soletrader-rb-choose").hidden = false
      $("#soletrader-rb-choose").dataset.matches = JSON.stringify(answer.matches)
      status.textContent = `This email has ${answer.total_matches} businesses: choose the one you are buying for.`
    } catch (error) {
      status.textContent = error.message
    }
  })
  $("#soletrader-rb-choose").addEventListener("submit", async (event) => {
    event.preventDefault()
    const chosen = slot.querySelector("input[name=soletrader-match]:checked")
    if (!chosen) return (status.textContent = "Choose a business first.")
    const match = JSON.parse($("#soletrader-rb-choose").dataset.matches)[Number(chosen.value)]
    try {
      const { business } = await call("/returning-buyer/choice", {
        method: "POST",
        body: { organization_number: match.organization_number, country_code: match.country_code },
      })
      enrolled(business)
    } catch (error) {
      status.textContent = error.message
    }
  })

  $("#soletrader-signup").addEventListener("click", async () => {
    next = "signup"
    if (await isLoggedIn()) return start()
    accountForm.hidden = false
    status.textContent = "Create an account first: your registration is kept with it."
  })
  $("#soletrader-returning").addEventListener("click", async () => {
    next = "returning"
    if (!(await isLoggedIn())) {
      accountForm.hidden = false
      status.textContent = "Create an account first: your business is kept with it."
      return
    }
    $("#soletrader-rb").hidden = false
  })
  accountForm.addEventListener("submit", async (event) => {
    event.preventDefault()
    try {
      await registerCustomer($("#soletrader-email").value.trim(), $("#soletrader-password").value, names)
      accountForm.hidden = true
      if (next === "returning") $("#soletrader-rb").hidden = false
      else await start()
    } catch (error) {
      status.textContent = `Could not create the account: ${error.message}`
    }
  })
}

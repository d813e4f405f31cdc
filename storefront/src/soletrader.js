// Sole-trader signup: a business without a company registration number signs up with
// the credit provider in a popup (the plugin's routes issue its URL; the API key stays
// on the server), then checks out with the business the provider saved.
//
// The signup itself is the kit's signUpSoleTrader (the known buyer through a read-only autofill token, else the
// popup, then autofill read again when the popup posts its message or just closes).
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
import { signUpSoleTrader } from "medusa-payment-trade-credit/storefront"
import { medusa } from "./medusa.js"
import { errorText, esc, isUnreachable, kit, KIT_WORDS, plainMessage, t } from "./texts.js"

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
    if (isUnreachable(error) || (error.status !== 401 && !/exist/i.test(error.message))) throw error
  }
  await sdk.auth.login("customer", "emailpass", { email, password })
}

export function mountSoleTraderSignup(slot, { onCompany, email = "", names = {} }) {
  slot.innerHTML = `
    <div class="soletrader">
      <p class="muted">${esc(t("soletrader.question"))}</p>
      <button type="button" id="soletrader-signup">${esc(kit("soletrader.button"))}</button>
      <button type="button" id="soletrader-returning" class="link">${esc(t("soletrader.returning"))}</button>
      <form id="soletrader-account" class="manual" hidden>
        <label>${esc(t("soletrader.email"))} <input id="soletrader-email" type="email" required value="${esc(email)}" /></label>
        <label>${esc(t("soletrader.password"))} <input id="soletrader-password" type="password" required minlength="8" /></label>
        <button type="submit">${esc(t("soletrader.create"))}</button>
      </form>
      <form id="soletrader-rb" class="manual" hidden>
        <label>${esc(t("soletrader.rbEmail"))} <input id="soletrader-rb-email" type="email" required value="${esc(email)}" /></label>
        <button type="submit" id="soletrader-rb-send">${esc(t("soletrader.sendCode"))}</button>
      </form>
      <form id="soletrader-rb-code-form" class="manual" hidden>
        <label>${esc(t("soletrader.code"))} <input id="soletrader-rb-code" inputmode="numeric" pattern="[0-9]{6}" required /></label>
        <button type="submit">${esc(t("soletrader.confirm"))}</button>
      </form>
      <form id="soletrader-rb-choose" class="manual" hidden>
        <fieldset><legend>${esc(t("soletrader.which"))}</legend><div id="soletrader-rb-matches"></div></fieldset>
        <button type="submit" id="soletrader-rb-use">${esc(t("soletrader.use"))}</button>
      </form>
      <p class="hint" id="soletrader-status" role="status"></p>
    </div>`
  const $ = (selector) => slot.querySelector(selector)
  const status = $("#soletrader-status")
  const accountForm = $("#soletrader-account")
  let next = "signup"

  // The kit's signup (medusa-payment-trade-credit/storefront): the known buyer first, else the popup, which the
  // service's page may just close after saving the details to autofill (seed step 3); the kit then reads autofill
  // again (step 4) and says in plain words what came of it.
  async function start() {
    const outcome = await signUpSoleTrader({
      sdk: medusa(),
      country: "GB",
      ...KIT_WORDS,
      onStatus: (message) => (status.textContent = plainMessage(message)),
      onBlocked: (url) =>
        (status.innerHTML = `${esc(kit("soletrader.blocked"))} <a href="${esc(url)}" target="_blank" rel="opener">${esc(kit("soletrader.open"))}</a>.`),
    })
    status.textContent = plainMessage(outcome.message)
    if (outcome.business) onCompany(outcome.business)
  }

  // --- returning buyer: email, code, and the choice when the email has several businesses ---
  const rbEmail = () => $("#soletrader-rb-email").value.trim()
  function enrolled(business) {
    for (const form of ["#soletrader-rb", "#soletrader-rb-code-form", "#soletrader-rb-choose"]) $(form).hidden = true
    status.textContent = kit("soletrader.welcome", { name: business.company_name })
    onCompany(business)
  }
  $("#soletrader-rb").addEventListener("submit", async (event) => {
    event.preventDefault()
    try {
      await call("/returning-buyer/verification", { method: "POST", body: { email: rbEmail() } })
      $("#soletrader-rb-code-form").hidden = false
      status.textContent = t("soletrader.codeSent")
    } catch (error) {
      status.textContent = error.status === 404 ? t("soletrader.noBusiness") : errorText(error, "soletrader.codeNotSent")
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
      status.textContent = t("soletrader.several", { n: answer.total_matches })
    } catch (error) {
      status.textContent = errorText(error, "soletrader.codeWrong")
    }
  })
  $("#soletrader-rb-choose").addEventListener("submit", async (event) => {
    event.preventDefault()
    const chosen = slot.querySelector("input[name=soletrader-match]:checked")
    if (!chosen) return (status.textContent = t("soletrader.chooseFirst"))
    const match = JSON.parse($("#soletrader-rb-choose").dataset.matches)[Number(chosen.value)]
    try {
      const { business } = await call("/returning-buyer/choice", {
        method: "POST",
        body: { organization_number: match.organization_number, country_code: match.country_code },
      })
      enrolled(business)
    } catch (error) {
      status.textContent = errorText(error, "soletrader.choiceFailed")
    }
  })

  $("#soletrader-signup").addEventListener("click", async () => {
    next = "signup"
    if (await isLoggedIn()) return start()
    accountForm.hidden = false
    status.textContent = t("soletrader.accountFirstSignup")
  })
  $("#soletrader-returning").addEventListener("click", async () => {
    next = "returning"
    if (!(await isLoggedIn())) {
      accountForm.hidden = false
      status.textContent = t("soletrader.accountFirstReturning")
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
      console.error(error)
      status.textContent = errorText(error, "soletrader.accountFailed")
    }
  })
}

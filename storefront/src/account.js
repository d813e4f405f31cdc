// The buyer's account: log in (email and password, the customer the demo's sole-trader signup or the seed made), then
// the company's invoices and instalments (documents.jsx). Logging out forgets the SDK's login.
import { mountDocuments } from "./documents.jsx"
import { medusa } from "./medusa.js"
import { errorText, esc, t } from "./texts.js"

const loggedInCustomer = () =>
  medusa()
    .store.customer.retrieve()
    .then(
      (r) => r.customer,
      () => undefined,
    )

export async function renderAccount(app, { navigate }) {
  const customer = await loggedInCustomer()
  if (!customer) return renderLogin(app, { navigate })
  app.innerHTML = `
    <section class="card account" id="account">
      <h1>${esc(t("account.title"))}</h1>
      <p class="muted" id="account-email">${esc(t("account.signedIn", { email: customer.email }))}
        <button type="button" class="link" id="account-logout">${esc(t("account.logout"))}</button></p>
      <div id="documents-slot"></div>
    </section>`
  app.querySelector("#account-logout").addEventListener("click", async () => {
    await medusa()
      .auth.logout()
      .catch(() => undefined)
    navigate("/account")
  })
  mountDocuments(app.querySelector("#documents-slot"))
}

function renderLogin(app, { navigate }) {
  app.innerHTML = `
    <section class="card account" id="account-login">
      <h1>${esc(t("account.title"))}</h1>
      <form id="login-form" class="manual">
        <label>${esc(t("account.email"))}
          <input id="login-email" type="email" autocomplete="username" required /></label>
        <label>${esc(t("account.password"))}
          <input id="login-password" type="password" autocomplete="current-password" required /></label>
        <button type="submit" class="primary" id="login-submit">${esc(t("account.login"))}</button>
      </form>
      <p class="error" id="login-error" role="alert"></p>
    </section>`
  const form = app.querySelector("#login-form")
  form.addEventListener("submit", async (event) => {
    event.preventDefault()
    const error = app.querySelector("#login-error")
    error.textContent = ""
    try {
      await medusa().auth.login("customer", "emailpass", {
        email: form.querySelector("#login-email").value,
        password: form.querySelector("#login-password").value,
      })
      navigate("/account")
    } catch (failure) {
      error.textContent = failure?.status === 401 ? t("account.wrongLogin") : errorText(failure)
    }
  })
}

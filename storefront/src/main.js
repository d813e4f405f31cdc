// A small B2B storefront: product → cart → checkout with trade credit → verification at
// the service → return page that completes the cart → order confirmation. One language for the whole page
// (texts.js: the browser's, among the kit's five), set once here on the document and its shell.
import { renderAccount } from "./account.js"
import { renderCheckout } from "./checkout.js"
import { renderConfirmation } from "./confirmation.js"
import { loadConfig } from "./medusa.js"
import { renderReturn } from "./return.js"
import { renderShop } from "./shop.js"
import { errorText, esc, html, language, t } from "./texts.js"

const app = document.getElementById("app")

// The shell (index.html) in the page's language.
document.documentElement.lang = language
document.title = t("shell.title")
document.querySelector(".top .tag").textContent = t("shell.tag")
document.getElementById("cart-link").textContent = t("shell.checkout")
document.getElementById("account-link").textContent = t("shell.account")
document.querySelector(".foot").innerHTML = html("shell.footer", { package: "<code>medusa-payment-trade-credit</code>" })
app.innerHTML = `<p class="muted">${esc(t("shell.loading"))}</p>`

export function navigate(path) {
  history.pushState({}, "", path)
  return route()
}

const backToShop = () => `<p><a href="/" data-link>${esc(t("nav.backToShop"))}</a></p>`

async function route() {
  try {
    const config = await loadConfig()
    const path = location.pathname
    if (path === "/" || path === "/index.html") return await renderShop(app, { navigate })
    if (path === "/checkout") return await renderCheckout(app, { navigate })
    if (path === (config.returnPath || "/checkout/trade-credit/return")) return await renderReturn(app, { navigate })
    if (path === "/order/confirmed") return await renderConfirmation(app, { navigate })
    if (path === "/account") return await renderAccount(app, { navigate })
    app.innerHTML = `<section class="card"><h1>${esc(t("page.notFound"))}</h1>${backToShop()}</section>`
  } catch (error) {
    console.error(error)
    // The buyer's words only: what failed in plain words, never the error's message, a stack or an id.
    app.innerHTML = `<section class="card" id="page-error"><h1>${esc(t("page.error"))}</h1><p class="error" role="alert">${esc(errorText(error))}</p>${backToShop()}</section>`
  }
}

// Links marked data-link stay in the app.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-link]")
  if (!link || event.metaKey || event.ctrlKey) return
  event.preventDefault()
  navigate(link.getAttribute("href"))
})
window.addEventListener("popstate", route)
route()

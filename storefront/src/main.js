// A small B2B storefront: product → cart → checkout with trade credit → verification at
// the service → return page that completes the cart → order confirmation.
import { renderCheckout } from "./checkout.js"
import { renderConfirmation } from "./confirmation.js"
import { esc, loadConfig } from "./medusa.js"
import { renderReturn } from "./return.js"
import { renderShop } from "./shop.js"

const app = document.getElementById("app")

export function navigate(path) {
  history.pushState({}, "", path)
  return route()
}

async function route() {
  const config = await loadConfig()
  const path = location.pathname
  try {
    if (path === "/" || path === "/index.html") return await renderShop(app, { navigate })
    if (path === "/checkout") return await renderCheckout(app, { navigate })
    if (path === (config.returnPath || "/checkout/trade-credit/return")) return await renderReturn(app, { navigate })
    if (path === "/order/confirmed") return await renderConfirmation(app, { navigate })
    app.innerHTML = `<section class="card"><h1>Not found</h1><p><a href="/" data-link>Back to the shop</a></p></section>`
  } catch (error) {
    console.error(error)
    app.innerHTML = `<section class="card"><h1>Something went wrong</h1><p class="error">${esc(error.message)}</p><p><a href="/" data-link>Back to the shop</a></p></section>`
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

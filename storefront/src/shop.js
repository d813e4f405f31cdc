import { medusa, retrieveCart, saveCartId, savedCartId } from "./medusa.js"
import { errorText, esc, money, pageError, t } from "./texts.js"

/** The region the demo sells in (the seeded GBP region), kept once found. */
let region
export async function currentRegion() {
  if (region) return region
  const { regions } = await medusa().store.region.list({ fields: "id,name,currency_code,*countries" })
  region = regions.find((r) => r.currency_code === "gbp") ?? regions[0]
  if (!region) throw pageError("shop.noRegion")
  return region
}

export async function renderShop(app, { navigate }) {
  const reg = await currentRegion()
  const { products } = await medusa().store.product.list({ region_id: reg.id, fields: "id,title,description,handle,*variants,*variants.calculated_price" })
  app.innerHTML = `
    <section class="hero">
      <h1>${esc(t("shop.title"))}</h1>
      <p>${esc(t("shop.lead"))}</p>
    </section>
    <section class="products">${products.map(productCard).join("") || `<p>${esc(t("shop.none"))}</p>`}</section>`
  for (const form of app.querySelectorAll("form.product")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault()
      const button = form.querySelector("button")
      button.disabled = true
      button.textContent = t("shop.adding")
      const variantId = form.elements.variant.value
      const quantity = Number(form.elements.quantity.value) || 1
      try {
        await addToCart(reg, variantId, quantity)
        await navigate("/checkout")
      } catch (error) {
        console.error(error)
        form.querySelector(".error").textContent = errorText(error, "shop.addFailed")
        button.disabled = false
        button.textContent = t("shop.add")
      }
    })
  }
}

function productCard(product) {
  const options = product.variants
    .map(
      (v) =>
        `<option value="${esc(v.id)}">${esc(v.title)} · ${esc(t("shop.price", { price: money(v.calculated_price?.calculated_amount, v.calculated_price?.currency_code) }))}</option>`
    )
    .join("")
  return `
    <form class="card product" data-handle="${esc(product.handle)}">
      <div class="pallet" aria-hidden="true"></div>
      <h2>${esc(product.title)}</h2>
      <label>${esc(t("shop.size"))} <select name="variant">${options}</select></label>
      <label>${esc(t("shop.quantity"))} <input name="quantity" type="number" min="1" max="500" value="3" /></label>
      <button type="submit" class="primary">${esc(t("shop.add"))}</button>
      <p class="error" role="alert"></p>
    </form>`
}

/** Adds to the saved cart, or starts a new one when there is none (or it was completed). */
async function addToCart(reg, variantId, quantity) {
  const sdk = medusa()
  const id = savedCartId()
  if (id) {
    const cart = await retrieveCart(id).catch(() => undefined)
    if (cart && !cart.completed_at) {
      await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity })
      return
    }
  }
  const { cart } = await sdk.store.cart.create({ region_id: reg.id, items: [{ variant_id: variantId, quantity }] })
  saveCartId(cart.id)
}

import { esc, medusa, money, retrieveCart, saveCartId, savedCartId } from "./medusa.js"

/** The region the demo sells in (the seeded GBP region), kept once found. */
let region
export async function currentRegion() {
  if (region) return region
  const { regions } = await medusa().store.region.list({ fields: "id,name,currency_code,*countries" })
  region = regions.find((r) => r.currency_code === "gbp") ?? regions[0]
  if (!region) throw new Error("The store has no region: run the demo's seeding first")
  return region
}

export async function renderShop(app, { navigate }) {
  const reg = await currentRegion()
  const { products } = await medusa().store.product.list({ region_id: reg.id, fields: "id,title,description,handle,*variants,*variants.calculated_price" })
  app.innerHTML = `
    <section class="hero">
      <h1>Supplies for your business</h1>
      <p>Buy now, pay by invoice in 30 days or in monthly instalments with trade credit.</p>
    </section>
    <section class="products">${products.map(productCard).join("") || "<p>No products yet.</p>"}</section>`
  for (const form of app.querySelectorAll("form.product")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault()
      const button = form.querySelector("button")
      button.disabled = true
      button.textContent = "Adding…"
      const variantId = form.elements.variant.value
      const quantity = Number(form.elements.quantity.value) || 1
      try {
        await addToCart(reg, variantId, quantity)
        await navigate("/checkout")
      } catch (error) {
        form.querySelector(".error").textContent = error.message
        button.disabled = false
        button.textContent = "Add to cart"
      }
    })
  }
}

function productCard(product) {
  const options = product.variants
    .map((v) => `<option value="${esc(v.id)}">${esc(v.title)} · ${money(v.calculated_price?.calculated_amount, v.calculated_price?.currency_code)} excl. VAT</option>`)
    .join("")
  return `
    <form class="card product" data-handle="${esc(product.handle)}">
      <div class="pallet" aria-hidden="true"></div>
      <h2>${esc(product.title)}</h2>
      <label>Size <select name="variant">${options}</select></label>
      <label>Quantity <input name="quantity" type="number" min="1" max="500" value="3" /></label>
      <button type="submit" class="primary">Add to cart</button>
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

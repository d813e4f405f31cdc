// The Medusa JS SDK, set up from /config.json (written by the server that serves this
// storefront: the Medusa URL and the publishable key; nothing secret). Its requests ask for the page's language
// (Accept-Language: the plugin answers its buyer texts in it), and a request that gets no answer reaches the page and
// the kit as SHOP_UNREACHABLE (the kit words it), never as the browser's "Failed to fetch".
import Medusa from "@medusajs/js-sdk"
import { asPageFailure, language } from "./texts.js"

let config
let sdk

export async function loadConfig() {
  if (config) return config
  const res = await fetch("/config.json", { cache: "no-store" })
  if (!res.ok) throw new Error(`/config.json answered ${res.status}`)
  config = await res.json()
  sdk = new Medusa({ baseUrl: config.medusaUrl, publishableKey: config.publishableKey, debug: false, globalHeaders: { "accept-language": language } })
  // Every SDK call (store, auth, the plugin's routes through client.fetch) goes through the client's fetch.
  const fetchOf = sdk.client.fetch.bind(sdk.client)
  sdk.client.fetch = (input, init) =>
    fetchOf(input, init).catch((error) => {
      throw asPageFailure(error)
    })
  return config
}

export function medusa() {
  if (!sdk) throw new Error("loadConfig() first")
  return sdk
}

export const CART_KEY = "trade-credit-demo:cart-id"
export const savedCartId = () => localStorage.getItem(CART_KEY)
export const saveCartId = (id) => (id ? localStorage.setItem(CART_KEY, id) : localStorage.removeItem(CART_KEY))

/** A cart with what the checkout shows, including its payment sessions. */
export const CART_FIELDS =
  "*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions,*promotions,+total,+subtotal,+tax_total,+discount_total,+shipping_total,+item_total"

export async function retrieveCart(id) {
  const { cart } = await medusa().store.cart.retrieve(id, { fields: CART_FIELDS })
  return cart
}

/** The plugin's store routes, through the SDK's client (publishable key added by it). */
export const tradeCredit = {
  preCheck: (cartId, company) =>
    medusa().client.fetch(`/store/trade-credit/carts/${cartId}/pre-check`, { method: "POST", body: { company } }),
  previewPlans: (cartId, periods, company) =>
    medusa().client.fetch("/store/trade-credit/plans/preview", { method: "POST", body: { cart_id: cartId, periods, company } }),
}

export const PROVIDERS = {
  invoice: "pp_trade-credit_default",
  instalments: "pp_trade-credit-plan_default",
  transfer: "pp_system_default",
}

// A storefront through Medusa's store API (publishable key): the benches and the packaged-install check.
export const BUYER_ADDRESS = {
  first_name: "Grace",
  last_name: "Hopper",
  company: "Acme Office Supplies Ltd",
  address_1: "10 Market Street",
  city: "Manchester",
  postal_code: "M1 1AE",
  country_code: "gb",
  phone: "07400 123456",
}
export const ACME = { company_canonical_id: "cmpgb08123456" }
export const RETURN_URL = "http://storefront.bench:8000/checkout/return"

export function storeClient(base, publishableKey, customerToken) {
  const headers = { "x-publishable-api-key": publishableKey, "content-type": "application/json" }
  if (customerToken) headers.authorization = `Bearer ${customerToken}`
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    return { status: res.status, data: text ? JSON.parse(text) : undefined }
  }
  const ok = async (method, path, body) => {
    const res = await call(method, path, body)
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.data)}`)
    return res.data
  }
  return { call, ok }
}

/** A cart with an address, a shipping method and the seed's items (no promotion unless asked). */
export async function createCart(store, seed, { quantities = [3, 2], promotion = null, email = "grace@acme-office.example" } = {}) {
  const { cart } = await store.ok("POST", "/store/carts?fields=id", {
    region_id: seed.region.id,
    email,
    items: quantities.map((quantity, i) => ({ variant_id: seed.variants[i % seed.variants.length].id, quantity })),
    shipping_address: BUYER_ADDRESS,
    billing_address: BUYER_ADDRESS,
  })
  await store.ok("POST", `/store/carts/${cart.id}/shipping-methods?fields=id`, { option_id: seed.shippingOption.id })
  if (promotion) await store.ok("POST", `/store/carts/${cart.id}/promotions?fields=id`, { promo_codes: [promotion] })
  return cart.id
}

export async function paymentCollection(store, cartId) {
  const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cartId })
  return payment_collection.id
}

export async function startSession(store, collectionId, provider_id, data) {
  const res = await store.ok("POST", `/store/payment-collections/${collectionId}/payment-sessions`, { provider_id, data })
  return res.payment_collection.payment_sessions.find((s) => s.provider_id === provider_id)
}

export async function sessionOf(store, cartId) {
  const { cart } = await store.ok("GET", `/store/carts/${cartId}?fields=id,*payment_collection.payment_sessions`)
  return cart.payment_collection.payment_sessions[0]
}

/**
 * A logged-in customer who is a VERIFIED user of a trade account (README "Trade accounts"): registered at the
 * store, onboarded through the admin API with ACME's company, verified through the simulator's control API.
 * Its checkout by trade credit is one completion (the order is created verified, no redirect).
 */
export async function verifiedTradeAccountBuyer(medusa, simulator, name = "Grace") {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme-office.example`
  const password = "bench-password-1"
  const post = async (path, body, headers = {}) => {
    const res = await fetch(`${medusa.base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
    const data = await res.json()
    if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(data)}`)
    return data
  }
  const registered = await post("/auth/customer/emailpass/register", { email, password })
  const { customer } = await post(
    "/store/customers",
    { email, first_name: name, last_name: "Hopper", phone: "07400 123456", company_name: "Acme Office Supplies Ltd" },
    { "x-publishable-api-key": medusa.seed.publishableKey, authorization: `Bearer ${registered.token}` }
  )
  const { token } = await post("/auth/customer/emailpass", { email, password })
  const onboarded = await medusa.admin("POST", "/admin/trade-credit/trade-accounts", {
    customer_id: customer.id,
    company: { canonical_id: ACME.company_canonical_id },
  })
  const user = onboarded.trade_account.users.find((u) => u.customer_id === customer.id)
  await simulator.control("POST", `/_sim/trade-accounts/users/${user.service_user_id}/verify`, {})
  return { customerId: customer.id, email, store: storeClient(medusa.base, medusa.seed.publishableKey, token) }
}

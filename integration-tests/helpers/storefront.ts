/**
 * What a storefront does, through Medusa's store API with a publishable key:
 * a cart with an address, shipping and a promotion, then a trade credit session.
 */
export const BUYER_ADDRESS = {
  first_name: "Grace",
  last_name: "Hopper",
  company: "Acme Office Supplies Ltd",
  address_1: "10 Market Street",
  address_2: "Unit 4",
  city: "Manchester",
  postal_code: "M1 1AE",
  country_code: "gb",
  phone: "07400 123456",
}

/** A storefront's calls with its publishable key (and `extraHeaders`, e.g. the buyer's Accept-Language). */
export function storeClient(api: any, publishableKey: string, extraHeaders: Record<string, string> = {}) {
  const headers = { "x-publishable-api-key": publishableKey, ...extraHeaders }
  const call = async (method: string, url: string, data?: unknown) =>
    api.request({ method, url, data, headers, validateStatus: () => true })
  const ok = async (method: string, url: string, data?: unknown) => {
    const res = await call(method, url, data)
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
    return res.data
  }
  return { call, ok }
}

export async function createCheckoutCart(
  store: ReturnType<typeof storeClient>,
  seed: { region: { id: string }; variants: { id: string }[] },
  { promotion = "TRADE10", quantities = [3, 2] }: { promotion?: string | null; quantities?: number[] } = {}
) {
  const { cart } = await store.ok("POST", "/store/carts", {
    region_id: seed.region.id,
    email: "grace@acme-office.example",
    items: quantities.map((quantity, i) => ({ variant_id: seed.variants[i % seed.variants.length].id, quantity })),
    shipping_address: BUYER_ADDRESS,
    billing_address: BUYER_ADDRESS,
  })
  const { shipping_options } = await store.ok("GET", `/store/shipping-options?cart_id=${cart.id}`)
  await store.ok("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
  if (promotion) await store.ok("POST", `/store/carts/${cart.id}/promotions`, { promo_codes: [promotion] })
  return (await store.ok("GET", `/store/carts/${cart.id}`)).cart
}

export async function startTradeCreditSession(store: ReturnType<typeof storeClient>, cartId: string, data: Record<string, unknown>) {
  const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cartId })
  return await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
    provider_id: "pp_trade-credit_default",
    data,
  })
}

// What a storefront asks the plugin while the buyer is still choosing (issue #39: "ahead" of the checkout's wait), as
// the demo storefront does it (storefront/src/company-picker.jsx, storefront/src/payment-step.jsx): the company search
// of the company picker, the pre-check once the buyer has chosen the company, for instalments the session's credit
// check and the schedule of the chosen number of months. The benches make these requests with a store client marked
// `aside` (lib/network.mjs tracedStore), so that their service calls are counted apart from the buyer's wait.

/** The picker's query for ACME (scripts/lib/store-api.mjs ACME): what a buyer types, in the buyer's country. */
export const ACME_SEARCH = { country: "GB", q: "Acme", canonicalId: "cmpgb08123456" }

/**
 * The company picker's search (`GET /store/trade-credit/companies?country=&q=&limit=`, the kit's default limit of 8)
 * and the buyer's choice of a hit: the session's `company` as the kit gives it (src/storefront/company-search.ts
 * selectionOfHit: `{ company_canonical_id }`).
 */
export async function chooseCompany(store, { country, q, canonicalId, limit = 8 } = ACME_SEARCH) {
  const query = new URLSearchParams({ country, q, limit: String(limit) })
  const { items = [] } = await store.ok("GET", `/store/trade-credit/companies?${query}`)
  const hit = items.find((h) => h.canonical_id === canonicalId)
  if (!hit) {
    throw new Error(`the company search for "${q}" (${country}) found no ${canonicalId}: ${JSON.stringify(items)}`)
  }
  return { company_canonical_id: hit.canonical_id }
}

/**
 * The pre-check of the cart for the buyer's company (`POST /store/trade-credit/carts/:id/pre-check {company}`), as the
 * storefront asks it once the company is chosen. The benches' buyers are offered trade credit: any other answer stops
 * the bench.
 */
export async function preCheck(store, cartId, company) {
  const answer = await store.ok("POST", `/store/trade-credit/carts/${cartId}/pre-check`, { company })
  if (!answer?.available) {
    throw new Error(`the pre-check of ${cartId} did not offer trade credit: ${JSON.stringify(answer)}`)
  }
  return answer
}

/** The schedule of the chosen number of months: `POST /store/trade-credit/plans/preview {cart_id, periods, company}`. */
export function previewPlan(store, cartId, periods, company) {
  return store.ok("POST", "/store/trade-credit/plans/preview", { cart_id: cartId, periods: [periods], company })
}

/** How many confirms the service received (the simulator's request log). */
export async function confirmCount(simulator) {
  const { items } = await simulator.control("GET", "/_sim/requests?method=POST&path_prefix=/v1/order/")
  return items.filter((r) => r.path.endsWith("/confirm")).length
}

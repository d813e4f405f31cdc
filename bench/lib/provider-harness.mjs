// The plugin's providers in this process, against a simulator in a child process (its CPU is not ours).
// Medusa's Query is replaced by a map of carts built with Medusa's own totals code (the unit tests' fixture), and
// the plugin's module by one that knows no trade account or enrollment, so what is measured is the plugin: payload
// building, validation, serialisation, the client and its pool.
import { randomUUID } from "node:crypto"
import { require, requireTs, startSimulatorProcess } from "./common.mjs"

const { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } = requireTs("packages/simulator/src/index.ts")
const { medusaCart, GB_ADDRESS } = requireTs("src/core/order/__tests__/fixtures/medusa-cart.ts")

export const ACME = { company_canonical_id: "cmpgb08123456" }
export const RETURN_URL = "http://storefront.bench:8000/checkout/return"
export { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET }

/** A GB cart of `lines` item lines (VAT 20 %) and one shipping method, small enough for ACME's 50000.00 limit. */
export function makeCart(lines, id = `cart_${randomUUID().replace(/-/g, "")}`) {
  return medusaCart({
    id,
    currency_code: "gbp",
    email: "ada@acme.example",
    items: Array.from({ length: lines }, (_, i) => ({
      id: `cali_${id}_${i}`,
      title: `Copier paper ${i}`,
      variant_title: i % 2 ? "A3" : "A4",
      quantity: 1 + (i % 3),
      unit_price: (2 + ((i * 37) % 90) / 7).toFixed(4),
      tax_lines: [{ rate: 20, description: "VAT" }],
      variant_sku: `PAPER-${i}`,
    })),
    shipping_methods: [{ id: `casm_${id}`, name: "Pallet delivery", amount: "12.50", tax_lines: [{ rate: 20, description: "VAT" }] }],
    billing_address: GB_ADDRESS,
    shipping_address: GB_ADDRESS,
  })
}

const quietLogger = { info() {}, warn() {}, error() {}, debug() {}, log() {}, activity() {}, progress() {}, success() {}, failure() {} }

export async function providerHarness({ simulatorOptions = {}, providerOptions = {} } = {}) {
  const simulator = await startSimulatorProcess(simulatorOptions)
  const carts = new Map()
  const cartOfSession = new Map()
  // Query as the payment module's container hands it to its providers (medusa-config's `dependencies`).
  const query = {
    graph: async ({ entity, filters }) => {
      if (entity === "payment_session") {
        const cartId = cartOfSession.get(filters.id)
        return { data: cartId ? [{ id: filters.id, payment_collection: { id: "pay_col", cart: { id: cartId, ...carts.get(cartId) } } }] : [] }
      }
      if (entity === "cart") return { data: [carts.get(filters.id)].filter(Boolean) }
      return { data: [] }
    },
  }
  // The plugin's own rows (trade accounts, sole-trader enrollments, region settings) come with the cart's one Query,
  // through read-only links (src/links): the fixture carts have none, so the buyer has neither, in a region with the
  // default settings (offered, no limits), as in a store that never changed them.
  const { TradeCreditInvoiceService } = requireTs("src/providers/trade-credit/index.ts")
  const options = {
    apiKey: SIMULATOR_API_KEY,
    environment: "sandbox",
    baseUrl: simulator.url,
    webhookSecret: SIMULATOR_WEBHOOK_SECRET,
    storefrontUrls: "http://storefront.bench:8000",
    ...providerOptions,
  }
  const invoice = new TradeCreditInvoiceService({ logger: quietLogger, query }, options)

  /** Registers a cart for a new payment session; returns the session id. */
  const session = (cart) => {
    const sessionId = `payses_${randomUUID().replace(/-/g, "")}`
    carts.set(cart.id, cart)
    cartOfSession.set(sessionId, cart.id)
    return sessionId
  }
  const forget = (sessionId) => {
    const cartId = cartOfSession.get(sessionId)
    cartOfSession.delete(sessionId)
    carts.delete(cartId)
  }
  return {
    simulator,
    invoice,
    client: invoice.client_,
    session,
    forget,
    async close() {
      await invoice.client_.close?.()
      await simulator.close()
    },
  }
}

/**
 * One invoice checkout at provider level, with the three provider calls a buyer who verifies causes:
 * initiatePayment (intent), authorizePayment (create: the buyer must verify), the buyer's approval
 * (control API, not timed), authorizePayment again (read + confirm). `measure(name, fn)` wraps each call.
 * `approve: false` leaves the approval out (answers replayed from a checkout that had it, bench/plugin-cpu.mjs).
 */
export async function providerCheckout(h, cart, measure = (_name, fn) => fn(), { approve = true } = {}) {
  const sessionId = h.session(cart)
  const context = { idempotency_key: sessionId }
  const started = await measure("initiatePayment", () =>
    h.invoice.initiatePayment({ amount: cart.total, currency_code: "gbp", data: { company: ACME, return_url: RETURN_URL }, context })
  )
  const first = await measure("authorizePayment (create)", () => h.invoice.authorizePayment({ data: started.data, context }))
  if (first.status !== "requires_more") throw new Error(`authorize answered ${first.status}`)
  if (approve) await h.simulator.control("POST", `/_sim/orders/${first.data.order_id}/verify`, { approve: true })
  const second = await measure("authorizePayment (confirm)", () => h.invoice.authorizePayment({ data: first.data, context }))
  if (second.status !== "authorized") throw new Error(`the second authorize answered ${second.status}`)
  h.forget(sessionId)
  return second
}

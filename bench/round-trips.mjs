#!/usr/bin/env node
// Bench 1: round trips to the service per successful checkout, counted at the simulator's request log,
// through Medusa's store API. `node bench/round-trips.mjs`
import { isMain, printMachine, row, startSimulatorProcess, tableHeader } from "./lib/common.mjs"
import { bootMedusa } from "./lib/medusa.mjs"
import { ACME, RETURN_URL, createCart, paymentCollection, sessionOf, startSession, storeClient } from "../scripts/lib/store-api.mjs"

const COMMAND = "node bench/round-trips.mjs"
const INVOICE = "pp_trade-credit_default"
const PLAN = "pp_trade-credit-plan_default"

/** "POST /v1/order/:id/confirm": ids (uuids, plan_/acct_/cmp_ ids) become :id. */
const callName = (r) =>
  `${r.method} ${r.path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")
    .replace(/\/(plan|acct|cmp|svc)_[A-Za-z0-9_]+/g, "/:id")}`

async function callsDuring(simulator, action) {
  await simulator.control("DELETE", "/_sim/requests")
  await action()
  const { items } = await simulator.control("GET", "/_sim/requests")
  return items.map(callName)
}

const summary = (calls) => {
  const counts = new Map()
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1)
  return [...counts].map(([c, n]) => (n > 1 ? `${n}x ${c}` : c)).join(", ") || "none"
}

async function setWebhooks(simulator, medusa, on) {
  await simulator.control("PUT", "/_sim/webhook", { url: on ? `${medusa.base}/hooks/payment/trade-credit_default` : null })
}

/**
 * Invoice: session, complete (the buyer must verify), verification at the page, complete again; or, with
 * `oneCompletion`, the session hands out the page (verify_before_completion), verification, one completion.
 */
async function invoiceCheckout(store, simulator, seed, { sessionsBefore = 0, oneCompletion = false } = {}) {
  const cartId = await createCart(store, seed)
  const collection = await paymentCollection(store, cartId)
  // A storefront that starts the session before it knows the company, then again with it (Medusa's starter),
  // or a buyer who picks the method again with the cart unchanged: each is a new session of the same cart.
  for (let i = 0; i < sessionsBefore; i++) await startSession(store, collection, INVOICE, i === 0 ? {} : { company: ACME, return_url: RETURN_URL })
  if (oneCompletion) {
    const session = await startSession(store, collection, INVOICE, { company: ACME, return_url: RETURN_URL, verify_before_completion: true })
    await simulator.control("POST", `/_sim/orders/${session.data.order_id}/verify`, { approve: true })
    const done = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200 || done.data.type !== "order") throw new Error(`the completion answered ${done.status}: ${JSON.stringify(done.data)}`)
    return { cartId, orderId: session.data.order_id }
  }
  await startSession(store, collection, INVOICE, { company: ACME, return_url: RETURN_URL })
  const first = await store.call("POST", `/store/carts/${cartId}/complete`)
  if (first.status !== 400) throw new Error(`the first completion answered ${first.status}, not 400 (verification needed)`)
  const session = await sessionOf(store, cartId)
  await simulator.control("POST", `/_sim/orders/${session.data.order_id}/verify`, { approve: true })
  const second = await store.call("POST", `/store/carts/${cartId}/complete`)
  if (second.status !== 200 || second.data.type !== "order") throw new Error(`the second completion answered ${second.status}: ${JSON.stringify(second.data)}`)
  return { cartId, orderId: session.data.order_id }
}

/** Instalments: session with the company and the number of months, complete (placed with the payment pending funding). */
async function planCheckout(store, seed, email) {
  const cartId = await createCart(store, seed, { email })
  const collection = await paymentCollection(store, cartId)
  await startSession(store, collection, PLAN, { company: ACME, number_of_periods: 3 })
  const done = await store.call("POST", `/store/carts/${cartId}/complete`)
  if (done.status !== 200 || done.data.type !== "order") throw new Error(`completion answered ${done.status}: ${JSON.stringify(done.data)}`)
  return { cartId }
}

const waitMs = (ms) => new Promise((r) => setTimeout(r, ms))

export async function run({ medusa, simulator }) {
  const store = storeClient(medusa.base, medusa.seed.publishableKey)
  const seed = medusa.seed
  const results = []
  const record = (name, calls, target, note = "") => {
    results.push({ name, calls, target, note })
    console.error(`  ${name}: ${calls.length} calls: ${summary(calls)}`)
  }

  await setWebhooks(simulator, medusa, false)
  // Warm-up (first requests compile routes and workflows).
  await invoiceCheckout(store, simulator, seed)

  record("Invoice checkout, buyer verifies at the page (webhooks off)", await callsDuring(simulator, () => invoiceCheckout(store, simulator, seed)), 4)
  record(
    "Invoice checkout, one completion: the session hands out the page (verify_before_completion, webhooks off)",
    await callsDuring(simulator, () => invoiceCheckout(store, simulator, seed, { oneCompletion: true })),
    4
  )
  record(
    "Invoice checkout, session started 3 times for an unchanged cart (no company, company, company again)",
    await callsDuring(simulator, () => invoiceCheckout(store, simulator, seed, { sessionsBefore: 2 })),
    4
  )
  let n = 0
  const email = () => `buyer${Date.now()}-${++n}@acme-office.example`
  // The plan's funding is not read right after the plan is made (the service decides it later): no status call.
  record("Instalment checkout, new buyer (webhooks off)", await callsDuring(simulator, () => planCheckout(store, seed, email())), 4)
  const returning = email()
  await planCheckout(store, seed, returning)
  record("Instalment checkout, returning buyer (account reused)", await callsDuring(simulator, () => planCheckout(store, seed, returning)), 3)

  // With webhooks: what the service's events make the plugin call, after Medusa handled them (it waits ~5 s).
  await setWebhooks(simulator, medusa, true)
  record(
    "Invoice checkout with the order.verified webhook handled",
    await callsDuring(simulator, async () => {
      await invoiceCheckout(store, simulator, seed)
      await waitMs(9000)
    }),
    5,
    "the webhook reads the order back (contract: act on the state read back)"
  )
  record(
    "Instalment checkout with the funding_decided webhook handled",
    await callsDuring(simulator, async () => {
      await planCheckout(store, seed, returning)
      await waitMs(9000)
    }),
    4,
    "the funding sync reads the status back, Medusa's authorization reads it again (no read at completion)"
  )
  await setWebhooks(simulator, medusa, false)
  return results
}

export function printRows(results) {
  for (const r of results) {
    row(`Round trips: ${r.name}`, `${r.calls.length} (${summary(r.calls)})`, `≤ ${r.target}${r.note ? `; ${r.note}` : ""}`, r.calls.length <= r.target, COMMAND)
  }
}

if (isMain(import.meta.url)) {
  const simulator = await startSimulatorProcess({ repaymentFundingDelayMs: 0, repaymentFulfilmentDelayMs: 0, webhookRetryDelaysMs: [200, 500] })
  let medusa
  try {
    medusa = await bootMedusa({ simulator })
    const results = await run({ medusa, simulator })
    printMachine()
    tableHeader()
    printRows(results)
  } finally {
    await medusa?.stop()
    await simulator.close()
  }
}

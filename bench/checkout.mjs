#!/usr/bin/env node
// Bench 3: latency and throughput of checkouts through Medusa's store API with N concurrent buyers,
// pp_trade-credit_default against Medusa's pp_system_default in the same run (rounds alternate), the simulator
// answering at once. A trade credit guest verifies at the service's page between the session (which hands out the
// page, verify_before_completion) and the one completion: that step is the buyer's (done here through the control
// API) and is left out of the timing. The like-for-like row is a
// verified trade account user (logged in), whose trade credit checkout is one completion with no redirect, against
// the same logged-in customers paying with pp_system_default (a customer's cart is more work for Medusa than a guest's).
// `node bench/checkout.mjs`
import { performance } from "node:perf_hooks"
import { fmt, isMain, median, printMachine, quantile, row, startSimulatorProcess, tableHeader } from "./lib/common.mjs"
import { bootMedusa } from "./lib/medusa.mjs"
import { writeCheckoutChart } from "./lib/charts.mjs"
import { ACME, RETURN_URL, createCart, paymentCollection, startSession, storeClient, verifiedTradeAccountBuyer } from "../scripts/lib/store-api.mjs"

const COMMAND = "node bench/checkout.mjs"
const quick = process.env.BENCH_QUICK === "1"

const SYSTEM = "pp_system_default"
const TRADE_CREDIT = "pp_trade-credit_default"
/** The same provider, bought by a verified trade account user: one completion. */
const TRADE_ACCOUNT = "pp_trade-credit_default, verified trade account user"
/** Medusa's system provider bought by the same logged-in customers: what TRADE_ACCOUNT is compared with. */
const SYSTEM_LOGGED_IN = "pp_system_default, the same logged-in customers"

async function checkout(store, simulator, seed, provider, buyer) {
  let excluded = 0
  const t0 = performance.now()
  const cartId = await createCart(buyer?.store ?? store, seed, buyer ? { email: buyer.email } : undefined)
  const t1 = performance.now()
  if (buyer) {
    // Logged in: the cart is the customer's; a trade credit session names no company (the trade account's is used).
    const collection = await paymentCollection(buyer.store, cartId)
    if (provider === SYSTEM_LOGGED_IN) await startSession(buyer.store, collection, SYSTEM, {})
    else await startSession(buyer.store, collection, TRADE_CREDIT, { return_url: RETURN_URL })
    const done = await buyer.store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200 || done.data?.type !== "order") throw new Error(`one-click completion answered ${done.status}: ${JSON.stringify(done.data)}`)
    const end = performance.now()
    return { total: end - t0, payment: end - t1 }
  }
  const collection = await paymentCollection(store, cartId)
  if (provider === SYSTEM) {
    await startSession(store, collection, provider, {})
    const done = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200) throw new Error(`system completion answered ${done.status}: ${JSON.stringify(done.data)}`)
  } else {
    // The redirect flow with one completion: the session hands out payment_url, the buyer verifies, the cart completes.
    const session = await startSession(store, collection, provider, { company: ACME, return_url: RETURN_URL, verify_before_completion: true })
    if (session?.status !== "requires_more" || !session.data?.payment_url) throw new Error(`the session handed out no payment_url: ${JSON.stringify(session)}`)
    const v0 = performance.now()
    await simulator.control("POST", `/_sim/orders/${session.data.order_id}/verify`, { approve: true })
    excluded = performance.now() - v0
    const done = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200) throw new Error(`the completion on return answered ${done.status}: ${JSON.stringify(done.data)}`)
  }
  const end = performance.now()
  return { total: end - t0 - excluded, payment: end - t1 - excluded }
}

/** Concurrent buyers swept: one buyer, a few, a busy store, more buyers than Medusa's connection pool. */
export const LEVELS = quick ? [1, 4] : [1, 4, 8, 32]

/** The checkout bench at each level of concurrency (the same server): `{ levels: [{ buyers, ... }] }`. */
export async function run({ medusa, simulator, levels = LEVELS }) {
  const results = []
  for (const buyers of levels) {
    console.error(`  -- ${buyers} concurrent buyer(s)`)
    // About the same number of checkouts per path at every level: the run's time grows with the work, not the level.
    results.push(await runLevel({ medusa, simulator, buyers, perBuyer: Math.max(1, Math.round((quick ? 4 : 12) / buyers)) }))
  }
  return { levels: results }
}

async function runLevel({ medusa, simulator, buyers, perBuyer, rounds = quick ? 2 : 3 }) {
  const store = storeClient(medusa.base, medusa.seed.publishableKey)
  const providers = [SYSTEM, TRADE_CREDIT, SYSTEM_LOGGED_IN, TRADE_ACCOUNT]
  await simulator.control("PUT", "/_sim/webhook", { url: null })
  // One verified trade account user per concurrent buyer (set up before timing).
  const accountBuyers = []
  for (let b = 0; b < buyers; b++) accountBuyers.push(await verifiedTradeAccountBuyer(medusa, simulator, `Bench${b}`))
  const buyerOf = (provider, b) => (provider === TRADE_ACCOUNT || provider === SYSTEM_LOGGED_IN ? accountBuyers[b] : undefined)
  // Warm-up of every path.
  for (const p of providers) await checkout(store, simulator, medusa.seed, p, buyerOf(p, 0))
  /** @type {Record<string, { total: number[], payment: number[], busyMs: number, count: number }>} */
  const stats = Object.fromEntries(providers.map((p) => [p, { total: [], payment: [], busyMs: 0, count: 0 }]))
  for (let round = 0; round < rounds; round++) {
    // Each round starts with another path (rotation), so no path always runs first or last.
    const order = providers.map((_, i) => providers[(i + round) % providers.length])
    for (const provider of order) {
      const s = stats[provider]
      const started = performance.now()
      await Promise.all(
        Array.from({ length: buyers }, async (_, b) => {
          for (let i = 0; i < perBuyer; i++) {
            const t = await checkout(store, simulator, medusa.seed, provider, buyerOf(provider, b))
            s.total.push(t.total)
            s.payment.push(t.payment)
            s.count++
          }
        })
      )
      s.busyMs += performance.now() - started
    }
  }
  await simulator.control("PUT", "/_sim/webhook", { url: `${medusa.base}/hooks/payment/trade-credit_default` })
  const result = { buyers, perBuyer, rounds, providers: {} }
  for (const p of providers) {
    const s = stats[p]
    result.providers[p] = {
      n: s.count,
      totalMedian: median(s.total),
      totalP95: quantile(s.total, 0.95),
      paymentMedian: median(s.payment),
      paymentP95: quantile(s.payment, 0.95),
      throughput: s.count / (s.busyMs / 1000),
    }
    console.error(`  ${p}: ${JSON.stringify(result.providers[p], (k, v) => (typeof v === "number" ? Number(v.toFixed(1)) : v))}`)
  }
  return result
}

/** The ratios of a level: trade credit's whole checkout over the system provider's (medians). */
export function ratiosOf(r) {
  const p = r.providers
  return {
    buyers: r.buyers,
    redirect: p[TRADE_CREDIT].totalMedian / p[SYSTEM].totalMedian,
    oneClick: p[TRADE_ACCOUNT].totalMedian / p[SYSTEM_LOGGED_IN].totalMedian,
    medians: Object.fromEntries(Object.entries(p).map(([name, s]) => [name, s.totalMedian])),
  }
}

export function printRows(result) {
  for (const level of result.levels) printLevel(level)
}

function printLevel(r) {
  const sys = r.providers[SYSTEM]
  const tc = r.providers[TRADE_CREDIT]
  const ta = r.providers[TRADE_ACCOUNT]
  const sysIn = r.providers[SYSTEM_LOGGED_IN]
  const label = `${r.buyers} concurrent buyers, ${r.buyers * r.perBuyer * r.rounds} checkouts each`
  for (const [name, p] of [
    [`${SYSTEM}, guest`, sys],
    [`${TRADE_CREDIT}, guest, buyer verifies at the page (one completion)`, tc],
    [SYSTEM_LOGGED_IN, sysIn],
    [TRADE_ACCOUNT, ta],
  ]) {
    row(
      `Checkout through Medusa, ${name} (${label})`,
      `whole checkout median ${fmt(p.totalMedian, 0)} ms, p95 ${fmt(p.totalP95, 0)} ms; payment steps median ${fmt(p.paymentMedian, 0)} ms, p95 ${fmt(p.paymentP95, 0)} ms; ${fmt(p.throughput, 2)} checkouts/s`,
      "reported",
      undefined,
      COMMAND
    )
  }
  const oneClick = ta.totalMedian / sysIn.totalMedian
  row(
    `Checkout latency ratio trade credit / system, whole checkout (median), the same logged-in customers: verified trade account user, one completion (like for like)`,
    `${fmt(oneClick, 2)} (payment steps alone: ${fmt(ta.paymentMedian / sysIn.paymentMedian, 2)}; throughput ratio ${fmt(ta.throughput / sysIn.throughput, 2)}; against guests on the system provider: ${fmt(ta.totalMedian / sys.totalMedian, 2)})`,
    "≤ 1.2",
    oneClick <= 1.2,
    COMMAND
  )
  const redirect = tc.totalMedian / sys.totalMedian
  row(
    `Checkout latency ratio trade credit / system, whole checkout (median), guests: buyer verifies at the page, one completion (the redirect flow)`,
    `${fmt(redirect, 2)} (payment steps alone: ${fmt(tc.paymentMedian / sys.paymentMedian, 2)}; throughput ratio ${fmt(tc.throughput / sys.throughput, 2)})`,
    "≤ 1.2",
    redirect <= 1.2,
    COMMAND
  )
}

if (isMain(import.meta.url)) {
  const simulator = await startSimulatorProcess({ webhookRetryDelaysMs: [200, 500] })
  let medusa
  try {
    medusa = await bootMedusa({ simulator })
    const result = await run({ medusa, simulator, levels: process.env.BENCH_BUYERS ? process.env.BENCH_BUYERS.split(",").map(Number) : LEVELS })
    printMachine()
    tableHeader()
    printRows(result)
    writeCheckoutChart(result)
  } finally {
    await medusa?.stop()
    await simulator.close()
  }
}

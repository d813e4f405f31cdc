#!/usr/bin/env node
// Bench 5: webhooks (events per second accepted by the plugin's receiver on Medusa's webhook URL, and processed by the
// plugin: signature, read-back, plan) and memory after 10,000 checkouts (heap after GC against the start; provider-level checkouts
// in this process, since 10,000 checkouts through Medusa take hours on 2 cores).
// `node --expose-gc bench/webhooks-memory.mjs` (BENCH_QUICK=1: 1,000 checkouts)
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { fmt, isMain, printMachine, require, requireTs, row, tableHeader } from "./lib/common.mjs"
import { SIMULATOR_WEBHOOK_SECRET, makeCart, providerCheckout, providerHarness } from "./lib/provider-harness.mjs"

const COMMAND = "node --expose-gc bench/webhooks-memory.mjs"
const quick = process.env.BENCH_QUICK === "1"
const { Webhook } = require("standardwebhooks")
const { classifyDelivery } = requireTs("src/api/hooks/trade-credit/classify-delivery.ts")
const { planRepair } = requireTs("src/workflows/reconciliation/plan-repair.ts")

/** A signed order.verified delivery as the service sends it. */
function signedDelivery(order) {
  const id = `msg_${randomUUID()}`
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: "order.verified",
    time: new Date().toISOString(),
    data: { order_id: order.order_id, merchant_order_id: order.session_id, state: "CONFIRMED", status: "APPROVED", gross_amount: order.gross_amount, currency: "GBP" },
  })
  const now = new Date()
  const signature = new Webhook(SIMULATOR_WEBHOOK_SECRET).sign(id, now, body)
  return { body, headers: { "webhook-id": id, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature } }
}

const gc = () => {
  for (let i = 0; i < 3; i++) global.gc?.()
}
const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20

/** @param {{ medusa?: any, checkouts?: number, events?: number, inFlight?: number }} [options] */
export async function run({ medusa, checkouts = quick ? 1000 : 10_000, events = quick ? 300 : 2000, inFlight = 8 } = {}) {
  if (!global.gc) throw new Error("run with node --expose-gc")
  const h = await providerHarness()
  const result = {}
  try {
    // ---- memory: warm up (JIT, pools, caches at their steady size), then N checkouts, GC before each reading.
    const warm = Math.min(1000, checkouts / 10)
    const orders = []
    let next = 0
    const runCheckouts = async (n, keep) => {
      next = 0
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < n) {
            next++
            const done = await providerCheckout(h, makeCart(5))
            if (keep && orders.length < events) orders.push(done.data)
          }
        })
      )
    }
    await runCheckouts(warm, true)
    gc()
    const start = heapMb()
    const t = performance.now()
    await runCheckouts(checkouts, false)
    const seconds = (performance.now() - t) / 1000
    gc()
    const end = heapMb()
    result.memory = { checkouts, start, end, growth: (end - start) / start, seconds }
    console.error(`  memory: heap after GC ${fmt(start, 1)} MB → ${fmt(end, 1)} MB after ${checkouts} checkouts (${fmt(seconds, 0)} s)`)

    // ---- processed: what the plugin does per event outside Medusa's database: the receiver's signature check, the
    // pipeline's read-back of the order and its plan (here for a session waiting for the buyer: complete the cart).
    const deliveries = orders.map(signedDelivery)
    let i = 0
    const p0 = performance.now()
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (i < deliveries.length) {
          const d = deliveries[i++]
          const verdict = classifyDelivery({ rawData: Buffer.from(d.body), headers: d.headers }, SIMULATOR_WEBHOOK_SECRET)
          if (verdict.kind !== "event") throw new Error(`delivery ${verdict.kind}`)
          const order = await h.client.orders.get(verdict.event.data.order_id)
          const session = { id: order.merchant_order_id, provider_id: "pp_trade-credit_default", status: "requires_more", data: { order_id: order.id, state: "UNVERIFIED" } }
          const plan = planRepair({ session, payment: null, order: null, cart: { id: "cart_bench", completed_at: null } }, order)
          if (plan.actions[0]?.type !== "complete_cart") throw new Error(`planned ${plan.actions.map((a) => a.type).join(", ") || "nothing"}: ${plan.found}`)
        }
      })
    )
    result.processed = { events: deliveries.length, perSecond: deliveries.length / ((performance.now() - p0) / 1000) }
    console.error(`  processed (receiver check, read-back, plan): ${fmt(result.processed.perSecond, 0)} events/s`)

    // ---- accepted: the plugin's receiver on Medusa's URL (verifies, queues trade-credit.webhook.received).
    if (medusa) {
      const sample = deliveries.slice(0, Math.min(deliveries.length, quick ? 100 : 500))
      let j = 0
      let refused = 0
      const a0 = performance.now()
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (j < sample.length) {
            const d = sample[j++]
            const res = await fetch(`${medusa.base}/hooks/payment/trade-credit_default`, {
              method: "POST",
              headers: { "content-type": "application/json", ...d.headers },
              body: d.body,
            })
            await res.text()
            if (res.status >= 300) refused++
          }
        })
      )
      result.accepted = { events: sample.length, refused, perSecond: sample.length / ((performance.now() - a0) / 1000) }
      console.error(`  accepted (receiver on Medusa's URL): ${fmt(result.accepted.perSecond, 0)} events/s, ${refused} refused`)
    }
  } finally {
    await h.close()
  }
  return result
}

export function printRows(r) {
  const m = r.memory
  row(
    `Memory: heap after GC, before and after ${m.checkouts} checkouts (provider-level, in process: initiate, create, verify, confirm)`,
    `${fmt(m.start, 1)} MB → ${fmt(m.end, 1)} MB (${m.growth >= 0 ? "+" : ""}${fmt(100 * m.growth, 1)} %)`,
    "within 10 % of the start",
    Math.abs(m.growth) <= 0.1,
    COMMAND
  )
  row(
    `Webhooks processed by the plugin (signature, order read back, plan; ${r.processed.events} order.verified events, 8 in flight)`,
    `${fmt(r.processed.perSecond, 0)} events/s`,
    "reported",
    undefined,
    COMMAND
  )
  if (r.accepted) {
    row(
      `Webhooks accepted by the plugin's receiver on /hooks/payment/trade-credit_default (${r.accepted.events} events, 8 in flight)`,
      `${fmt(r.accepted.perSecond, 0)} events/s (${r.accepted.refused} refused)`,
      "reported",
      r.accepted.refused === 0 ? undefined : false,
      COMMAND
    )
  }
}

if (isMain(import.meta.url)) {
  const result = await run()
  printMachine()
  tableHeader()
  printRows(result)
}

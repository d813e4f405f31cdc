#!/usr/bin/env node
// Bench 2: the plugin's CPU time per provider call (payload building, validation, serialisation, the client),
// for a 5-line and a 200-line cart, median and p99. In-process: the providers run here, the simulator in a child
// process (its time is not counted), Medusa's Query is a map (Medusa's own time is bench 3's).
// `node bench/plugin-cpu.mjs` (BENCH_QUICK=1 for fewer iterations)
import { performance } from "node:perf_hooks"
import { fmt, isMain, median, printMachine, quantile, requireTs, row, tableHeader } from "./lib/common.mjs"
import { ACME, RETURN_URL, makeCart, providerCheckout, providerHarness } from "./lib/provider-harness.mjs"

const COMMAND = "node bench/plugin-cpu.mjs"
const quick = process.env.BENCH_QUICK === "1"

/** CPU (user + system) of this process and wall time around one awaited call, in ms. */
async function timed(fn) {
  const cpu = process.cpuUsage()
  const wall = performance.now()
  const result = await fn()
  const used = process.cpuUsage(cpu)
  return { result, cpuMs: (used.user + used.system) / 1000, userMs: used.user / 1000, wallMs: performance.now() - wall }
}

/** The pure part of an order create: session input, buyer, body, request validation, JSON, answer validation. */
function payloadOnly(lines, iterations) {
  const p = requireTs("src/providers/trade-credit/payload/index.ts")
  const { CreateOrderRequest, Order } = requireTs("src/service/schemas/index.ts")
  const cart = makeCart(lines)
  const answer = JSON.stringify({
    id: "7d4f1c8e-0000-4000-8000-000000000000",
    merchant_order_id: "payses_1",
    merchant_reference: cart.id,
    state: "UNVERIFIED",
    status: "APPROVED",
    decline_reason: null,
    payment_url: "http://127.0.0.1/verify/x",
    ...(() => {
      const input = p.parseSessionInput({ company: ACME })
      const body = p.buildCreateOrderBody({ cart, buyer: p.buildBuyer(input, cart), merchantOrderId: "payses_1", merchantReference: cart.id, trackingId: "t", urls: { merchant_confirmation_url: RETURN_URL } })
      const { merchant_order_id, merchant_reference, ...rest } = body
      return rest
    })(),
    fulfilments: [],
    refunds: [],
    invoice_url: null,
    credit_note_url: null,
    date_created: new Date().toISOString(),
    date_updated: new Date().toISOString(),
  })
  const samples = []
  for (let i = 0; i < iterations; i++) {
    const t = performance.now()
    const input = p.parseSessionInput({ company: ACME, return_url: RETURN_URL, purchase_order_number: "PO-1" })
    const buyer = p.buildBuyer(input, cart)
    const body = p.buildCreateOrderBody({
      cart,
      buyer,
      merchantOrderId: `payses_${i}`,
      merchantReference: cart.id,
      trackingId: "trk",
      urls: { merchant_confirmation_url: `${RETURN_URL}?cart_id=${cart.id}` },
    })
    JSON.stringify(CreateOrderRequest.parse(body))
    Order.parse(JSON.parse(answer))
    samples.push(performance.now() - t)
  }
  return samples
}

export async function run() {
  const h = await providerHarness()
  const results = []
  try {
    for (const lines of [5, 200]) {
      const iterations = quick ? (lines === 5 ? 60 : 20) : lines === 5 ? 400 : 120
      const samples = new Map()
      const measure = async (name, fn) => {
        const t = await timed(fn)
        if (!samples.has(name)) samples.set(name, { cpu: [], user: [], wall: [] })
        samples.get(name).cpu.push(t.cpuMs)
        samples.get(name).user.push(t.userMs)
        samples.get(name).wall.push(t.wallMs)
        return t.result
      }
      // Warm-up: JIT, zod's compiled schemas, the connection pool.
      for (let i = 0; i < Math.max(10, iterations / 10); i++) await providerCheckout(h, makeCart(lines))
      const carts = Array.from({ length: iterations }, () => makeCart(lines))
      for (const cart of carts) await providerCheckout(h, cart, measure)
      for (const [name, s] of samples) {
        results.push({ lines, name, n: s.cpu.length, cpuMedian: median(s.cpu), cpuP99: quantile(s.cpu, 0.99), userMedian: median(s.user), wallMedian: median(s.wall), wallP99: quantile(s.wall, 0.99) })
      }
      const pure = payloadOnly(lines, iterations)
      results.push({ lines, name: "payload only (build + validate + JSON, create body and answer)", n: pure.length, cpuMedian: median(pure), cpuP99: quantile(pure, 0.99), pure: true })
    }
  } finally {
    await h.close()
  }
  for (const r of results) {
    console.error(
      `  ${r.lines} lines, ${r.name}: cpu median ${fmt(r.cpuMedian, 3)} ms, p99 ${fmt(r.cpuP99, 3)} ms` +
        (r.wallMedian !== undefined ? `; wall median ${fmt(r.wallMedian, 2)} ms, p99 ${fmt(r.wallP99, 2)} ms (loopback, simulator included)` : "")
    )
  }
  return results
}

export function printRows(results) {
  for (const r of results) {
    const target = r.lines === 5 && !r.pure ? "< 1 ms median" : "none (reported)"
    const met = r.lines === 5 && !r.pure ? r.cpuMedian < 1 : undefined
    const wall = r.wallMedian !== undefined ? `; wall ${fmt(r.wallMedian, 2)} / ${fmt(r.wallP99, 2)} ms incl. loopback service` : ""
    row(
      `Plugin CPU per provider call, ${r.lines}-line cart: ${r.name}${r.pure ? " (performance.now)" : " (process.cpuUsage)"}`,
      `median ${fmt(r.cpuMedian, 3)} ms, p99 ${fmt(r.cpuP99, 3)} ms (n=${r.n})${r.userMedian !== undefined ? `; user-mode median ${fmt(r.userMedian, 3)} ms` : ""}${wall}`,
      target,
      met,
      COMMAND
    )
  }
}

if (isMain(import.meta.url)) {
  const results = await run()
  printMachine()
  tableHeader()
  printRows(results)
}

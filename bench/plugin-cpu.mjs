#!/usr/bin/env node
// Bench 2: the plugin's CPU time per provider call (payload building, validation, serialisation, the client),
// for a 5-line and a 200-line cart, median and p99. In-process: the providers run here, the simulator in a child
// process (its time is not counted), Medusa's Query is a map (Medusa's own time is bench 3's). Two ways:
// - Over HTTP against the simulator, each call's CPU split in two: the HTTP transport (undici sending the request
//   and reading the answer, and the kernel's loopback work, timed inside undici's Pool#request) and the rest.
//   The rest is an upper bound of the plugin's share: it also holds CPU the calls' I/O causes outside undici's
//   request (V8's background threads, about a tenth of the process's CPU here, and work around the I/O that this
//   split does not place; docs/performance.md).
// - The plugin alone (the figure the target reads): the same calls, with undici's Pool#request answering at once
//   with the answers the simulator gave to a checkout of a cart with the same lines, recorded just before. All of
//   the plugin runs (payload, validation, serialisation, hashing, the client's own bookkeeping); no socket does.
// `node bench/plugin-cpu.mjs` (BENCH_QUICK=1 for fewer iterations)
import { performance } from "node:perf_hooks"
import { writeCpuChart } from "./lib/charts.mjs"
import { fmt, isMain, median, printMachine, quantile, require, requireTs, row, tableHeader } from "./lib/common.mjs"
import { ACME, RETURN_URL, makeCart, providerCheckout, providerHarness } from "./lib/provider-harness.mjs"

const COMMAND = "node bench/plugin-cpu.mjs"
const quick = process.env.BENCH_QUICK === "1"

/**
 * CPU (user + system, µs) this process spent inside undici's Pool#request, from the call until the answer's body
 * was read and one more event-loop turn ran (undici's bookkeeping of the finished response): the HTTP transport's
 * share of a provider call (calls are made one at a time here, so nothing else runs meanwhile but V8's own
 * background threads).
 */
let transportCpuUs = 0

/** Answers of the simulator by call ("POST /v1/order/:id/confirm"): filled while `recording`, answered from while `replaying`. */
const answers = new Map()
let recording = false
let replaying = false
const callKey = (options) => `${options.method} ${options.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")}`

/** An answer as undici gives it, from a recorded one (its body a fresh ArrayBuffer each time, as undici's). */
function replayed(options) {
  const answer = answers.get(callKey(options))
  if (!answer) return Promise.reject(new Error(`no recorded answer for ${callKey(options)}`))
  const bytes = answer.body
  return Promise.resolve({
    statusCode: answer.statusCode,
    headers: answer.headers,
    body: { arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) },
  })
}

function meterTransport() {
  const { Pool } = require("undici")
  const request = Pool.prototype.request
  const spent = (since) => {
    const used = process.cpuUsage(since)
    transportCpuUs += used.user + used.system
  }
  Pool.prototype.request = function meteredRequest(options, callback) {
    if (callback) return request.call(this, options, callback)
    if (replaying) return replayed(options)
    const since = process.cpuUsage()
    return request.call(this, options).then(
      (response) => {
        const readBody = response.body.arrayBuffer.bind(response.body)
        // Up to one event-loop turn after the body is read: undici's own bookkeeping of the finished response
        // (the connection back in the pool) runs in that turn, and is the transport's too.
        const afterTurn = (settle) => new Promise((resolve) => setImmediate(() => resolve(settle())))
        response.body.arrayBuffer = () =>
          readBody().then(
            (body) => afterTurn(() => {
              spent(since)
              if (recording) {
                answers.set(callKey(options), { statusCode: response.statusCode, headers: response.headers, body: Buffer.from(body.slice(0)) })
              }
              return body
            }),
            (error) => afterTurn(() => (spent(since), Promise.reject(error)))
          )
        return response
      },
      (error) => {
        spent(since)
        throw error
      }
    )
  }
}

/** CPU of this process (in all, and outside the transport) and wall time around one awaited call, in ms. */
async function timed(fn) {
  const transportBefore = transportCpuUs
  const cpu = process.cpuUsage()
  const wall = performance.now()
  const result = await fn()
  const used = process.cpuUsage(cpu)
  const cpuMs = (used.user + used.system) / 1000
  const transportMs = (transportCpuUs - transportBefore) / 1000
  return { result, cpuMs, transportMs, pluginMs: cpuMs - transportMs, wallMs: performance.now() - wall }
}

/** The pure part of an order create: session input, buyer, body, request validation, JSON, answer validation. */
function payloadOnly(lines, iterations) {
  const p = requireTs("src/core/order/index.ts")
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

/** The cart sizes swept: a usual B2B cart, a large one, a very large one (the per-line cost is read between them). */
const SIZES = [5, 50, 500]

/**
 * CPU per cart line of each provider call, the plugin alone: the slope between the smallest and the largest cart
 * (what a line adds, the call's fixed cost taken out), in µs.
 */
export function perLine(results) {
  const smallest = Math.min(...results.map((r) => r.lines))
  const largest = Math.max(...results.map((r) => r.lines))
  return results
    .filter((r) => r.lines === largest && !r.pure)
    .map((r) => {
      const small = results.find((x) => x.lines === smallest && x.name === r.name)
      return { name: r.name, perLineUs: ((r.aloneMedian - small.aloneMedian) / (largest - smallest)) * 1000, largest, largestMs: r.aloneMedian }
    })
}

export async function run() {
  meterTransport()
  const h = await providerHarness()
  /** @type {Record<string, any>[]} one row per call and cart size (the provider calls and the pure payload) */
  const results = []
  try {
    for (const lines of SIZES) {
      const iterations = Math.max(quick ? 10 : 40, Math.round((quick ? 300 : 2000) / Math.sqrt(lines)))
      const samples = new Map()
      const measure = async (name, fn) => {
        const t = await timed(fn)
        if (!samples.has(name)) samples.set(name, { plugin: [], cpu: [], transport: [], wall: [] })
        const s = samples.get(name)
        s.plugin.push(t.pluginMs)
        s.cpu.push(t.cpuMs)
        s.transport.push(t.transportMs)
        s.wall.push(t.wallMs)
        return t.result
      }
      // Warm-up: JIT, zod's compiled schemas, the connection pool.
      for (let i = 0; i < Math.max(10, iterations / 10); i++) await providerCheckout(h, makeCart(lines))
      const carts = Array.from({ length: iterations }, () => makeCart(lines))
      for (const cart of carts) await providerCheckout(h, cart, measure)
      for (const [name, s] of samples) {
        results.push({
          lines,
          name,
          n: s.plugin.length,
          pluginMedian: median(s.plugin),
          pluginP99: quantile(s.plugin, 0.99),
          cpuMedian: median(s.cpu),
          cpuP99: quantile(s.cpu, 0.99),
          transportMedian: median(s.transport),
          wallMedian: median(s.wall),
          wallP99: quantile(s.wall, 0.99),
        })
      }
      // The plugin alone: the simulator's answers to one checkout of these lines, replayed for every call.
      recording = true
      await providerCheckout(h, makeCart(lines))
      recording = false
      replaying = true
      const alone = new Map()
      const measureAlone = async (name, fn) => {
        const t = await timed(fn)
        if (!alone.has(name)) alone.set(name, [])
        alone.get(name).push(t.cpuMs)
        return t.result
      }
      try {
        for (let i = 0; i < Math.max(10, iterations / 10); i++) await providerCheckout(h, makeCart(lines), undefined, { approve: false })
        for (const cart of carts.map(() => makeCart(lines))) await providerCheckout(h, cart, measureAlone, { approve: false })
      } finally {
        replaying = false
      }
      for (const r of results.filter((r) => r.lines === lines && !r.pure)) {
        const cpu = alone.get(r.name)
        Object.assign(r, { aloneMedian: median(cpu), aloneP99: quantile(cpu, 0.99) })
      }
      const pure = payloadOnly(lines, iterations)
      results.push({ lines, name: "payload only (build + validate + JSON, create body and answer)", n: pure.length, pluginMedian: median(pure), pluginP99: quantile(pure, 0.99), pure: true })
    }
  } finally {
    await h.close()
  }
  for (const r of results) {
    console.error(
      `  ${r.lines} lines, ${r.name}: ` +
        (r.pure
          ? `cpu median ${fmt(r.pluginMedian, 3)} ms, p99 ${fmt(r.pluginP99, 3)} ms`
          : `plugin alone median ${fmt(r.aloneMedian, 3)} ms, p99 ${fmt(r.aloneP99, 3)} ms; over HTTP: plugin (metered) median ${fmt(r.pluginMedian, 3)} ms, ` +
            `with the transport ${fmt(r.cpuMedian, 3)} ms (transport ${fmt(r.transportMedian, 3)} ms); wall median ${fmt(r.wallMedian, 2)} ms`)
    )
  }
  return results
}

export function printRows(results) {
  for (const r of perLine(results)) {
    row(
      `Plugin CPU per cart line, ${r.name} (the plugin alone: the ${SIZES[0]}- to ${r.largest}-line slope)`,
      `${fmt(r.perLineUs, 1)} µs a line; the ${r.largest}-line call ${fmt(r.largestMs, 2)} ms`,
      `≤ 10 µs a line${/create/.test(r.name) ? `; ${r.largest}-line create ≤ 5 ms` : ""}`,
      r.perLineUs <= 10 && (!/create/.test(r.name) || r.largestMs <= 5),
      COMMAND
    )
  }
  for (const r of results) {
    const target = r.lines === 5 && !r.pure ? "< 1 ms median" : "none (reported)"
    const met = r.lines === 5 && !r.pure ? r.aloneMedian < 1 : undefined
    if (r.pure) {
      row(
        `Plugin CPU per provider call, ${r.lines}-line cart: ${r.name} (performance.now)`,
        `median ${fmt(r.pluginMedian, 3)} ms, p99 ${fmt(r.pluginP99, 3)} ms (n=${r.n})`,
        target,
        met,
        COMMAND
      )
      continue
    }
    row(
      `Plugin CPU per provider call, ${r.lines}-line cart: ${r.name} (process.cpuUsage; the plugin alone, answers replayed)`,
      `median ${fmt(r.aloneMedian, 3)} ms, p99 ${fmt(r.aloneP99, 3)} ms (n=${r.n}); over HTTP against the simulator: the rest after undici's ` +
        `request (an upper bound) median ${fmt(r.pluginMedian, 3)} ms, p99 ${fmt(r.pluginP99, 3)} ms; with the transport median ` +
        `${fmt(r.cpuMedian, 3)} ms, p99 ${fmt(r.cpuP99, 3)} ms, of which transport ${fmt(r.transportMedian, 3)} ms; wall ` +
        `${fmt(r.wallMedian, 2)} / ${fmt(r.wallP99, 2)} ms incl. the simulator`,
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
  writeCpuChart(results)
}

// A network in the benches (issue #39): the simulator's latency profile (every call of the service's API waits a
// fixed delay plus jitter; docs/simulator.md "Latency"), switched at run time with PUT /_sim/latency, and the split
// of a checkout's service calls into the ones the buyer waits for (blocking) and the rest (background), from the
// simulator's request log and the bench's own timestamps of each store API request.

/** The latency the benches compare with no added latency: 120 ms ± 30 ms a call, seeded (the same waits each run). */
export const NETWORK = {
  latencyMs: 120,
  jitterMs: Number(process.env.BENCH_JITTER ?? 30),
  seed: Number(process.env.BENCH_LATENCY_SEED ?? 39),
}

/** The latency levels a bench runs at: BENCH_LATENCY ("0,120", the default), in ms a call. */
export function latencyLevels(fallback = [0, NETWORK.latencyMs]) {
  const text = process.env.BENCH_LATENCY
  if (!text) return fallback
  const levels = text.split(",").map((v) => Number(v.trim()))
  if (!levels.length || levels.some((v) => !Number.isInteger(v) || v < 0)) throw new Error(`BENCH_LATENCY must list whole ms, not "${text}"`)
  return levels
}

/** The jitter that goes with a latency: none at 0 (the loopback run), NETWORK.jitterMs otherwise. */
export const jitterFor = (latencyMs) => (latencyMs > 0 ? NETWORK.jitterMs : 0)

/** The simulator's start options for a latency profile (startSimulatorProcess): the same as `--latency --jitter --latency-seed`. */
export const latencyOptions = (latencyMs = 0, jitterMs = jitterFor(latencyMs), seed = NETWORK.seed) => ({ latencyMs, jitterMs, latencySeed: seed })

/** Sets the simulator's latency profile at run time (cheaper than a restart); the seed starts its sequence again. */
export async function setLatency(simulator, latencyMs, { jitterMs = jitterFor(latencyMs), seed = NETWORK.seed } = {}) {
  return simulator.control("PUT", "/_sim/latency", { latency_ms: latencyMs, jitter_ms: jitterMs, seed })
}

/**
 * Runs `action(level)` at each latency level, the profile set before each, and puts the profile it found back after.
 * @returns {Promise<Array<{ latencyMs: number, jitterMs: number, result: any }>>}
 */
export async function atLatencies(simulator, levels, action) {
  const before = await simulator.control("GET", "/_sim/latency")
  const results = []
  try {
    for (const latencyMs of levels) {
      const profile = await setLatency(simulator, latencyMs)
      console.error(`  -- service latency ${profile.latency_ms} ms ± ${profile.jitter_ms} ms (seed ${profile.seed})`)
      results.push({ latencyMs, jitterMs: profile.jitter_ms, result: await action({ latencyMs, jitterMs: profile.jitter_ms }) })
    }
  } finally {
    await simulator.control("PUT", "/_sim/latency", { latency_ms: before.latency_ms, jitter_ms: before.jitter_ms, seed: before.seed })
  }
  return results
}

/** "POST /v1/order/:id/confirm": ids (uuids, plan_/acct_/cmp_ ids) become :id. */
export const callName = (r) =>
  `${r.method} ${r.path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")
    .replace(/\/(plan|acct|cmp|svc)_[A-Za-z0-9_]+/g, "/:id")}`

/** "POST /store/carts/:id/complete": Medusa's ids (cart_01…, pay_col_01…) become :id, the query is left out. */
const storeName = (method, path) => `${method} ${path.split("?")[0].replace(/\/[a-z]+(_[a-z]+)*_[0-9A-Z]{20,}/g, "/:id")}`

/**
 * A store client (scripts/lib/store-api.mjs storeClient) that writes each request's start and answer (epoch ms, the
 * clock the simulator's log uses) into `trace`. `aside: true` marks requests made ahead of the checkout's wait (a
 * pre-check while the buyer picks the company): their calls are counted apart.
 */
export function tracedStore(store, trace, { aside = false } = {}) {
  const call = async (method, path, body) => {
    const entry = { name: storeName(method, path), start: Date.now(), end: NaN, aside }
    trace.push(entry)
    try {
      return await store.call(method, path, body)
    } finally {
      entry.end = Date.now()
    }
  }
  const ok = async (method, path, body) => {
    const res = await call(method, path, body)
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.data)}`)
    return res.data
  }
  return { call, ok }
}

/**
 * The request log's timestamps are the simulator's clock (`time`, whole ms, taken as the request arrives) plus
 * `duration_ms` (which holds the latency's wait). Both processes read the same system clock; SLACK_MS covers the
 * whole-ms rounding on each side.
 */
const SLACK_MS = 2

/**
 * Splits the service calls of an action into blocking (made while one of the buyer's store requests was waiting for
 * its answer: between its start and its answer), ahead (the same, in a request marked aside) and background (the
 * rest: webhooks' read-backs, polls, calls a request left running after it answered). Calls of one store request
 * that overlap in time ran together and are one blocking step; steps are the longest chain of calls one after
 * another in each request, summed over the requests (the buyer's requests are sequential).
 *
 * `action(trace)` gets the array that tracedStore clients write into. The log is emptied before.
 */
export async function splitCalls(simulator, action) {
  const { offset_ms: offsetMs } = await simulator.control("GET", "/_sim/clock")
  await simulator.control("DELETE", "/_sim/requests")
  const trace = []
  await action(trace)
  const { items } = await simulator.control("GET", "/_sim/requests")
  const calls = items.map((r) => {
    const start = Date.parse(r.time) - offsetMs
    return { name: callName(r), start, end: start + r.duration_ms, latencyMs: r.latency_ms, status: r.status }
  })
  const requests = trace.map((t) => ({ ...t, calls: [] }))
  const background = []
  for (const c of calls) {
    const request = requests.find((q) => c.start + SLACK_MS >= q.start && c.end - SLACK_MS <= q.end)
    if (request) request.calls.push(c)
    else background.push(c)
  }
  const onPath = requests.filter((q) => !q.aside && q.calls.length)
  const ahead = requests.filter((q) => q.aside && q.calls.length)
  return {
    calls: calls.map((c) => c.name),
    blocking: onPath.flatMap((q) => q.calls.map((c) => c.name)),
    blockingSteps: onPath.reduce((n, q) => n + sequentialDepth(q.calls), 0),
    /** Per store request on the buyer's path: its blocking calls, in steps (calls of one step joined by " + "). */
    byRequest: onPath.map((q) => ({ request: q.name, steps: steps(q.calls) })),
    ahead: ahead.flatMap((q) => q.calls.map((c) => c.name)),
    aheadSteps: ahead.reduce((n, q) => n + sequentialDepth(q.calls), 0),
    background: background.map((c) => c.name),
  }
}

/** Whether call `b` started after call `a` answered (within the log's whole-ms rounding). */
const after = (a, b) => b.start > a.end - 1

/** The longest chain of calls, each started after the one before answered: the sequential depth. */
export function sequentialDepth(calls) {
  const byEnd = [...calls].sort((a, b) => a.end - b.end)
  const depth = new Map()
  let max = 0
  for (const c of byEnd) {
    let d = 1
    for (const p of byEnd) if (p !== c && depth.has(p) && after(p, c)) d = Math.max(d, depth.get(p) + 1)
    depth.set(c, d)
    max = Math.max(max, d)
  }
  return max
}

/** Calls grouped into steps by start time: a call that starts before every call of the current step answered joins it. */
function steps(calls) {
  const out = []
  let current = null
  for (const c of [...calls].sort((a, b) => a.start - b.start)) {
    if (current && !current.every((p) => after(p, c))) current.push(c)
    else out.push((current = [c]))
  }
  return out.map((s) => s.map((c) => c.name))
}

/** "POST /v1/order_intent, 2x GET /v1/order/:id" */
export function summary(calls) {
  const counts = new Map()
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1)
  return [...counts].map(([c, n]) => (n > 1 ? `${n}x ${c}` : c)).join(", ") || "none"
}

/**
 * The buyer's path, store request by store request, each with its steps in order (calls that ran together joined by
 * " + "): "POST /store/payment-collections/:id/payment-sessions: POST /v1/order_intent → POST /v1/order; …".
 */
export const pathSummary = (split) =>
  split.byRequest.map((r) => `${r.request}: ${r.steps.map((s) => s.join(" + ")).join(" → ")}`).join("; ") || "none"

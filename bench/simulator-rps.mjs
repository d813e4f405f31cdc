#!/usr/bin/env node
// Bench 6: the simulator's own requests per second (a small undici loop, 32 requests in flight, for a fixed
// time; autocannon is not installed). The simulator runs in its own process; the load generator shares the
// 2 cores with it. `node bench/simulator-rps.mjs`
import { randomUUID } from "node:crypto"
import { Pool } from "undici"
import { fmt, isMain, printMachine, requireTs, row, startSimulatorProcess, tableHeader } from "./lib/common.mjs"

const COMMAND = "node bench/simulator-rps.mjs"
const seconds = Number(process.env.BENCH_SECONDS || (process.env.BENCH_QUICK === "1" ? 2 : 8))

export async function run({ inFlight = 32 } = {}) {
  const { SIMULATOR_API_KEY } = requireTs("packages/simulator/src/index.ts")
  const simulator = await startSimulatorProcess()
  const pool = new Pool(simulator.url, { connections: inFlight, pipelining: 1 })
  const intent = JSON.stringify({
    gross_amount: "120.00",
    currency: "GBP",
    invoice_type: "FUNDED_INVOICE",
    buyer: { company: { company_canonical_id: "cmpgb08123456" } },
    line_items: [
      { name: "Paper", quantity: "1", quantity_unit: "pcs", unit_price: "100.000000", net_amount: "100.00", tax_amount: "20.00", gross_amount: "120.00", discount_amount: "0.00", tax_rate: "0.200000", tax_class_name: "VAT 20%", type: "PHYSICAL" },
    ],
  })
  const kinds = [
    { name: "GET /companies/v2/company/{id}", request: () => ({ method: "GET", path: "/companies/v2/company/cmpgb08123456", headers: { "x-api-key": SIMULATOR_API_KEY } }) },
    {
      name: "POST /v1/order_intent (validated, idempotency key kept)",
      request: () => ({ method: "POST", path: "/v1/order_intent", body: intent, headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": randomUUID() } }),
    },
  ]
  const results = []
  try {
    for (const kind of kinds) {
      let done = 0
      let failed = 0
      const until = Date.now() + seconds * 1000
      const startCpu = simulator.cpuMs()
      const started = Date.now()
      const worker = async () => {
        while (Date.now() < until) {
          const res = await pool.request(kind.request())
          await res.body.text()
          if (res.statusCode >= 300) failed++
          done++
        }
      }
      await Promise.all(Array.from({ length: inFlight }, worker))
      const elapsed = (Date.now() - started) / 1000
      const cpu = (simulator.cpuMs() - startCpu) / 1000
      results.push({ name: kind.name, rps: done / elapsed, failed, seconds: elapsed, simulatorCpu: cpu / elapsed })
      console.error(`  ${kind.name}: ${fmt(done / elapsed, 0)} req/s (${failed} non-2xx), simulator CPU ${fmt((100 * cpu) / elapsed, 0)} % of a core`)
    }
  } finally {
    await pool.close()
    await simulator.close()
  }
  return results
}

export function printRows(results) {
  for (const r of results) {
    row(
      `Simulator throughput: ${r.name}, 32 in flight`,
      `${fmt(r.rps, 0)} req/s over ${fmt(r.seconds, 0)} s (${r.failed} non-2xx; simulator at ${fmt(100 * r.simulatorCpu, 0)} % of a core)`,
      "well above the checkout benches' call rate (never their bottleneck)",
      r.failed === 0 ? undefined : false,
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

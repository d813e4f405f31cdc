#!/usr/bin/env node
// Bench 4: connections opened per 1000 service calls (the client's keep-alive pool), counted by the simulator
// (GET /_sim/connections: connections that carried a service request). `node bench/connections.mjs`
import { isMain, printMachine, requireTs, row, startSimulatorProcess, tableHeader } from "./lib/common.mjs"

const COMMAND = "node bench/connections.mjs"

export async function run({ calls = 1000, concurrency = 32 } = {}) {
  const { createTradeCreditClient } = requireTs("src/client/index.ts")
  const { SIMULATOR_API_KEY } = requireTs("packages/simulator/src/index.ts")
  const { parseClientOptions } = requireTs("src/client/options.ts")
  const simulator = await startSimulatorProcess()
  const results = []
  try {
    const poolSize = parseClientOptions({ apiKey: SIMULATOR_API_KEY, environment: "sandbox", baseUrl: simulator.url }).connections
    for (const level of [1, concurrency]) {
      const client = createTradeCreditClient({ apiKey: SIMULATOR_API_KEY, environment: "sandbox", baseUrl: simulator.url })
      const before = await simulator.control("GET", "/_sim/connections")
      let next = 0
      const worker = async () => {
        while (next < calls) {
          const i = next++
          if (i % 2) await client.companies.get("cmpgb08123456")
          else await client.orders.getByMerchantOrderId(`bench-${i}`)
        }
      }
      await Promise.all(Array.from({ length: level }, worker))
      const after = await simulator.control("GET", "/_sim/connections")
      const opened = after.service_connections - before.service_connections
      results.push({ level, calls: after.service_requests - before.service_requests, opened, poolSize })
      console.error(`  ${calls} calls, ${level} at a time: ${opened} connections opened (pool ${poolSize})`)
      await client.close()
    }
  } finally {
    await simulator.close()
  }
  return results
}

export function printRows(results) {
  for (const r of results) {
    row(
      `Connections opened per ${r.calls} service calls, ${r.level} call(s) in flight (one client)`,
      String(r.opened),
      `≤ pool size (${r.poolSize})`,
      r.opened <= r.poolSize,
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

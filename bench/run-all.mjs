#!/usr/bin/env node
// `npm run bench`: every bench, one Medusa server for the ones that need it, then the table of
// docs/performance.md printed ready to paste, and the charts it shows written to docs/bench/*.svg. BENCH_QUICK=1 runs fewer iterations (for trying the scripts).
import { printMachine, startSimulatorProcess, tableHeader } from "./lib/common.mjs"
import { bootMedusa } from "./lib/medusa.mjs"
import * as roundTrips from "./round-trips.mjs"
import * as pluginCpu from "./plugin-cpu.mjs"
import * as checkout from "./checkout.mjs"
import * as connections from "./connections.mjs"
import * as webhooksMemory from "./webhooks-memory.mjs"
import * as simulatorRps from "./simulator-rps.mjs"
import { writeCheckoutChart, writeCpuChart } from "./lib/charts.mjs"
import { latencyOptions } from "./lib/network.mjs"

const simulator = await startSimulatorProcess({ repaymentFundingDelayMs: roundTrips.FUNDING_DELAY_MS, repaymentFulfilmentDelayMs: 0, webhookRetryDelaysMs: [200, 500], ...latencyOptions(0) })
let medusa
try {
  medusa = await bootMedusa({ simulator })
  console.error("== 1. round trips")
  const r1 = await roundTrips.run({ medusa, simulator })
  console.error("== 3. checkout through Medusa")
  const r3 = await checkout.run({ medusa, simulator })
  console.error("== 5. webhooks and memory")
  const r5 = await webhooksMemory.run({ medusa })
  const medusaConnections = await simulator.control("GET", "/_sim/connections")
  await medusa.stop()
  medusa = undefined
  console.error("== 2. plugin CPU")
  const r2 = await pluginCpu.run()
  console.error("== 4. connections")
  const r4 = await connections.run()
  console.error("== 6. simulator")
  const r6 = await simulatorRps.run()

  console.log("")
  printMachine()
  console.log(`Medusa server, all benches above: ${medusaConnections.service_connections} connections carried ${medusaConnections.service_requests} service requests`)
  tableHeader()
  roundTrips.printRows(r1)
  pluginCpu.printRows(r2)
  checkout.printRows(r3)
  writeCpuChart(r2)
  writeCheckoutChart(r3)
  connections.printRows(r4)
  webhooksMemory.printRows(r5)
  simulatorRps.printRows(r6)
  console.log("")
  checkout.printTable(r3)
} finally {
  await medusa?.stop()
  await simulator.close()
}

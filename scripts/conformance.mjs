#!/usr/bin/env node
/**
 * npm run conformance: drives every interface through the plugin's client against the simulator, records every
 * request and response body on the wire (a recording proxy between the two) and every signed webhook, and
 * validates each against the service's published OpenAPI 3.1 documents (their facts, committed in
 * conformance/published-facts.json; when the documents sit beside the repository in ../shared/service/published, the
 * committed facts are first checked against them: a stale file fails the run). Exits 1 on
 * any violation not listed in conformance/deviations.json, on any call that could not be made, and on any expected
 * event that never arrived. The full record goes to conformance/out/report.json.
 *
 *   node scripts/conformance.mjs            the built plugin (.medusa/server, after npm run build)
 *   node scripts/conformance.mjs --source   the TypeScript sources (no build needed)
 *
 * See docs/conformance.md.
 */
import { spawnSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { EXPECTED_OPERATIONS, checkRecording, compareGiven } from "../conformance/check.mjs"
import { REFUSAL_HEADER, startRecordingProxy } from "../conformance/proxy.mjs"
import { runScenario } from "../conformance/scenario.mjs"
import { startWebhookReceiver } from "../conformance/webhook-receiver.mjs"
import { waitUntil } from "./lib/wait-for.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const args = new Set(process.argv.slice(2))
const fromSource = args.has("--source")
const verbose = args.has("--verbose")

// The published documents' loader is TypeScript (jest unit tests import it too); ts-node reads it in either mode.
require("ts-node").register({ transpileOnly: true, swc: true, project: path.join(root, "tsconfig.json") })

function load(what) {
  if (fromSource) {
    return require(path.join(root, "src", what, "index.ts"))
  }
  const built = path.join(root, ".medusa", "server", "src", what, "index.js")
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: run npm run build first, or pass --source`)
  }
  return require(built)
}

/** Event types the run must see at least once (old and new names both count: the name itself is checked). */
const EXPECTED_EVENTS = [
  ["order.verified"],
  ["order.rejected"],
  ["order.cancelled"],
  ["order.fulfilled"],
  ["order.refunded"],
  ["enrollment.approved", "business_registry.approved"],
  ["enrollment.declined", "business_registry.rejected"],
  ["repayment.plan.funding_decided"],
  // After the invoice (issue #38).
  ["order.reconciliation.invoiced.v1"],
  ["order.reconciliation.payment_allocated.v1"],
  ["order.reconciliation.credited.v1"],
  ["order.reconciliation.collected.v1"],
  ["order.reconciliation.recoursed.v1"],
  ["instalments.invoiced.v1"],
  ["billing_statement.created.v1"],
  ["customer.credit_limit.updated.v1"],
  ["customer.approaching_arrears_block.v1"],
  ["customer.in_arrears_block.v1"],
  ["customer.exit_approaching_arrears_block.v1"],
  ["customer.exit_arrears_block.v1"],
  ["customer.user.verified.v1"],
]

async function main() {
  const facts = spawnSync(process.execPath, [path.join(root, "scripts", "published-facts.mjs"), "--check"], { stdio: "inherit" })
  if (facts.status !== 0) {
    process.exit(1)
  }
  const { loadPublished } = require(path.join(root, "conformance", "published.ts"))
  const { createTradeCreditClient } = load("client")
  // The simulator package (packages/simulator): its build, or its sources with --source.
  const { startSimulator, SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } = fromSource
    ? require(path.join(root, "packages", "simulator", "src", "index.ts"))
    : require("trade-credit-simulator")
  const { Webhook } = require("standardwebhooks")
  const published = await loadPublished()
  const deviations = JSON.parse(readFileSync(path.join(root, "conformance", "deviations.json"), "utf8")).deviations

  const receiver = await startWebhookReceiver({ secret: SIMULATOR_WEBHOOK_SECRET, Webhook })
  const sim = await startSimulator({
    port: 0,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [200, 1000],
    // Decisions come from the control API only, so the run is the same every time.
    repaymentFundingDelayMs: 3_600_000,
    repaymentFulfilmentDelayMs: 3_600_000,
    proposalDecisionDelayMs: null,
    logger: { info: () => undefined, warn: () => undefined, error: (message) => console.error(message) },
  })
  const proxy = await startRecordingProxy(sim.url)
  const client = createTradeCreditClient({
    apiKey: SIMULATOR_API_KEY,
    environment: "sandbox",
    baseUrl: proxy.url,
    timeoutMs: 10_000,
    maxRetries: 0,
  })
  const control = async (method, controlPath, body) => {
    const res = await fetch(`${sim.url}/_sim${controlPath}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new Error(`control ${method} ${controlPath} answered ${res.status}: ${JSON.stringify(json)}`)
    return json
  }

  /** A request the client would not make, sent through the proxy with the API key (see scenario.mjs, refusals). */
  const raw = async (method, rawPath, body) => {
    const res = await fetch(`${proxy.url}${rawPath}`, {
      method,
      headers: {
        "x-api-key": SIMULATOR_API_KEY,
        "idempotency-key": randomUUID(),
        [REFUSAL_HEADER]: "1",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let json
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = text
    }
    return { status: res.status, body: json }
  }

  let steps = []
  const missingEvents = []
  try {
    const from = fromSource ? "src" : ".medusa/server"
    console.log(
      `conformance: the plugin's client (${from}) against the simulator, checked against ${published.documents.length} published documents`
    )
    steps = await runScenario({
      client,
      control,
      raw,
      recorded: () => proxy.exchanges,
      log: verbose ? (line) => console.log(line) : undefined,
    })

    // Every event the simulator sent has been delivered (the receiver answers 204 at once); the expected types came.
    await waitUntil(
      "the webhook deliveries",
      async () => {
        const { items } = await control("GET", "/webhooks")
        return items.every((item) => item.state !== "pending")
      },
      10_000,
      100
    ).catch((error) => missingEvents.push(error.message))
    for (const names of EXPECTED_EVENTS) {
      if (!receiver.deliveries.some((d) => names.some((name) => String(d.type).startsWith(name)))) {
        missingEvents.push(`no ${names.join(" / ")} event arrived`)
      }
    }
  } finally {
    await client.close().catch(() => undefined)
    await proxy.close()
    await sim.close()
    await receiver.close()
  }

  const result = checkRecording({ published, exchanges: proxy.exchanges, deliveries: receiver.deliveries, deviations })
  const undocumented = result.violations.filter((v) => !v.deviation)
  const accepted = result.violations.filter((v) => v.deviation)
  const failedSteps = steps.filter((s) => !s.ok)
  const changed = compareGiven({ steps, exchanges: proxy.exchanges })

  const outDir = path.join(root, "conformance", "out")
  mkdirSync(outDir, { recursive: true })
  const reportPath = path.join(outDir, "report.json")
  writeFileSync(
    reportPath,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        client: fromSource ? "src" : ".medusa/server",
        counts: result.counts,
        violations: undocumented,
        deviations: accepted,
        unpublished: result.unpublished,
        failed_steps: failedSteps,
        not_exercised: result.notExercised,
        changed_by_client: changed,
        missing_events: missingEvents,
        operations: result.operations,
        steps,
        exchanges: proxy.exchanges.map(proxy.redacted),
        webhooks: receiver.deliveries,
      },
      null,
      2
    )
  )

  printReport({ result, undocumented, accepted, failedSteps, changed, missingEvents, deviations, reportPath })
  const failed =
    undocumented.length > 0 ||
    failedSteps.length > 0 ||
    changed.length > 0 ||
    result.notExercised.length > 0 ||
    missingEvents.length > 0
  process.exitCode = failed ? 1 : 0
}

function printReport({ result, undocumented, accepted, failedSteps, changed, missingEvents, deviations, reportPath }) {
  const { counts } = result
  console.log("")
  console.log(`requests sent:            ${counts.requests}${counts.unanswered ? ` (${counts.unanswered} unanswered)` : ""}`)
  console.log(`request bodies checked:   ${counts.requestBodies} (and ${counts.refusals} refusals sent wrong on purpose: answers only)`)
  console.log(`response bodies checked:  ${counts.responseBodies} (${counts.responsesWithoutSchema} answers published without a schema)`)
  console.log(`webhooks checked:         ${counts.webhooks}`)
  console.log(`violations:               ${undocumented.length}`)
  console.log(`deviations (listed):      ${accepted.length}`)
  console.log(`calls that failed:        ${failedSteps.length}`)
  console.log(`fields the client changed: ${changed.length}`)
  console.log(`operations not exercised: ${result.notExercised.length} of ${EXPECTED_OPERATIONS.length}`)

  if (undocumented.length) {
    console.log("\nViolations, by operation:")
    const byOperation = new Map()
    for (const v of undocumented) {
      byOperation.set(v.operation, [...(byOperation.get(v.operation) ?? []), v])
    }
    for (const [operation, list] of byOperation) {
      console.log(`  ${operation}  (${list[0].published ?? "no published counterpart"})`)
      const seen = new Set()
      for (const v of list) {
        const line = `    ${v.direction.padEnd(13)} ${v.path || "/"}: ${v.message}${v.value !== undefined ? `  got ${v.value}` : ""}`
        if (!seen.has(line)) {
          seen.add(line)
          console.log(line)
        }
      }
    }
  }

  console.log("\nDeviations the seed decides (conformance/deviations.json):")
  for (const d of deviations) {
    const hits = accepted.filter((v) => v.deviation === d.id).length
    console.log(`  ${d.id}: ${hits} hit(s). ${d.why}\n    seed: ${d.seed}`)
  }

  console.log("\nOperations with no published counterpart (not validated):")
  for (const u of result.unpublished) {
    console.log(`  ${u.operation} (${u.calls} call${u.calls === 1 ? "" : "s"})`)
  }

  if (failedSteps.length) {
    console.log("\nCalls that failed (their exchange, if any was sent, is still checked):")
    for (const s of failedSteps) console.log(`  ${s.name}: ${s.error}`)
  }
  if (result.notExercised.length) {
    console.log("\nOperations never answered 2xx (not checked on their happy path):")
    for (const operation of result.notExercised) console.log(`  ${operation}`)
  }
  if (changed.length) {
    console.log("\nFields the client was given but did not send as given:")
    for (const c of changed) console.log(`  ${c.operation} (${c.step}) ${c.path}: given ${c.given}, sent ${c.sent}`)
  }
  if (missingEvents.length) {
    console.log("\nEvents:")
    for (const m of missingEvents) console.log(`  ${m}`)
  }
  console.log(`\nFull record: ${path.relative(process.cwd(), reportPath)}`)
  const failed =
    undocumented.length || failedSteps.length || changed.length || result.notExercised.length || missingEvents.length
  console.log(failed ? "conformance: FAILED" : "conformance: passed")
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : String(error))
  process.exit(1)
})

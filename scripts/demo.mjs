#!/usr/bin/env node
// `npm run demo`: a Medusa store from this repository with the plugin, against the
// simulator of the service, on the configured PostgreSQL or an embedded one. Seeds a
// region with the providers, a product, a promotion and a publishable key, prints the
// URLs, and runs until Ctrl-C. `npm run demo -- --check` exits once all is up
// (a smoke test). Every start-up step prints its time. Its processes live and die together: if the simulator or
// Medusa exits, or the demo itself fails, everything is stopped (and the embedded database) with a line saying
// which part failed, and the demo exits non-zero.
import { spawn, spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureDatabase, freePort } from "./lib/database.mjs"
import { portHolder, portIsFree } from "./lib/ports.mjs"
import { loginAdmin } from "./lib/admin-client.mjs"
import { waitFor } from "./lib/wait-for.mjs"

const require = createRequire(import.meta.url)
const { seedStore } = require("./lib/seed-store.js")
const { buildStorefront, startStorefront } = require("../storefront/server.js")

const root = new URL("..", import.meta.url).pathname
const check = process.argv.includes("--check")
const medusaPort = Number(process.env.PORT || 9000)
const simulatorPort = Number(process.env.SIMULATOR_PORT || (await freePort()))
// The demo storefront (storefront/, built with Vite and served here). Its origin is where the
// service sends buyers back to after verification, and the store API's CORS origin.
const storefrontPort = Number(process.env.STOREFRONT_PORT || 8000)
const storefrontUrl = `http://127.0.0.1:${storefrontPort}`
const storefrontOrigins = [storefrontUrl, `http://localhost:${storefrontPort}`, process.env.TRADE_CREDIT_STOREFRONT_URL].filter(Boolean).join(",")
const ADMIN = { email: "admin@example.com", password: "supersecret" }

const children = []
let database
let storefront
let stopping = false
async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  // Each child leads a process group of its own (`medusa develop` starts the server as a grandchild): stop the group.
  for (const child of children.reverse()) {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {
      child.kill("SIGTERM")
    }
  }
  await new Promise((r) => setTimeout(r, 500))
  await storefront?.close().catch(() => {})
  await database?.stop().catch(() => {})
  process.exit(code)
}
process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))
// Nothing the demo does may leave its children running as orphans.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (error) => {
    console.error(`Demo failed (${event}): ${error?.stack ?? error}`)
    shutdown(1)
  })
}

/** Runs one start-up step and prints how long it took. */
const demoStarted = Date.now()
async function step(label, run) {
  const started = Date.now()
  console.log(`▶ ${label}…`)
  const result = await run()
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

/** A child whose exit (while the demo is not stopping) stops the whole demo, naming it. */
function watch(child, name) {
  children.push(child)
  child.on("exit", (code, signal) => {
    if (stopping) return
    console.error(`\nDemo stopped: ${name} exited (${signal ?? `code ${code}`}); stopping everything else.`)
    shutdown(code || 1)
  })
  return child
}

try {
  await step("Checking ports", async () => {
    const wanted = [
      [medusaPort, "Medusa (PORT)"],
      [storefrontPort, "the storefront (STOREFRONT_PORT)"],
      ...(process.env.SIMULATOR_PORT ? [[simulatorPort, "the simulator (SIMULATOR_PORT)"]] : []),
    ]
    const taken = []
    for (const [port, who] of wanted) {
      if (!(await portIsFree(port))) taken.push(`port ${port}, for ${who}, is taken by ${portHolder(port) ?? "another program"}`)
    }
    if (taken.length) throw new Error(`${taken.join("; ")}. Stop it, or choose other ports.`)
  })
  database = await step("Database", () => ensureDatabase({ persistentDir: process.env.DATABASE_URL || process.env.DB_HOST ? undefined : join(tmpdir(), "medusa-trade-credit-demo-postgres") }))
  console.log(`  ${database.description}`)
  const databaseUrl = process.env.DATABASE_URL || database.env.DATABASE_URL ||
    `postgres://${process.env.DB_USERNAME || "postgres"}:${process.env.DB_PASSWORD || ""}@${process.env.DB_HOST}:${process.env.DB_PORT || 5432}/medusa-trade-credit`
  if (database.env.DB_PORT) {
    // An embedded server: make sure the demo's database exists.
    const pg = require("pg")
    const client = new pg.Client({ host: "localhost", port: Number(database.env.DB_PORT), user: "postgres", password: "postgres", database: "postgres" })
    await client.connect()
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'medusa-trade-credit'")
    if (!rowCount) await client.query('CREATE DATABASE "medusa-trade-credit"')
    await client.end()
  }

  // The simulator of the service, a real HTTP server of its own.
  // Fresh credentials for this run, of the service's own shapes.
  const SIMULATOR_API_KEY = `secret_test_${randomBytes(32).toString("base64url")}`
  const SIMULATOR_WEBHOOK_SECRET = `whsec_${randomBytes(24).toString("base64")}`
  // The credentials go through the environment, never the command line (which every user of the machine sees).
  watch(
    spawn(
      process.execPath,
      [join(root, "packages/simulator/bin/trade-credit-simulator.js"), "--port", String(simulatorPort),
        "--webhook-url", `http://localhost:${medusaPort}/hooks/payment/trade-credit_default`],
      {
        stdio: ["ignore", "inherit", "inherit"],
        detached: true,
        env: { ...process.env, TRADE_CREDIT_SIMULATOR_API_KEY: SIMULATOR_API_KEY, TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET },
      }
    ),
    "the simulator"
  )
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`
  await step(`Simulator on port ${simulatorPort}`, () => waitFor(`${simulatorUrl}/_sim`, "the simulator"))

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(medusaPort),
    TRADE_CREDIT_API_KEY: process.env.TRADE_CREDIT_API_KEY || SIMULATOR_API_KEY,
    TRADE_CREDIT_BASE_URL: process.env.TRADE_CREDIT_BASE_URL || simulatorUrl,
    TRADE_CREDIT_CHECKOUT_URL: process.env.TRADE_CREDIT_CHECKOUT_URL || simulatorUrl,
    TRADE_CREDIT_WEBHOOK_SECRET: process.env.TRADE_CREDIT_WEBHOOK_SECRET || SIMULATOR_WEBHOOK_SECRET,
    TRADE_CREDIT_STOREFRONT_URL: storefrontOrigins,
    STORE_CORS: [process.env.STORE_CORS, storefrontOrigins].filter(Boolean).join(","),
    MEDUSA_ADMIN_DISABLE: process.env.MEDUSA_ADMIN_DISABLE || (check ? "true" : "false"),
  }
  const medusa = (args, opts = {}) =>
    spawnSync(process.execPath, [join(root, "node_modules/@medusajs/cli/cli.js"), ...args], { cwd: root, env, stdio: "inherit", ...opts })

  const storefrontDir = await step("Building the storefront", () =>
    buildStorefront({ outDir: join(tmpdir(), "medusa-trade-credit-demo-storefront") })
  )

  await step("Migrating the database", () => {
    if (medusa(["db:migrate"]).status !== 0) throw new Error("medusa db:migrate failed")
    medusa(["user", "-e", ADMIN.email, "-p", ADMIN.password], { stdio: "ignore" })
  })

  const base = `http://localhost:${medusaPort}`
  watch(
    spawn(process.execPath, [join(root, "node_modules/@medusajs/cli/cli.js"), "develop"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"], detached: true }),
    "Medusa"
  )
  await step(`Medusa on port ${medusaPort}`, () => waitFor(`${base}/health`, "Medusa"))

  const admin = await loginAdmin(base, ADMIN)
  const { regions } = await admin("GET", "/admin/regions?fields=id,name,*payment_providers")
  let region = regions.find((r) => r.payment_providers?.some((p) => p.id === "pp_trade-credit_default"))
  let publishableKey
  if (!region) {
    const seeded = await step("Seeding the store", () => seedStore(admin))
    region = seeded.region
    publishableKey = seeded.publishableKey
  } else {
    const { api_keys } = await admin("GET", "/admin/api-keys?type=publishable")
    publishableKey = api_keys[0]?.token
  }
  storefront = await step(`Storefront on port ${storefrontPort}`, async () => {
    const started = await startStorefront({ distDir: storefrontDir, port: storefrontPort, config: { medusaUrl: base, publishableKey } })
    await waitFor(`${started.url}/config.json`, "the storefront")
    return started
  })
  const { payment_providers } = await admin("GET", `/admin/payments/payment-providers?fields=id`)
  const { regions: [withProviders] } = await admin("GET", `/admin/regions?id=${region.id}&fields=id,*payment_providers`)

  console.log(`
Trade credit demo is running (started in ${((Date.now() - demoStarted) / 1000).toFixed(0)} s)
  Store API:        ${base}/store   (header x-publishable-api-key: ${publishableKey})
  Admin:            ${base}/app     (${ADMIN.email} / ${ADMIN.password})
  Health:           ${base}/health
  Region:           ${region.id} with ${withProviders.payment_providers.map((p) => p.id).join(", ")}
  All providers:    ${payment_providers.map((p) => p.id).join(", ")}
  Simulator:        ${simulatorUrl}  (control API: ${simulatorUrl}/_sim/, see docs/simulator.md)
  Storefront:       ${storefront.url}   (demo B2B checkout; return origins: ${storefrontOrigins})
  Try:              company "acme" (approved), "highgate" (declined), "thornbury" (instalments)
  Logs of Medusa:   this terminal; Ctrl-C stops everything
`)
  if (check) await shutdown(0)
} catch (error) {
  console.error(`Demo failed: ${error?.message ?? error}`)
  await shutdown(1)
}

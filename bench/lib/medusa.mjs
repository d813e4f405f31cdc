// A Medusa server for the benches, booted the way scripts/demo.mjs boots one: a PostgreSQL (the configured one,
// else an embedded one in a temporary folder), `medusa db:migrate`, an admin user, then `medusa start` (no file
// watcher, admin UI off) on a free port, against a simulator of the service. The store is seeded through the
// admin API with scripts/lib/seed-store.js (GBP region with both trade credit providers and pp_system_default).
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createFreshDatabase, ensureDatabase, freePort } from "../../scripts/lib/database.mjs"
import { loginAdmin } from "../../scripts/lib/admin-client.mjs"
import { waitFor } from "../../scripts/lib/wait-for.mjs"
import { require, root } from "./common.mjs"

const { seedStore } = require("../../scripts/lib/seed-store.js")
const ADMIN = { email: "bench@example.com", password: "bench-password-1" }

/**
 * @param {{ simulator: { url: string, control: Function }, env?: Record<string,string>, log?: (m: string) => void }} input
 */
export async function bootMedusa({ simulator, env: extraEnv = {}, log = (m) => console.error(m) }) {
  const { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } = require("./ts.cjs").requireTs("packages/simulator/src/index.ts")
  const database = await ensureDatabase({ log })
  const dbName = `medusa-trade-credit-bench-${process.pid}`
  const logDir = mkdtempSync(join(tmpdir(), "trade-credit-bench-"))
  let server
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r))
      try {
        process.kill(-server.pid, "SIGTERM")
      } catch {
        server.kill("SIGTERM")
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    }
    await database.stop().catch(() => {})
    rmSync(logDir, { recursive: true, force: true })
  }
  try {
    const databaseUrl = await createFreshDatabase(database, dbName)

    const medusaPort = await freePort()
    const env = {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      PORT: String(medusaPort),
      MEDUSA_ADMIN_DISABLE: "true",
      LOG_LEVEL: process.env.LOG_LEVEL || "warn",
      TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
      TRADE_CREDIT_BASE_URL: simulator.url,
      TRADE_CREDIT_CHECKOUT_URL: simulator.url,
      TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
      TRADE_CREDIT_STOREFRONT_URL: "http://storefront.bench:8000",
      TRADE_CREDIT_BACKGROUND_JOBS: "off",
      STORE_CORS: "http://storefront.bench:8000",
      ...extraEnv,
    }
    const cli = join(root, "node_modules/@medusajs/cli/cli.js")
    const logFile = join(logDir, "medusa.log")
    const out = openSync(logFile, "a")
    const medusa = (args) => spawnSync(process.execPath, [cli, ...args], { cwd: root, env, stdio: ["ignore", out, out] })
    const started = Date.now()
    log(`bench: migrating a fresh database (${database.description})…`)
    if (medusa(["db:migrate"]).status !== 0) throw new Error(`medusa db:migrate failed:\n${readFileSync(logFile, "utf8").slice(-3000)}`)
    if (medusa(["user", "-e", ADMIN.email, "-p", ADMIN.password]).status !== 0) throw new Error("medusa user failed")
    log(`bench: starting Medusa on port ${medusaPort}…`)
    server = spawn(process.execPath, [cli, "start"], { cwd: root, env, stdio: ["ignore", out, out], detached: true })
    const base = `http://localhost:${medusaPort}`
    await waitFor(`${base}/health`, "Medusa", 240_000)
    log(`bench: Medusa is up (${((Date.now() - started) / 1000).toFixed(0)} s with migrations)`)

    const admin = await loginAdmin(base, ADMIN)
    const seed = await seedStore(admin)
    await simulator.control("PUT", "/_sim/webhook", { url: `${base}/hooks/payment/trade-credit_default` })
    return { base, seed, admin, serverPid: server.pid, logFile, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

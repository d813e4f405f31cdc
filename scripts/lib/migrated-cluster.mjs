// The migrated cluster: an embedded PostgreSQL, stopped, whose database MIGRATED_DATABASE holds every module
// migration and link table of this repository's Medusa (`medusa db:migrate`) and the test admin, made once per
// `npm test`.
// Each integration or browser file then runs on a copy of it (ensureDatabase({ copyOf })), and the database
// the test runner creates for the file is a copy of MIGRATED_DATABASE (integration-tests/setup.js): the
// runner's own migrations and link sync still run, find everything applied and change nothing, in about a
// second instead of 8 to 20.
import { spawn } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { createRequire } from "node:module"
import { ensureDatabase } from "./database.mjs"

const require = createRequire(import.meta.url)
const { TEST_ADMIN } = require("./app-database.js")
const { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } = require("trade-credit-simulator")

const root = join(dirname(new URL(import.meta.url).pathname), "..", "..")
const CLI = join(root, "node_modules/@medusajs/cli/cli.js")
export const MIGRATED_DATABASE = "trade-credit-migrated"
/** The variable that tells integration-tests/setup.js which database to copy. */
export const TEMPLATE_ENV = "TRADE_CREDIT_TEST_TEMPLATE_DB"

/** Runs the medusa CLI; resolves with its exit code and the tail of its output. */
function medusa(args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    const keep = (chunk) => (output = (output + chunk.toString()).slice(-8000))
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      resolve({ code: code ?? signal, output })
    })
  })
}

/**
 * Makes the migrated cluster. Resolves with its data folder and `remove()`, or with undefined (and says why)
 * when it could not be made: the files then migrate their own databases, as before, only slower.
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {Promise<{ dataDir: string, database: string, seconds: number, remove: () => void } | undefined>}
 */
export async function prepareMigratedCluster({ log = console.log } = {}) {
  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), "trade-credit-pg-migrated-"))
  chmodSync(dir, 0o711) // as root the server runs as "postgres", which must reach its data folder
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const dataDir = join(dir, "data")
  let database
  try {
    database = await ensureDatabase({ persistentDir: dataDir, durable: false, log })
    const { Client } = (await import("pg")).default
    const client = new Client({ host: "localhost", port: Number(database.env.DB_PORT), user: "postgres", password: "postgres", database: "postgres" })
    await client.connect()
    await client.query(`CREATE DATABASE "${MIGRATED_DATABASE}"`)
    await client.end()
    // What the test runner does before booting (module migrations, then every link table), without the
    // migration scripts (they write data, which the runner never does) and the search indexes (the runner
    // makes its own).
    const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: `postgres://postgres:postgres@localhost:${database.env.DB_PORT}/${MIGRATED_DATABASE}` }
    const migrated = await medusa(["db:migrate", "--skip-scripts", "--skip-search", "--execute-all-links"], env, 300_000)
    if (migrated.code !== 0) throw new Error(`medusa db:migrate failed (${migrated.code}):\n${migrated.output.slice(-3000)}`)
    // The test admin (scripts/lib/app-database.js): the files that start Medusa servers of their own log in with it
    // and need no `medusa user` (a Medusa boot each); the test runner's files find it and log in.
    // `medusa user` loads every module, so the providers' options must be valid; nothing calls the service.
    const plugin = {
      TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
      TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
      TRADE_CREDIT_BASE_URL: "http://127.0.0.1:9",
      TRADE_CREDIT_CHECKOUT_URL: "http://127.0.0.1:9",
      TRADE_CREDIT_STOREFRONT_URL: "http://storefront.test:8000",
      TRADE_CREDIT_BACKGROUND_JOBS: "off",
    }
    const user = await medusa(["user", "-e", TEST_ADMIN.email, "-p", TEST_ADMIN.password], { ...env, ...plugin }, 180_000)
    if (user.code !== 0) throw new Error(`medusa user failed (${user.code}):\n${user.output.slice(-3000)}`)
    await database.stop()
    return { dataDir, database: MIGRATED_DATABASE, seconds: (Date.now() - started) / 1000, remove }
  } catch (error) {
    log(`The migrated cluster could not be made, each file migrates its own database: ${error?.message ?? error}`)
    await database?.stop().catch(() => {})
    remove()
    return undefined
  }
}

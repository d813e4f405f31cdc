import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { freePort } from "./ports"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { prepareAppDatabase, TEST_ADMIN } = require("../../scripts/lib/app-database.js")

/**
 * A real Medusa server of this repository as a child process on its own
 * database (the embedded or configured PostgreSQL of scripts/test.mjs), so a
 * test can kill it (SIGKILL) mid-request and start it again on the same data.
 * Its stdout and stderr go to a log file outside the project (the file is read
 * back by the secrets spec).
 */
const ROOT = path.resolve(__dirname, "../..")
/** The admin a child's database has (the migrated template's test admin, or created by `medusa user`). */
export const CHILD_ADMIN: { email: string; password: string } = TEST_ADMIN
const CLI = path.join(ROOT, "node_modules/@medusajs/cli/cli.js")
const BOOT_LIMIT_MS = 360_000

export { freePort }

export type ChildMedusa = {
  url: string
  logFile: string
  env: Record<string, string>
  start: () => Promise<void>
  kill: () => Promise<void>
  stop: () => Promise<void>
  logs: () => string
}

/**
 * Creates the database, migrates it, adds an admin user; `start()` boots the server. With `sharing` (another
 * child's database URL), a second instance on that database: nothing is created or migrated (scale-out tests).
 */
export async function prepareChildMedusa(
  name: string,
  env: Record<string, string>,
  admin: { email: string; password: string } = TEST_ADMIN,
  sharing?: { databaseUrl: string }
): Promise<ChildMedusa> {
  const { Client } = require("pg")
  const db = {
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD ?? "",
  }
  const database = `${name}-${process.pid}`
  const client = new Client({ ...db, database: "postgres" })
  // A copy of the migrated template when scripts/test.mjs made one (integration-tests/setup.js): migrated, with the
  // test admin, so no Medusa CLI runs before the server starts. Medusa's Redis modules (a scale-out test's REDIS_URL)
  // add no tables the template lacks.
  const template = process.env.TRADE_CREDIT_TEST_TEMPLATE_DB
  const fromTemplate = Boolean(template) && (process.env.REDIS_URL ?? "") === (process.env.TRADE_CREDIT_TEST_TEMPLATE_REDIS_URL ?? "")
  if (!sharing) {
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${database}"`)
    await client.query(`CREATE DATABASE "${database}"${fromTemplate ? ` TEMPLATE "${template!.replace(/"/g, '""')}"` : ""}`)
    await client.end()
  }

  const port = await freePort()
  const logDir = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const logFile = path.join(logDir, "medusa.log")
  const fullEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "development",
    DATABASE_URL: sharing?.databaseUrl ?? `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${database}`,
    PORT: String(port),
    MEDUSA_ADMIN_DISABLE: "true",
    TRADE_CREDIT_BACKGROUND_JOBS: "off",
    ...env,
  }
  delete fullEnv.NODE_OPTIONS
  delete fullEnv.JEST_WORKER_ID
  delete fullEnv.TEST_TYPE
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: fullEnv, encoding: "utf8", timeout: 300_000 })
    if (result.status !== 0) throw new Error(`medusa ${args[0]} failed: ${result.stderr?.slice(-2000)}${result.stdout?.slice(-2000)}`)
  }
  if (!sharing) await prepareAppDatabase({ databaseUrl: fullEnv.DATABASE_URL, fromTemplate, run, admin })

  let child: ChildProcess | undefined
  const url = `http://localhost:${port}`
  const log = createWriteStream(logFile, { flags: "a" })

  const start = async () => {
    child = spawn(process.execPath, [CLI, "start"], { cwd: ROOT, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout!.pipe(log, { end: false })
    child.stderr!.pipe(log, { end: false })
    // Booting is not what these specs measure: a boot took 53 s and another over 180 s on the shared two-core
    // machine (load average 16) with several other Medusa test processes running.
    const until = Date.now() + BOOT_LIMIT_MS
    for (;;) {
      if (child.exitCode !== null) throw new Error(`medusa start exited (${child.exitCode}); see ${logFile}`)
      try {
        if ((await fetch(`${url}/health`)).ok) return
      } catch {
        // not up yet
      }
      if (Date.now() > until) throw new Error(`medusa did not answer /health in ${BOOT_LIMIT_MS / 1000} s; see ${logFile}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  const waitExit = async () => {
    const c = child
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    await new Promise((r) => c.once("exit", r))
  }
  const kill = async () => {
    child?.kill("SIGKILL")
    await waitExit()
  }
  const stop = async () => {
    child?.kill("SIGTERM")
    const timer = setTimeout(() => child?.kill("SIGKILL"), 5000)
    await waitExit()
    clearTimeout(timer)
    log.end()
  }
  return { url, logFile, env: fullEnv, start, kill, stop, logs: () => readFileSync(logFile, "utf8") }
}

/** fetch-based JSON requests against the child (the shape of adminRequester and storeClient). */
export function httpClient(baseUrl: string, headers: Record<string, string> = {}) {
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(data === undefined ? {} : { "content-type": "application/json" }) },
      body: data === undefined ? undefined : JSON.stringify(data),
    })
    const text = await res.text()
    let body: any = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON
    }
    return { status: res.status, data: body, headers: Object.fromEntries(res.headers.entries()), raw: text }
  }
  const ok = async (method: string, path: string, data?: unknown) => {
    const res = await call(method, path, data)
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.raw}`)
    return res.data
  }
  return { call, ok }
}

// A Medusa server from this repository WITH the built admin dashboard, for browser tests: the admin is
// bundled once (cached by the content of src/admin), the database migrated, an admin user created, and
// `medusa start` run as a child process in a process group of its own. Medusa serves the admin from
// `<server root>/public/admin`; the server root is a folder in the system temp folder that links this
// repository's medusa-config.ts, package.json, tsconfig.json, node_modules and src, so nothing is
// written into the checkout (and `npm run build`, which owns .medusa/server, is left alone).
const { spawn } = require("node:child_process")
const { createHash, randomBytes } = require("node:crypto")
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")

const root = path.resolve(__dirname, "..", "..")
const CLI = path.join(root, "node_modules/@medusajs/cli/cli.js")
const LINKED = ["medusa-config.ts", "package.json", "tsconfig.json", "node_modules", "src"]

async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Runs a command; resolves with its output, rejects with the output's tail when it fails or outlives `timeoutMs`. */
function run(args, { cwd = root, env = process.env, timeoutMs = 600_000, what = args.join(" ") } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    let output = ""
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
      reject(new Error(`${what} did not finish within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`))
    }, timeoutMs)
    child.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on("exit", (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve(output)
      else reject(new Error(`${what} failed (${code ?? signal}):\n${output.slice(-4000)}`))
    })
  })
}

/** A digest of what the admin bundle is made of: this checkout's src/admin, the types it imports, the dashboard's versions. */
function adminDigest() {
  const hash = createHash("sha256").update(root)
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
  const files = [...walk(path.join(root, "src/admin")), path.join(root, "src/api/admin/trade-credit/admin-ui-types.ts")].sort()
  for (const file of files) hash.update(path.relative(root, file)).update(fs.readFileSync(file))
  for (const pkg of ["@medusajs/dashboard", "@medusajs/admin-bundler", "@medusajs/ui", "@tanstack/react-query"]) {
    try {
      hash.update(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json")))
    } catch {}
  }
  return hash.digest("hex").slice(0, 16)
}

/**
 * The server root with the built admin: built on first use (a few minutes on two busy cores), then reused
 * while src/admin is unchanged. Concurrent builders each build into a folder of their own; the first rename wins.
 */
async function prepareServerRoot({ log = () => {} } = {}) {
  const dir = path.join(os.tmpdir(), `trade-credit-admin-${adminDigest()}`)
  if (!fs.existsSync(path.join(dir, "public/admin/index.html"))) {
    const partial = `${dir}.partial-${process.pid}-${randomBytes(3).toString("hex")}`
    fs.rmSync(partial, { recursive: true, force: true })
    log(`building the admin into ${dir}…`)
    await run([path.join(root, "scripts/lib/build-admin.mjs"), path.join(partial, "public/admin")], { what: "the admin build", timeoutMs: 480_000 })
    try {
      fs.renameSync(partial, dir)
    } catch {
      fs.rmSync(partial, { recursive: true, force: true })
      if (!fs.existsSync(path.join(dir, "public/admin/index.html"))) throw new Error(`the admin build left nothing in ${dir}`)
    }
  }
  for (const name of LINKED) {
    const link = path.join(dir, name)
    try {
      if (fs.readlinkSync(link) === path.join(root, name)) continue
      fs.rmSync(link, { force: true })
    } catch {}
    try {
      fs.symlinkSync(path.join(root, name), link)
    } catch (error) {
      if (error.code !== "EEXIST") throw error
    }
  }
  return dir
}

/**
 * A fresh database on the PostgreSQL the DB_* variables name (scripts/test.mjs sets them); `drop()` removes it. Where
 * scripts/test.mjs made a migrated template (TRADE_CREDIT_TEST_TEMPLATE_DB, for the same REDIS_URL and so the same
 * modules), the database is a copy of it (`fromTemplate`): migrated, with the test admin (scripts/lib/app-database.js).
 */
async function createDatabase(env = process.env) {
  const { Client } = require("pg")
  if (!env.DB_HOST) throw new Error("DB_HOST is not set: run browser tests through `node scripts/test.mjs browser`")
  const connection = { host: env.DB_HOST, port: Number(env.DB_PORT || 5432), user: env.DB_USERNAME || "postgres", password: env.DB_PASSWORD || "" }
  const name = `trade_credit_browser_${randomBytes(4).toString("hex")}`
  const template = env.TRADE_CREDIT_TEST_TEMPLATE_DB
  const sameModules = (env.REDIS_URL ?? "") === (env.TRADE_CREDIT_TEST_TEMPLATE_REDIS_URL ?? "")
  const admin = new Client({ ...connection, database: "postgres" })
  await admin.connect()
  let fromTemplate = Boolean(template && sameModules)
  try {
    await admin.query(`CREATE DATABASE "${name}"${fromTemplate ? ` TEMPLATE "${template.replace(/"/g, '""')}"` : ""}`)
  } catch (error) {
    if (!template || error?.code !== "3D000") throw error // 3D000: no such template on this server
    fromTemplate = false
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const auth = `${encodeURIComponent(connection.user)}:${encodeURIComponent(connection.password)}`
  return {
    name,
    fromTemplate,
    url: `postgres://${auth}@${connection.host}:${connection.port}/${name}`,
    drop: async () => {
      const client = new Client({ ...connection, database: "postgres" })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
      await client.end()
    },
  }
}

/** Runs a `medusa` CLI command (db:migrate, user, ...) from the server root. */
function medusa(args, { cwd, env, timeoutMs }) {
  return run([CLI, ...args], { cwd, env, timeoutMs, what: `medusa ${args[0]}` })
}

async function waitForHealth(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Medusa exited (${child.exitCode}) before answering`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`Medusa did not answer at ${url}/health within ${timeoutMs / 1000} s`)
}

/**
 * `medusa start` from the server root on a free port with NODE_ENV=test: the admin is served from the
 * build (only "development" runs the Vite dev server) and session cookies work over plain http (only
 * production and staging make them Secure). Logs go to `logFile`. `stop()` ends the process group.
 */
async function startMedusa({ serverRoot, env, logFile, timeoutMs = 180_000 }) {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const out = fs.openSync(logFile, "a")
  const child = spawn(process.execPath, [CLI, "start", "--port", String(port)], {
    cwd: serverRoot,
    env: { ...env, PORT: String(port), NODE_ENV: "test", ADMIN_CORS: url, AUTH_CORS: url },
    stdio: ["ignore", out, out],
    detached: true,
  })
  fs.closeSync(out)
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once("exit", r))
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
    }, 5000)
    await exited
    clearTimeout(timer)
  }
  try {
    await waitForHealth(url, child, timeoutMs)
  } catch (error) {
    await stop()
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-4000) : ""
    throw new Error(`${error.message}\n${tail}`)
  }
  return { url, port, stop }
}

module.exports = { prepareServerRoot, createDatabase, medusa, startMedusa, freePort }

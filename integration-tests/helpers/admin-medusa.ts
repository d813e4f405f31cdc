import { tmpdir } from "node:os"
import path from "node:path"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { control, STOREFRONT_URL, WEBHOOK_PATH } from "./simulator"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { prepareServerRoot, createDatabase, medusa, startMedusa } = require("../../scripts/lib/admin-server.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { prepareAppDatabase } = require("../../scripts/lib/app-database.js")

export type AdminDatabase = { url: string; fromTemplate: boolean; drop: () => Promise<void> }
export type AdminServer = { url: string; stop: () => Promise<void> }

/**
 * `medusa start` serving the built admin (scripts/lib/admin-server.js) on a fresh database, with the simulator at
 * `simUrl` as the service and its webhooks sent to the server: what the admin browser specs share. The admin bundle
 * (cached while src/admin is unchanged) and the database are prepared side by side. `onDatabase` is handed the
 * database as soon as it exists, so the spec's afterAll drops it even when the server fails to start. `logFile`
 * holds the server's output.
 */
export async function startAdminMedusa(options: {
  name: string
  simUrl: string
  /** TRADE_CREDIT_WEBHOOK_SECRET (default: the simulator's). */
  webhookSecret?: string
  onDatabase: (database: AdminDatabase) => void
}): Promise<{ database: AdminDatabase; server: AdminServer; logFile: string }> {
  const log = (message: string) => process.stdout.write(`[${options.name}.spec] ${message}\n`)
  const database = (await createDatabase()) as AdminDatabase
  options.onDatabase(database)
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
    TRADE_CREDIT_BASE_URL: options.simUrl,
    TRADE_CREDIT_CHECKOUT_URL: options.simUrl,
    TRADE_CREDIT_WEBHOOK_SECRET: options.webhookSecret ?? SIMULATOR_WEBHOOK_SECRET,
    TRADE_CREDIT_STOREFRONT_URL: STOREFRONT_URL,
    TRADE_CREDIT_BACKGROUND_JOBS: "off",
    STORE_CORS: STOREFRONT_URL,
    MEDUSA_ADMIN_DISABLE: "false",
    NODE_ENV: "test",
  }
  const root = path.resolve(__dirname, "../..")
  const started = Date.now()
  const [serverRoot] = await Promise.all([
    prepareServerRoot({ log }),
    prepareAppDatabase({
      databaseUrl: database.url,
      fromTemplate: database.fromTemplate,
      run: (args: string[]) => medusa(args, { cwd: root, env, timeoutMs: 300_000 }),
    }),
  ])
  log(`admin bundle and database ready in ${Math.round((Date.now() - started) / 1000)} s`)
  const logFile = path.join(tmpdir(), `trade-credit-${options.name}-spec-${process.pid}.log`)
  const server = (await startMedusa({ serverRoot, env, logFile })) as AdminServer
  log(`Medusa with the built admin at ${server.url} (${Math.round((Date.now() - started) / 1000)} s)`)
  await control(options.simUrl, "PUT", "/_sim/webhook", { url: `${server.url}${WEBHOOK_PATH}` })
  return { database, server, logFile }
}

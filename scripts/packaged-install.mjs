#!/usr/bin/env node
// `npm run test:packaged`: the plugin as a merchant receives it. Packs the plugin and the simulator (`npm pack`),
// creates a fresh Medusa 2.21 application outside the repository (its own package.json, tsconfig.json and
// medusa-config.ts: the README's snippet, the plugin resolved from node_modules, no path into src), installs both
// tarballs, builds the admin with the plugin's extensions, migrates, starts the simulator from its installed bin and
// Medusa, then sells through the store API: an invoice checkout (the buyer verifies at the service's page) and an
// instalment checkout, each captured through the admin API. This proves `files`, `exports`, the peer dependencies
// and the built admin extensions. Needs `npm run build` first (CI runs it) and the npm registry (or its cache).
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { randomBytes } from "node:crypto"
import { createRequire } from "node:module"
import { createFreshDatabase, ensureDatabase, freePort } from "./lib/database.mjs"
import { loginAdmin } from "./lib/admin-client.mjs"
import { simulatorControl } from "./lib/simulator-control.js"
import { waitFor, waitUntil } from "./lib/wait-for.mjs"
import { ACME, createCart, paymentCollection, sessionOf, startSession, storeClient } from "./lib/store-api.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const { seedStore } = require("./lib/seed-store.js")
const MEDUSA_VERSION = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies["@medusajs/framework"]
const ADMIN = { email: "merchant@example.com", password: "merchant-password-1" }
const STOREFRONT = "http://localhost:8000"
const keep = process.argv.includes("--keep")

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const step = (what) => console.log(`== ${what} (${elapsed()})`)

/** Runs a command to completion; its output goes to the log file, and its tail into the error when it fails. */
function run(command, args, { cwd, env = process.env, log }) {
  const out = openSync(log, "a")
  const result = spawnSync(command, args, { cwd, env, stdio: ["ignore", out, out] })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}):\n${readFileSync(log, "utf8").slice(-4000)}`)
  }
}

const work = mkdtempSync(join(tmpdir(), "trade-credit-packaged-"))
const app = join(work, "store")
const log = join(work, "install.log")
const children = []
let database
try {
  step("packing the plugin and the simulator")
  try {
    readdirSync(join(root, ".medusa", "server", "src"))
  } catch {
    throw new Error("the plugin is not built: run `npm run build` first")
  }
  run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root, log })
  run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: join(root, "packages", "simulator"), log })
  const tarball = (prefix) => join(work, readdirSync(work).find((f) => f.startsWith(prefix) && f.endsWith(".tgz")))
  const pluginTgz = tarball("medusa-payment-trade-credit-")
  const simulatorTgz = tarball("trade-credit-simulator-")

  step(`creating a Medusa ${MEDUSA_VERSION} application in ${app}`)
  mkdirSync(app)
  const rootPackage = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  const version = (name) => rootPackage.devDependencies[name] ?? rootPackage.peerDependencies[name]
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "packaged-store",
        private: true,
        dependencies: {
          "@medusajs/admin-sdk": MEDUSA_VERSION,
          "@medusajs/cli": MEDUSA_VERSION,
          "@medusajs/framework": MEDUSA_VERSION,
          "@medusajs/medusa": MEDUSA_VERSION,
          "medusa-payment-trade-credit": `file:${pluginTgz}`,
        },
        devDependencies: {
          "@swc/core": version("@swc/core"),
          "@types/node": version("@types/node"),
          "trade-credit-simulator": `file:${simulatorTgz}`,
          "ts-node": version("ts-node"),
          typescript: version("typescript"),
          vite: version("vite"),
        },
      },
      null,
      2
    )
  )
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2021",
          esModuleInterop: true,
          module: "Node16",
          moduleResolution: "Node16",
          emitDecoratorMetadata: true,
          experimentalDecorators: true,
          skipLibCheck: true,
          declaration: false,
          outDir: "./.medusa/server",
          rootDir: "./",
          jsx: "react-jsx",
          resolveJsonModule: true,
        },
        "ts-node": { swc: true },
        include: ["**/*", ".medusa/types/*"],
        exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
      },
      null,
      2
    )
  )
  // README "Install it in your store", as written there.
  writeFileSync(
    join(app, "medusa-config.ts"),
    `import { ContainerRegistrationKeys, defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const tradeCredit = {
  apiKey: process.env.TRADE_CREDIT_API_KEY,
  environment: process.env.TRADE_CREDIT_ENVIRONMENT || "sandbox",
  baseUrl: process.env.TRADE_CREDIT_BASE_URL,
  checkoutUrl: process.env.TRADE_CREDIT_CHECKOUT_URL,
  webhookSecret: process.env.TRADE_CREDIT_WEBHOOK_SECRET,
  storefrontUrls: process.env.TRADE_CREDIT_STOREFRONT_URL,
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  plugins: [{ resolve: "medusa-payment-trade-credit", options: tradeCredit }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      // What the trade credit providers reach outside the payment module (Query, the payment and order modules, the
      // plugin's module): Medusa hands a module's providers only what the module lists here.
      dependencies: [ContainerRegistrationKeys.QUERY, Modules.PAYMENT, Modules.ORDER, "tradeCredit"],
      options: {
        providers: [
          {
            resolve: "medusa-payment-trade-credit/providers/trade-credit",
            id: "default",
            options: tradeCredit,
          },
        ],
      },
    },
  ],
})
`
  )

  step("npm install (the two tarballs and Medusa from the registry)")
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: app, log })
  const installed = JSON.parse(readFileSync(join(app, "node_modules", "medusa-payment-trade-credit", "package.json"), "utf8"))
  for (const unwanted of ["express", "multer", "pdf-lib"]) {
    if (installed.dependencies?.[unwanted]) throw new Error(`the plugin's package still depends on ${unwanted}`)
  }

  step("the storefront kit as a storefront imports it (medusa-payment-trade-credit/storefront, with its types)")
  {
    const kitProbe = `const kit = require("medusa-payment-trade-credit/storefront")
const choices = kit.instalmentChoices({ minimum_instalments: 3, maximum_instalments: 36, maximum_instalment_amount: "100.00", gross_amount: "1200.00" })
if (JSON.stringify(choices) !== "[12,24,36]") throw new Error("instalmentChoices answered " + JSON.stringify(choices))
if (!kit.invoiceSessionData({}).verify_before_completion) throw new Error("invoiceSessionData lost verify_before_completion")
console.log("   the kit answers:", JSON.stringify(choices), kit.buyerMessage("TRADE_CREDIT_DECLINED", { language: "de" }))`
    run(process.execPath, ["-e", kitProbe], { cwd: app, log })
    // The types of both entries, as the package's `exports` name them, declare what a storefront imports.
    const kitDir = join(app, "node_modules", "medusa-payment-trade-credit", ".medusa", "server", "src", "storefront")
    for (const [entry, names] of [
      ["index.d.ts", ["completeTradeCreditCart", "tradeCreditReturnRoute"]],
      ["react/index.d.ts", ["TradeCreditPaymentButton", "CompanyPicker", "FundingStatus"]],
    ]) {
      const declared = declaredNames(join(kitDir, entry))
      const missing = names.filter((name) => !declared.has(name))
      if (missing.length) throw new Error(`the kit's types are missing ${missing.join(", ")}: ${join(kitDir, entry)}`)
    }
  }

  step("medusa build --admin-only (the admin with the plugin's extensions)")
  const cli = join(app, "node_modules", "@medusajs", "cli", "cli.js")
  run(process.execPath, [cli, "build", "--admin-only"], { cwd: app, log })

  step("database and migrations")
  database = await ensureDatabase({ log: () => {} })
  const dbName = `medusa-trade-credit-packaged-${process.pid}`
  const databaseUrl = await createFreshDatabase(database, dbName)

  const [simulatorPort, medusaPort] = [await freePort(), await freePort()]
  const apiKey = `secret_test_${randomBytes(32).toString("base64url")}`
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`
  const base = `http://localhost:${medusaPort}`
  const env = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    PORT: String(medusaPort),
    LOG_LEVEL: "warn",
    STORE_CORS: STOREFRONT,
    ADMIN_CORS: base,
    AUTH_CORS: `${STOREFRONT},${base}`,
    TRADE_CREDIT_API_KEY: apiKey,
    TRADE_CREDIT_BASE_URL: simulatorUrl,
    TRADE_CREDIT_CHECKOUT_URL: simulatorUrl,
    TRADE_CREDIT_WEBHOOK_SECRET: webhookSecret,
    TRADE_CREDIT_STOREFRONT_URL: STOREFRONT,
  }
  run(process.execPath, [cli, "db:migrate"], { cwd: app, env, log })
  run(process.execPath, [cli, "user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: app, env, log })

  step("the simulator (its installed bin) and Medusa")
  const out = openSync(log, "a")
  const start = (what, command, args, childEnv) => {
    const child = spawn(command, args, { cwd: app, env: childEnv, stdio: ["ignore", out, out], detached: true })
    child.once("exit", (code, signal) => {
      if (!child.stopping) console.error(`${what} exited (${code ?? signal}); its output is in ${log}`)
    })
    children.push(child)
    return child
  }
  start("the simulator", process.execPath, [join(app, "node_modules", ".bin", "trade-credit-simulator"), "--port", String(simulatorPort)], {
    ...process.env,
    TRADE_CREDIT_SIMULATOR_API_KEY: apiKey,
    TRADE_CREDIT_SIMULATOR_WEBHOOK_SECRET: webhookSecret,
  })
  start("Medusa", process.execPath, [cli, "start"], env)
  await waitFor(`${simulatorUrl}/_sim`, "the simulator", 60_000)
  await waitFor(`${base}/health`, "Medusa", 240_000)
  const control = simulatorControl(simulatorUrl)
  await control("PUT", "/_sim/webhook", { url: `${base}/hooks/trade-credit` })

  step("seeding the store through the admin API")
  const admin = await loginAdmin(base, ADMIN)
  const seed = await seedStore(admin)
  const store = storeClient(base, seed.publishableKey)
  const adminPage = await fetch(`${base}/app`)
  if (!adminPage.ok) throw new Error(`the built admin at ${base}/app answered ${adminPage.status}`)

  /** The order's one payment, once it reached `status` (webhooks arrive on their own time). */
  const paymentOf = async (orderId, statuses) =>
    await waitUntil(
      `the payment of ${orderId} to be ${statuses.join(" or ")}`,
      async () => {
        const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments`)
        const collection = order.payment_collections[0]
        return statuses.includes(collection?.status) ? collection.payments[0] : undefined
      },
      30_000,
      250
    )
  const capture = async (payment) => {
    await admin("POST", `/admin/payments/${payment.id}/capture`, {})
    const { payment: captured } = await admin("GET", `/admin/payments/${payment.id}?fields=id,captured_at,*captures`)
    if (!captured.captures?.length) throw new Error(`payment ${payment.id} shows no capture`)
  }

  step("invoice checkout (the buyer verifies at the service's page), then capture")
  {
    const cartId = await createCart(store, seed)
    const collection = await paymentCollection(store, cartId)
    await startSession(store, collection, "pp_trade-credit_default", { company: ACME, return_url: `${STOREFRONT}/checkout/return` })
    const first = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (first.status !== 400) throw new Error(`the first completion answered ${first.status}: ${JSON.stringify(first.data)}`)
    const session = await sessionOf(store, cartId)
    if (!/^https?:\/\//.test(session.data.payment_url ?? "")) throw new Error(`no verification page in the session: ${JSON.stringify(session.data)}`)
    await control("POST", `/_sim/orders/${session.data.order_id}/verify`, { approve: true })
    const done = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200 || done.data.type !== "order") throw new Error(`the completion answered ${done.status}: ${JSON.stringify(done.data)}`)
    await capture(await paymentOf(done.data.order.id, ["authorized"]))
    const { order } = await control("GET", `/_sim/orders/${session.data.order_id}`)
    console.log(`   order ${done.data.order.id}: the service's order ${order.id} is ${order.state}`)
    if (order.state !== "FULFILLED") throw new Error(`the service's order is ${order.state}, not FULFILLED`)
  }

  step("instalment checkout, then capture")
  {
    const cartId = await createCart(store, seed)
    const collection = await paymentCollection(store, cartId)
    await startSession(store, collection, "pp_trade-credit-plan_default", { company: ACME, number_of_periods: 6 })
    const done = await store.call("POST", `/store/carts/${cartId}/complete`)
    if (done.status !== 200 || done.data.type !== "order") throw new Error(`the completion answered ${done.status}: ${JSON.stringify(done.data)}`)
    // Funding is decided by the service after the order (webhook): the payment is authorized then.
    const payment = await paymentOf(done.data.order.id, ["authorized"])
    await capture(payment)
    const plan = await control("GET", `/_sim/plans/${payment.data.plan_id}`)
    console.log(`   order ${done.data.order.id}: plan ${payment.data.plan_id}, funding ${plan.status.funding_status}, fulfilment ${plan.status.fulfilment_status}`)
    if (plan.status.fulfilment_status === "NOT_INITIATED") throw new Error("the plan was not fulfilled at the service")
  }
  step("packaged install: passed")
} catch (error) {
  console.error(`\npackaged install FAILED: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
} finally {
  for (const child of children) {
    child.stopping = true
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {
      // already gone
    }
  }
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : undefined)))
  await database?.stop().catch(() => {})
  if (keep || process.exitCode) console.log(`the application and its log stay in ${work}`)
  else rmSync(work, { recursive: true, force: true })
}

/** The names a declaration file exports, following its `export * from "./x"` re-exports. */
function declaredNames(file, seen = new Set()) {
  const names = new Set()
  if (seen.has(file)) return names
  seen.add(file)
  const text = readFileSync(file, "utf8")
  for (const match of text.matchAll(/export (?:declare )?(?:function|const|type|class|interface) (\w+)/g)) names.add(match[1])
  for (const match of text.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const part of match[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()
      if (name) names.add(name)
    }
  }
  for (const match of text.matchAll(/export \* from "(\.[^"]+)"/g)) {
    const target = join(dirname(file), match[1].replace(/\.js$/, ""))
    const candidate = [`${target}.d.ts`, join(target, "index.d.ts")].find((path) => existsSync(path))
    if (candidate) for (const name of declaredNames(candidate, seen)) names.add(name)
  }
  return names
}

import { ContainerRegistrationKeys, defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The configuration this repository runs with (tests, `npm run demo`, `medusa develop`).
 * A store that installs the plugin copies the `plugins` and payment `providers` parts
 * (see README.md), resolving "medusa-payment-trade-credit" instead of "./src/...".
 */
const env = process.env

/** One set of options serves the providers and the plugin's module (workflows, jobs, admin routes). */
const tradeCreditOptions = {
  apiKey: env.TRADE_CREDIT_API_KEY,
  environment: env.TRADE_CREDIT_ENVIRONMENT || "sandbox",
  baseUrl: env.TRADE_CREDIT_BASE_URL,
  checkoutUrl: env.TRADE_CREDIT_CHECKOUT_URL,
  webhookSecret: env.TRADE_CREDIT_WEBHOOK_SECRET,
  storefrontUrls: env.TRADE_CREDIT_STOREFRONT_URL,
  timeoutMs: env.TRADE_CREDIT_TIMEOUT_MS ? Number(env.TRADE_CREDIT_TIMEOUT_MS) : undefined,
  maxRetries: env.TRADE_CREDIT_MAX_RETRIES ? Number(env.TRADE_CREDIT_MAX_RETRIES) : undefined,
  captureOn: env.TRADE_CREDIT_CAPTURE_ON || undefined,
  unverifiedOrderTtlHours: env.TRADE_CREDIT_UNVERIFIED_TTL_HOURS ? Number(env.TRADE_CREDIT_UNVERIFIED_TTL_HOURS) : undefined,
  erasureOnCustomerDelete: env.TRADE_CREDIT_ERASURE_ON_CUSTOMER_DELETE === "true",
  logLevel: env.TRADE_CREDIT_LOG_LEVEL || undefined,
  logFormat: env.TRADE_CREDIT_LOG_FORMAT || undefined,
}

/**
 * Scale-out (README "Production deployment"): with REDIS_URL set, Medusa's Redis event bus, cache, workflow engine,
 * locking provider and sessions, so several instances (MEDUSA_WORKER_MODE=server for HTTP, =worker for
 * subscribers, scheduled jobs and queued workflow steps) share one PostgreSQL and one Redis. Without it, the
 * in-process defaults of a single `shared` instance, unchanged.
 */
const redisUrl = env.REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      // Shared by the instances: the plugin's short-lived answers (company searches, pre-checks). The returning-buyer
      // matches token is kept in the database, so it needs no shared cache.
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
      },
    ]
  : []

export default defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    ...(redisUrl ? { redisUrl } : {}),
    workerMode: (env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server" | undefined) || "shared",
    http: {
      // A storefront and an admin on this machine, under either of its names (the demo prints 127.0.0.1 for the
      // storefront): a sole trader's signup registers through the auth routes from the storefront's origin.
      storeCors: env.STORE_CORS || "http://localhost:8000,http://127.0.0.1:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000,http://127.0.0.1:9000",
      authCors:
        env.AUTH_CORS || "http://localhost:8000,http://127.0.0.1:8000,http://localhost:9000,http://127.0.0.1:9000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: env.MEDUSA_ADMIN_DISABLE === "true",
  },
  modules: [
    ...redisModules,
    {
      // The plugin's own module. A store that installs the plugin gets it from `plugins`
      // (with these options); this repository runs the plugin from source, so it is listed here.
      resolve: "./src/modules/trade-credit",
      options: tradeCreditOptions,
    },
    {
      resolve: "@medusajs/medusa/payment",
      // What the trade credit providers reach outside the payment module: Query, the payment and order modules and
      // the plugin's module (Medusa hands a module's providers only what the module lists here).
      dependencies: [ContainerRegistrationKeys.QUERY, Modules.PAYMENT, Modules.ORDER, "tradeCredit"],
      options: {
        providers: [
          {
            resolve: "./src/providers/trade-credit",
            id: "default",
            options: tradeCreditOptions,
          },
        ],
      },
    },
  ],
})

/* eslint-disable @typescript-eslint/no-var-requires */
// Debug logging on before Medusa's logger is loaded (it reads LOG_LEVEL once).
process.env.LOG_LEVEL = "debug"

const { medusaIntegrationTestRunner } = require("@medusajs/test-utils")
const { ContainerRegistrationKeys } = require("@medusajs/framework/utils")
const { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } = require("trade-credit-simulator")
const { adminRequester, loginAdmin } = require("../helpers/admin")
const { control, findCompanyId, useSimulator } = require("../helpers/simulator")
const { createCheckoutCart, startTradeCreditSession, storeClient } = require("../helpers/storefront")
const { approveAtPaymentUrl } = require("../helpers/verification")
const { waitUntil } = require("../helpers/wait")
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(240_000)

/**
 * Secrets (docs/reliability.md): a checkout, a capture, a refund, a failed call
 * and the service's webhooks with debug logging on; then every log line, every
 * answer's body and headers, and every row of every table of Medusa's database
 * (payment sessions and payments, the plugin's webhook records, workflow
 * executions...) are searched for the API key and the webhook secret, whole
 * and by their distinctive parts.
 */
const simulator = useSimulator({ TRADE_CREDIT_CAPTURE_ON: "manual" })
const NEEDLES: Record<string, string> = {
  "API key": SIMULATOR_API_KEY,
  "API key's random part": SIMULATOR_API_KEY.replace(/^secret_(test|prod)_/, ""),
  "webhook secret": SIMULATOR_WEBHOOK_SECRET,
  "webhook secret's base64": SIMULATOR_WEBHOOK_SECRET.replace(/^whsec_/, ""),
  // The secret's bytes as another encoding might show them.
  "webhook secret's bytes (hex)": Buffer.from(SIMULATOR_WEBHOOK_SECRET.replace(/^whsec_/, ""), "base64").toString("hex"),
}

const seen: { logs: string[]; bodies: string[]; headers: string[] } = { logs: [], bodies: [], headers: [] }
const text = (a: unknown) => (typeof a === "string" ? a : a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a))

// Everything the process writes, whatever the logger level filters.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (...args: any[]) => boolean
  ;(stream as any).write = (chunk: unknown, ...rest: any[]) => {
    seen.logs.push(Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk))
    return write(chunk, ...rest)
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }: any) => {
    let seed: any
    let adminHeaders: Record<string, string>
    /** Every answer the store and admin APIs give is kept: body and headers. */
    const recorded = {
      request: async (config: any) => {
        const res = await api.request({ ...config, validateStatus: () => true })
        seen.bodies.push(typeof res.data === "string" ? res.data : JSON.stringify(res.data))
        seen.headers.push(JSON.stringify(res.headers))
        return res
      },
    }

    beforeAll(async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any
      for (const level of ["debug", "info", "warn", "error", "log", "activity", "progress", "success", "failure"]) {
        const original = logger[level]?.bind(logger)
        if (original) logger[level] = (...args: unknown[]) => (seen.logs.push(args.map(text).join(" ")), original(...args))
      }
      adminHeaders = await loginAdmin(getContainer(), api)
      seed = await seedStore(adminRequester(recorded, adminHeaders))
    })

    it("never shows the API key or the webhook secret in logs, answers or stored data", async () => {
      await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}/hooks/payment/trade-credit_default` })
      const admin = adminRequester(recorded, adminHeaders)
      const adminCall = (method: string, url: string, data?: unknown) => recorded.request({ method, url, data, headers: adminHeaders })
      const store = storeClient(recorded, seed.publishableKey)
      const company = { company_canonical_id: await findCompanyId(simulator.url, "GB", "acme") }

      // Checkout: credit check, order, verification, confirmation.
      const cart = await createCheckoutCart(store, seed)
      expect((await startTradeCreditSession(store, cart.id, { company })).status).toBe(200)
      expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
      const { cart: waiting } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
      const session = waiting.payment_collection.payment_sessions[0]
      await approveAtPaymentUrl(session.data.payment_url)
      const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
      const { order: withPayment } = await admin("GET", `/admin/orders/${order.id}?fields=id,*payment_collections.payments`)
      const payment = withPayment.payment_collections[0].payments[0]

      // Capture and refund; then a refund the service fails (500), and a call refused for a bad key-like input.
      await admin("POST", `/admin/payments/${payment.id}/capture`, {})
      await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 10 })
      await control(simulator.url, "POST", "/_sim/faults", { method: "POST", path: "/v1/order/:id/refund", fault: { type: "status", status: 500 } })
      const failed = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: 5 })
      expect(failed.status).toBe(400)
      expect(failed.data.code).toBe("TRADE_CREDIT_UNAVAILABLE")
      await admin("GET", `/admin/orders/${order.id}?fields=id,*payment_collections.payments,*payment_collections.payment_sessions`)
      await admin("GET", "/admin/trade-credit/reconciliation")
      await adminCall("POST", "/admin/trade-credit/reconciliation", {})
      // The service's webhooks reached Medusa and were recorded (each verified with the secret).
      const rows = async () => await (getContainer().resolve("tradeCredit") as any).listWebhookEvents({})
      await waitUntil("two webhook deliveries recorded", async () => (await rows()).length >= 2, { timeoutMs: 30_000, intervalMs: 250 })
      expect((await rows()).length).toBeGreaterThanOrEqual(2)
      expect(seen.logs.some((l) => /trade-credit (GET|POST) \/v1\/order/.test(l))).toBe(true) // debug lines were written

      // Every row of every table of Medusa's database.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const { rows: tables } = await pg.raw("select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")
      const stored: string[] = []
      for (const { table_name } of tables) {
        const { rows: dump } = await pg.raw(`select row_to_json(t)::text as row from "${table_name}" t`)
        for (const r of dump) stored.push(`${table_name}: ${r.row}`)
      }
      expect(stored.some((r) => r.startsWith("payment_session:") && r.includes(session.data.order_id))).toBe(true)
      expect(stored.some((r) => r.startsWith("payment:") && r.includes("INV-"))).toBe(true)

      const found: string[] = []
      const places = { "log lines": seen.logs, "answer bodies": seen.bodies, "answer headers": seen.headers, "database rows": stored }
      for (const [where, list] of Object.entries(places)) {
        for (const [what, needle] of Object.entries(NEEDLES)) {
          const hits = list.filter((entry) => entry.includes(needle))
          if (hits.length) found.push(`${what} in ${where}: ${hits[0].slice(0, 300)}`)
        }
      }
      // eslint-disable-next-line no-console
      console.log(
        [
          "\n### Secrets searched\n",
          "| Where | Items searched | Needles | Found |",
          "|---|---|---|---|",
          ...Object.entries(places).map(([where, list]) => `| ${where} | ${list.length} | ${Object.keys(NEEDLES).join(", ")} | ${found.filter((f) => f.includes(` in ${where}:`)).length} |`),
        ].join("\n")
      )
      expect(found).toEqual([])
    })
  },
})

import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator } from "trade-credit-simulator"
import { CHILD_ADMIN, type ChildMedusa, httpClient, prepareChildMedusa } from "../helpers/child-medusa"
import { control, simulatorProfile, STOREFRONT_URL, WEBHOOK_PATH } from "../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../helpers/storefront"
import { startTestRedis, type TestRedis } from "../helpers/redis"
import { approveAtPaymentUrl } from "../helpers/verification"
import { waitUntil } from "../helpers/wait"
import { merchantOrderIdOf } from "../../src/core/order/merchant-reference"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")
// eslint-disable-next-line @typescript-eslint/no-var-requires
const Redis = require("ioredis")

jest.setTimeout(900_000)

/**
 * Scale-out on Medusa's own distributed setup (issue #10 item 6, docs/reliability.md, README "Production
 * deployment"): three `medusa start` processes of this repository on ONE PostgreSQL database and one Redis
 * (REDIS_URL: Medusa's Redis event bus, workflow engine, locking and sessions, medusa-config.ts):
 * - two in `server` mode (MEDUSA_WORKER_MODE=server: HTTP only; they queue events and run request workflows),
 * - one in `worker` mode (subscribers, scheduled jobs, queued workflow steps; it serves no routes but /health).
 * Each webhook of the service is delivered to both servers at once (a fan-out in front of them); the cart is
 * completed, the payment captured and refunded on both servers at the same moment. Exactly one effect each,
 * counted at the service (the simulator) and in Medusa.
 *
 * Redis: the test starts a `redis-server` of its own on a free port (REDIS_URL, or REDIS_HOST/REDIS_PORT, name an
 * existing one instead); it FAILS with a clear message when neither is possible. It uses the database number
 * SCALE_OUT_REDIS_DB (default 13), emptied before and after.
 */
const REDIS_DB = Number(process.env.SCALE_OUT_REDIS_DB || 13)
let testRedis: TestRedis
let REDIS_URL: string
const ADMIN = CHILD_ADMIN
const COMPANY = { company_canonical_id: "cmpgb08123456" }

let redis: any
let sim: Awaited<ReturnType<typeof startSimulator>>
let fanOut: Server
let servers: ChildMedusa[] = []
let worker: ChildMedusa
let seed: any
let adminHeaders: Record<string, string> = {}
/** Each delivery of the service and what each server answered. */
const deliveries: { id: string; type: string; orderId?: string; planId?: string; answers: number[] }[] = []
export const scaleRows: { step: string; requests: string; service: string; medusa: string }[] = []

const until = <T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> =>
  waitUntil(what, check, { timeoutMs: ms, intervalMs: 250 })

/** Forwards each delivery (same bytes, same Standard Webhooks headers) to every server at once. */
function startFanOut(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", async () => {
      const body = Buffer.concat(chunks)
      const pick = (h: IncomingHttpHeaders) =>
        Object.fromEntries(["content-type", "webhook-id", "webhook-timestamp", "webhook-signature"].filter((k) => h[k]).map((k) => [k, String(h[k])]))
      const answers = await Promise.all(
        servers.map((s) =>
          fetch(`${s.url}${WEBHOOK_PATH}`, { method: "POST", headers: pick(req.headers), body })
            .then((r) => r.status)
            .catch(() => 0)
        )
      )
      let parsed: any = {}
      try {
        parsed = JSON.parse(body.toString("utf8"))
      } catch {
        // recorded as is
      }
      deliveries.push({ id: parsed.id, type: parsed.type, orderId: parsed.data?.order_id, planId: parsed.data?.plan_id, answers })
      res.statusCode = answers.some((s) => s >= 200 && s < 300) ? 200 : 502
      res.end()
    })
  })
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)))
}

beforeAll(async () => {
  testRedis = await startTestRedis()
  REDIS_URL = `${testRedis.url}/${REDIS_DB}`
  redis = new Redis({ host: testRedis.host, port: testRedis.port, db: REDIS_DB, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${testRedis.url} (${(error as Error).message}). The scale-out test needs Redis ` +
        "(Medusa's Redis event bus, workflow engine and locking): set REDIS_URL to a running one, or unset it to let the test start its own."
    )
  }
  await redis.flushdb()

  // Plans' funding is decided by the test (the control API), not by the simulator's clock.
  sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [500, 1000], repaymentFundingDelayMs: 3_600_000, profile: simulatorProfile() })
  fanOut = await startFanOut()
  await control(sim.url, "PUT", "/_sim/webhook", { url: `http://127.0.0.1:${(fanOut.address() as AddressInfo).port}/` })
  const env = (mode: string) => ({
    REDIS_URL,
    MEDUSA_WORKER_MODE: mode,
    TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
    TRADE_CREDIT_BASE_URL: sim.url,
    TRADE_CREDIT_CHECKOUT_URL: sim.url,
    TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
    TRADE_CREDIT_STOREFRONT_URL: STOREFRONT_URL,
    TRADE_CREDIT_CAPTURE_ON: "manual",
  })
  const first = await prepareChildMedusa("tc-scale", env("server"), ADMIN)
  const shared = { databaseUrl: first.env.DATABASE_URL }
  const second = await prepareChildMedusa("tc-scale-b", env("server"), ADMIN, shared)
  worker = await prepareChildMedusa("tc-scale-w", env("worker"), ADMIN, shared)
  servers = [first, second]
  await Promise.all([first.start(), second.start(), worker.start()])
  const { token } = await httpClient(first.url).ok("POST", "/auth/user/emailpass", ADMIN)
  adminHeaders = { authorization: `Bearer ${token}` }
  seed = await seedStore((method: string, path: string, body?: unknown) => httpClient(first.url, adminHeaders).ok(method, path, body))
})

afterAll(async () => {
  await Promise.all([...servers, worker].filter(Boolean).map((m) => m.stop()))
  await sim?.close()
  await new Promise((r) => (fanOut ? fanOut.close(r) : r(undefined)))
  if (redis?.status === "ready") {
    await redis.flushdb()
    await redis.quit()
  }
  await testRedis?.stop()
  // eslint-disable-next-line no-console
  console.log(
    [
      "\n### Scale-out (2 servers + 1 worker, one PostgreSQL, Redis)\n",
      "| Step | Requests | Service | Medusa |",
      "|---|---|---|---|",
      ...scaleRows.map((r) => `| ${r.step} | ${r.requests} | ${r.service} | ${r.medusa} |`),
    ].join("\n")
  )
})

const admin = (i: number) => httpClient(servers[i].url, adminHeaders)
const store = (i: number) =>
  storeClient({ request: ({ method, url, data, headers }: any) => httpClient(servers[i].url, headers ?? {}).call(method, url, data) }, seed.publishableKey)
const simOrder = async (id: string) => (await control(sim.url, "GET", `/_sim/orders/${id}`)).order
const requestsTo = async (method: string, prefix: string) =>
  (await control(sim.url, "GET", `/_sim/requests?method=${method}&path_prefix=${encodeURIComponent(prefix)}`)).items.length as number
/** "200, 400 (message)" for the answers of concurrent requests. */
const answersOf = (list: { status: number; data: any }[]) =>
  list.map((r) => (r.status < 300 ? String(r.status) : `${r.status} (${String(r.data?.message ?? r.data?.code ?? "").slice(0, 120)})`)).join(", ")
const paymentOf = async (orderId: string) => {
  const { order } = await admin(0).ok(
    "GET",
    `/admin/orders/${orderId}?fields=id,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`
  )
  return order.payment_collections.flatMap((c: any) => c.payments ?? [])
}
/** The plugin's webhook records by event id (one PostgreSQL: read through the first server's database). */
async function webhookRecords(): Promise<Record<string, number>> {
  const { Client } = require("pg")
  const client = new Client({ connectionString: servers[0].env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query("select event_id, count(*)::int as n from trade_credit_webhook_event where deleted_at is null group by event_id")
    return Object.fromEntries(rows.map((r: any) => [r.event_id, r.n]))
  } finally {
    await client.end()
  }
}

/**
 * The races are run ROUNDS times in a row on the same three processes (issue #19: the two-instance proof passes ten
 * runs in a row). Booting the processes is most of the file's time; each round is a new buyer, a new order and new
 * deliveries, and every count below is of that round's order. SCALE_OUT_ROUNDS changes the number.
 */
const ROUNDS = Number(process.env.SCALE_OUT_ROUNDS || 10)

it("serves store routes on the servers only, not on the worker", async () => {
  expect((await httpClient(worker.url).call("GET", "/store/trade-credit/companies?country=GB&q=acme")).status).toBe(404)
  expect((await store(1).call("GET", "/store/trade-credit/companies?country=GB&q=acme")).status).toBe(200)
})

it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
  "round %i: delivers each webhook to both servers, completes, captures, refunds and reconciles on both at once: exactly one effect each",
  async (round) => {
    const log = round === 1 ? scaleRows : []

    // 1. Checkout on server A; the buyer verifies; the order.verified webhook reaches both servers at once.
    const cart = await createCheckoutCart(store(0), seed)
    expect((await startTradeCreditSession(store(0), cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store(0).call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: waiting } = await store(1).ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = waiting.payment_collection.payment_sessions[0]
    const serviceOrderId = session.data.order_id as string
    await approveAtPaymentUrl(session.data.payment_url)
    // The buyer comes back and completes on both servers at the same moment, while the webhook completes it too.
    const completions = await Promise.all([0, 1].map((i) => store(i).call("POST", `/store/carts/${cart.id}/complete`)))
    const verified = await until("the order.verified delivery to both servers", async () =>
      deliveries.find((d) => d.type === "order.verified.v1" && d.orderId === serviceOrderId)
    )
    expect(verified.answers).toEqual([200, 200])
    const orderIds = new Set(completions.filter((c) => c.status === 200).map((c) => c.data.order.id))
    expect(orderIds.size).toBe(1)
    const [orderId] = [...orderIds]
    const { orders } = await admin(1).ok("GET", `/admin/orders?fields=id,*payment_collections.payments&limit=1000`)
    const ofSession = orders.filter((o: any) => o.payment_collections.some((c: any) => c.payments?.some((p: any) => p.payment_session_id === session.id)))
    expect(ofSession.map((o: any) => o.id)).toEqual([orderId])
    expect((await control(sim.url, "GET", "/_sim/orders")).items.filter((o: any) => o.merchant_order_id === merchantOrderIdOf(cart.id, session.id))).toHaveLength(1)
    // The worker handled the delivery once; the second copy was recognised by its event id.
    const records = await until("the order.verified event record", async () => {
      const r = await webhookRecords()
      return r[verified.id] ? r : undefined
    })
    expect(records[verified.id]).toBe(1)
    await until("the worker to judge both copies", async () => worker.logs().includes(`${verified.id} (order ${serviceOrderId}) was handled before`))
    log.push({
      step: "order.verified to both servers + cart completed on both",
      requests: `webhook answers ${verified.answers.join(", ")}; completions ${completions.map((c) => c.status).join(", ")}`,
      service: "1 order (CONFIRMED)",
      medusa: "1 order; 1 webhook record; second copy: handled before",
    })

    // 2. Capture on both servers at once.
    const [payment] = await paymentOf(orderId)
    expect(payment).toBeDefined()
    const captures = await Promise.all([0, 1].map((i) => admin(i).call("POST", `/admin/payments/${payment.id}/capture`, {})))
    expect(captures.some((c) => c.status === 200)).toBe(true)
    for (const c of captures) expect(c.status).toBeLessThan(500)
    const [afterCapture] = await paymentOf(orderId)
    const atServiceCaptured = await simOrder(serviceOrderId)
    expect(atServiceCaptured.fulfilments).toHaveLength(1)
    expect(afterCapture.captures).toHaveLength(1)
    expect(Number(afterCapture.captures[0].amount).toFixed(2)).toBe(atServiceCaptured.fulfilments[0].gross_amount)
    log.push({
      step: "capture on both servers at once",
      requests: `answers ${answersOf(captures)}; POST /v1/order/:id/fulfilled × ${await requestsTo("POST", `/v1/order/${serviceOrderId}/fulfilled`)}`,
      service: "1 invoice",
      medusa: "1 capture",
    })

    // 3. Refund of everything captured, on both servers at once.
    const amount = Number(afterCapture.captures[0].amount)
    const refunds = await Promise.all([0, 1].map((i) => admin(i).call("POST", `/admin/payments/${payment.id}/refund`, { amount })))
    expect(refunds.some((r) => r.status === 200)).toBe(true)
    for (const r of refunds) expect(r.status).toBeLessThan(500)
    const [afterRefund] = await paymentOf(orderId)
    const atServiceRefunded = await simOrder(serviceOrderId)
    expect(atServiceRefunded.refunds).toHaveLength(1)
    expect(afterRefund.refunds).toHaveLength(1)
    expect(Number(afterRefund.refunds[0].amount)).toBe(amount)
    log.push({
      step: "full refund on both servers at once",
      requests: `answers ${answersOf(refunds)}; POST /v1/order/:id/refund × ${await requestsTo("POST", `/v1/order/${serviceOrderId}/refund`)}`,
      service: "1 credit note",
      medusa: "1 refund",
    })

    // 4. Reconciliation runs started on both servers at the same moment (an admin's "run now" twice, or a run while
    // another is going): one at a time through the shared lock, and nothing to repair: no call that changes anything
    // at the service, Medusa's payment as it was.
    const changesAtService = async () => ((await control(sim.url, "GET", "/_sim/requests")).items as any[]).filter((r) => r.method !== "GET").length
    const changesBefore = await changesAtService()
    const runs = await Promise.all([0, 1, 0, 1].map((i) => admin(i).call("POST", "/admin/trade-credit/reconciliation", {})))
    for (const r of runs) {
      expect([r.status, r.status === 200 ? "run" : r.data?.code]).toEqual(r.status === 200 ? [200, "run"] : [409, "TRADE_CREDIT_RECONCILIATION_RUNNING"])
    }
    const finished = runs.filter((r) => r.status === 200).map((r) => r.data.run)
    expect(finished.length).toBeGreaterThanOrEqual(1)
    for (const run of finished) expect([run.repaired, run.failed]).toEqual([0, 0])
    expect(await changesAtService()).toBe(changesBefore)
    const [afterRuns] = await paymentOf(orderId)
    expect([afterRuns.captures.length, afterRuns.refunds.length]).toEqual([1, 1])
    log.push({
      step: "4 reconciliation runs on both servers at once",
      requests: `answers ${answersOf(runs)}`,
      service: "no change asked",
      medusa: `${finished.length} run(s), each one at a time under the shared lock: 0 repaired, 0 failed`,
    })

    // 5. Every delivery of the service reached both servers and was recorded once, by the worker.
    // Once the service has no delivery left pending (each one answered by the relay, after both servers did),
    // every delivery is in `deliveries` and has been handled: its record is there.
    const allRecords = await until("every delivery of the service answered and recorded", async () => {
      const { items } = await control(sim.url, "GET", "/_sim/webhooks")
      if (items.some((d: any) => d.state === "pending")) return undefined
      const records = await webhookRecords()
      return deliveries.every((d) => records[d.id]) && records
    })
    const delivered = [...new Set(deliveries.map((d) => d.id))]
    for (const d of deliveries) expect([d.type, d.answers]).toEqual([d.type, [200, 200]])
    for (const id of delivered) expect([id, allRecords[id]]).toEqual([id, 1])
    expect(Object.values(allRecords).every((n) => n === 1)).toBe(true)
    const subscriberLine = /trade-credit webhook: order\.[\w.]+ \S+ \(order /
    expect(subscriberLine.test(worker.logs())).toBe(true)
    for (const s of servers) expect(subscriberLine.test(s.logs())).toBe(false)
    log.push({
      step: "every webhook of the run",
      requests: `${deliveries.length} deliveries × 2 servers (${[...new Set(deliveries.map((d) => d.type))].join(", ")})`,
      service: "-",
      medusa: `${delivered.length} event records, 1 each; handled by the worker only`,
    })
  }
)

const PLAN_ROUNDS = Math.min(3, ROUNDS)
const PLAN_PROVIDER = "pp_trade-credit-plan_default"

it.each(Array.from({ length: PLAN_ROUNDS }, (_, i) => i + 1))(
  "plan round %i: completes on both servers, applies the funding webhook (to both) and re-syncs (on both) at once, captures on both: one plan, one payment, one fulfilment",
  async (round) => {
    const log = round === 1 ? scaleRows : []

    // 1. An instalment checkout completed on both servers at the same moment: one order, one plan.
    const cart = await createCheckoutCart(store(0), seed)
    const { payment_collection } = await store(0).ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const started = await store(0).call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: COMPANY, number_of_periods: 6 },
    })
    expect(started.status).toBe(200)
    const plansBefore = await requestsTo("POST", "/repay/v1/plan")
    const completions = await Promise.all([0, 1].map((i) => store(i).call("POST", `/store/carts/${cart.id}/complete`)))
    const orderIds = new Set(completions.filter((c) => c.status === 200).map((c) => c.data.order.id))
    expect(orderIds.size).toBe(1)
    const [orderId] = [...orderIds]
    const { cart: completed } = await store(1).ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = completed.payment_collection.payment_sessions.find((s: any) => s.provider_id === PLAN_PROVIDER)
    const planId = session.data.plan_id as string
    expect(planId).toBeTruthy()
    expect(await requestsTo("POST", "/repay/v1/plan")).toBe(plansBefore + 1)
    expect(await paymentOf(orderId)).toHaveLength(0)

    // 2. The service funds the plan: its webhook reaches both servers while an admin re-syncs the order on both.
    await control(sim.url, "POST", `/_sim/plans/${planId}/funding`, { status: "ACCEPTED" })
    const resyncs = await Promise.all([0, 1].map((i) => admin(i).call("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })))
    for (const r of resyncs) {
      expect([r.status, r.status === 200 ? "run" : r.data?.code]).toEqual(r.status === 200 ? [200, "run"] : [409, "TRADE_CREDIT_RECONCILIATION_RUNNING"])
    }
    const funded = await until("the funding delivery to both servers", async () =>
      deliveries.find((d) => d.type === "repayment.plan.funding_decided" && d.planId === planId)
    )
    expect(funded.answers).toEqual([200, 200])
    const records = await until("the funding event record", async () => {
      const r = await webhookRecords()
      return r[funded.id] ? r : undefined
    })
    expect(records[funded.id]).toBe(1)
    const [payment] = await until("the order's one payment", async () => {
      const list = await paymentOf(orderId)
      return list.length ? list : undefined
    })
    expect(await paymentOf(orderId)).toHaveLength(1)
    expect(payment.data.funding_status).toBe("ACCEPTED")
    log.push({
      step: "plan: completion on both + funding webhook to both + re-sync on both",
      requests: `completions ${completions.map((c) => c.status).join(", ")}; webhook answers ${funded.answers.join(", ")}; re-syncs ${answersOf(resyncs)}`,
      service: "1 plan (funding ACCEPTED)",
      medusa: "1 order, 1 payment; 1 webhook record",
    })

    // 3. Capture on both servers at once: the plan is fulfilled once.
    const fulfilsBefore = await requestsTo("PUT", "/repay/v1/fulfilment")
    const captures = await Promise.all([0, 1].map((i) => admin(i).call("POST", `/admin/payments/${payment.id}/capture`, {})))
    expect(captures.some((c) => c.status === 200)).toBe(true)
    for (const c of captures) expect(c.status).toBeLessThan(500)
    const [afterCapture] = await paymentOf(orderId)
    expect(afterCapture.captures).toHaveLength(1)
    const plan = await control(sim.url, "GET", `/_sim/plans/${planId}`)
    expect(["PENDING", "SUCCEEDED"]).toContain(plan.status.fulfilment_status)
    const fulfils = (await requestsTo("PUT", "/repay/v1/fulfilment")) - fulfilsBefore
    expect(fulfils).toBe(1)
    log.push({
      step: "plan: capture on both servers at once",
      requests: `answers ${answersOf(captures)}; PUT /repay/v1/fulfilment × ${fulfils}`,
      service: `1 fulfilment (${plan.status.fulfilment_status})`,
      medusa: "1 capture",
    })
  }
)

/**
 * Issue 36, defect 6: a returning sole-trader buyer with several businesses verifies the email on one server and
 * chooses the business on the other. The matches token the choice needs is kept where every instance reads it (the
 * plugin's module, PostgreSQL), not in the verifying process; it is used up once, so two choices at once (one per
 * server) enrol one business.
 */
it("returning buyer: the matches are asked on server 1 and the choice is made on server 2; two choices at once on both servers enrol once", async () => {
  const SOLETRADER = "/store/trade-credit/soletrader"
  const email = "two.businesses@example.com"
  const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
  /** A new customer, registered on server 1 and logged in on server 2 (one JWT secret: the token works on both). */
  const newCustomer = async (n: number) => {
    const login = { email: `returning.buyer.${n}.${Date.now()}@example.com`, password: "returning-buyer-pw" }
    const { token: registration } = await httpClient(servers[0].url).ok("POST", "/auth/customer/emailpass/register", login)
    await httpClient(servers[0].url, { ...keyHeaders, authorization: `Bearer ${registration}` }).ok("POST", "/store/customers", {
      email: login.email,
      first_name: "Jo",
      last_name: "Bloggs",
    })
    const { token } = await httpClient(servers[1].url).ok("POST", "/auth/customer/emailpass", login)
    return (i: number) => httpClient(servers[i].url, { ...keyHeaders, authorization: `Bearer ${token}` })
  }
  let customer = await newCustomer(1)
  /** Asks for a code on server `i` and verifies it there: the answer lists the matches, the token stays on the server side. */
  const verifyOn = async (i: number) => {
    const codesBefore = ((await control(sim.url, "GET", `/_sim/registration/codes?email=${encodeURIComponent(email)}`)).items as any[]).map((v) => v.sent_at)
    expect((await customer(i).call("POST", `${SOLETRADER}/returning-buyer/verification`, { email })).status).toBe(201)
    const code = await until("the code the service emailed", async () => {
      const { items } = await control(sim.url, "GET", `/_sim/registration/codes?email=${encodeURIComponent(email)}`)
      return (items as any[]).find((v) => v.code && !codesBefore.includes(v.sent_at))?.code as string | undefined
    }, 10_000)
    const verified = await customer(i).ok("POST", `${SOLETRADER}/returning-buyer/verification/code`, { email, code })
    expect(verified).toMatchObject({ business: null, total_matches: 2, enrollment: null })
    expect(JSON.stringify(verified)).not.toContain("sdat_")
    return verified.matches.map((m: any) => m.organization_number) as string[]
  }
  const choose = (i: number, organization_number: string) =>
    customer(i).call("POST", `${SOLETRADER}/returning-buyer/choice`, { organization_number, country_code: "GB" })

  // 1. Verified on server 1, chosen on server 2. In between, whatever the plugin put in Medusa's cache is gone: a cache
  // may drop any entry at any moment (eviction under maxmemory, a restart of Redis), so the kept token is not cache material.
  expect(await verifyOn(0)).toEqual(["11223344", "12345678"])
  const cached: string[] = await redis.keys("*trade-credit:*")
  if (cached.length) await redis.del(...cached)
  // Kept in PostgreSQL, one row for the buyer, and sealed: the token itself is not in the row.
  const { Client } = require("pg")
  const db = new Client({ connectionString: servers[0].env.DATABASE_URL })
  await db.connect()
  try {
    const { rows } = await db.query(`select email, token from trade_credit_matches_token where deleted_at is null`)
    expect(rows.map((r: any) => r.email)).toEqual([email])
    expect(rows[0].token).toMatch(/^v1:/)
    expect(rows[0].token).not.toContain("sdat_")
  } finally {
    await db.end()
  }
  const chosen = await choose(1, "12345678")
  expect([chosen.status, chosen.data?.code]).toEqual([200, undefined])
  expect(chosen.data.business).toEqual({ company_name: "PENNYWORTH STATIONERS LTD", country_code: "GB", organization_number: "12345678" })
  expect(chosen.data.enrollment).toMatchObject({ status: "VERIFIED", source: "returning_buyer", organization_number: "12345678", enrolled: true })
  // Used up, on either server.
  for (const i of [0, 1]) expect((await choose(i, "11223344")).data.code).toBe("TRADE_CREDIT_VERIFY_AGAIN")

  // 2. Another buyer verified on server 2; a choice on each server at the same moment: one enrols, the other verifies again.
  customer = await newCustomer(2)
  await verifyOn(1)
  const both = await Promise.all([choose(0, "11223344"), choose(1, "11223344")])
  expect(both.map((r) => r.status).sort()).toEqual([200, 409])
  expect(both.find((r) => r.status === 409)!.data.code).toBe("TRADE_CREDIT_VERIFY_AGAIN")
  expect((await customer(0).ok("GET", `${SOLETRADER}/enrollment`)).enrollment).toMatchObject({ organization_number: "11223344", status: "VERIFIED" })
  // The token never reached a log line of any process.
  for (const m of [...servers, worker]) expect(m.logs()).not.toMatch(/sdat_/)
  scaleRows.push({
    step: "returning buyer: verified on server 1, chosen on server 2; then a choice on both at once",
    requests: `choice ${chosen.status}; at once ${both.map((r) => r.status).join(", ")}`,
    service: "2 verifications, matches listed with the delegated token",
    medusa: "1 enrollment (VERIFIED) each time; the token used once, kept in PostgreSQL",
  })
})

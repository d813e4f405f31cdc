import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator } from "trade-credit-simulator"
import { CHILD_ADMIN, type ChildMedusa, httpClient, prepareChildMedusa } from "../helpers/child-medusa"
import { control, STOREFRONT_URL } from "../helpers/simulator"
import { unfinishedAfterMs } from "../../src/workflows/reconciliation/read-medusa-state"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../helpers/storefront"
import { waitUntil } from "../helpers/wait"
import { merchantOrderIdOf } from "../../src/core/order/merchant-reference"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

// Three restarts of a child Medusa (each up to BOOT_LIMIT_MS on a loaded machine) and three held answers.
jest.setTimeout(1_200_000)

/**
 * Crash consistency (docs/reliability.md): a real Medusa server (a child
 * process) is killed with SIGKILL after the service committed a change and
 * before Medusa wrote it (the simulator holds its answer), then started again
 * on the same database. A reconciliation run repairs Medusa, and the service
 * holds one order, one invoice, one credit note: nothing is charged twice.
 */
const ADMIN = CHILD_ADMIN
const COMPANY = { company_canonical_id: "cmpgb08123456" }
/** How long the simulator holds its answer once it committed: the test sees the commit and kills Medusa within it. */
const HOLD_MS = 4_000
/** Longer than the simulator holds the answer: Medusa is still waiting when it is killed. */
const TIMEOUT_MS = HOLD_MS + 1_000
/** Reconciliation's age for a capture or refund row left unfinished (derived from the client's timeout). */
const UNFINISHED_AFTER_MS = unfinishedAfterMs(TIMEOUT_MS)

let sim: Awaited<ReturnType<typeof startSimulator>>
let medusa: ChildMedusa
let seed: any
let adminHeaders: Record<string, string> = {}
export const crashRows: { case: string; killedAfter: string; repair: string; service: string; medusa: string }[] = []

async function login() {
  const { token } = await httpClient(medusa.url).ok("POST", "/auth/user/emailpass", ADMIN)
  adminHeaders = { authorization: `Bearer ${token}` }
}
const admin = () => httpClient(medusa.url, adminHeaders)
/** The axios-like `api` the storefront helpers take. */
const api = () => ({
  request: ({ method, url, data, headers }: any) => httpClient(medusa.url, headers ?? {}).call(method, url, data),
})

const until = <T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> =>
  waitUntil(what, check, { timeoutMs: ms })

/** Kills Medusa once `committed` says the service made the change, while the answer is held; then starts it again. */
async function crashWhile(request: () => Promise<unknown>, committed: () => Promise<boolean>) {
  const inFlight = request().catch((e) => e)
  // The request reaches the service after Medusa's own work (seconds on a loaded machine); then the hold starts.
  await until("the service to commit the change", async () => await committed(), 60_000)
  await medusa.kill()
  await inFlight
  await control(sim.url, "DELETE", "/_sim/faults")
  await medusa.start()
  await login()
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200] })
  medusa = await prepareChildMedusa(
    "tc-crash",
    {
      TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
      TRADE_CREDIT_BASE_URL: sim.url,
      TRADE_CREDIT_CHECKOUT_URL: sim.url,
      TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
      TRADE_CREDIT_STOREFRONT_URL: STOREFRONT_URL,
      TRADE_CREDIT_CAPTURE_ON: "manual",
      TRADE_CREDIT_TIMEOUT_MS: String(TIMEOUT_MS),
      TRADE_CREDIT_MAX_RETRIES: "0",
    },
    ADMIN
  )
  await medusa.start()
  await login()
  seed = await seedStore((method: string, path: string, body?: unknown) => admin().ok(method, path, body))
})

afterAll(async () => {
  await medusa?.stop()
  await sim?.close()
  // eslint-disable-next-line no-console
  console.log(
    ["\n### Crash consistency\n", "| Case | Killed after | Repair | Service | Medusa |", "|---|---|---|---|---|",
      ...crashRows.map((r) => `| ${r.case} | ${r.killedAfter} | ${r.repair} | ${r.service} | ${r.medusa} |`)].join("\n")
  )
})

const simOrders = async () => (await control(sim.url, "GET", "/_sim/orders")).items as any[]
const simOrder = async (id: string) => (await control(sim.url, "GET", `/_sim/orders/${id}`)).order
const reconcile = async (body: Record<string, unknown> = {}) => {
  const res = await admin().call("POST", "/admin/trade-credit/reconciliation", body)
  expect(res.status).toBe(200)
  return res.data.run
}
const paymentOf = async (orderId: string) => {
  const { order } = await admin().ok(
    "GET",
    `/admin/orders/${orderId}?fields=id,status,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`
  )
  const payments = (order.payment_collections ?? []).flatMap((c: any) => c.payments ?? [])
  if (!payments.length) throw new Error(`order ${orderId} has no payment: ${JSON.stringify(order)}`)
  return payments[0]
}

/** Reconciliation treats a capture or refund row as unfinished once it is older than UNFINISHED_AFTER_MS. */
async function waitUntilUnfinished(rows: { created_at?: string }[]) {
  const newest = Math.max(0, ...rows.map((r) => new Date(r.created_at ?? 0).getTime()))
  // Time is what reconciliation reads here (a row's age, against a child process's clock): waited for as a condition.
  await until(`the newest row to be older than ${UNFINISHED_AFTER_MS} ms`, async () => Date.now() > newest + UNFINISHED_AFTER_MS + 1000, UNFINISHED_AFTER_MS + 60_000)
}

it("repairs a cart completion and a capture and a refund whose Medusa process died after the service committed", async () => {
  const store = storeClient(api(), seed.publishableKey)
  const cart = await createCheckoutCart(store, seed)
  expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
  const sessionId = (await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)).cart.payment_collection
    .payment_sessions[0].id

  // 1. Cart completion: the service creates the order, Medusa dies before the session learns it.
  await control(sim.url, "POST", "/_sim/faults", { method: "POST", path: "/v1/order", fault: { type: "latency", ms: HOLD_MS, when: "after" } })
  await crashWhile(
    () => store.call("POST", `/store/carts/${cart.id}/complete`),
    async () => (await simOrders()).some((o) => o.merchant_order_id === merchantOrderIdOf(cart.id, sessionId))
  )
  const { cart: afterCrash } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
  const lost = afterCrash.payment_collection.payment_sessions[0]
  expect(lost.data.order_id).toBeUndefined()
  const run1 = await reconcile()
  const finding1 = run1.findings.find((f: any) => f.session_id === sessionId)
  expect(finding1.action).toMatch(/stored service order/)
  const { cart: repaired } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
  const session = repaired.payment_collection.payment_sessions[0]
  expect(session).toMatchObject({ status: "requires_more", data: expect.objectContaining({ order_id: expect.any(String) }) })
  const serviceOrderId = session.data.order_id
  await control(sim.url, "POST", `/_sim/orders/${serviceOrderId}/verify`, { approve: true })
  const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
  expect(placed.status).toBe(200)
  const orderId = placed.data.order.id
  // Medusa places the order before it authorizes, and a killed process runs no compensation: the order was
  // already there, and completing the cart again answers it as it is, without a payment. Reconciliation
  // authorizes the session (what Medusa's own `authorized` webhook handling does for an existing order).
  const unpaid = (await admin().ok("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)).order
  const paymentsBefore = unpaid.payment_collections.flatMap((c: any) => c.payments ?? []).length
  const run1b = await reconcile()
  const finding1b = run1b.findings.find((f: any) => f.session_id === sessionId)
  if (paymentsBefore === 0) expect(finding1b).toMatchObject({ order_id: orderId, action: expect.stringMatching(/authorized the payment session/) })
  expect(finding1b?.error).toBeUndefined()
  const placedPayment = await paymentOf(orderId)
  expect(placedPayment.data.order_id).toBe(serviceOrderId)
  expect((await simOrder(serviceOrderId)).state).toBe("CONFIRMED")
  expect((await simOrders()).filter((o) => o.merchant_order_id === merchantOrderIdOf(cart.id, sessionId))).toHaveLength(1)
  expect((await reconcile()).findings.find((f: any) => f.session_id === sessionId)?.action ?? "none").not.toMatch(/authorized/)
  crashRows.push({
    case: "cart completion",
    killedAfter: "POST /v1/order committed, answer held",
    repair: `${finding1.action.split(";")[0]}; after verification: ${paymentsBefore === 0 ? finding1b.action.split(":")[0] : "none needed"}`,
    service: "1 order (CONFIRMED)",
    medusa: `order placed before the kill; ${paymentsBefore === 0 ? "its payment created by reconciliation" : "paid on completion"}; 1 payment`,
  })

  // 2. Capture: the service invoices, Medusa dies before the capture row.
  let payment = await paymentOf(orderId)
  await control(sim.url, "POST", "/_sim/faults", {
    method: "POST",
    path: "/v1/order/:id/fulfilled",
    fault: { type: "latency", ms: HOLD_MS, when: "after" },
  })
  await crashWhile(
    () => admin().call("POST", `/admin/payments/${payment.id}/capture`, {}),
    async () => (await simOrder(serviceOrderId)).fulfilments.length > 0
  )
  // Medusa writes the capture row before it calls the provider (and deletes it when the call fails): killed
  // during the call, the row stays, unfinished (not booked on the order, the payment not marked captured).
  const leftCaptures = (await paymentOf(orderId)).captures ?? []
  await waitUntilUnfinished(leftCaptures)
  const run2 = await reconcile({ order_id: orderId })
  expect(run2.failed).toBe(0)
  expect(run2.findings[0].action).toMatch(/recorded a capture/)
  payment = await paymentOf(orderId)
  let atService = await simOrder(serviceOrderId)
  expect(atService.fulfilments).toHaveLength(1)
  expect(payment.captures).toHaveLength(1)
  expect(Number(payment.captures[0].amount).toFixed(2)).toBe(atService.fulfilments[0].gross_amount)
  expect(payment.captured_at).toBeTruthy()
  crashRows.push({
    case: "capture",
    killedAfter: "POST /v1/order/:id/fulfilled committed, answer held",
    repair: run2.findings[0].action.split(";").filter((a: string) => /capture/.test(a)).map((a: string) => a.trim().replace(/ capt_\w+/, "")).join("; "),
    service: "1 invoice",
    medusa: `${leftCaptures.length} unfinished capture row left by the kill → 1 capture of the invoiced amount, payment captured`,
  })

  // 3. Refund: the service credits, Medusa dies before the refund row.
  await control(sim.url, "POST", "/_sim/faults", {
    method: "POST",
    path: "/v1/order/:id/refund",
    fault: { type: "latency", ms: HOLD_MS, when: "after" },
  })
  await crashWhile(
    () => admin().call("POST", `/admin/payments/${payment.id}/refund`, { amount: 25 }),
    async () => (await simOrder(serviceOrderId)).refunds.length > 0
  )
  const leftRefunds = (await paymentOf(orderId)).refunds ?? []
  await waitUntilUnfinished(leftRefunds)
  const run3 = await reconcile({ order_id: orderId })
  expect(run3.failed).toBe(0)
  expect(run3.findings[0].action).toMatch(/recorded a refund/)
  payment = await paymentOf(orderId)
  atService = await simOrder(serviceOrderId)
  expect(atService.refunds).toHaveLength(1)
  expect(payment.refunds).toHaveLength(1)
  expect(Number(payment.refunds[0].amount)).toBe(25)

  // A second run finds Medusa and the service in step; a retried refund of the same amount is a new refund, made once.
  const run4 = await reconcile({ order_id: orderId })
  expect(run4).toMatchObject({ repaired: 0, failed: 0 })
  expect((await simOrder(serviceOrderId)).refunds).toHaveLength(1)
  crashRows.push({
    case: "refund",
    killedAfter: "POST /v1/order/:id/refund committed, answer held",
    repair: run3.findings[0].action.split(";").filter((a: string) => /refund/.test(a)).map((a: string) => a.trim().replace(/ ref_\w+/g, "")).join("; "),
    service: "1 credit note",
    medusa: `${leftRefunds.length} unfinished refund row left by the kill → 1 refund of 25.00`,
  })
})

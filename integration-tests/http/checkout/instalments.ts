import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { pollPlanFunding } from "../../../src/jobs/poll-plan-funding"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../src/modules/trade-credit"
import { syncPlanFunding } from "../../../src/workflows/webhooks/sync-plan-funding"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, minimalProfile, WEBHOOK_PATH } from "../../helpers/simulator"
import { BUYER_ADDRESS, createCheckoutCart, storeClient } from "../../helpers/storefront"
import { recordLogs, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()

const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const ACME = { company_canonical_id: "cmpgb08123456" }
const HOUR = 60 * 60 * 1000

type Store = ReturnType<typeof storeClient>

const cents = (money: string | number) => Math.round(Number(money) * 100)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The funding decline reason the plugin keeps: the service's own. The plan status's `credit_decline_reason` is neither
 * required by the published documents nor promised by the seed: under the minimal profile the status gives none.
 */
const declineReason = (reason: string) => (minimalProfile() ? null : reason)

/** How long the simulated service takes to decide a plan's funding (its own clock). */
const setFundingDelay = (ms: number) => {
  simulator.sim!.state.repayment.fundingDelayMs = ms
}

/** The requests the simulated service received on the repayment interface (and company reads), oldest first. */
const repaymentRequests = async () =>
  (await control(simulator.url, "GET", "/_sim/requests?path_prefix=/repay/v1")).items as {
    method: string
    path: string
    status: number
    body: any
  }[]

const simPlan = async (planId: string) => await control(simulator.url, "GET", `/_sim/plans/${planId}`)

async function startPlanSession(store: Store, cartId: string, data: Record<string, unknown>) {
  const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cartId })
  return await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: PLAN_PROVIDER, data })
}

async function planSessionOfCart(store: Store, cartId: string) {
  const { cart } = await store.ok("GET", `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`)
  return cart.payment_collection.payment_sessions.find((s: any) => s.provider_id === PLAN_PROVIDER)
}

export default areaPart("instalments", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  const admin = (method: string, path: string, body?: unknown) => adminRequester(api, adminHeaders)(method, path, body)
  const adminCall = (method: string, path: string, body?: unknown) =>
    api.request({ method, url: path, data: body, headers: adminHeaders, validateStatus: () => true })

  beforeAll(async () => {
    adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
  })

  beforeEach(async () => {
    // Each test starts from the seeded database: the service starts from nothing too.
    await control(simulator.url, "POST", "/_sim/reset")
    await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}${WEBHOOK_PATH}` })
    setFundingDelay(HOUR)
  })

  /** A checkout up to the completed cart, with the given plan session data. */
  async function checkout(store: Store, data: Record<string, unknown>, cartOptions: Parameters<typeof createCheckoutCart>[2] = {}) {
    const cart = await createCheckoutCart(store, seed, cartOptions)
    const started = await startPlanSession(store, cart.id, { company: ACME, ...data })
    expect(started.status).toBe(200)
    const completed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    return { cart, completed, session: await planSessionOfCart(store, cart.id) }
  }

  const paymentsOfOrder = async (orderId: string) => {
    const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,status,*payment_collections.payments`)
    return { order, payments: order.payment_collections.flatMap((c: any) => c.payments ?? []) }
  }

  /** The order's payment, once the service's funding webhook has authorized it. */
  const fundedPaymentOf = (orderId: string) =>
    waitUntil(`the funded payment of ${orderId}`, async () => (await paymentsOfOrder(orderId)).payments[0])

  /**
   * A checkout whose plan the service funds (funding delay 0): the completion places the order with the payment
   * pending (the plan's funding is not read right after it is made), then the funding webhook authorizes it.
   */
  async function fundedCheckout(store: Store, data: Record<string, unknown>, cartOptions: Parameters<typeof createCheckoutCart>[2] = {}) {
    const placed = await checkout(store, data, cartOptions)
    expect(placed.completed.status).toBe(200)
    // (The session may already be authorized when it is read: the webhook can beat the read.)
    await fundedPaymentOf(placed.completed.data.order.id)
    return { ...placed, session: await planSessionOfCart(store, placed.cart.id) }
  }

  it("previews 3, 12 and 36 monthly instalments of a cart (one preview call each), and refuses bad periods and cadences before asking the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const total = Number(cart.total).toFixed(2)

    const res = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [3, 12, 36], company: ACME })
    expect(res.status).toBe(200)
    expect(res.data.total_repayment_amount).toBe(total)
    expect(res.data.currency).toBe("GBP")
    // The service's check allows 1 to 36; the seed's plan duration, 3 to 36 months, is what is offered.
    expect(res.data.limits).toEqual({ minimum_instalments: 3, maximum_instalments: 36, maximum_instalment_amount: "16666.66", currency: "GBP" })
    expect(res.data.schedules.map((s: any) => s.number_of_periods)).toEqual([3, 12, 36])
    const { now } = await control(simulator.url, "GET", "/_sim/clock")
    for (const schedule of res.data.schedules) {
      const { instalments, number_of_periods: n } = schedule
      expect(instalments).toHaveLength(n)
      // Exact: the instalments add up to the cart total to the cent; all equal but the last, which takes the remainder.
      expect(instalments.reduce((sum: number, i: any) => sum + cents(i.repayment_amount), 0)).toBe(cents(total))
      const first = cents(instalments[0].repayment_amount)
      expect(instalments.slice(0, -1).every((i: any) => cents(i.repayment_amount) === first)).toBe(true)
      expect(cents(instalments[n - 1].repayment_amount) - first).toBeLessThan(n)
      // Each instalment's tax subtotals add up to it; the first is issued on the 1st of next month, then monthly.
      for (const i of instalments) {
        const taxed = i.tax_subtotals.reduce((sum: number, t: any) => sum + cents(t.taxable_amount) + cents(t.tax_amount), 0)
        expect(taxed).toBe(cents(i.repayment_amount))
      }
      const start = new Date(now)
      const expected = Array.from({ length: n }, (_, k) =>
        new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1 + k, 1)).toISOString().slice(0, 10)
      )
      expect(instalments.map((i: any) => i.invoice_issue_date)).toEqual(expected)
    }
    // One credit check and one preview a schedule (the service previews one plan a call), asked together.
    const calls = await repaymentRequests()
    expect(calls.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "POST /repay/v1/credit-check",
      "POST /repay/v1/preview",
      "POST /repay/v1/preview",
      "POST /repay/v1/preview",
    ])
    const previewCalls = calls.filter((r) => r.path === "/repay/v1/preview")
    expect(previewCalls.map((r) => r.body.terms.number_of_periods).sort((a, b) => a - b)).toEqual([3, 12, 36])
    for (const call of previewCalls) {
      expect(Object.keys(call.body).sort()).toEqual(["tax_subtotals", "terms", "total_repayment_amount"])
      expect(call.body.total_repayment_amount).toBe(total)
    }

    // Bad input: a clear 400 with a code, and nothing asked of the service. A number of months outside the plan
    // duration (3 to 36) has its own code.
    for (const [body, code, message] of [
      [{ periods: [0] }, "TRADE_CREDIT_INVALID_PERIODS", /periods\[0\].*from 3 to 36/],
      [{ periods: [1] }, "TRADE_CREDIT_INVALID_PERIODS", /periods\[0\].*from 3 to 36/],
      [{ periods: [12, 2] }, "TRADE_CREDIT_INVALID_PERIODS", /periods\[1\].*from 3 to 36/],
      [{ periods: [37] }, "TRADE_CREDIT_INVALID_PERIODS", /periods\[0\].*from 3 to 36/],
      [{ periods: [12, 2.5] }, "TRADE_CREDIT_INVALID_PERIODS", /periods\[1\].*whole number of months/],
      [{ periods: ["12"] }, "TRADE_CREDIT_INVALID_PERIODS", /whole number of months/],
      [{}, "TRADE_CREDIT_INVALID_PREVIEW", /periods is required/],
      [{ periods: [] }, "TRADE_CREDIT_INVALID_PREVIEW", /at least one/],
      [{ periods: [12], period: "WEEKLY" }, "TRADE_CREDIT_INVALID_PREVIEW", /MONTHLY/],
      [{ periods: [3, 3] }, "TRADE_CREDIT_INVALID_PREVIEW", /same number twice/],
    ] as const) {
      const bad = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, company: ACME, ...body })
      expect({ body, status: bad.status, code: bad.data.code }).toEqual({ body, status: 400, code })
      expect(bad.data.message).toMatch(message)
    }
    const noCompany = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [12] })
    expect(noCompany.status).toBe(400)
    expect(noCompany.data.message).toMatch(/company is required/)
    const unknownCart = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: "cart_nope", periods: [12], company: ACME })
    expect(unknownCart.status).toBe(404)
    const noKey = await api.post("/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [12], company: ACME }, { validateStatus: () => true })
    expect(noKey.status).toBe(400)
    expect(await repaymentRequests()).toHaveLength(4)

    // Once the cart's instalment session names the company, the preview needs no company.
    expect((await startPlanSession(store, cart.id, { company: ACME })).status).toBe(200)
    const fromSession = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [6] })
    expect(fromSession.status).toBe(200)
    expect(fromSession.data.schedules[0].instalments).toHaveLength(6)
  })

  it("refuses an amount above the credit limit, terms outside the credit check's limits and bad session data, before a plan is made", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)

    // Bad session data: a 400 with a code before any call to the service; months outside 3 to 36 have their own.
    for (const [data, code] of [
      [{ number_of_periods: 0 }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: 1 }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: 2 }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: 37 }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: 2.5 }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: "12" }, "TRADE_CREDIT_INVALID_PERIODS"],
      [{ number_of_periods: 12, period: "WEEKLY" }, "INVALID_SESSION_DATA"],
    ] as const) {
      const res = await startPlanSession(store, cart.id, { company: ACME, ...data })
      expect({ data, status: res.status, code: res.data.code }).toEqual({ data, status: 400, code })
      if (code === "TRADE_CREDIT_INVALID_PERIODS") expect(res.data.message).toMatch(/number_of_periods must be a whole number of months from 3 to 36/)
    }
    expect(await repaymentRequests()).toHaveLength(0)

    // Above the company's credit limit: declined with a code; no account or plan is made (the preview's schedules,
    // asked with the check, are not answered).
    await control(simulator.url, "PATCH", "/_sim/companies/cmpgb08123456", { credit_limit: "100.00" })
    const preview = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [12], company: ACME })
    expect(preview.status).toBe(400)
    expect(preview.data.code).toBe("TRADE_CREDIT_DECLINED")
    const session = await startPlanSession(store, cart.id, { company: ACME, number_of_periods: 12 })
    expect(session.status).toBe(400)
    expect(session.data.code).toBe("TRADE_CREDIT_DECLINED")
    const afterDecline = (await repaymentRequests()).map((r) => r.path).filter((path) => path !== "/repay/v1/preview")
    expect(afterDecline).toEqual(["/repay/v1/credit-check", "/repay/v1/credit-check"])

    // A limit of 3000.00 allows at most 1000.00 a month, so the service's check allows 2 to 36 instalments: what
    // is offered is the intersection with the plan duration, 3 to 36, and 2 is refused before the service is asked.
    await control(simulator.url, "PATCH", "/_sim/companies/cmpgb08123456", { credit_limit: "3000.00" })
    const before = (await repaymentRequests()).length
    const tooFew = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [12, 2], company: ACME })
    expect(tooFew.status).toBe(400)
    expect(tooFew.data.code).toBe("TRADE_CREDIT_INVALID_PERIODS")
    expect(tooFew.data.message).toMatch(/from 3 to 36/)
    const twoMonths = await startPlanSession(store, cart.id, { company: ACME, number_of_periods: 2 })
    expect(twoMonths.status).toBe(400)
    expect(twoMonths.data.code).toBe("TRADE_CREDIT_INVALID_PERIODS")
    expect((await repaymentRequests()).length).toBe(before)

    // No number of periods chosen: the session starts (the storefront shows the terms), completion is refused.
    const open = await startPlanSession(store, cart.id, { company: ACME })
    expect(open.status).toBe(200)
    const data = open.data.payment_collection.payment_sessions[0].data
    expect(data).toMatchObject({ minimum_instalments: 3, maximum_instalments: 36, maximum_instalment_amount: "1000.00", currency: "GBP" })
    expect(data.account_id).toMatch(UUID)
    const complete = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(complete.status).toBe(400)
    expect(complete.data.code).toBe("INVALID_SESSION_DATA")
    expect(complete.data.message).toMatch(/number_of_periods is required/)
    const calls = await repaymentRequests()
    // No plan; the one preview is the schedule asked alongside the declined check above (never answered).
    expect(calls.filter((r) => r.path === "/repay/v1/plan")).toHaveLength(0)
    expect(calls.filter((r) => r.path === "/repay/v1/preview")).toHaveLength(1)
    expect((await admin("GET", "/admin/orders?fields=id")).orders).toHaveLength(0)
  })

  it("fulfils the plan when the order's last item ships (captureOn shipment), not on an earlier shipment, and once", async () => {
    setFundingDelay(0)
    const logs = recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any)
    const store = storeClient(api, seed.publishableKey)
    const { completed, session } = await fundedCheckout(store, { number_of_periods: 6 })
    expect(session.status).toBe("authorized")
    const orderId = completed.data.order.id
    const planId = session.data.plan_id
    const { payments } = await paymentsOfOrder(orderId)
    const paymentId = payments[0].id
    const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*items`)
    const items = order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
    expect(items.length).toBeGreaterThan(1)
    /** Fulfils these items and marks the fulfillment shipped, as the admin does. */
    const ship = async (list: { id: string; quantity: number }[]) => {
      await admin("POST", `/admin/orders/${orderId}/fulfillments`, { items: list })
      const { order: withFulfillments } = await admin("GET", `/admin/orders/${orderId}?fields=fulfillments.id,fulfillments.shipped_at`)
      const open = withFulfillments.fulfillments.find((f: any) => !f.shipped_at)
      await admin("POST", `/admin/orders/${orderId}/fulfillments/${open.id}/shipments`, { items: list })
      return open.id as string
    }
    const fulfilments = async () => (await repaymentRequests()).filter((r) => r.method === "PUT" && r.path === "/repay/v1/fulfilment")

    // Part of the order ships: the plan waits for the rest (the subscriber says so).
    const first = await ship(items.slice(0, 1))
    await waitUntil("the first shipment judged", () => logs.some((l) => l.includes(`not captured on shipment of ${first}`)))
    expect((await paymentsOfOrder(orderId)).payments[0].captured_at).toBeFalsy()
    expect(await fulfilments()).toHaveLength(0)

    // The rest ships: the payment is captured through Medusa and the plan fulfilled at the service, once.
    await ship(items.slice(1))
    const captured = await waitUntil("the plan payment captured", async () => {
      const payment = (await paymentsOfOrder(orderId)).payments[0]
      return payment.captured_at ? payment : undefined
    })
    expect(captured.id).toBe(paymentId)
    expect(["PENDING", "SUCCEEDED"]).toContain((await simPlan(planId)).status.fulfilment_status)
    expect(await fulfilments()).toHaveLength(1)
    const { payment } = await admin("GET", `/admin/payments/${paymentId}?fields=id,*captures`)
    expect(payment.captures).toHaveLength(1)
  })

  it("fulfils a plan shipped while its funding was pending when the funding is accepted, and a plan of a region that captures on order when funded", async () => {
    const logs = recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any)
    const store = storeClient(api, seed.publishableKey)
    const fulfilments = async (planId: string) =>
      (await repaymentRequests()).filter((r) => r.method === "PUT" && r.path === "/repay/v1/fulfilment" && r.body?.plan_id === planId)
    const capturedPaymentOf = (orderId: string) =>
      waitUntil(`the captured plan payment of ${orderId}`, async () => {
        const [payment] = (await paymentsOfOrder(orderId)).payments
        return payment?.captured_at ? payment : undefined
      })

    // Everything ships while the service is still deciding: there is no payment to capture yet, and the subscriber says so.
    const pending = await checkout(store, { number_of_periods: 6 })
    expect(pending.completed.status).toBe(200)
    const orderId = pending.completed.data.order.id
    const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*items`)
    const items = order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
    await admin("POST", `/admin/orders/${orderId}/fulfillments`, { items })
    const { order: withFulfillment } = await admin("GET", `/admin/orders/${orderId}?fields=fulfillments.id`)
    const fulfillmentId = withFulfillment.fulfillments[0].id
    await admin("POST", `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items })
    await waitUntil("the shipment judged", () => logs.some((l) => l.includes(`not captured on shipment of ${fulfillmentId}: the plan's funding is pending`)))
    expect((await paymentsOfOrder(orderId)).payments).toHaveLength(0)

    // Accepted: the payment comes with the webhook and is captured at once (the shipment's moment has passed), once.
    await control(simulator.url, "POST", `/_sim/plans/${pending.session.data.plan_id}/funding`, { status: "ACCEPTED" })
    await capturedPaymentOf(orderId)
    expect(await fulfilments(pending.session.data.plan_id)).toHaveLength(1)
    // The poll finds nothing left (and a repeated funding signal would capture nothing more: the payment is captured).
    expect((await pollPlanFunding(getContainer())).checked).toBe(0)

    // A region that captures on order: the plan is fulfilled as soon as it is funded, with nothing shipped.
    const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
    await admin("POST", url, { capture_on: "order" })
    try {
      const onOrder = await checkout(store, { number_of_periods: 3 })
      expect(onOrder.completed.status).toBe(200)
      const placedId = onOrder.completed.data.order.id
      expect(await fulfilments(onOrder.session.data.plan_id)).toHaveLength(0)
      await control(simulator.url, "POST", `/_sim/plans/${onOrder.session.data.plan_id}/funding`, { status: "ACCEPTED" })
      const payment = await capturedPaymentOf(placedId)
      expect(payment.provider_id).toBe(PLAN_PROVIDER)
      expect(await fulfilments(onOrder.session.data.plan_id)).toHaveLength(1)
    } finally {
      await admin("POST", url, { capture_on: null })
    }
  })

  it("checks out with funding ACCEPTED, fulfils the whole plan on capture, credits a refund and refuses one above what was invoiced", async () => {
    setFundingDelay(0)
    const store = storeClient(api, seed.publishableKey)
    const { cart, completed, session } = await fundedCheckout(store, { number_of_periods: 12, purchase_order_number: "PO-12" })
    expect(completed.status).toBe(200)
    expect(completed.data.type).toBe("order")
    const order = completed.data.order
    expect(session.status).toBe("authorized")
    expect(session.data).toMatchObject({ number_of_periods: 12, funding_status: "ACCEPTED", fulfilment_status: "NOT_INITIATED", currency: "GBP" })
    // The plan's schedule as the plan answer lists it: the published answer may leave the instalments out (the
    // minimal profile does), and the session then keeps none.
    expect(session.data.instalments).toHaveLength(minimalProfile() ? 0 : 12)

    const planId = session.data.plan_id
    const atService = await simPlan(planId)
    expect(atService.plan.reference).toBe(session.id)
    expect(atService.plan.total_repayment_amount).toBe(Number(cart.total).toFixed(2))
    expect(atService.plan.terms).toEqual({ period: "MONTHLY", number_of_periods: 12 })
    expect(atService.plan.line_items.some((l: any) => l.line_item_type === "SHIPPING_FEE")).toBe(true)
    expect(atService.plan.line_items.every((l: any) => l.description && l.unit_price_amount && l.quantity_unit_name)).toBe(true)
    // What section 8 added: the representative, the address the goods go to, a consent date.
    expect(atService.plan.buyer_representative).toEqual({
      first_name: expect.any(String),
      last_name: expect.any(String),
      email: cart.email,
      phone_number: expect.stringMatching(/^\+[1-9]\d{6,14}$/),
    })
    expect(atService.plan.shipping_address).toMatchObject({ address_line_1: expect.any(String), country_code: "GB" })
    expect(atService.plan.consent_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(planId).toMatch(UUID)
    expect(atService.status.funding_status).toBe("ACCEPTED")

    const { payments } = await paymentsOfOrder(order.id)
    expect(payments).toHaveLength(1)
    const payment = payments[0]
    expect(payment.provider_id).toBe(PLAN_PROVIDER)

    // A plan is fulfilled whole: a partial capture is refused and nothing reaches the service.
    const partial = await adminCall("POST", `/admin/payments/${payment.id}/capture`, { amount: 100 })
    expect(partial.status).toBe(400)
    expect(partial.data.code).toBe("TRADE_CREDIT_PLAN_CAPTURE_WHOLE")
    expect((await simPlan(planId)).status.fulfilment_status).toBe("NOT_INITIATED")

    await admin("POST", `/admin/payments/${payment.id}/capture`, {})
    expect(["PENDING", "SUCCEEDED"]).toContain((await simPlan(planId)).status.fulfilment_status)

    // Nothing is invoiced yet: any refund is above what can be credited.
    const early = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: 10 })
    expect(early.status).toBe(400)
    expect(early.data.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")

    // A month and more later the first instalments are invoiced.
    await control(simulator.url, "POST", "/_sim/clock/advance", { ms: 40 * 24 * HOUR })
    const invoiced = (await simPlan(planId)).status
    expect(invoiced.fulfilment_status).toBe("SUCCEEDED")
    expect(cents(invoiced.invoiced_amount)).toBeGreaterThan(0)

    const credits = async () => (await repaymentRequests()).filter((r) => r.path === "/repay/v1/credit")
    const before = (await credits()).length
    const tooMuch = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: (cents(invoiced.invoiced_amount) + 1) / 100 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.data.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
    if (minimalProfile()) {
      // The published status may leave out what was invoiced (the minimal profile does): the service is asked, and its
      // refusal (409) is the same refusal.
      expect(tooMuch.data.message).toMatch(/more than is creditable/)
      expect((await credits()).slice(before).map((r) => r.status)).toEqual([409])
    } else {
      expect(tooMuch.data.message).toMatch(new RegExp(`${invoiced.invoiced_amount} GBP is creditable`))
      expect((await credits()).length).toBe(before)
    }
    expect((await simPlan(planId)).credits).toHaveLength(0)

    await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 10 })
    const credited = await simPlan(planId)
    expect(credited.credits).toHaveLength(1)
    expect(credited.credits[0].amount).toBe("10.00")
    expect(credited.status.credited_amount).toBe("10.00")
    const { payment: afterRefund } = await admin("GET", `/admin/payments/${payment.id}?fields=id,data`)
    expect(afterRefund.data.credits).toEqual([expect.objectContaining({ amount: "10.00", id: credited.credits[0].id })])
  })

  it("places the order while funding is pending; the funding webhook then authorizes the payment", async () => {
    const store = storeClient(api, seed.publishableKey)
    const { completed, session } = await checkout(store, { number_of_periods: 6 })
    expect(completed.status).toBe(200)
    expect(completed.data.type).toBe("order")
    expect(session.status).toBe("pending_authorization")
    expect(session.data.funding_status).toBe("PENDING")
    const orderId = completed.data.order.id
    expect((await paymentsOfOrder(orderId)).payments).toHaveLength(0)
    // The completion made the plan and did not read its funding (the service decides it later).
    expect((await repaymentRequests()).map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`)).toEqual([
      "POST /repay/v1/credit-check",
      "POST /repay/v1/account",
      "POST /repay/v1/plan",
    ])

    // The service decides; its signed webhook reaches Medusa at the invoice provider's route (one URL per merchant).
    await control(simulator.url, "POST", `/_sim/plans/${session.data.plan_id}/funding`, { status: "ACCEPTED" })
    const payments = await waitUntil("the payment of the order", async () => {
      const { payments } = await paymentsOfOrder(orderId)
      return payments.length ? payments : undefined
    })
    expect(payments).toHaveLength(1)
    expect(payments[0].provider_id).toBe(PLAN_PROVIDER)
    expect(payments[0].data).toMatchObject({ plan_id: session.data.plan_id, funding_status: "ACCEPTED" })
    const { items: deliveries } = await control(simulator.url, "GET", "/_sim/webhooks?type=repayment.plan.funding_decided")
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0].state).toBe("delivered")

    // Nothing is left for the polling job.
    expect((await pollPlanFunding(getContainer())).checked).toBe(0)
  })

  it("runs a searched company's read and its credit check together for a new buyer (then account, plan); a returning buyer waits for the check and the plan, a session started twice checks once", async () => {
    const store = storeClient(api, seed.publishableKey)
    // A company no instalment session of this process has read yet, chosen in the checkout's search.
    const THORNBURY = { company_canonical_id: "cmpgb11223344" }
    const search = await store.call("GET", "/store/trade-credit/companies?country=GB&q=thornbury&limit=5")
    expect(search.status).toBe(200)
    expect(search.data.items[0].canonical_id).toBe(THORNBURY.company_canonical_id)
    await control(simulator.url, "DELETE", "/_sim/requests")
    // The registry answers slowly: a check asked while the company is read is answered (logged) before the read.
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "GET",
      path: `/companies/v2/company/${THORNBURY.company_canonical_id}`,
      times: 1,
      fault: { type: "latency", ms: 1500 },
    })
    const serviceCalls = async () =>
      ((await control(simulator.url, "GET", "/_sim/requests")).items as { method: string; path: string }[])
        .filter((r) => r.path.startsWith("/repay/v1") || r.path.startsWith("/companies/v2/company"))
        .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`)

    const first = await createCheckoutCart(store, seed)
    expect((await startPlanSession(store, first.id, { company: THORNBURY, number_of_periods: 3 })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${first.id}/complete`)).status).toBe(200)
    // The minimal profile's search gives no national identifier: the company is read first, then checked.
    expect(await serviceCalls()).toEqual(
      minimalProfile()
        ? ["GET /companies/v2/company/cmpgb11223344", "POST /repay/v1/credit-check", "POST /repay/v1/account", "POST /repay/v1/plan"]
        : ["POST /repay/v1/credit-check", "GET /companies/v2/company/cmpgb11223344", "POST /repay/v1/account", "POST /repay/v1/plan"]
    )
    await control(simulator.url, "DELETE", "/_sim/faults")

    // The same buyer again: company details held, account reused; the session is started twice for the unchanged
    // cart (a storefront that starts it again): one check, then the plan.
    await control(simulator.url, "DELETE", "/_sim/requests")
    const second = await createCheckoutCart(store, seed)
    expect((await startPlanSession(store, second.id, { company: THORNBURY, number_of_periods: 3 })).status).toBe(200)
    expect((await startPlanSession(store, second.id, { company: THORNBURY, number_of_periods: 6 })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${second.id}/complete`)).status).toBe(200)
    expect(await serviceCalls()).toEqual(["POST /repay/v1/credit-check", "POST /repay/v1/plan"])
  })

  it("the same with the webhook lost: the polling job authorizes the payment, and cancels an order whose plan was rejected", async () => {
    const store = storeClient(api, seed.publishableKey)
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    const accepted = await checkout(store, { number_of_periods: 6 })
    const rejected = await checkout(store, { number_of_periods: 3 })
    expect(accepted.completed.status).toBe(200)
    expect(rejected.completed.status).toBe(200)

    expect((await pollPlanFunding(getContainer())).outcomes.map((o) => o.action)).toEqual(["still_pending", "still_pending"])

    await control(simulator.url, "POST", `/_sim/plans/${accepted.session.data.plan_id}/funding`, { status: "ACCEPTED" })
    await control(simulator.url, "POST", `/_sim/plans/${rejected.session.data.plan_id}/funding`, { status: "REJECTED", reason: "TOO_HIGH_RISK" })
    const { items: deliveries } = await control(simulator.url, "GET", "/_sim/webhooks?type=repayment.plan.funding_decided")
    // No webhook could be delivered (no URL), so nothing but the job can authorize the payment.
    expect(deliveries.map((d: any) => d.state)).toEqual(["no_url", "no_url"])
    expect((await paymentsOfOrder(accepted.completed.data.order.id)).payments).toHaveLength(0)

    const poll = await pollPlanFunding(getContainer())
    expect(poll.outcomes.map((o) => [o.plan_id, o.action])).toEqual([
      [accepted.session.data.plan_id, "authorized"],
      [rejected.session.data.plan_id, "rejected"],
    ])
    const { payments } = await paymentsOfOrder(accepted.completed.data.order.id)
    expect(payments).toHaveLength(1)
    expect(payments[0].data.funding_status).toBe("ACCEPTED")

    const rejectedOrder = await paymentsOfOrder(rejected.completed.data.order.id)
    expect(rejectedOrder.order.status).toBe("canceled")
    expect(rejectedOrder.payments).toHaveLength(0)
    const rejectedSession = await planSessionOfCart(store, rejected.cart.id)
    expect(rejectedSession.status).toBe("error")
    expect(rejectedSession.data.credit_decline_reason).toBe(declineReason("TOO_HIGH_RISK"))

    // A second run finds nothing left to do.
    expect((await pollPlanFunding(getContainer())).checked).toBe(0)
  })

  it("reconciles instalment orders: the admin's re-sync authorizes a plan whose funding webhook was lost, a sweep rejects another, and both are in sync after", async () => {
    const store = storeClient(api, seed.publishableKey)
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    const accepted = await checkout(store, { number_of_periods: 6 })
    const rejected = await checkout(store, { number_of_periods: 3 })
    const acceptedOrderId = accepted.completed.data.order.id
    const rejectedOrderId = rejected.completed.data.order.id

    // Pending: the re-sync of the order reads the plan back and changes nothing.
    const pending = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: acceptedOrderId })).run
    expect(pending).toMatchObject({ checked: 1, repaired: 0, failed: 0 })
    expect(pending.findings).toEqual([
      expect.objectContaining({ order_id: acceptedOrderId, service_order_id: accepted.session.data.plan_id, found: "funding pending at the service" }),
    ])

    await control(simulator.url, "POST", `/_sim/plans/${accepted.session.data.plan_id}/funding`, { status: "ACCEPTED" })
    await control(simulator.url, "POST", `/_sim/plans/${rejected.session.data.plan_id}/funding`, { status: "REJECTED", reason: "TOO_HIGH_RISK" })

    const resync = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: acceptedOrderId })).run
    expect(resync).toMatchObject({ checked: 1, repaired: 1, failed: 0 })
    expect(resync.findings[0].action).toMatch(/^authorized/)
    const { payments } = await paymentsOfOrder(acceptedOrderId)
    expect(payments).toHaveLength(1)
    expect(payments[0].data.funding_status).toBe("ACCEPTED")

    // The scheduled sweep takes the plans still pending in Medusa: the rejected one.
    const sweep = (await admin("POST", "/admin/trade-credit/reconciliation", {})).run
    expect(sweep.findings).toEqual([
      expect.objectContaining({ order_id: rejectedOrderId, service_order_id: rejected.session.data.plan_id, action: expect.stringMatching(new RegExp(`^rejected: ${declineReason("TOO_HIGH_RISK") ?? "no reason given"}; order .* cancelled`)) }),
    ])
    expect((await paymentsOfOrder(rejectedOrderId)).order.status).toBe("canceled")

    // Both in sync now: the re-syncs repair nothing, the sweep and the poll find nothing pending.
    for (const orderId of [acceptedOrderId, rejectedOrderId]) {
      const again = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })).run
      expect(again).toMatchObject({ checked: 1, repaired: 0, failed: 0 })
      expect(again.findings[0].action).toBe("none")
    }
    expect((await pollPlanFunding(getContainer())).checked).toBe(0)
    const { items: deliveries } = await control(simulator.url, "GET", "/_sim/webhooks?type=repayment.plan.funding_decided")
    expect(deliveries.map((d: any) => d.state)).toEqual(["no_url", "no_url"])
  })

  it("records on the admin's re-sync a fulfilment Medusa lacks (every answer of the capture lost), adopting the one the service made", async () => {
    setFundingDelay(0)
    const store = storeClient(api, seed.publishableKey)
    const { completed, session } = await fundedCheckout(store, { number_of_periods: 6 })
    const orderId = completed.data.order.id
    const planId = session.data.plan_id
    const payment = (await paymentsOfOrder(orderId)).payments[0]
    const fulfilments = async () => (await repaymentRequests()).filter((r) => r.method === "PUT" && r.path === "/repay/v1/fulfilment")

    // The service fulfils the plan, but every answer is lost on the way back: Medusa's capture fails and records nothing.
    await control(simulator.url, "POST", "/_sim/faults", { method: "PUT", path: "/repay/v1/fulfilment", times: 20, fault: { type: "drop", when: "after" } })
    const failed = await adminCall("POST", `/admin/payments/${payment.id}/capture`, {})
    expect({ status: failed.status, code: failed.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_UNAVAILABLE" })
    await control(simulator.url, "DELETE", "/_sim/faults")
    expect(["PENDING", "SUCCEEDED"]).toContain((await simPlan(planId)).status.fulfilment_status)
    expect((await paymentsOfOrder(orderId)).payments[0].captured_at).toBeFalsy()
    const tries = (await fulfilments()).length
    expect(tries).toBeGreaterThanOrEqual(1)

    // A funding signal changes no money: the sync the webhook and the poll take leaves the capture to the reconciliation.
    const tradeCredit = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const [planRow] = await tradeCredit.listRepaymentPlanSessions({ plan_id: planId })
    const signal = await syncPlanFunding(getContainer(), tradeCredit, planRow)
    expect(signal.detail).toMatch(/left to the reconciliation: record plan capture/)
    expect((await paymentsOfOrder(orderId)).payments[0].captured_at).toBeFalsy()
    // The re-sync records it, through a service that refuses a second fulfilment (409): the plugin reads the plan
    // back and adopts the fulfilment it made.
    await control(simulator.url, "POST", "/_sim/faults", { method: "PUT", path: "/repay/v1/fulfilment", times: 1, fault: { type: "status", status: 409 } })
    const resync = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })).run
    expect(resync).toMatchObject({ checked: 1, repaired: 1, failed: 0 })
    expect(resync.findings[0].action).toMatch(/recorded the capture of [\d.]+ the service had fulfilled/)
    const { payment: captured } = await admin("GET", `/admin/payments/${payment.id}?fields=id,captured_at,amount,*captures`)
    expect(captured.captured_at).toBeTruthy()
    expect(captured.captures).toHaveLength(1)
    expect(Number(captured.captures[0].amount)).toBe(Number(captured.amount))
    // One more fulfilment asked for (refused), no second one made; the plan is fulfilled once at the service.
    expect((await fulfilments()).length).toBe(tries + 1)
    expect((await fulfilments()).at(-1)!.status).toBe(409)
    expect(["PENDING", "SUCCEEDED"]).toContain((await simPlan(planId)).status.fulfilment_status)

    // In sync after: once the service's fulfilment has settled (PENDING moves on to SUCCEEDED on the simulator's
    // clock, which a loaded machine may reach between two re-syncs: the payment's data then follows it once), a
    // re-sync records nothing more.
    await waitUntil("the plan's fulfilment settled", async () => (await simPlan(planId)).status.fulfilment_status === "SUCCEEDED")
    const settled = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })).run
    expect(settled).toMatchObject({ checked: 1, failed: 0 })
    const again = (await admin("POST", "/admin/trade-credit/reconciliation", { order_id: orderId })).run
    expect(again).toMatchObject({ checked: 1, repaired: 0, failed: 0 })
    expect((await fulfilments()).length).toBe(tries + 1)
  })

  it("cancels the order placed while funding was pending when the service rejects the plan, keeping the reason", async () => {
    setFundingDelay(0)
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect((await startPlanSession(store, cart.id, { company: ACME, number_of_periods: 12 })).status).toBe(200)
    // Credit-checked at the start of the session; the service then marks the buyer too risky.
    await control(simulator.url, "PATCH", "/_sim/companies/cmpgb08123456", { declined: true })
    const res = await store.call("POST", `/store/carts/${cart.id}/complete`)
    // The funding is decided after the plan is made: the order is placed, its payment pending.
    expect(res.status).toBe(200)
    const orderId = res.data.order.id
    const order = await waitUntil("the order cancelled on the funding webhook", async () => {
      const { order } = await paymentsOfOrder(orderId)
      return order.status === "canceled" ? order : undefined
    })
    expect(order.payment_collections.flatMap((c: any) => c.payments ?? [])).toHaveLength(0)
    const session = await planSessionOfCart(store, cart.id)
    expect(session.status).toBe("error")
    expect(session.data.credit_decline_reason).toBe(declineReason("TOO_HIGH_RISK"))
    const { items: plans } = await control(simulator.url, "GET", "/_sim/plans")
    expect(plans).toHaveLength(1)
    expect(plans[0]).toMatchObject({ reference: session.id, funding_status: "REJECTED" })
  })

  it("cancels the instalments not invoiced when the order is cancelled", async () => {
    setFundingDelay(0)
    const store = storeClient(api, seed.publishableKey)
    const { cart, completed, session } = await fundedCheckout(store, { number_of_periods: 3 })
    await admin("POST", `/admin/orders/${completed.data.order.id}/cancel`, {})

    const atService = await simPlan(session.data.plan_id)
    expect(atService.cancellation).toMatchObject({
      cancel_reason: "TERMINATED",
      cancelled_repayment_amount: Number(cart.total).toFixed(2),
      currency: "GBP",
    })
    expect(atService.plan.instalments.map((i: any) => i.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"])
    expect(atService.status.cancelled_amount).toBe(Number(cart.total).toFixed(2))
    expect(atService.status.invoiced_amount).toBe("0.00")
    const { payments } = await paymentsOfOrder(completed.data.order.id)
    expect(payments[0].canceled_at).toBeTruthy()
    expect(payments[0].data.canceled).toBe(true)
    // The amount cancelled as the plan's status reports it: the published status may leave `cancelled_amount` out (the
    // minimal profile does), and the payment then records none.
    expect(payments[0].data.cancelled_amount).toBe(minimalProfile() ? undefined : Number(cart.total).toFixed(2))
  })

  it("gives two plans of the same customer one account, updated when the billing details change, invoiced together", async () => {
    setFundingDelay(0)
    // A registered customer, logged in as a storefront does.
    const email = "buyer@acme-office.example"
    const password = "trade-credit-buyer-pw"
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
    const { data: created } = await api.post(
      "/store/customers",
      { email, first_name: "Grace", last_name: "Hopper" },
      { headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` } }
    )
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const headers = { ...keyHeaders, authorization: `Bearer ${login.token}` }
    const call = async (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })
    const store: Store = {
      call,
      ok: async (method: string, url: string, data?: unknown) => {
        const res = await call(method, url, data)
        if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
        return res.data
      },
    }

    const first = await fundedCheckout(store, { number_of_periods: 3 })
    expect(first.cart.customer_id).toBe(created.customer.id)

    // The second cart bills to another unit: the account is updated, not made again.
    const cart = await createCheckoutCart(store, seed, { quantities: [1] })
    await store.ok("POST", `/store/carts/${cart.id}`, { billing_address: { ...BUYER_ADDRESS, address_2: "Unit 9" } })
    expect((await startPlanSession(store, cart.id, { company: ACME, number_of_periods: 6 })).status).toBe(200)
    const secondCompleted = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(secondCompleted.status).toBe(200)
    const second = { session: await planSessionOfCart(store, cart.id), completed: secondCompleted }

    expect(second.session.data.account_id).toBe(first.session.data.account_id)
    const accountId = first.session.data.account_id
    const { items: accounts } = await control(simulator.url, "GET", "/_sim/repayment/accounts")
    expect(accounts).toHaveLength(1)
    expect(accounts[0].account.merchant_account_reference).toBe(`${created.customer.id}/GB-08123456`)
    expect(accounts[0].account.billing_address.address_line_2).toBe("Unit 9")
    expect(accounts[0].plan_ids.sort()).toEqual([first.session.data.plan_id, second.session.data.plan_id].sort())
    const accountCalls = (await repaymentRequests()).filter((r) => r.path.startsWith("/repay/v1/account"))
    expect(accountCalls.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /repay/v1/account", `PUT /repay/v1/account/${accountId}`])

    // Medusa keeps the customer's account holder for the instalment provider.
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data: customers } = await query.graph({
      entity: "customer",
      fields: ["id", "account_holders.id", "account_holders.provider_id", "account_holders.external_id", "account_holders.data"],
      filters: { id: created.customer.id },
    })
    const holder = (customers[0] as any).account_holders.find((h: any) => h.provider_id === PLAN_PROVIDER)
    expect(holder).toMatchObject({ external_id: `buyer_${created.customer.id}`, data: expect.objectContaining({ buyer_key: created.customer.id }) })

    // Both plans fulfilled; their first instalments fall in the same month: one invoice.
    for (const orderId of [first.completed.data.order.id, second.completed.data.order.id]) {
      await admin("POST", `/admin/payments/${(await fundedPaymentOf(orderId)).id}/capture`, {})
    }
    await control(simulator.url, "POST", "/_sim/clock/advance", { ms: 35 * 24 * HOUR })
    const { items: invoices } = await control(simulator.url, "GET", `/_sim/repayment/invoices?account_id=${accountId}`)
    expect(invoices.length).toBeGreaterThanOrEqual(1)
    const plansOnFirst = new Set(invoices[0].instalments.map((i: any) => i.plan_id))
    expect(plansOnFirst).toEqual(new Set([first.session.data.plan_id, second.session.data.plan_id]))
    expect(cents(invoices[0].amount)).toBe(invoices[0].instalments.reduce((sum: number, i: any) => sum + cents(i.repayment_amount), 0))

    // The service's key never reaches the storefront.
    expect(JSON.stringify([first.session, second.session])).not.toContain(SIMULATOR_API_KEY)

    // The customer's details change: Medusa's account holder update reaches the service's account.
    const paymentModule = getContainer().resolve(Modules.PAYMENT)
    await paymentModule.updateAccountHolder({
      id: holder.id,
      provider_id: PLAN_PROVIDER,
      context: {
        account_holder: holder,
        customer: {
          id: created.customer.id,
          email: "grace.hopper@acme-office.example",
          first_name: "Grace",
          last_name: "Hopper",
          phone: "07400 999888",
          billing_address: { address_1: "20 Canal Street", city: "Manchester", postal_code: "M1 3HE", country_code: "gb" },
        },
      } as any,
    })
    const [updated] = (await control(simulator.url, "GET", "/_sim/repayment/accounts")).items
    expect(updated.account.id).toBe(accountId)
    expect(updated.account.billing_address).toMatchObject({ address_line_1: "20 Canal Street", postal_code: "M1 3HE" })
    expect(updated.account.account_representative).toMatchObject({ email: "grace.hopper@acme-office.example", phone_number: "+447400999888" })
    expect(updated.account.invoice_email).toBe("grace.hopper@acme-office.example")

    // Deleting the holder forgets the link, not the account (a financial record): the next plan finds it again.
    await paymentModule.deleteAccountHolder(holder.id)
    const tradeCredit = getContainer().resolve("tradeCredit") as any
    expect(await tradeCredit.listBuyerRepaymentAccounts({ buyer_key: created.customer.id })).toHaveLength(0)
    const third = await checkout(store, { number_of_periods: 3 }, { quantities: [1] })
    expect(third.completed.status).toBe(200)
    expect(third.session.data.account_id).toBe(accountId)
    const { items: finalAccounts } = await control(simulator.url, "GET", "/_sim/repayment/accounts")
    expect(finalAccounts).toHaveLength(1)
    expect(finalAccounts[0].plan_ids).toHaveLength(3)
  })
})

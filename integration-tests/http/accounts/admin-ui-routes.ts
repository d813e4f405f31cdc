import { describeKey } from "../../../src/client"
import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { pollPlanFunding } from "../../../src/jobs/poll-plan-funding"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, minimalProfile } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { waitForValue, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * The admin routes the plugin's admin UI uses (order widget, Settings → Trade
 * credit), against the simulator: what they answer, and their answers to bad
 * input (a 4xx JSON error with a code, never a 500).
 */
const simulator = areaSimulator()
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const DAY = 24 * 60 * 60 * 1000
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> =>
  waitForValue("a condition on the admin routes' data", read, done, { timeoutMs: ms, intervalMs: 250 })

export default areaPart("admin-ui-routes", ({ api, getContainer }) => {
  let seed: any
  let headers: Record<string, string>
  let admin: ReturnType<typeof adminRequester>
  let companyId: string

  beforeAll(async () => {
    headers = await loginAdmin(getContainer(), api)
    admin = adminRequester(api, headers)
    seed = await seedStore(admin)
    companyId = await findCompanyId(simulator.url, "GB", "acme")
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    simulator.sim!.state.repayment.fundingDelayMs = 0
  })

  const call = (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })
  const pdf = (url: string) => api.request({ method: "GET", url, headers, validateStatus: () => true, responseType: "arraybuffer" as const })
  const summaryOf = async (orderId: string) => {
    const res = await call("GET", `/admin/trade-credit/orders/${orderId}`)
    expect(res.status).toBe(200)
    return res.data.trade_credit
  }
  const fault = (body: Record<string, unknown>) => control(simulator.url, "POST", "/_sim/faults", body)

  /** An order paid by invoice: checkout, verification at the service, completion. */
  const placeInvoiceOrder = async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company: { company_canonical_id: companyId } })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    await approveAtPaymentUrl(pending.payment_collection.payment_sessions[0].data.payment_url)
    const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    const { order: full } = await admin("GET", `/admin/orders/${order.id}?fields=id,display_id,*items,*payment_collections.payments`)
    return { order: full, payment: full.payment_collections[0].payments[0] }
  }

  const shipAll = async (order: any) => {
    const items = order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
    await admin("POST", `/admin/orders/${order.id}/fulfillments`, { items })
    const { order: withFulfillment } = await admin("GET", `/admin/orders/${order.id}?fields=fulfillments.id`)
    await admin("POST", `/admin/orders/${order.id}/fulfillments/${withFulfillment.fulfillments[0].id}/shipments`, { items })
  }

  it("summarises an invoice order for the widget: state, company, invoices, credit notes, and what the payment recorded when the service is down", async () => {
    const { order, payment } = await placeInvoiceOrder()

    let summary = await summaryOf(order.id)
    expect(summary).toMatchObject({
      order: { id: order.id, display_id: order.display_id },
      payment: { id: payment.id, provider_id: "pp_trade-credit_default", kind: "invoice", canceled: false, currency_code: "gbp" },
      invoice: { state: "CONFIRMED", status: "APPROVED", verification_url: null, fulfilments: [], refunds: [], currency: "GBP" },
      plan: null,
      source: "service",
      service_error: null,
      order_edit_error: null,
    })
    expect(summary.invoice.service_order_id).toBe(payment.data.order_id)
    expect(summary.company).toMatchObject({ canonical_id: companyId, name: expect.stringMatching(/acme/i), country: "GB" })
    expect(summary.company.organization_number).toEqual(expect.any(String))
    expect(JSON.stringify(summary)).not.toContain(SIMULATOR_API_KEY)

    // Shipped: the invoice appears with its number; the widget's download (by fulfilment) is a PDF.
    await shipAll(order)
    // The service invoices first; Medusa records the capture right after: wait for both.
    summary = await waitFor(() => summaryOf(order.id), (s: any) => s.invoice.fulfilments.length === 1 && s.payment.captured)
    expect(summary.invoice.state).toBe("FULFILLED")
    const [invoice] = summary.invoice.fulfilments
    expect(invoice.invoice_number).toEqual(expect.any(String))
    expect(invoice.gross_amount).toBe(summary.invoice.gross_amount)
    const download = await pdf(`/admin/trade-credit/orders/${order.id}/invoice?fulfilment=${invoice.id}`)
    expect(download.status).toBe(200)
    expect(download.headers["content-type"]).toBe("application/pdf")
    expect(Buffer.from(download.data).subarray(0, 5).toString()).toBe("%PDF-")

    // A refund: its credit note, downloadable by number.
    await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 12.5 })
    summary = await waitFor(() => summaryOf(order.id), (s: any) => s.invoice.refunds.length === 1)
    const [refund] = summary.invoice.refunds
    expect(refund).toMatchObject({ amount: "12.50", credit_note_number: expect.any(String) })
    // Its date as the service gives it: the published refund answer may leave it out (the minimal profile does).
    expect(refund.refund_date).toEqual(minimalProfile() ? null : expect.any(String))
    const note = await pdf(`/admin/trade-credit/orders/${order.id}/credit-notes/${refund.credit_note_number}`)
    expect(note.status).toBe(200)
    expect(Buffer.from(note.data).subarray(0, 5).toString()).toBe("%PDF-")

    // The service drops every connection: still a 200, from what the payment recorded, and says why.
    await fault({ method: "GET", path: "/v1/order/:id", times: 10, fault: { type: "drop", when: "before" } })
    summary = await summaryOf(order.id)
    expect(summary.source).toBe("stored")
    expect(summary.service_error).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE", message: expect.stringMatching(/could not read the order/) })
    expect(summary.invoice).toMatchObject({ state: "FULFILLED", fulfilments: [expect.objectContaining({ invoice_number: invoice.invoice_number })] })
    expect(summary.invoice.refunds).toEqual([expect.objectContaining({ credit_note_number: refund.credit_note_number, amount: "12.50" })])
    await control(simulator.url, "DELETE", "/_sim/faults")

    // Re-sync (reconciliation for this order) and the settings page's "last run".
    const resync = await call("POST", "/admin/trade-credit/reconciliation", { order_id: order.id })
    expect(resync.status).toBe(200)
    expect(resync.data.run).toMatchObject({ trigger: "admin", failed: 0 })
    const settings = (await call("GET", "/admin/trade-credit/settings")).data.settings
    expect(settings.reconciliation.last_run).toMatchObject({ id: resync.data.run.id, trigger: "admin" })
  })

  it("summarises an instalment order: the plan's live status and its schedule as a timeline of instalment states", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const started = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: { company_canonical_id: companyId }, number_of_periods: 3 },
    })
    expect(started.status).toBe(200)
    const completed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(completed.status).toBe(200)
    const orderId = completed.data.order.id
    // The order is placed with the payment pending; the service decides the funding at once here, and with no
    // webhook configured the polling job authorizes the payment.
    await waitUntil("the plan's funding polled and the payment authorized", async () =>
      (await pollPlanFunding(getContainer())).outcomes.some((o) => o.action === "authorized")
    )

    let summary = await summaryOf(orderId)
    expect(summary).toMatchObject({
      payment: { provider_id: PLAN_PROVIDER, kind: "plan" },
      invoice: null,
      plan: { number_of_periods: 3, funding_status: "ACCEPTED", fulfilment_status: "NOT_INITIATED", invoiced_amount: "0.00" },
      source: "service",
    })
    expect(summary.company).toMatchObject({ name: expect.stringMatching(/acme/i), country: "GB" })
    // The plan's schedule at the service (the control API), oldest first.
    const schedule: { invoice_issue_date: string; repayment_amount: string }[] = (await control(simulator.url, "GET", `/_sim/plans/${summary.plan.plan_id}`)).plan
      .instalments
    const dates = schedule.map((i) => i.invoice_issue_date)
    expect(dates).toHaveLength(3)
    expect([...dates].sort()).toEqual(dates)
    // The widget's timeline is the schedule the plan's answer gave. The published plan answer may leave its instalments
    // out, and the plan's status its invoiced amount (the minimal profile leaves both out): the widget then shows the
    // plan's live status without a timeline.
    const timeline = !minimalProfile()
    expect(summary.plan.instalments.map((i: any) => [i.invoice_issue_date, i.state])).toEqual(timeline ? dates.map((d) => [d, "PLANNED"]) : [])

    // Captured (the plan is fulfilled), then a day past the first issue date: the first instalment is invoiced.
    const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
    await admin("POST", `/admin/payments/${order.payment_collections[0].payments[0].id}/capture`, {})
    const { now } = await control(simulator.url, "GET", "/_sim/clock")
    await control(simulator.url, "POST", "/_sim/clock/advance", { ms: Date.parse(dates[0]) + DAY - Date.parse(now) })
    summary = await summaryOf(orderId)
    expect(summary.plan.fulfilment_status).toBe("SUCCEEDED")
    expect(summary.plan.instalments.map((i: any) => i.state)).toEqual(timeline ? ["INVOICED", "PLANNED", "PLANNED"] : [])
    if (timeline) expect(summary.plan.invoiced_amount).toBe(schedule[0].repayment_amount)
  })

  it("answers 400, 404 with a code for bad input and for orders not paid by trade credit", async () => {
    const unknown = await call("GET", "/admin/trade-credit/orders/order_01NOTANORDER")
    expect(unknown.status).toBe(404)
    expect(unknown.data.code).toBe("TRADE_CREDIT_ORDER_NOT_FOUND")

    for (const bad of ["order%20one", "order.one", "x".repeat(101)]) {
      const res = await call("GET", `/admin/trade-credit/orders/${bad}`)
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("TRADE_CREDIT_INVALID_PARAMETERS")
    }
    const query = await call("GET", "/admin/trade-credit/orders/order_01ABC?expand=everything")
    expect(query.status).toBe(400)
    expect(query.data).toMatchObject({ code: "TRADE_CREDIT_INVALID_PARAMETERS", message: expect.stringMatching(/expand/) })

    // An order paid with another provider: 404 with its own code, from the summary and the documents alike.
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed, { promotion: null })
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    await store.ok("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
    const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    for (const url of [
      `/admin/trade-credit/orders/${order.id}`,
      `/admin/trade-credit/orders/${order.id}/invoice`,
      `/admin/trade-credit/orders/${order.id}/credit-notes/CN-1`,
    ]) {
      const res = await call("GET", url)
      expect(res.status).toBe(404)
      expect(res.data.code).toBe("TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER")
    }

    // The document routes and the re-sync validate their input too.
    const badFulfilment = await call("GET", `/admin/trade-credit/orders/${order.id}/invoice?fulfilment=a%20b`)
    expect(badFulfilment.status).toBe(400)
    expect(badFulfilment.data.code).toBe("TRADE_CREDIT_INVALID_PARAMETERS")
    const badResync = await call("POST", "/admin/trade-credit/reconciliation", { order_id: "not an id" })
    expect(badResync.status).toBe(400)
    expect(badResync.data.code).toBe("TRADE_CREDIT_INVALID_BODY")
    const extraResync = await call("POST", "/admin/trade-credit/reconciliation", { order_id: order.id, force: true })
    expect(extraResync.status).toBe(400)
    expect(extraResync.data.code).toBe("TRADE_CREDIT_INVALID_BODY")

    // Settings and the connection check take no input.
    const settingsQuery = await call("GET", "/admin/trade-credit/settings?key=show")
    expect(settingsQuery.status).toBe(400)
    expect(settingsQuery.data.code).toBe("TRADE_CREDIT_INVALID_PARAMETERS")
    const checkBody = await call("POST", "/admin/trade-credit/connection-check", { api_key: "secret_test_x" })
    expect(checkBody.status).toBe(400)
    expect(checkBody.data.code).toBe("TRADE_CREDIT_INVALID_PARAMETERS")

    // Without an admin session: 401.
    const anonymous = await api.request({ method: "GET", url: "/admin/trade-credit/settings", validateStatus: () => true })
    expect(anonymous.status).toBe(401)
  })

  it("shows the settings (the key's prefix only), the webhook URL, the last webhook and recent errors", async () => {
    const tradeCredit: any = getContainer().resolve(TRADE_CREDIT_MODULE)
    let res = await call("GET", "/admin/trade-credit/settings")
    expect(res.status).toBe(200)
    let { settings } = res.data
    expect(settings).toMatchObject({
      environment: "sandbox",
      key_prefix: describeKey(SIMULATOR_API_KEY),
      base_url: simulator.url,
      capture_on: "shipment",
      webhook: { path: "/hooks/trade-credit", secret_configured: true, last_received_at: null },
      reconciliation: { schedule: "off", last_run: null },
      recent_errors: [],
    })
    expect(settings.key_prefix).toMatch(/^secret_test_…#[0-9a-f]{8}$/)
    expect(settings.webhook.url).toBe(`${api.defaults.baseURL}/hooks/trade-credit`)
    const secretPart = SIMULATOR_API_KEY.slice("secret_test_".length)
    expect(JSON.stringify(res.data)).not.toContain(secretPart)

    // Behind a proxy the webhook URL takes the forwarded protocol and host.
    res = await api.request({
      method: "GET",
      url: "/admin/trade-credit/settings",
      headers: { ...headers, "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.com" },
      validateStatus: () => true,
    })
    expect(res.data.settings.webhook.url).toBe("https://shop.example.com/hooks/trade-credit")

    // What the plugin recorded: webhook deliveries (the last one, failed ones) and order-edit errors on payments.
    const okEvent = await tradeCredit.createWebhookEvents({ event_id: "evt_ok_1", type: "order.verified.v1", service_order_id: "ord_1", outcome: "in step; nothing to do" })
    // The next record must be the later one: wait for the clock to pass this one's time (not a fixed pause).
    await waitUntil("the clock to pass the first record's time", () => Date.now() > new Date(okEvent.created_at).getTime(), { intervalMs: 2 })
    await tradeCredit.createWebhookEvents({
      event_id: "evt_failed_1",
      type: "order.cancelled.v1",
      service_order_id: "ord_2",
      outcome: `failed: cancelled at the service; could not cancel the payment (key ${SIMULATOR_API_KEY})`,
    })
    const { order, payment } = await placeInvoiceOrder()
    const payments: any = getContainer().resolve("payment")
    await payments.updatePayment({ id: payment.id, data: { ...payment.data, order_edit_error: "The service refused the edit: BUYER_LIMIT_EXCEEDED" } })

    settings = (await call("GET", "/admin/trade-credit/settings")).data.settings
    expect(settings.webhook).toMatchObject({ last_event_type: "order.cancelled.v1", last_received_at: expect.any(String) })
    const bySource = Object.fromEntries(settings.recent_errors.map((e: any) => [e.source, e]))
    expect(bySource.webhook).toMatchObject({ reference: "evt_failed_1", message: expect.stringMatching(/order\.cancelled\.v1 \(service order ord_2\): failed/) })
    expect(bySource.webhook.message).not.toContain(secretPart)
    expect(bySource.order_edit).toMatchObject({ reference: payment.id, order_id: order.id, message: expect.stringMatching(/BUYER_LIMIT_EXCEEDED/) })
    expect((await summaryOf(order.id)).order_edit_error).toMatch(/BUYER_LIMIT_EXCEEDED/)

    // A reconciliation item that failed (the service unavailable while the order is read).
    await fault({ method: "GET", path: "/v1/order/:id", times: 10, fault: { type: "status", status: 503 } })
    const run = await call("POST", "/admin/trade-credit/reconciliation", { order_id: order.id })
    await control(simulator.url, "DELETE", "/_sim/faults")
    expect(run.status).toBe(200)
    if (run.data.run.failed > 0) {
      settings = (await call("GET", "/admin/trade-credit/settings")).data.settings
      const failedItem = settings.recent_errors.find((e: any) => e.source === "reconciliation")
      expect(failedItem).toMatchObject({ reference: run.data.run.id, message: expect.stringMatching(/error/) })
    } else {
      // The run skipped the payment (nothing to compare); it is still the last run shown.
      expect((await call("GET", "/admin/trade-credit/settings")).data.settings.reconciliation.last_run.id).toBe(run.data.run.id)
    }
  })

  it("checks the connection: key accepted, key refused, service unreachable or unavailable, always a 200 without the key", async () => {
    const check = async () => {
      const res = await call("POST", "/admin/trade-credit/connection-check", {})
      expect(res.status).toBe(200)
      expect(JSON.stringify(res.data)).not.toContain(SIMULATOR_API_KEY.slice("secret_test_".length))
      return res.data.check
    }
    expect(await check()).toMatchObject({
      ok: true,
      key_accepted: true,
      status: 200,
      environment: "sandbox",
      key_prefix: describeKey(SIMULATOR_API_KEY),
      reason: null,
      duration_ms: expect.any(Number),
    })
    const { items } = await control(simulator.url, "GET", "/_sim/requests?path_prefix=/companies/v2/company")
    expect(items[items.length - 1].query).toMatchObject({ limit: "1" })

    await fault({ method: "GET", path: "/companies/v2/company", times: 1, fault: { type: "status", status: 401 } })
    expect(await check()).toMatchObject({ ok: false, key_accepted: false, status: 401, reason: "KEY_REJECTED", message: expect.stringMatching(/refused the API key/) })

    await fault({ method: "GET", path: "/companies/v2/company", times: 10, fault: { type: "drop", when: "before" } })
    expect(await check()).toMatchObject({ ok: false, key_accepted: null, status: null, reason: "UNREACHABLE" })
    await control(simulator.url, "DELETE", "/_sim/faults")

    await fault({ method: "GET", path: "/companies/v2/company", times: 10, fault: { type: "status", status: 503 } })
    expect(await check()).toMatchObject({ ok: false, key_accepted: null, status: 503, reason: "SERVICE_UNAVAILABLE" })
    await control(simulator.url, "DELETE", "/_sim/faults")

    await fault({ method: "GET", path: "/companies/v2/company", times: 1, fault: { type: "latency", ms: 300 } })
    const slow = await check()
    expect(slow.ok).toBe(true)
    expect(slow.duration_ms).toBeGreaterThanOrEqual(290)
  })
})

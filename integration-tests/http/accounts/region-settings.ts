import { Modules } from "@medusajs/framework/utils"
import { ADMIN_EMAIL, adminRequester, loginAdmin } from "../../helpers/admin"
import { control, minimalProfile, STOREFRONT_URL } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { areaPart, areaSimulator } from "../../helpers/area"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { waitUntil } from "../../helpers/wait"
import { captureWhenDue } from "../../../src/workflows/capture-on/capture-when-due"
import { cartReference } from "../../../src/core/order/merchant-reference"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Settings per region (issue #23 items 1 and 2): a merchant switches pay by invoice or instalments off for a region,
 * bounds the order amounts and sets the invoice terms through the admin API; every change is validated, kept in an
 * audit list with the admin user, and holds at once: the next payment session and pre-check follow it, and nothing
 * is asked of the service for a cart the region does not allow.
 */
const simulator = areaSimulator()
const ACME = { company_canonical_id: "cmpgb08123456" }
/** A company the simulated service declines (TOO_HIGH_RISK). */
const HIGHGATE = { company_canonical_id: "cmpgb06660666" }
const PLAN_PROVIDER = "pp_trade-credit-plan_default"

export default areaPart("region settings", ({ api, getContainer }) => {
  let seed: any
  let admin: ReturnType<typeof adminRequester>
  let headers: Record<string, string>
  const adminCall = (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })

  beforeAll(async () => {
    headers = await loginAdmin(getContainer(), api)
    admin = adminRequester(api, headers)
    seed = await seedStore(admin)
  })

  const intents = async () => (await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")).items.length

  it("edits a region's settings with validation and an audit list, and checkouts follow them at once", async () => {
    const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
    const initial = await admin("GET", url)
    expect(initial.settings).toEqual({
      region_id: seed.region.id,
      offered: true,
      instalments_offered: true,
      min_order_amount: null,
      max_order_amount: null,
      invoice_terms_days: null,
      instalment_periods: null,
      invoice_terms_overrides: [],
      capture_on: "shipment",
      invoice_language: null,
      hide_when_declined: true,
      arrears_block_display: "hide",
      customised: false,
    })
    expect(initial.changes).toEqual([])

    // Bad input: a 400 naming the field, nothing saved.
    for (const [body, field] of [
      [{}, /at least one setting/],
      [{ min_order_amount: "ten" }, /min_order_amount/],
      [{ max_order_amount: "10.005" }, /max_order_amount/],
      [{ invoice_terms_days: 0 }, /invoice_terms_days/],
      [{ invoice_terms_days: 2.5 }, /invoice_terms_days/],
      [{ offered: "no" }, /offered/],
      [{ currency: "EUR" }, /currency/],
      [{ min_order_amount: "500.00", max_order_amount: "100.00" }, /min_order_amount: the minimum order amount 500.00 is above the maximum 100.00/],
    ] as const) {
      const res = await adminCall("POST", url, body)
      expect({ body, status: res.status, code: res.data.code }).toEqual({ body, status: 400, code: "TRADE_CREDIT_INVALID_SETTINGS" })
      expect(res.data.message).toMatch(field)
    }
    const unknownRegion = await adminCall("GET", "/admin/trade-credit/regions/reg_nope/settings")
    expect(unknownRegion.status).toBe(404)
    expect(unknownRegion.data.code).toBe("TRADE_CREDIT_REGION_NOT_FOUND")
    expect((await admin("GET", url)).settings.customised).toBe(false)

    // A maximum below the cart's total and 45-day terms.
    const saved = await admin("POST", url, { max_order_amount: "10.00", invoice_terms_days: 45 })
    expect(saved.settings).toMatchObject({ offered: true, max_order_amount: "10.00", invoice_terms_days: 45, customised: true })
    const [user] = await getContainer().resolve(Modules.USER).listUsers({ email: ADMIN_EMAIL })
    expect(saved.changes.map((c: any) => [c.field, c.old_value, c.new_value, c.actor_id])).toEqual(
      expect.arrayContaining([
        ["max_order_amount", null, "10.00", user.id],
        ["invoice_terms_days", null, 45, user.id],
      ])
    )

    // Above the maximum: neither method's session starts, the pre-check says why, and the service is asked nothing.
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const before = await intents()
    const invoice = await startTradeCreditSession(store, cart.id, { company: ACME })
    expect({ status: invoice.status, code: invoice.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    expect(invoice.data.message).toMatch(/outside the amounts trade credit is offered for/)
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const plan = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: ACME, number_of_periods: 6 },
    })
    expect({ status: plan.status, code: plan.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    const german = storeClient(api, seed.publishableKey, { "accept-language": "de" })
    const preCheck = await german.ok("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: ACME })
    expect(preCheck).toMatchObject({ available: false, reason: "not_eligible", code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    expect(preCheck.message).toMatch(/Handelskredit/)
    expect(await intents()).toBe(before)

    // Pay by invoice switched off, the limit lifted: invoices are refused with their own code, instalments go on.
    await admin("POST", url, { offered: false, max_order_amount: null })
    const off = await startTradeCreditSession(store, cart.id, { company: ACME })
    expect({ status: off.status, code: off.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_NOT_OFFERED" })
    const instalments = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: ACME, number_of_periods: 6 },
    })
    expect(instalments.status).toBe(200)

    // On again: the order made with the session carries the region's 45-day terms.
    await admin("POST", url, { offered: true })
    const on = await startTradeCreditSession(store, cart.id, { company: ACME, verify_before_completion: true, return_url: `${STOREFRONT_URL}/checkout/trade-credit/return` })
    expect(on.status).toBe(200)
    const { items: creates } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
    const create = creates.find((r: any) => r.path === "/v1/order" && r.body?.merchant_reference === cartReference(cart.id))
    expect(create.body.terms).toEqual({ type: "NET_TERMS", duration_days: 45 })

    // The audit list, newest first: every change with who made it.
    const { changes } = await admin("GET", url)
    expect(changes).toHaveLength(5)
    expect(changes[0]).toMatchObject({ field: "offered", old_value: false, new_value: true, actor_id: user.id })
    expect(changes.slice(1, 3).map((c: any) => c.field).sort()).toEqual(["max_order_amount", "offered"])
    expect(changes.slice(3).map((c: any) => c.field).sort()).toEqual(["invoice_terms_days", "max_order_amount"])
    expect(changes.every((c: any, i: number) => i === 0 || c.at <= changes[i - 1].at)).toBe(true)
  })

  it("offers only the months the region chooses, and gives customer groups and customers their own invoice terms", async () => {
    const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
    const { customer_group: group } = await admin("POST", "/admin/customer-groups", { name: "Key accounts" })

    // Bad input: a 400 naming the field, nothing saved.
    for (const [body, field] of [
      [{ instalment_periods: [2] }, /instalment_periods/],
      [{ instalment_periods: [6, 6] }, /instalment_periods.*twice|must not repeat/],
      [{ instalment_periods: [] }, /instalment_periods/],
      [{ invoice_terms_overrides: [{ customer_group_id: "cusgroup_nope", invoice_terms_days: 60 }] }, /invoice_terms_overrides\[0\]\.customer_group_id: no customer group cusgroup_nope/],
      [{ invoice_terms_overrides: [{ customer_group_id: group.id, customer_id: "cus_1", invoice_terms_days: 60 }] }, /invoice_terms_overrides/],
      [{ invoice_terms_overrides: [{ customer_group_id: group.id, invoice_terms_days: 0 }] }, /invoice_terms_overrides/],
    ] as const) {
      const res = await adminCall("POST", url, body)
      expect({ body, status: res.status, code: res.data.code }).toEqual({ body, status: 400, code: "TRADE_CREDIT_INVALID_SETTINGS" })
      expect(res.data.message).toMatch(field)
    }

    // A customer of the group, logged in at the storefront.
    const email = `key.${Date.now().toString(36)}@acme-office.example`
    const pk = { "x-publishable-api-key": seed.publishableKey }
    const registered = await api.post("/auth/customer/emailpass/register", { email, password: "region-terms-1" })
    const { data: created } = await api.post("/store/customers", { email, first_name: "Kay", last_name: "Hopper" }, { headers: { ...pk, authorization: `Bearer ${registered.data.token}` } })
    const customerId = created.customer.id
    await admin("POST", `/admin/customer-groups/${group.id}/customers`, { add: [customerId] })
    const login = await api.post("/auth/customer/emailpass", { email, password: "region-terms-1" })
    const member = storeClient(api, seed.publishableKey, { authorization: `Bearer ${login.data.token}` })

    const saved = await admin("POST", url, {
      invoice_terms_days: 30,
      instalment_periods: [12, 3, 6],
      invoice_terms_overrides: [{ customer_group_id: group.id, invoice_terms_days: 60 }],
    })
    expect(saved.settings).toMatchObject({ instalment_periods: [3, 6, 12], invoice_terms_overrides: [{ customer_group_id: group.id, invoice_terms_days: 60 }] })
    expect(saved.changes.map((c: any) => c.field)).toEqual(expect.arrayContaining(["instalment_periods", "invoice_terms_overrides"]))

    /** The terms of the order a session with verification first makes at once. */
    const termsOfOrder = async (store: ReturnType<typeof storeClient>) => {
      const cart = await createCheckoutCart(store, seed)
      const started = await startTradeCreditSession(store, cart.id, { company: ACME, verify_before_completion: true, return_url: `${STOREFRONT_URL}/checkout/trade-credit/return` })
      expect(started.status).toBe(200)
      const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      return items.find((r: any) => r.path === "/v1/order" && r.body?.merchant_reference === cartReference(cart.id)).body.terms
    }
    // The group's 60 days for its customer; the region's 30 for a guest.
    expect(await termsOfOrder(member)).toEqual({ type: "NET_TERMS", duration_days: 60 })
    expect(await termsOfOrder(storeClient(api, seed.publishableKey))).toEqual({ type: "NET_TERMS", duration_days: 30 })
    // The customer's own entry beats the group's.
    await admin("POST", url, { invoice_terms_overrides: [{ customer_group_id: group.id, invoice_terms_days: 60 }, { customer_id: customerId, invoice_terms_days: 90 }] })
    expect(await termsOfOrder(member)).toEqual({ type: "NET_TERMS", duration_days: 90 })

    // Instalments: 24 months is not offered here (refused before anything is asked), 6 is; the session says what is.
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const repayBefore = (await control(simulator.url, "GET", "/_sim/requests?path_prefix=/repay/v1")).items.length
    const refused = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: ACME, number_of_periods: 24 },
    })
    expect({ status: refused.status, code: refused.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PERIODS" })
    expect(refused.data.message).toMatch(/24 monthly instalments are not offered here: choose 3, 6, 12/)
    const preview = await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [6, 24], company: ACME })
    expect({ status: preview.status, code: preview.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_INVALID_PERIODS" })
    expect((await control(simulator.url, "GET", "/_sim/requests?path_prefix=/repay/v1")).items.length).toBe(repayBefore)
    const accepted = await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: ACME, number_of_periods: 6 },
    })
    expect(accepted.status).toBe(200)
    const session = accepted.data.payment_collection.payment_sessions.find((s: any) => s.provider_id === PLAN_PROVIDER)
    expect(session.data).toMatchObject({ number_of_periods: 6, offered_periods: [3, 6, 12] })
  })

  it("takes concurrent edits of a region from several admins: every change lands once, with its audit entry", async () => {
    const { region } = await admin("POST", "/admin/regions", { name: `Concurrent ${Date.now().toString(36)}`, currency_code: "eur" })
    const url = `/admin/trade-credit/regions/${region.id}/settings`
    const edits = [
      { min_order_amount: "5.00" },
      { max_order_amount: "500.00" },
      { invoice_terms_days: 20 },
      { offered: false },
      { instalments_offered: false },
      { capture_on: "manual" },
      { invoice_language: "nb_NO" },
      { hide_when_declined: false },
    ]
    // All at once, on a region with no row yet: the first creates it, none is lost or answered with an error.
    const answers = await Promise.all(edits.map((body) => adminCall("POST", url, body)))
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200))
    const { settings, changes } = await admin("GET", url)
    expect(settings).toMatchObject(Object.assign({ customised: true }, ...edits))
    expect(changes.map((c: any) => c.field).sort()).toEqual(edits.map((e) => Object.keys(e)[0]).sort())
    const rows = await (getContainer().resolve("tradeCredit") as any).listRegionSettings({ region_id: region.id })
    expect(rows).toHaveLength(1)

    // A minimum and a maximum that cross, sent together: one lands, the other is refused against it.
    const crossing = await Promise.all([adminCall("POST", url, { min_order_amount: "400.00" }), adminCall("POST", url, { max_order_amount: "300.00" })])
    expect(crossing.map((a) => a.status).sort()).toEqual([200, 400])
    const after = (await admin("GET", url)).settings
    expect(Number(after.min_order_amount)).toBeLessThanOrEqual(Number(after.max_order_amount))
  })

  it("invoices when the region says, in its language, and shows a declined buyer the reason when the region wants it shown", async () => {
    const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
    for (const [body, field] of [
      [{ capture_on: "later" }, /capture_on: must be one of order, shipment, fulfillment, manual/],
      [{ invoice_language: "fr_FR" }, /invoice_language: must be one of en_US, nb_NO, sv_SE/],
      [{ hide_when_declined: "no" }, /hide_when_declined/],
    ] as const) {
      const res = await adminCall("POST", url, body)
      expect({ body, status: res.status, code: res.data.code }).toEqual({ body, status: 400, code: "TRADE_CREDIT_INVALID_SETTINGS" })
      expect(res.data.message).toMatch(field)
    }

    // Hidden by default: the pre-check says so.
    const store = storeClient(api, seed.publishableKey)
    const german = storeClient(api, seed.publishableKey, { "accept-language": "de" })
    const cart = await createCheckoutCart(store, seed)
    const hidden = await german.ok("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: HIGHGATE })
    expect(hidden).toMatchObject({ available: false, reason: "declined", hide: true })
    // The service's reason where its intent answer gives one: the published answer does not require it (the minimal
    // profile leaves it null), so the buyer is then told no reason.
    expect(hidden.decline_reason).toBe(minimalProfile() ? null : "TOO_HIGH_RISK")

    const saved = await admin("POST", url, { capture_on: "order", invoice_language: "sv_SE", hide_when_declined: false })
    expect(saved.settings).toMatchObject({ capture_on: "order", invoice_language: "sv_SE", hide_when_declined: false })
    expect(saved.changes.slice(0, 3).map((c: any) => [c.field, c.old_value, c.new_value]).sort()).toEqual([
      ["capture_on", "shipment", "order"],
      ["hide_when_declined", true, false],
      ["invoice_language", null, "sv_SE"],
    ])

    // Shown unavailable, with the reason in the buyer's words and language (from the cache: the service is not asked again).
    const intentsBefore = await intents()
    const shown = await german.call("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: HIGHGATE })
    expect(shown.headers["x-trade-credit-cache"]).toBe("hit")
    expect(shown.data).toMatchObject({ available: false, reason: "declined", hide: false, message: expect.stringMatching(/Handelskredit/) })
    expect(await intents()).toBe(intentsBefore)

    // Captured when placed: the service invoices the whole order at once, with no shipment.
    const bought = await createCheckoutCart(store, seed)
    const started = await startTradeCreditSession(store, bought.id, { company: ACME, verify_before_completion: true, return_url: `${STOREFRONT_URL}/checkout/trade-credit/return` })
    expect(started.status).toBe(200)
    const session = started.data.payment_collection.payment_sessions.find((s: any) => s.provider_id === "pp_trade-credit_default")
    await approveAtPaymentUrl(session.data.payment_url)
    const { order: placed } = await store.ok("POST", `/store/carts/${bought.id}/complete`)
    const payment = await waitUntil("the payment captured when the order was placed", async () => {
      const { order } = await admin("GET", `/admin/orders/${placed.id}?fields=id,total,*payment_collections.payments,*payment_collections.payments.captures`)
      const paid = order.payment_collections[0].payments[0]
      return paid?.captured_at ? { ...paid, total: order.total } : undefined
    })
    const serviceOrderId = session.data.order_id
    const atService = (await control(simulator.url, "GET", `/_sim/orders/${serviceOrderId}`)).order
    expect(atService.fulfilments).toHaveLength(1)
    expect(atService.fulfilments[0].gross_amount).toBe(Number(payment.total).toFixed(2))
    expect(Number(payment.captures[0].amount).toFixed(2)).toBe(Number(payment.total).toFixed(2))
    // The same signal again captures nothing more.
    expect(await captureWhenDue(getContainer(), placed.id, "order_placed")).toMatchObject({ captured: false, reason: "the order has no open trade credit payment" })
    const { items: fulfils } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=/v1/order/${serviceOrderId}/fulfilled`)
    expect(fulfils).toHaveLength(1)

    // The invoice in the region's language.
    const pdf = await api.request({ method: "GET", url: `/admin/trade-credit/orders/${placed.id}/invoice`, headers, validateStatus: () => true, responseType: "arraybuffer" })
    expect(pdf.status).toBe(200)
    const { items: downloads } = await control(simulator.url, "GET", `/_sim/requests?method=GET&path_prefix=/v1/invoice/${serviceOrderId}/pdf`)
    expect(downloads.at(-1).query).toMatchObject({ lang: "sv_SE" })

    await admin("POST", url, { capture_on: null, invoice_language: null, hide_when_declined: true })
    expect((await admin("GET", url)).settings).toMatchObject({ capture_on: "shipment", invoice_language: null, hide_when_declined: true })
  })
})

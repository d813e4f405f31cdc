import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, STOREFRONT_URL, WEBHOOK_PATH } from "../../helpers/simulator"
import { BUYER_ADDRESS, createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl, rejectAtPaymentUrl } from "../../helpers/verification"
import { waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
import { cartReference, merchantOrderIdOf } from "../../../src/core/order/merchant-reference"
import { BUYER_TEXTS } from "../../../src/utils/buyer-texts"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const SECRETS = [SIMULATOR_API_KEY, SIMULATOR_API_KEY.slice("secret_test_".length), SIMULATOR_WEBHOOK_SECRET]

/** Everything that left the server or was written to a log during a test, to search for secrets. */
const seen: string[] = []
const record = (value: unknown) => seen.push(typeof value === "string" ? value : JSON.stringify(value))

const COMPANY = { company_canonical_id: "" }
const serviceOrder = async (id: string) => (await control(simulator.url, "GET", `/_sim/orders/${id}`)).order

export default areaPart("invoice-checkout", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>

  beforeAll(async () => {
    // Record every response body and every log line from here on.
    api.interceptors?.response.use((res: any) => (record(res.data), res), (err: any) => (record(err?.response?.data), Promise.reject(err)))
    const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any
    for (const level of ["debug", "info", "warn", "error", "log", "activity", "success", "failure", "progress"]) {
      const original = logger[level]?.bind(logger)
      if (original) logger[level] = (...args: unknown[]) => (args.forEach(record), original(...args))
    }
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream)
      ;(stream as any).write = (chunk: any, ...rest: any[]) => (record(String(chunk)), write(chunk, ...rest))
    }
    adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
    COMPANY.company_canonical_id = await findCompanyId(simulator.url, "GB", "acme")
    await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}${WEBHOOK_PATH}` })
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}${WEBHOOK_PATH}` })
  })

  it("checks out by invoice: verification redirect, order, capture with invoice, partial refund with credit note", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect(cart.promotions.map((p: any) => p.code)).toEqual(["TRADE10"])
    expect(cart.shipping_methods).toHaveLength(1)

    const sessionRes = await startTradeCreditSession(store, cart.id, {
      company: COMPANY,
      purchase_order_number: "PO-7781",
      department: "Facilities",
      project: "HQ refit",
      invoice_emails: ["ap@acme-office.example"],
      return_url: `${STOREFRONT_URL}/checkout/return`,
    })
    expect(sessionRes.status).toBe(200)
    const session = sessionRes.data.payment_collection.payment_sessions[0]
    expect(session.provider_id).toBe("pp_trade-credit_default")
    expect(session.data.tracking_id).toEqual(expect.any(String))

    // First completion: the buyer must verify at the service.
    const first = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(first.status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const pendingSession = pending.payment_collection.payment_sessions[0]
    expect(pendingSession.status).toBe("requires_more")
    expect(pendingSession.data.payment_url).toMatch(new RegExp(`^${simulator.url}/`))
    expect(pendingSession.data.state).toBe("UNVERIFIED")

    // The buyer follows payment_url, approves, and is sent back to the storefront with the cart id.
    const back = await approveAtPaymentUrl(pendingSession.data.payment_url)
    expect(back.startsWith(`${STOREFRONT_URL}/checkout/return?`)).toBe(true)
    expect(new URL(back).searchParams.get("cart_id")).toBe(cart.id)

    // The storefront completes the cart again on return: the order is placed.
    const second = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(second.status).toBe(200)
    expect(second.data.type).toBe("order")
    const order = second.data.order
    expect(order.total).toBeCloseTo(cart.total, 2)

    const serviceOrderId = pendingSession.data.order_id
    const atService = await serviceOrder(serviceOrderId)
    expect(atService.state).toBe("CONFIRMED")
    expect(atService.gross_amount).toBe(Number(cart.total).toFixed(2))
    expect(atService.line_items.some((l: any) => l.type === "SHIPPING_FEE")).toBe(true)
    expect(atService.line_items.some((l: any) => l.discount_amount !== "0.00")).toBe(true)
    const { items: creates } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
    const createBody = creates.find((r: any) => r.path === "/v1/order" && r.status === 201).body
    expect(createBody.buyer_purchase_order_number).toBe("PO-7781")
    expect(createBody.buyer_department).toBe("Facilities")
    expect(createBody.invoice_details).toEqual({ invoice_emails: ["ap@acme-office.example"] })
    expect(createBody.buyer.representative).toEqual({
      email: "grace@acme-office.example",
      first_name: "Grace",
      last_name: "Hopper",
      phone_number: "+447400123456",
    })

    // The admin captures: the service fulfils and sends the invoice.
    const admin = adminRequester(api, adminHeaders)
    const { order: adminOrder } = await admin("GET", `/admin/orders/${order.id}?fields=*payment_collections.payments`)
    const payment = adminOrder.payment_collections[0].payments[0]
    expect(payment.provider_id).toBe("pp_trade-credit_default")
    await admin("POST", `/admin/payments/${payment.id}/capture`, {})
    const fulfilled = await serviceOrder(serviceOrderId)
    expect(fulfilled.state).toBe("FULFILLED")
    expect(fulfilled.fulfilments).toHaveLength(1)
    expect(fulfilled.fulfilments[0].invoice_number).toEqual(expect.any(String))

    // A partial refund: a credit note for exactly that amount.
    await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 25 })
    const refunded = await serviceOrder(serviceOrderId)
    expect(refunded.refunds).toHaveLength(1)
    expect(refunded.refunds[0].amount).toBe("25.00")
    expect(refunded.refunds[0].credit_note_number).toEqual(expect.any(String))
    const { payment: afterRefund } = await admin("GET", `/admin/payments/${payment.id}?fields=id,amount,data`)
    expect(afterRefund.data.refunds[0].credit_note_number).toBe(refunded.refunds[0].credit_note_number)

    // The same refund cannot be paid twice: more than what remains refundable is refused before any call.
    const tooMuch = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 100000 }, { headers: adminHeaders, validateStatus: () => true })
    expect(tooMuch.status).toBeGreaterThanOrEqual(400)
    expect(tooMuch.status).toBeLessThan(500)
    expect((await serviceOrder(serviceOrderId)).refunds).toHaveLength(1)

    // The API key and webhook secret appear in no response, session data, payment data or log line.
    const { cart: finalCart } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    record(finalCart)
    record(afterRefund)
    const haystack = seen.join("\n")
    expect(haystack.length).toBeGreaterThan(1000)
    for (const secret of SECRETS) expect(haystack.includes(secret)).toBe(false)
  })

  it("places the order with ONE completion when the session asks for verification first (verify_before_completion)", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    // The checkout's own calls: no order.verified webhook reading the order back beside them.
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    await control(simulator.url, "DELETE", "/_sim/requests")
    const created = await startTradeCreditSession(store, cart.id, {
      company: COMPANY,
      verify_before_completion: true,
      return_url: `${STOREFRONT_URL}/checkout/return`,
    })
    expect(created.status).toBe(200)
    // The session hands out the verification page, as Medusa's redirect providers hand out their approval URL.
    const session = created.data.payment_collection.payment_sessions[0]
    expect(session.status).toBe("requires_more")
    expect(session.data).toMatchObject({ state: "UNVERIFIED", order_id: expect.any(String), payment_url: expect.stringMatching(new RegExp(`^${simulator.url}/`)) })

    const back = await approveAtPaymentUrl(session.data.payment_url)
    expect(new URL(back).searchParams.get("cart_id")).toBe(cart.id)
    const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(placed.status).toBe(200)
    expect(placed.data.type).toBe("order")
    expect(placed.data.order.total).toBeCloseTo(cart.total, 2)
    expect((await serviceOrder(session.data.order_id)).state).toBe("CONFIRMED")

    // Three calls to the service for the whole checkout: credit check and order before the redirect, and on the
    // buyer's return the confirm alone (its answer is the order as the service has it: no read first); one order.
    const { items } = await control(simulator.url, "GET", "/_sim/requests?path_prefix=/v1/order")
    const calls = items.map((r: any) => `${r.method} ${r.path.replace(session.data.order_id, ":id")} ${r.status}`)
    expect(calls).toEqual(["POST /v1/order_intent 201", "POST /v1/order 201", "POST /v1/order/:id/confirm 200"])
    expect(items[2].idempotency_key).toBe(`confirm-first-${session.data.order_id}`)
    const admin = adminRequester(api, adminHeaders)
    const { order } = await admin("GET", `/admin/orders/${placed.data.order.id}?fields=id,*payment_collections`)
    expect(order.payment_collections[0].status).toBe("authorized")
  })

  it("makes one blocking call on each side of the redirect: the order at the first completion, the confirm on return", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    // The checkout's own calls: no order.verified webhook completing the cart beside them.
    await control(simulator.url, "PUT", "/_sim/webhook", { url: null })
    await control(simulator.url, "DELETE", "/_sim/requests")
    const callsSoFar = async (orderId?: string) => {
      const { items } = await control(simulator.url, "GET", "/_sim/requests?path_prefix=/v1/order")
      await control(simulator.url, "DELETE", "/_sim/requests")
      return items.map((r: any) => `${r.method} ${orderId ? r.path.replace(orderId, ":id") : r.path} ${r.status}`)
    }

    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY, return_url: `${STOREFRONT_URL}/checkout/return` })).status).toBe(200)
    expect(await callsSoFar()).toEqual(["POST /v1/order_intent 201"])

    // The first completion: the order alone, and the buyer is sent to verify.
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = pending.payment_collection.payment_sessions[0]
    expect(session.data).toMatchObject({ state: "UNVERIFIED", payment_url: expect.any(String) })
    expect(await callsSoFar()).toEqual(["POST /v1/order 201"])

    // The return: the confirm alone; its answer is the order as the service has it, the order is placed.
    await approveAtPaymentUrl(session.data.payment_url)
    const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect([placed.status, placed.data.type]).toEqual([200, "order"])
    expect(await callsSoFar(session.data.order_id)).toEqual(["POST /v1/order/:id/confirm 200"])
    expect((await serviceOrder(session.data.order_id)).state).toBe("CONFIRMED")
    const admin = adminRequester(api, adminHeaders)
    const { order } = await admin("GET", `/admin/orders/${placed.data.order.id}?fields=id,*payment_collections.payments`)
    expect(order.payment_collections[0].status).toBe("authorized")
    expect(order.payment_collections[0].payments[0].data).toMatchObject({ order_id: session.data.order_id, state: "CONFIRMED" })
  })

  it("refuses the one completion while the buyer has not verified, and a bad verify_before_completion before calling the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const bad = await startTradeCreditSession(store, cart.id, { company: COMPANY, verify_before_completion: "yes" })
    expect([bad.status, bad.data.code]).toEqual([400, "INVALID_SESSION_DATA"])
    expect(bad.data.message).toMatch(/verify_before_completion/)
    const created = await startTradeCreditSession(store, cart.id, { company: COMPANY, verify_before_completion: true })
    const session = created.data.payment_collection.payment_sessions[0]
    // A buyer who comes back without verifying (or a storefront that completes first) is told to verify, as before.
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    expect(pending.payment_collection.payment_sessions[0].data).toMatchObject({ order_id: session.data.order_id, payment_url: session.data.payment_url })
    await approveAtPaymentUrl(session.data.payment_url)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(200)
    const orders = (await control(simulator.url, "GET", "/_sim/orders")).items.filter((o: any) => o.merchant_order_id === merchantOrderIdOf(cart.id, session.id))
    expect(orders.map((o: any) => o.state)).toEqual(["CONFIRMED"])
    // The early completion's confirm was refused (409, kept by the service under its key) and the order read: waiting,
    // the refusal marked in the session's data. On the return the order is read first (that key would only answer its
    // refusal again), found VERIFIED, and the confirm of the read, under a key of its own, confirms it: a refused first
    // confirm never blocks the order, nor is it sent again.
    const orderId = session.data.order_id
    expect(pending.payment_collection.payment_sessions[0].data.confirm_first).toBe("refused")
    const { items: confirms } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=/v1/order/${orderId}/confirm`)
    expect(confirms.map((r: any) => [r.idempotency_key, r.status])).toEqual([
      [`confirm-first-${orderId}`, 409],
      [`confirm-${orderId}`, 200],
    ])
  })

  it("refuses in plain words a checkout whose service order the service forgot; a new session is a new order and page", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const created = await startTradeCreditSession(store, cart.id, {
      company: COMPANY,
      verify_before_completion: true,
      return_url: `${STOREFRONT_URL}/checkout/return`,
    })
    expect(created.status).toBe(200)
    const old = created.data.payment_collection.payment_sessions[0]
    expect(old.data).toMatchObject({ state: "UNVERIFIED", order_id: expect.any(String), payment_url: expect.stringMatching(new RegExp(`^${simulator.url}/`)) })

    // The service forgets the order (it purged an abandoned one, or the demo's simulator lost its memory).
    await control(simulator.url, "DELETE", `/_sim/orders/${old.data.order_id}`)

    // The completion is refused with the code and the buyer's words: no 500, nothing of the service's answer.
    const gone = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(gone.status).toBe(400)
    expect(gone.data).toEqual({ type: "not_allowed", code: "TRADE_CREDIT_ORDER_GONE", message: BUYER_TEXTS["order.gone"].en })
    // The session no longer points at the dead page: closed, no order, no payment_url.
    const { cart: after } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const closed = after.payment_collection.payment_sessions.find((s: any) => s.id === old.id)
    expect(closed.status).toBe("canceled")
    expect(closed.data).toMatchObject({ payment_url: null, order_id: null, state: null, gone_order_id: old.data.order_id })
    // A second completion says the same, in the buyer's language (Medusa alone would say "Payment sessions are required").
    const swedish = storeClient(api, seed.publishableKey, { "accept-language": "sv" })
    const again = await swedish.call("POST", `/store/carts/${cart.id}/complete`)
    expect([again.status, again.data.code, again.data.message]).toEqual([400, "TRADE_CREDIT_ORDER_GONE", BUYER_TEXTS["order.gone"].sv])

    // Starting the session again is a new order with a new verification page, and the order goes through.
    const restarted = await startTradeCreditSession(store, cart.id, {
      company: COMPANY,
      verify_before_completion: true,
      return_url: `${STOREFRONT_URL}/checkout/return`,
    })
    expect(restarted.status).toBe(200)
    const fresh = restarted.data.payment_collection.payment_sessions.find((s: any) => s.status !== "canceled")
    expect(fresh.status).toBe("requires_more")
    expect(fresh.data.order_id).toEqual(expect.any(String))
    expect(fresh.data.order_id).not.toBe(old.data.order_id)
    expect(fresh.data.payment_url).toMatch(new RegExp(`^${simulator.url}/`))
    expect(fresh.data.payment_url).not.toBe(old.data.payment_url)
    expect((await serviceOrder(fresh.data.order_id)).state).toBe("UNVERIFIED")
    await approveAtPaymentUrl(fresh.data.payment_url)
    const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect([placed.status, placed.data.type]).toEqual([200, "order"])
    expect((await serviceOrder(fresh.data.order_id)).state).toBe("CONFIRMED")
  })

  it("keeps a completion whose read of the order fails at the service retryable, and the session as it was", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const created = await startTradeCreditSession(store, cart.id, { company: COMPANY, verify_before_completion: true })
    const session = created.data.payment_collection.payment_sessions[0]
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "GET",
      path: `/v1/order/${session.data.order_id}`,
      times: 10,
      fault: { type: "status", status: 503, retry_after: 0 },
    })
    const failed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(failed.status).toBe(400)
    expect(failed.data.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    const { cart: after } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    expect(after.payment_collection.payment_sessions[0]).toMatchObject({
      status: "requires_more",
      data: { order_id: session.data.order_id, payment_url: session.data.payment_url },
    })
  })

  /** A cart at the point where the buyer must verify: returns the cart, session and service order id. */
  const untilVerification = async (store: ReturnType<typeof storeClient>, data: Record<string, unknown> = {}) => {
    const cart = await createCheckoutCart(store, seed)
    const created = await startTradeCreditSession(store, cart.id, { company: COMPANY, ...data })
    expect(created.status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = pending.payment_collection.payment_sessions[0]
    expect(session.status).toBe("requires_more")
    return { cart, session, orderId: session.data.order_id as string }
  }

  it("places the order from the order.verified webhook when the buyer never comes back", async () => {
    const store = storeClient(api, seed.publishableKey)
    const { cart, orderId } = await untilVerification(store)
    await control(simulator.url, "POST", `/_sim/orders/${orderId}/verify`, { approve: true })

    // The signed webhook reaches Medusa, which authorizes the payment (the plugin confirms the order) and completes the cart.
    const admin = adminRequester(api, adminHeaders)
    // Medusa places the order before it authorizes the payment (core-flows complete-cart): wait for both.
    const orders: any[] = await waitUntil("the order placed from the webhook, its payment authorized", async () => {
      const { orders } = await admin("GET", `/admin/orders?fields=id,total,*payment_collections`)
      return orders.length && orders[0].payment_collections[0]?.status === "authorized" ? orders : undefined
    })
    expect(orders).toHaveLength(1)
    expect(orders[0].total).toBeCloseTo(cart.total, 2)
    expect((await serviceOrder(orderId)).state).toBe("CONFIRMED")
    const { items: deliveries } = await control(simulator.url, "GET", "/_sim/webhooks?type=order.verified")
    expect(deliveries.find((d: any) => d.payload.data.order_id === orderId).state).toBe("delivered")

    // The buyer's browser completing the cart later is harmless: the same order comes back.
    const late = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(late.status).toBe(200)
    expect(late.data.order.id).toBe(orders[0].id)
  })

  it("refuses to place the order when the buyer fails verification", async () => {
    const store = storeClient(api, seed.publishableKey)
    const { cart, session, orderId } = await untilVerification(store)
    const back = await rejectAtPaymentUrl(session.data.payment_url)
    expect(new URL(back).searchParams.get("trade_credit")).toBe("failed")
    expect(new URL(back).searchParams.get("cart_id")).toBe(cart.id)
    const res = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(res.status).toBe(400)
    expect(res.data.code).toBe("TRADE_CREDIT_ORDER_CANCELLED")
    expect((await serviceOrder(orderId)).state).toBe("CANCELLED")
    const admin = adminRequester(api, adminHeaders)
    expect((await admin("GET", "/admin/orders?fields=id")).orders).toHaveLength(0)
  })

  it("cancels the order waiting for verification when the cart changes, so no stale order is left at the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const { cart, orderId } = await untilVerification(store)
    // The buyer adds an item: Medusa drops the payment session, and the plugin cancels its unverified order.
    await store.ok("POST", `/store/carts/${cart.id}/line-items`, { variant_id: seed.variants[0].id, quantity: 1 })
    expect((await serviceOrder(orderId)).state).toBe("CANCELLED")
    // A new session for the changed cart is a new order of the new amount.
    const { cart: changed } = await store.ok("GET", `/store/carts/${cart.id}`)
    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = pending.payment_collection.payment_sessions[0]
    expect(session.data.order_id).not.toBe(orderId)
    expect((await serviceOrder(session.data.order_id)).gross_amount).toBe(Number(changed.total).toFixed(2))
  })

  it("refuses bad session data and a return URL off the storefront with a code, before calling the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const { items: before } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    for (const [data, code] of [
      [{ company: COMPANY, return_url: "https://evil.example/steal" }, "INVALID_RETURN_URL"],
      [{ company: COMPANY, return_url: `${STOREFRONT_URL}@evil.example/x` }, "INVALID_RETURN_URL"],
      [{ company: { company_canonical_id: 42 } }, "INVALID_SESSION_DATA"],
      [{ company: COMPANY, invoice_emails: ["not-an-email"] }, "INVALID_SESSION_DATA"],
    ] as const) {
      const res = await startTradeCreditSession(store, cart.id, data as any)
      expect(res.status).toBe(400)
      expect(res.data.code).toBe(code)
    }
    const { items: after } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    expect(after.length).toBe(before.length)
  })

  it("checks out products that have no description: every line sent carries one, and the phone is sent in E.164", async () => {
    const store = storeClient(api, seed.publishableKey)
    const admin = adminRequester(api, adminHeaders)
    const { product } = await admin("GET", `/admin/products/${seed.product.id}?fields=id,description`)
    expect(product.description ?? "").toBe("")
    const { items: intentsBefore } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    const { cart, session } = await untilVerification(store)

    const { items: intents } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    const intent = intents.slice(intentsBefore.length).find((r: any) => r.status === 201).body
    const { items: creates } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
    const create = creates.find((r: any) => r.path === "/v1/order" && r.status === 201 && r.body.merchant_reference === cartReference(cart.id)).body
    for (const body of [intent, create]) {
      const described = body.line_items.map((l: any) => `${l.type}: ${l.description}`).sort()
      expect(described).toEqual([
        "PHYSICAL: Copier paper, pallet — A3",
        "PHYSICAL: Copier paper, pallet — A4",
        expect.stringMatching(/^SHIPPING_FEE: Shipping: \S/),
      ])
    }
    // The billing address's "07400 123456" (GB), whole representative on the intent too.
    expect(intent.buyer.representative).toEqual({
      email: "grace@acme-office.example",
      first_name: "Grace",
      last_name: "Hopper",
      phone_number: "+447400123456",
    })

    await approveAtPaymentUrl(session.data.payment_url)
    const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(placed.status).toBe(200)
    expect(placed.data.type).toBe("order")
    expect((await serviceOrder(session.data.order_id)).state).toBe("CONFIRMED")
  })

  it("refuses a cart whose billing phone cannot be read with INVALID_PHONE_NUMBER naming the field, before calling the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    await store.ok("POST", `/store/carts/${cart.id}`, { billing_address: { ...BUYER_ADDRESS, phone: "12" } })
    const { items: before } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    const res = await startTradeCreditSession(store, cart.id, { company: COMPANY })
    expect(res.status).toBe(400)
    expect(res.data.code).toBe("INVALID_PHONE_NUMBER")
    expect(res.data.message).toContain('"12"')
    expect(res.data.message).toContain("billing address's phone")
    const { items: after } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order_intent")
    expect(after.length).toBe(before.length)

    // Corrected (a national UK number), the same cart is credit-checked.
    await store.ok("POST", `/store/carts/${cart.id}`, { billing_address: { ...BUYER_ADDRESS, phone: "07700 900123" } })
    const fixed = await startTradeCreditSession(store, cart.id, { company: COMPANY })
    expect(fixed.status).toBe(200)
    expect(fixed.data.payment_collection.payment_sessions[0].data.tracking_id).toEqual(expect.any(String))
  })

  it("captures in parts, each part invoiced, and cancels an order that was never captured", async () => {
    const store = storeClient(api, seed.publishableKey)
    const admin = adminRequester(api, adminHeaders)
    const { cart, session, orderId } = await untilVerification(store)
    await approveAtPaymentUrl(session.data.payment_url)
    const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    const { order: withPayments } = await admin("GET", `/admin/orders/${order.id}?fields=*payment_collections.payments`)
    const payment = withPayments.payment_collections[0].payments[0]

    await admin("POST", `/admin/payments/${payment.id}/capture`, { amount: 100 })
    let atService = await serviceOrder(orderId)
    expect(atService.state).toBe("FULFILLING")
    expect(atService.fulfilments.map((f: any) => f.gross_amount)).toEqual(["100.00"])
    await admin("POST", `/admin/payments/${payment.id}/capture`, { amount: payment.amount - 100 })
    atService = await serviceOrder(orderId)
    expect(atService.state).toBe("FULFILLED")
    expect(atService.fulfilments).toHaveLength(2)
    const invoiced = atService.fulfilments.reduce((sum: number, f: any) => sum + Math.round(Number(f.gross_amount) * 100), 0)
    expect(invoiced).toBe(Math.round(Number(atService.gross_amount) * 100))

    // A second order, cancelled in the admin before capture: the service cancels it too.
    const second = await untilVerification(store)
    await approveAtPaymentUrl(second.session.data.payment_url)
    const { order: secondOrder } = await store.ok("POST", `/store/carts/${second.cart.id}/complete`)
    await admin("POST", `/admin/orders/${secondOrder.id}/cancel`, {})
    expect((await serviceOrder(second.orderId)).state).toBe("CANCELLED")
  })

  it("refuses a declined buyer with the reason, and creates no order at the service", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const before = await control(simulator.url, "GET", "/_sim/orders")
    const res = await startTradeCreditSession(store, cart.id, {
      company: { company_name: "Highgate Risk Holdings Ltd", country_prefix: "GB", organization_number: "06660666" },
    })
    expect(res.status).toBe(400)
    expect(res.data.code).toBe("TRADE_CREDIT_DECLINED")
    // The buyer reads words, not the service's code (it is logged for the merchant).
    expect(res.data.message).toBe("Trade credit is not available for this purchase. Please choose another payment method.")
    // In the buyer's language when the storefront asks for one of the five (same code); English for any other.
    const highgate = { company_name: "Highgate Risk Holdings Ltd", country_prefix: "GB", organization_number: "06660666" }
    for (const [acceptLanguage, message, language] of [
      ["de-DE,de;q=0.9,en;q=0.5", "Handelskredit ist für diesen Kauf nicht verfügbar. Bitte wählen Sie eine andere Zahlungsart.", "de"],
      ["nn-NO", "Handelskreditt er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.", "nb"],
      ["fr-FR,fr;q=0.9", "Trade credit is not available for this purchase. Please choose another payment method.", "en"],
    ] as const) {
      const buyer = storeClient(api, seed.publishableKey, { "accept-language": acceptLanguage })
      const localized = await startTradeCreditSession(buyer, (await createCheckoutCart(buyer, seed)).id, { company: highgate })
      expect({ acceptLanguage, status: localized.status, code: localized.data.code, message: localized.data.message }).toEqual({
        acceptLanguage,
        status: 400,
        code: "TRADE_CREDIT_DECLINED",
        message,
      })
      expect(localized.headers["content-language"]).toBe(language)
      expect(localized.headers["vary"]).toMatch(/Accept-Language/i)
    }
    const after = await control(simulator.url, "GET", "/_sim/orders")
    expect(after.items.length).toBe(before.items.length)
  })

  it("fails checkout with a clear error within the timeout when the service is down, leaving no order", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed, { promotion: null })
    const sessionRes = await startTradeCreditSession(store, cart.id, { company: COMPANY })
    expect(sessionRes.status).toBe(200)
    const sessionId = sessionRes.data.payment_collection.payment_sessions[0].id

    const unavailable = await control(simulator.url, "POST", "/_sim/faults", {
      method: "POST",
      path: "/v1/order",
      times: 100,
      fault: { type: "status", status: 503, retry_after: 0 },
    })
    const res = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(res.status).toBe(400)
    expect(res.data.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(res.data.message).toMatch(/trade credit service/i)
    // The buyer is not held: the client gave up after its attempts (maxRetries 2), not after 100 refusals. (Its
    // time is a bench's subject, not this test's.)
    const [left] = (await control(simulator.url, "GET", "/_sim/faults")).items.filter((f: any) => f.id === unavailable.id)
    expect(left.hits).toBeLessThanOrEqual(3)
    const { items: orders } = await control(simulator.url, "GET", "/_sim/orders")
    expect(orders.filter((o: any) => o.merchant_order_id === merchantOrderIdOf(cart.id, sessionId))).toHaveLength(0)

    // When the service is back, the same cart completes (after verification).
    await control(simulator.url, "DELETE", "/_sim/faults")
    const retry = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(retry.status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    expect(pending.payment_collection.payment_sessions[0].status).toBe("requires_more")
  })
})

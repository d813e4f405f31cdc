import { Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { invoiceShipmentWorkflow } from "../../../src/workflows/invoice-shipment"
import { expireUnverifiedOrders } from "../../../src/workflows/unverified-orders"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs, waitForValue, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const COMPANY = { company_canonical_id: "" }
const serviceOrder = async (id: string) => (await control(simulator.url, "GET", `/_sim/orders/${id}`)).order
const cents = (value: string | number) => Math.round(Number(value) * 100)

const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> =>
  waitForValue("the service's order", read, done, { timeoutMs: ms, intervalMs: 200 })

export default areaPart("shipments-cancel-documents", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  let admin: ReturnType<typeof adminRequester>
  /** What the app logs: the shipment subscriber reports each delivery it handled (invoiced, not, or failed). */
  let logs: string[] = []
  const handled = (fulfillmentId: string) => logs.filter((l) => l.includes(`fulfillment ${fulfillmentId} `) || l.includes(`fulfillment ${fulfillmentId}:`))

  beforeAll(async () => {
    logs = recordLogs(getContainer().resolve("logger"))
    adminHeaders = await loginAdmin(getContainer(), api)
    admin = adminRequester(api, adminHeaders)
    seed = await seedStore(admin)
    COMPANY.company_canonical_id = await findCompanyId(simulator.url, "GB", "acme")
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
  })

  const adminCall = (method: string, url: string, data?: unknown) =>
    api.request({ method, url, data, headers: adminHeaders, validateStatus: () => true, responseType: "arraybuffer" as const })
  const json = (res: { data: ArrayBuffer }) => JSON.parse(Buffer.from(res.data).toString("utf8"))

  /** A cart whose buyer must verify at the service: the cart, its session and the service order id. */
  const untilVerification = async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = pending.payment_collection.payment_sessions[0]
    expect(session.status).toBe("requires_more")
    return { store, cart, session, serviceOrderId: session.data.order_id as string }
  }

  /** An order placed by trade credit (3 pallets of one paper size, 2 of the other, shipping, 10 % off): the Medusa order with items and payment. */
  const placeOrder = async () => {
    const { store, cart, session, serviceOrderId } = await untilVerification()
    await approveAtPaymentUrl(session.data.payment_url)
    const { order: placed } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
    const { order } = await admin("GET", `/admin/orders/${placed.id}?fields=*items,*payment_collections.payments`)
    const payment = order.payment_collections[0].payments[0]
    expect(payment.provider_id).toBe("pp_trade-credit_default")
    // Which variant is bought 3 times and which twice depends on the order the seed's variants come back in.
    const item = (quantity: number) => order.items.find((i: any) => Number(i.quantity) === quantity)
    return { order, payment, serviceOrderId, three: item(3), two: item(2) }
  }

  /** Creates a fulfillment of `items` through the admin API; returns its id. */
  const fulfil = async (orderId: string, items: { id: string; quantity: number }[]) => {
    const before = (await admin("GET", `/admin/orders/${orderId}?fields=fulfillments.id`)).order.fulfillments.map((f: any) => f.id)
    await admin("POST", `/admin/orders/${orderId}/fulfillments`, { items })
    const after = (await admin("GET", `/admin/orders/${orderId}?fields=fulfillments.id`)).order.fulfillments
    return after.find((f: any) => !before.includes(f.id)).id as string
  }
  /** Fulfils and marks shipped; returns the fulfillment id. */
  const ship = async (orderId: string, items: { id: string; quantity: number }[]) => {
    const fulfillmentId = await fulfil(orderId, items)
    await admin("POST", `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items })
    return fulfillmentId
  }
  const paymentOf = async (paymentId: string) =>
    (await admin("GET", `/admin/payments/${paymentId}?fields=id,amount,captured_at,canceled_at,data,*captures,*refunds`)).payment
  const guardRows = (fulfillmentId: string) =>
    (getContainer().resolve(TRADE_CREDIT_MODULE) as any).listShipmentInvoices({ fulfillment_id: fulfillmentId })

  it("invoices two shipments as two partial fulfilments that add up to the order, once each even when the event comes twice", async () => {
    const { order, payment, serviceOrderId, three, two } = await placeOrder()

    // Nothing is invoiced yet: the invoice route explains it with a 409.
    const early = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice`)
    expect(early.status).toBe(409)
    expect(json(early)).toMatchObject({ code: "TRADE_CREDIT_NOT_INVOICED", message: expect.stringMatching(/Nothing is invoiced.*ship/) })

    // A fulfillment that is created but not shipped invoices nothing (captureOn "shipment").
    const first = await fulfil(order.id, [{ id: three.id, quantity: 3 }])
    await waitUntil("the created fulfillment judged", () => handled(first).some((l) => l.includes("not invoiced on fulfillment")))
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(0)

    // Marked shipped: a partial fulfilment of exactly those three pallets and the shipping.
    await admin("POST", `/admin/orders/${order.id}/fulfillments/${first}/shipments`, { items: [{ id: three.id, quantity: 3 }] })
    let atService = await waitFor(() => serviceOrder(serviceOrderId), (o) => o.fulfilments.length === 1)
    expect(atService.state).toBe("FULFILLING")
    const [part1] = atService.fulfilments
    expect(part1.line_items.map((l: any) => [l.type, l.quantity])).toEqual([
      ["PHYSICAL", "3"],
      ["SHIPPING_FEE", "1"],
    ])
    const threeLine = atService.line_items.find((l: any) => l.type === "PHYSICAL" && l.quantity === "3")
    const shippingLine = atService.line_items.find((l: any) => l.type === "SHIPPING_FEE")
    expect(cents(part1.gross_amount)).toBe(cents(threeLine.gross_amount) + cents(shippingLine.gross_amount))
    const { items: fulfils } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=/v1/order/${serviceOrderId}/fulfilled`)
    expect(fulfils.map((r: any) => r.idempotency_key)).toEqual([`fulfil-shipment-${first}`])

    // Medusa recorded a capture of exactly the invoiced amount, and the invoice is on the payment.
    let medusaPayment = await waitFor(() => paymentOf(payment.id), (p) => p.captures.length === 1 && p.data.fulfilments?.length === 1)
    expect(cents(medusaPayment.captures[0].amount)).toBe(cents(part1.gross_amount))
    expect(medusaPayment.captured_at).toBeNull()
    expect(medusaPayment.data.fulfilments[0].invoice_number).toBe(part1.invoice_number)

    // The same shipment event delivered twice more, at once: still one fulfilment and one capture.
    await getContainer()
      .resolve(Modules.EVENT_BUS)
      .emit([
        { name: "shipment.created", data: { id: first } },
        { name: "shipment.created", data: { id: first } },
      ])
    await waitUntil("the shipment's two more deliveries handled", () => handled(first).length >= 3)
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(1)
    expect((await paymentOf(payment.id)).captures).toHaveLength(1)
    expect(await guardRows(first)).toEqual([expect.objectContaining({ status: "invoiced", invoice_number: part1.invoice_number })])

    // The second shipment ships the last items: it fulfils all that remains. Two more deliveries of its
    // event race the real one (before any of them is done): still one fulfilment.
    const second = await ship(order.id, [{ id: two.id, quantity: 2 }])
    await getContainer()
      .resolve(Modules.EVENT_BUS)
      .emit([
        { name: "shipment.created", data: { id: second } },
        { name: "shipment.created", data: { id: second } },
      ])
    atService = await waitFor(() => serviceOrder(serviceOrderId), (o) => o.fulfilments.length === 2)
    await waitUntil("the second shipment's three deliveries handled", () => handled(second).length >= 3)
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(2)
    expect(atService.state).toBe("FULFILLED")
    const [, part2] = atService.fulfilments
    expect(part2.invoice_number).not.toBe(part1.invoice_number)
    expect(cents(part1.gross_amount) + cents(part2.gross_amount)).toBe(cents(atService.gross_amount))
    expect(cents(atService.gross_amount)).toBe(cents(order.total))

    medusaPayment = await waitFor(() => paymentOf(payment.id), (p) => p.captures.length === 2 && !!p.captured_at)
    expect(medusaPayment.captures.map((c: any) => cents(c.amount)).sort()).toEqual([cents(part1.gross_amount), cents(part2.gross_amount)].sort())
    expect(medusaPayment.data.state).toBe("FULFILLED")
    expect(medusaPayment.data.fulfilments.map((f: any) => f.invoice_number)).toEqual([part1.invoice_number, part2.invoice_number])
    expect(await guardRows(second)).toEqual([expect.objectContaining({ status: "invoiced", invoice_number: part2.invoice_number })])
    const { order: medusaOrder } = await admin("GET", `/admin/orders/${order.id}?fields=id,payment_status,status`)
    expect(medusaOrder.payment_status).toBe("captured")

    // The invoices, as PDF downloads: the latest by default, each by number or by the service's fulfilment id.
    const latest = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice`)
    expect(latest.status).toBe(200)
    expect(latest.headers["content-type"]).toBe("application/pdf")
    expect(latest.headers["content-disposition"]).toBe(`attachment; filename="${part2.invoice_number}.pdf"`)
    expect(latest.headers["cache-control"]).toBe("private, no-store")
    expect(Buffer.from(latest.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    for (const wanted of [part1.invoice_number, part1.id]) {
      const one = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice?fulfilment=${wanted}`)
      expect(one.status).toBe(200)
      expect(one.headers["content-disposition"]).toBe(`attachment; filename="${part1.invoice_number}.pdf"`)
      expect(Buffer.from(one.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    }
    const unknown = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice?fulfilment=INV-999999`)
    expect(unknown.status).toBe(404)
    expect(json(unknown).code).toBe("TRADE_CREDIT_DOCUMENT_NOT_FOUND")
    // The service cannot serve the PDF: 503 with a code, not a broken download.
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "GET",
      path: "/v1/invoice/:id/pdf",
      times: 10,
      fault: { type: "status", status: 503, retry_after: 0 },
    })
    const down = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice`)
    expect(down.status).toBe(503)
    expect(json(down)).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE", message: expect.stringMatching(/trade credit service/) })
    await control(simulator.url, "DELETE", "/_sim/faults")

    // No credit note before a refund (409 in words); after one, its PDF by number.
    const noNote = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/credit-notes/CN-000001`)
    expect(noNote.status).toBe(409)
    expect(json(noNote)).toMatchObject({ code: "TRADE_CREDIT_NO_CREDIT_NOTE", message: expect.stringMatching(/No credit note/) })
    await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 20 })
    const [refund] = (await serviceOrder(serviceOrderId)).refunds
    const note = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/credit-notes/${refund.credit_note_number}`)
    expect(note.status).toBe(200)
    expect(note.headers["content-type"]).toBe("application/pdf")
    expect(note.headers["content-disposition"]).toBe(`attachment; filename="${refund.credit_note_number}.pdf"`)
    expect(note.headers["cache-control"]).toBe("private, no-store")
    expect(Buffer.from(note.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")

    // An invoiced order cannot be cancelled: a clear error that says to refund, and nothing changes on either side.
    const cancel = await adminCall("POST", `/admin/orders/${order.id}/cancel`, {})
    expect(cancel.status).toBe(400)
    expect(json(cancel)).toMatchObject({ code: "TRADE_CREDIT_CANCEL_AFTER_FULFILMENT", message: expect.stringMatching(/refund it instead/) })
    expect((await serviceOrder(serviceOrderId)).state).toBe("FULFILLED")
    const { order: notCancelled } = await admin("GET", `/admin/orders/${order.id}?fields=id,status`)
    expect(notCancelled.status).not.toBe("canceled")
    expect((await paymentOf(payment.id)).canceled_at).toBeNull()
  })

  it("keeps manual captures consistent with shipments: the admin's capture fulfils the rest, a later shipment invoices nothing", async () => {
    const { order, payment, serviceOrderId, three, two } = await placeOrder()
    await ship(order.id, [{ id: three.id, quantity: 1 }])
    const afterFirst = await waitFor(() => paymentOf(payment.id), (p) => p.captures.length === 1)
    const atFirst = await serviceOrder(serviceOrderId)
    expect(atFirst.fulfilments).toHaveLength(1)
    expect(atFirst.fulfilments[0].line_items.map((l: any) => [l.type, l.quantity])).toEqual([
      ["PHYSICAL", "1"],
      ["SHIPPING_FEE", "1"],
    ])

    // The admin captures the rest in Medusa: the service fulfils all that remains.
    const rest = (cents(afterFirst.amount) - cents(afterFirst.captures[0].amount)) / 100
    await admin("POST", `/admin/payments/${payment.id}/capture`, { amount: rest })
    const atService = await serviceOrder(serviceOrderId)
    expect(atService.state).toBe("FULFILLED")
    expect(atService.fulfilments).toHaveLength(2)
    expect(cents(atService.fulfilments[1].gross_amount)).toBe(cents(rest))
    const captured = await paymentOf(payment.id)
    expect(captured.captured_at).not.toBeNull()
    const capturedCents = captured.captures.reduce((sum: number, c: any) => sum + cents(c.amount), 0)
    expect(capturedCents).toBe(cents(atService.gross_amount))

    // Later shipments of what is left invoice nothing more.
    const second = await ship(order.id, [
      { id: three.id, quantity: 2 },
      { id: two.id, quantity: 2 },
    ])
    await waitUntil("the shipment's delivery handled", () => handled(second).length >= 1)
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(2)
    expect((await paymentOf(payment.id)).captures).toHaveLength(2)
    expect(await guardRows(second)).toEqual([])
    const { result } = await invoiceShipmentWorkflow(getContainer()).run({ input: { fulfillment_id: second, trigger: "shipment" } })
    expect(result).toMatchObject({ invoiced: false, reason: "the trade credit payment is captured in full already" })
  })

  it("leaves no trace when the service refuses a shipment's fulfilment, so the event delivered again invoices it", async () => {
    const { order, payment, serviceOrderId, three, two } = await placeOrder()
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "POST",
      path: "/v1/order/:id/fulfilled",
      times: 10,
      fault: { type: "status", status: 503, retry_after: 0 },
    })
    const first = await ship(order.id, [{ id: three.id, quantity: 3 }])
    // The fulfil call is refused (503, tried again once by the client, refused again).
    await waitFor(() => control(simulator.url, "GET", "/_sim/faults"), (f) => f.items[0]?.hits >= 2)
    // The subscriber reports the failure once the workflow has compensated.
    await waitUntil("the failed delivery handled", () => handled(first).some((l) => l.includes("could not invoice")))
    // The workflow compensated: no guard row, no capture, nothing at the service.
    expect(await guardRows(first)).toEqual([])
    expect((await paymentOf(payment.id)).captures).toHaveLength(0)
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(0)

    // The service is back; the event is delivered again: invoiced once.
    await control(simulator.url, "DELETE", "/_sim/faults")
    await getContainer().resolve(Modules.EVENT_BUS).emit({ name: "shipment.created", data: { id: first } })
    await waitFor(() => paymentOf(payment.id), (p) => p.captures.length === 1)
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(1)

    // captureOn "fulfillment" (the workflow run as its subscriber would): a created fulfillment is invoiced,
    // here the last one, so with no body; running it twice invoices it once.
    const created = await fulfil(order.id, [{ id: two.id, quantity: 2 }])
    const run = () => invoiceShipmentWorkflow(getContainer()).run({ input: { fulfillment_id: created, trigger: "fulfillment" } })
    const { result } = await run()
    expect(result).toMatchObject({ invoiced: true, invoice_number: expect.any(String) })
    const atService = await serviceOrder(serviceOrderId)
    expect(atService.state).toBe("FULFILLED")
    expect(cents(result.amount!)).toBe(cents(atService.fulfilments[1].gross_amount))
    expect((await run()).result).toMatchObject({ invoiced: false, reason: expect.stringMatching(/invoiced already|captured in full/) })
    expect((await serviceOrder(serviceOrderId)).fulfilments).toHaveLength(2)
    const captured = await paymentOf(payment.id)
    expect(captured.captures).toHaveLength(2)
    expect(captured.captured_at).not.toBeNull()
  })

  it("cancels an order at the service when it is cancelled before anything is invoiced, and refuses once part of it is", async () => {
    const first = await placeOrder()
    const cancelled = await adminCall("POST", `/admin/orders/${first.order.id}/cancel`, {})
    expect(cancelled.status).toBe(200)
    expect((await serviceOrder(first.serviceOrderId)).state).toBe("CANCELLED")
    expect(json(cancelled).order.status).toBe("canceled")
    const payment = await paymentOf(first.payment.id)
    expect(payment.canceled_at).not.toBeNull()
    expect(payment.data.state).toBe("CANCELLED")

    // Part of the second order is invoiced (a capture from the admin): cancelling is refused before anything changes.
    const second = await placeOrder()
    await admin("POST", `/admin/payments/${second.payment.id}/capture`, { amount: 100 })
    expect((await serviceOrder(second.serviceOrderId)).state).toBe("FULFILLING")
    const refused = await adminCall("POST", `/admin/orders/${second.order.id}/cancel`, {})
    expect(refused.status).toBe(400)
    const error = json(refused)
    expect(error.code).toBe("TRADE_CREDIT_CANCEL_AFTER_FULFILMENT")
    expect(error.message).toMatch(/already invoiced by the trade credit service \(INV-\d+\) and cannot be cancelled: refund it instead/)
    const atService = await serviceOrder(second.serviceOrderId)
    expect(atService.state).toBe("FULFILLING")
    expect(atService.refunds).toHaveLength(0)
    const { order: unchanged } = await admin("GET", `/admin/orders/${second.order.id}?fields=id,status,payment_status`)
    expect(unchanged.status).not.toBe("canceled")
    expect(unchanged.payment_status).toBe("partially_captured")
    const secondPayment = await paymentOf(second.payment.id)
    expect(secondPayment.canceled_at).toBeNull()
    expect(secondPayment.refunds).toHaveLength(0)
  })

  it("cancels an order whose buyer never verified once the TTL has passed, and frees the cart", async () => {
    const { store, cart, session, serviceOrderId } = await untilVerification()

    // Not old enough: left alone.
    const now = await expireUnverifiedOrders(getContainer())
    expect(now.freed).toHaveLength(0)
    expect((await serviceOrder(serviceOrderId)).state).toBe("UNVERIFIED")

    // Old enough, but the buyer's cart completion holds the cart (Medusa's lock on the cart id): the job waits for it,
    // and a session still locked after the wait is left for the next run, untouched.
    const locking = getContainer().resolve(Modules.LOCKING)
    await locking.acquire(cart.id, { ownerId: "the-buyers-completion", expire: 60 })
    const blocked = await expireUnverifiedOrders(getContainer(), { now: new Date(Date.now() + 49 * 3_600_000), lockTimeoutSeconds: 1 })
    expect(blocked.freed).toHaveLength(0)
    expect(blocked.failed).toEqual([expect.objectContaining({ session_id: session.id })])
    expect((await serviceOrder(serviceOrderId)).state).toBe("UNVERIFIED")
    await locking.release(cart.id, { ownerId: "the-buyers-completion" })

    // 49 hours later (the TTL is 48 by default): the order is cancelled and the session deleted.
    const later = await expireUnverifiedOrders(getContainer(), { now: new Date(Date.now() + 49 * 3_600_000) })
    expect(later.freed).toEqual([expect.objectContaining({ session_id: session.id, service_order_id: serviceOrderId, state: "CANCELLED" })])
    expect(later.failed).toEqual([])
    expect((await serviceOrder(serviceOrderId)).state).toBe("CANCELLED")
    const { items: cancels } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=/v1/order/${serviceOrderId}/cancel`)
    expect(cancels.length).toBeGreaterThanOrEqual(1)
    const { cart: freed } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    expect(freed.payment_collection.payment_sessions).toHaveLength(0)

    // Running again changes nothing; the buyer can pay the same cart again, which makes a new order.
    const again = await expireUnverifiedOrders(getContainer(), { now: new Date(Date.now() + 49 * 3_600_000) })
    expect(again.checked).toBe(0)
    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: retried } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const newOrderId = retried.payment_collection.payment_sessions[0].data.order_id
    expect(newOrderId).not.toBe(serviceOrderId)
    expect((await serviceOrder(newOrderId)).state).toBe("UNVERIFIED")
  })

  it("answers the document routes with 404 for an order not paid by trade credit, 400 for bad parameters, 401 without a login", async () => {
    // An order paid with another provider.
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed, { promotion: null })
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    await store.ok("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
    const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)

    const other = await adminCall("GET", `/admin/trade-credit/orders/${order.id}/invoice`)
    expect(other.status).toBe(404)
    expect(json(other)).toMatchObject({ code: "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER", message: expect.stringMatching(/not paid by trade credit/) })
    const missing = await adminCall("GET", `/admin/trade-credit/orders/order_doesnotexist/credit-notes/CN-000001`)
    expect(missing.status).toBe(404)
    expect(json(missing).code).toBe("TRADE_CREDIT_ORDER_NOT_FOUND")

    for (const url of [
      `/admin/trade-credit/orders/${order.id}/invoice?fulfilment=${encodeURIComponent("../../x")}`,
      `/admin/trade-credit/orders/${order.id}/invoice?unknown=1`,
      `/admin/trade-credit/orders/${encodeURIComponent("order with spaces")}/invoice`,
      `/admin/trade-credit/orders/${order.id}/credit-notes/${encodeURIComponent("CN 1")}`,
    ]) {
      const bad = await adminCall("GET", url)
      expect([url, bad.status]).toEqual([url, 400])
      expect(json(bad).code).toBe("TRADE_CREDIT_INVALID_PARAMETERS")
    }

    const anonymous = await api.get(`/admin/trade-credit/orders/${order.id}/invoice`, { validateStatus: () => true })
    expect(anonymous.status).toBe(401)
  })
})

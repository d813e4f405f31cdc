import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, pointWebhooksAt, WEBHOOK_PATH } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
import { signedDelivery } from "../../helpers/webhooks"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Issue 36: the order events in their published shape (webhooks-api.yaml, OrderDataBase / OrderRefundData) with their
 * required data only: `order_id`, `merchant_order_id`, `merchant_id`, the four amounts, `currency` and
 * `buyer_company_name`, no `state` and no `status` (both optional in the published schema). Signed as the simulator
 * signs (its webhook secret), delivered to the plugin's receiver: the plugin acts on each as on a full event, from the
 * order it reads back. The simulator's own deliveries are cut, so only these events can act.
 * A published event the plugin does not act on is acknowledged (200, `handled: false`), logged at debug, never queued.
 */

const simulator = areaSimulator()
const COMPANY = { company_canonical_id: "" }

let sequence = 0
/** An order event of the published shape with its required data only (no state, no status). */
function requiredOnly(type: string, order: Record<string, any>, extra: Record<string, unknown> = {}) {
  return {
    id: `msg_required_${type}_${++sequence}_${order.id}`,
    source: simulator.url,
    type,
    time: new Date().toISOString(),
    data: {
      order_id: order.id,
      merchant_order_id: order.merchant_order_id,
      merchant_id: order.merchant_id ?? "simulated-merchant",
      gross_amount: order.gross_amount,
      invoice_amount: order.invoice_amount ?? order.gross_amount,
      payable_amount: order.payable_amount ?? order.gross_amount,
      prepaid_amount: order.prepaid_amount ?? "0.00",
      currency: order.currency ?? "GBP",
      buyer_company_name: order.buyer?.company?.company_name ?? "ACME",
      ...extra,
    },
  }
}

export default areaPart("published-order-events", ({ api, getContainer }) => {
  let seed: any
  const logs: string[] = []
  const waitFor = <T>(what: string, check: () => Promise<T | undefined | null | false>) => waitUntil(what, check, { timeoutMs: 40_000, intervalMs: 250 })
  const webhookRows = async (filters: Record<string, unknown>) => await (getContainer().resolve("tradeCredit") as any).listWebhookEvents(filters)
  const postDelivery = (payload: unknown) => {
    const { raw, headers } = signedDelivery(payload)
    return api.post(WEBHOOK_PATH, raw, { headers, validateStatus: () => true, transformRequest: [(d: unknown) => d] })
  }
  const serviceOrder = async (id: string) => (await control(simulator.url, "GET", `/_sim/orders/${id}`)).order
  /** The pipeline's row of an event once handled (its outcome no longer `processing`). */
  const handled = (eventId: string) =>
    waitFor(`the event ${eventId} to be handled`, async () => {
      const [row] = await webhookRows({ event_id: eventId })
      return row && row.outcome !== "processing" ? row : undefined
    })
  const sessionOf = async (store: ReturnType<typeof storeClient>, cartId: string) => {
    const { cart } = await store.ok("GET", `/store/carts/${cartId}?fields=id,completed_at,*payment_collection.payment_sessions`)
    return { cart, session: cart.payment_collection.payment_sessions[0] }
  }
  /** A cart at the point where the buyer must verify: the cart, its session and the service's order. */
  const untilVerification = async (store: ReturnType<typeof storeClient>) => {
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company: COMPANY })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { session } = await sessionOf(store, cart.id)
    expect(session.status).toBe("requires_more")
    return { cart, session, orderId: session.data.order_id as string }
  }
  const confirmsOf = async (orderId: string) =>
    (await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=/v1/order/${orderId}/confirm`)).items

  beforeAll(async () => {
    recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any, logs)
    seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
    COMPANY.company_canonical_id = await findCompanyId(simulator.url, "GB", "acme")
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    // The simulator's own (full) events are sent nowhere: only the required-only ones below reach the plugin.
    await pointWebhooksAt(simulator.url, null)
  })

  it("order.verified.v1 with its required data only (no state, no status) completes the cart and confirms the order, once", async () => {
    const store = storeClient(api, seed.publishableKey)
    const waiting = await untilVerification(store)
    // The buyer verifies at the service and never comes back: only the event can complete the cart.
    await control(simulator.url, "POST", `/_sim/orders/${waiting.orderId}/verify`, { approve: true })
    const order = await serviceOrder(waiting.orderId)
    expect(order.state).toBe("VERIFIED")

    const event = requiredOnly("order.verified.v1", order)
    expect(event.data).not.toHaveProperty("state")
    expect(event.data).not.toHaveProperty("status")
    const answer = await postDelivery(event)
    expect([answer.status, answer.data]).toEqual([200, { received: true, handled: true }])

    const { cart, session } = await waitFor("the event to complete the cart and authorize its payment", async () => {
      const read = await sessionOf(store, waiting.cart.id)
      return read.cart.completed_at && read.session?.status === "authorized" ? read : undefined
    })
    expect(cart.completed_at).toBeTruthy()
    expect(session.data.state).toBe("CONFIRMED")
    const row = await handled(event.id)
    expect(row).toMatchObject({ type: "order.verified.v1", service_order_id: waiting.orderId })
    expect(row.outcome).not.toMatch(/^failed/)
    expect(await confirmsOf(waiting.orderId)).toHaveLength(1)
    expect((await serviceOrder(waiting.orderId)).state).toBe("CONFIRMED")
  })

  it("order.cancelled.v1 with its required data only releases the session of an order the service cancelled", async () => {
    const store = storeClient(api, seed.publishableKey)
    const waiting = await untilVerification(store)
    await control(simulator.url, "POST", "/_sim/orders/expire", { order_id: waiting.orderId })
    const order = await serviceOrder(waiting.orderId)
    expect(order.state).toBe("CANCELLED")

    const event = requiredOnly("order.cancelled.v1", order)
    expect((await postDelivery(event)).data).toEqual({ received: true, handled: true })
    const { session } = await waitFor("the session to be canceled", async () => {
      const read = await sessionOf(store, waiting.cart.id)
      return read.session?.status === "canceled" ? read : undefined
    })
    expect(session.data.state).toBe("CANCELLED")
    expect((await handled(event.id)).outcome).toMatch(/set the payment session to canceled/)
  })

  it("order.refunded.v1 with its required data only is claimed and read back (the refund's own fields are not needed)", async () => {
    const store = storeClient(api, seed.publishableKey)
    const waiting = await untilVerification(store)
    await approveAtPaymentUrl(waiting.session.data.payment_url)
    expect((await store.call("POST", `/store/carts/${waiting.cart.id}/complete`)).status).toBe(200)
    const order = await serviceOrder(waiting.orderId)
    expect(order.state).toBe("CONFIRMED")

    const event = requiredOnly("order.refunded.v1", order, {
      refunded_gross_amount: "0.00",
      refunded_payable_amount: "0.00",
      refunded_prepaid_amount: "0.00",
    })
    expect((await postDelivery(event)).data).toEqual({ received: true, handled: true })
    const row = await handled(event.id)
    expect(row).toMatchObject({ type: "order.refunded.v1", service_order_id: waiting.orderId })
    expect(row.outcome).toMatch(/in sync \(CONFIRMED\)/)
  })

  it("acknowledges a published event it does not act on (200, handled false, logged at debug, never queued), as it does an unknown type", async () => {
    const mark = logs.length
    const invoiced = {
      id: `msg_credit_line_${++sequence}`,
      source: simulator.url,
      type: "credit_line.opened.v1",
      time: new Date().toISOString(),
      data: { order_id: "ord_unknown", invoice_id: "inv_1", merchant_id: "m", amount: "1.00", currency: "GBP" },
    }
    const answer = await postDelivery(invoiced)
    expect([answer.status, answer.data]).toEqual([200, { received: true, handled: false }])
    await waitFor("the debug line", async () => logs.slice(mark).find((l) => l.includes(`credit_line.opened.v1 ${invoiced.id} is not acted on by this plugin`)))
    const unknown = { ...invoiced, id: `msg_unknown_${++sequence}`, type: "order.teleported.v1" }
    expect((await postDelivery(unknown)).data).toEqual({ received: true, handled: false })
    await waitFor("the unknown type's line", async () => logs.slice(mark).find((l) => l.includes(`order.teleported.v1 ${unknown.id} is not an event this plugin handles`)))
    expect(await webhookRows({ event_id: [invoiced.id, unknown.id] })).toEqual([])
  })
})


import { randomBytes } from "node:crypto"
import { Webhook } from "standardwebhooks"
import { type RunningSimulator, SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator } from "trade-credit-simulator"
import { call, control, orderBody } from "../../../../packages/simulator/src/__tests__/helpers"
import { TradeCreditInvoiceService } from "../services/trade-credit-invoice"

/**
 * getWebhookActionAndData: the signature is verified, then the order is read
 * back from the simulator over HTTP and Medusa is told what its state means.
 */
describe("the trade-credit provider's webhook handling", () => {
  let sim: RunningSimulator
  let provider: TradeCreditInvoiceService
  const warnings: string[] = []
  const logger = {
    warn: (m: string) => warnings.push(m),
    info: () => {},
    debug: () => {},
    error: (m: string) => warnings.push(m),
  } as any

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 })
    provider = new TradeCreditInvoiceService(
      { logger },
      {
        apiKey: SIMULATOR_API_KEY,
        baseUrl: sim.url,
        webhookSecret: SIMULATOR_WEBHOOK_SECRET,
        storefrontUrls: "https://shop.example",
      }
    )
  })
  afterAll(async () => sim.close())
  beforeEach(() => (warnings.length = 0))

  /** An order at the simulator whose merchant_order_id is a Medusa payment session id. */
  const orderFor = async (sessionId: string) => {
    const created = await call(sim, "POST", "/v1/order", { body: orderBody({ merchant_order_id: sessionId }) })
    expect(created.status).toBe(201)
    return created.body as { id: string; gross_amount: string }
  }

  const delivery = (event: object, { secret = SIMULATOR_WEBHOOK_SECRET, at = new Date() } = {}) => {
    const id = `msg_${randomBytes(8).toString("hex")}`
    const raw = JSON.stringify(event)
    const signature = new Webhook(secret).sign(id, at, raw)
    return {
      data: event as Record<string, unknown>,
      rawData: Buffer.from(raw),
      headers: { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature },
    }
  }

  /** The envelope of contract section 7 (`.v1` name, specversion, source, the published data fields). */
  const verifiedEvent = (order: { id: string; gross_amount: string }, sessionId: string, type = "order.verified.v1") => ({
    id: `evt_${randomBytes(6).toString("hex")}`,
    specversion: "1.0",
    source: sim.url,
    type,
    time: new Date().toISOString(),
    data: {
      order_id: order.id,
      merchant_order_id: sessionId,
      merchant_id: "0b6e3f0c-5a7d-8e21-9c3b-4d5e6f708192",
      state: "VERIFIED",
      status: "APPROVED",
      gross_amount: order.gross_amount,
      invoice_amount: order.gross_amount,
      payable_amount: order.gross_amount,
      prepaid_amount: "0.00",
      currency: "GBP",
      buyer_company_name: "ACME INDUSTRIAL SUPPLIES LTD",
    },
  })

  it("maps a signed order.verified of a verified order to 'authorized' for its payment session", async () => {
    const sessionId = `payses_${randomBytes(6).toString("hex")}`
    const order = await orderFor(sessionId)
    await control(sim, "POST", `/orders/${order.id}/verify`, { approve: true })
    const result = await provider.getWebhookActionAndData(delivery(verifiedEvent(order, sessionId)))
    expect(result.action).toBe("authorized")
    expect(result.data?.session_id).toBe(sessionId)
    expect(Number(result.data?.amount.toString())).toBe(Number(order.gross_amount))
  })

  it("still reads an order event by its name before the .v1 correction", async () => {
    const sessionId = `payses_${randomBytes(6).toString("hex")}`
    const order = await orderFor(sessionId)
    await control(sim, "POST", `/orders/${order.id}/verify`, { approve: true })
    const result = await provider.getWebhookActionAndData(delivery(verifiedEvent(order, sessionId, "order.verified")))
    expect(result.action).toBe("authorized")
  })

  it("acts on the state read back, not on the event: a late order.verified of a cancelled order is 'canceled'", async () => {
    const sessionId = `payses_${randomBytes(6).toString("hex")}`
    const order = await orderFor(sessionId)
    await control(sim, "POST", `/orders/${order.id}/verify`, { approve: false })
    const result = await provider.getWebhookActionAndData(delivery(verifiedEvent(order, sessionId)))
    expect(result.action).toBe("canceled")
  })

  it("ignores a forged signature, a stale timestamp, a missing header and an unknown event type", async () => {
    const sessionId = `payses_${randomBytes(6).toString("hex")}`
    const order = await orderFor(sessionId)
    await control(sim, "POST", `/orders/${order.id}/verify`, { approve: true })
    const event = verifiedEvent(order, sessionId)

    const forged = delivery(event, { secret: `whsec_${randomBytes(24).toString("base64")}` })
    const stale = delivery(event, { at: new Date(Date.now() - 10 * 60_000) })
    const unsigned = delivery(event)
    delete (unsigned.headers as Record<string, string>)["webhook-signature"]
    const unknownType = delivery({ ...event, type: "order.teleported" })
    const tampered = delivery(event)
    tampered.rawData = Buffer.from(JSON.stringify({ ...event, data: { ...event.data, order_id: "ord_other" } }))

    for (const payload of [forged, stale, unsigned, unknownType, tampered]) {
      expect((await provider.getWebhookActionAndData(payload)).action).toBe("not_supported")
    }
    expect(warnings).toHaveLength(5)
    for (const line of warnings) expect(line).not.toContain(SIMULATOR_WEBHOOK_SECRET)
  })
})

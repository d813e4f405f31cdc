import { randomBytes } from "node:crypto"
import { Webhook } from "standardwebhooks"
import {
  type RunningSimulator,
  SIMULATOR_API_KEY,
  SIMULATOR_WEBHOOK_SECRET,
  startSimulator,
} from "trade-credit-simulator"
import { call, control, orderBody } from "../../../../packages/simulator/src/__tests__/helpers"
import { TradeCreditInvoiceService } from "../services/trade-credit-invoice"

/**
 * getWebhookActionAndData: Medusa's payment webhook handling is never told to act on a delivery of the service
 * (the plugin's receiver and sync pipeline handle them: integration-tests/http/after-sale/webhooks-reconciliation.ts).
 * Whatever reaches it, even a signed order.verified of a verified order, is `not_supported`, and the service is
 * not called.
 */
describe("the trade-credit providers' answer to Medusa's webhook handling", () => {
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
      },
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
      headers: {
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
    }
  }

  /** The envelope of contract section 7 (`.v1` name, specversion, source, the published data fields). */
  const verifiedEvent = (
    order: { id: string; gross_amount: string },
    sessionId: string,
    type = "order.verified.v1",
  ) => ({
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

  it(
    "answers not_supported to a signed order.verified of a verified order, " +
      "a funding decision and a forged delivery, without calling the service",
    async () => {
      const sessionId = `payses_${randomBytes(6).toString("hex")}`
      const order = await orderFor(sessionId)
      await control(sim, "POST", `/orders/${order.id}/verify`, { approve: true })
      const requestsBefore = (await control(sim, "GET", "/requests")).body.items.length
      const event = verifiedEvent(order, sessionId)
      const funding = {
        ...event,
        type: "repayment.plan.funding_decided",
        data: { plan_id: "a7d0c7e2-0000-4000-8000-000000000001", funding_status: "ACCEPTED" },
      }
      const payloads = [
        delivery(event),
        delivery(verifiedEvent(order, sessionId, "order.verified")),
        // The published shape with its required data only (no state, no status), and a published enrollment approval.
        delivery({ ...event, data: (({ state: _state, status: _status, ...required }) => required)(event.data) }),
        delivery({
          ...event,
          type: "business_registry.approved.v1",
          data: { proposal_id: "prop_1", merchant_id: null, organization_number: "SOLE-GB-1" },
        }),
        delivery(funding),
        delivery(event, { secret: `whsec_${randomBytes(24).toString("base64")}` }),
        { data: {}, rawData: Buffer.from("not json"), headers: {} },
      ]
      for (const payload of payloads) {
        const result = await provider.getWebhookActionAndData(payload)
        expect(result).toEqual({ action: "not_supported" })
      }
      expect((await control(sim, "GET", "/requests")).body.items.length).toBe(requestsBefore)
      expect(warnings).toEqual([])
    },
  )
})

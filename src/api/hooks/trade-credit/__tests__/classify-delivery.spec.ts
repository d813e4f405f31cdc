import { Webhook } from "standardwebhooks"
import { classifyDelivery } from "../classify-delivery"
import { secretFingerprint } from "../../../../service/webhook-delivery"

const SECRET = "whsec_" + Buffer.from("the merchant's webhook secret").toString("base64")
const OTHER = "whsec_" + Buffer.from("somebody else's secret").toString("base64")

function delivery(body: unknown, { secret = SECRET, id = "msg_1", at = new Date() } = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body)
  return {
    rawData: Buffer.from(raw),
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, raw),
    },
  }
}

const approved = {
  id: "evt_1",
  type: "enrollment.approved",
  time: "2026-11-22T10:00:00Z",
  data: { proposal_id: "prop_1", organization_number: "SOLE-1", company_name: "Jo's", country_code: "GB" },
}

describe("classifyDelivery", () => {
  it("passes a signed event of a known type", () => {
    expect(classifyDelivery(delivery(approved), SECRET)).toEqual({
      kind: "event",
      event: approved,
      verifiedWith: secretFingerprint(SECRET),
    })
  })

  it("refuses forged (401), stale (401) and malformed (400) deliveries", () => {
    expect(classifyDelivery(delivery(approved, { secret: OTHER }), SECRET)).toMatchObject({
      kind: "refused",
      status: 401,
      code: "TRADE_CREDIT_WEBHOOK_SIGNATURE",
    })
    expect(classifyDelivery(delivery(approved, { at: new Date(Date.now() - 6 * 60_000) }), SECRET)).toMatchObject({
      kind: "refused",
      status: 401,
    })
    expect(classifyDelivery(delivery("{nope"), SECRET)).toMatchObject({
      kind: "refused",
      status: 400,
      code: "TRADE_CREDIT_WEBHOOK_MALFORMED",
    })
    expect(classifyDelivery(delivery({ ...approved, data: {} }), SECRET)).toMatchObject({
      kind: "refused",
      status: 400,
    })
    expect(classifyDelivery(delivery([1, 2]), SECRET)).toMatchObject({ kind: "refused", status: 400 })
  })

  it("acknowledges a signed event of a type it does not know, and refuses everything without a secret", () => {
    expect(classifyDelivery(delivery({ id: "evt_2", type: "buyer.updated", time: "t", data: {} }), SECRET)).toEqual({
      kind: "unknown_type",
      id: "evt_2",
      type: "buyer.updated",
    })
    expect(classifyDelivery(delivery(approved), undefined)).toMatchObject({
      kind: "refused",
      status: 503,
      code: "TRADE_CREDIT_WEBHOOK_NOT_CONFIGURED",
    })
  })

  it(
    "passes a real event with its required data only (no state or status, no " +
      "company name or country), under either name",
    () => {
      const verified = {
        id: "evt_3",
        source: "https://api.example",
        type: "order.verified.v1",
        time: "2026-11-27T10:00:00Z",
        data: {
          order_id: "ord_1",
          merchant_order_id: "payses_1",
          merchant_id: "m_1",
          gross_amount: "120.00",
          invoice_amount: "120.00",
          payable_amount: "120.00",
          prepaid_amount: "0.00",
          currency: "GBP",
          buyer_company_name: "ACME",
        },
      }
      expect(classifyDelivery(delivery(verified), SECRET)).toEqual({
        kind: "event",
        event: verified,
        verifiedWith: secretFingerprint(SECRET),
      })
      const minimal = {
        id: "evt_4",
        source: "https://api.example",
        time: "2026-11-27T10:00:00Z",
        data: { proposal_id: "prop_1", merchant_id: null, organization_number: "SOLE-GB-1" },
      }
      for (const type of ["enrollment.approved", "business_registry.approved.v1"]) {
        expect(classifyDelivery(delivery({ ...minimal, type }), SECRET)).toEqual({
          kind: "event",
          event: { ...minimal, type: "enrollment.approved" },
          verifiedWith: secretFingerprint(SECRET),
        })
      }
      // A published event it acts on that lacks the one id it needs is malformed, under either name (never dropped as
      // unknown).
      const noProposal = { ...minimal, data: { merchant_id: null, organization_number: "SOLE-GB-1" } }
      for (const type of ["enrollment.approved", "business_registry.approved.v1", "business_registry.rejected.v1"]) {
        expect(classifyDelivery(delivery({ ...noProposal, type }), SECRET)).toMatchObject({
          kind: "refused",
          status: 400,
          code: "TRADE_CREDIT_WEBHOOK_MALFORMED",
        })
      }
    },
  )

  it("acknowledges a published event it does not act on as ignored, whatever its data holds", () => {
    const opened = {
      id: "evt_5",
      source: "s",
      type: "credit_line.opened.v1",
      time: "2026-11-27T10:00:00Z",
      data: { anything: [1, null] },
    }
    expect(classifyDelivery(delivery(opened), SECRET)).toEqual({
      kind: "ignored",
      id: "evt_5",
      type: "credit_line.opened.v1",
    })
    expect(classifyDelivery(delivery({ ...opened, data: null }), SECRET)).toEqual({
      kind: "ignored",
      id: "evt_5",
      type: "credit_line.opened.v1",
    })
    expect(classifyDelivery(delivery(opened, { secret: OTHER }), SECRET)).toMatchObject({
      kind: "refused",
      status: 401,
    })
  })

  it("passes the events after the invoice with their required data, and refuses one without what it acts on", () => {
    const invoiced = {
      id: "evt_6",
      source: "s",
      type: "order.reconciliation.invoiced.v1",
      time: "2026-11-27T10:00:00Z",
      data: {
        root_order_id: null,
        order_id: "ord_1",
        invoice_id: null,
        merchant_id: "m_1",
        amount: "120.5",
        currency: "GBP",
        billing_period_id: null,
        merchant_user_id: null,
        extra: { kept: false },
      },
    }
    const verdict = classifyDelivery(delivery(invoiced), SECRET)
    expect(verdict).toMatchObject({ kind: "event", event: { type: invoiced.type, data: { order_id: "ord_1" } } })
    const data = (verdict as { event: { data: Record<string, unknown> } }).event.data
    // Decimals stay decimal strings; null reads as null; fields not listed are dropped.
    expect(data).toMatchObject({ amount: "120.5", invoice_id: null, currency: "GBP" })
    expect(data).not.toHaveProperty("extra")
    expect(classifyDelivery(delivery({ ...invoiced, data: { order_id: "ord_1" } }), SECRET)).toMatchObject({
      kind: "refused",
      status: 400,
      code: "TRADE_CREDIT_WEBHOOK_MALFORMED",
    })
    expect(
      classifyDelivery(delivery({ ...invoiced, data: { ...invoiced.data, amount: 120.5 } }), SECRET),
    ).toMatchObject({ kind: "refused", status: 400 })
    const exit = {
      id: "evt_7",
      source: "s",
      type: "customer.exit_arrears_block.v1",
      time: "2026-11-27T10:00:00Z",
      data: { buyer_company_name: "ACME", buyer_organization_number: "08123456" },
    }
    expect(classifyDelivery(delivery(exit), SECRET)).toMatchObject({ kind: "event", event: exit })
  })
})

import { Webhook } from "standardwebhooks"
import { SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { rawBodyOf, secretFingerprint, verifyDelivery } from "../webhook-delivery"

const OTHER_SECRET = "whsec_" + Buffer.from("not the merchant's secret at all!").toString("base64")

const cancelled = {
  id: "msg_1",
  type: "order.cancelled",
  time: "2026-11-22T10:00:00Z",
  data: {
    order_id: "ord_1",
    merchant_order_id: "payses_1",
    state: "CANCELLED",
    status: "APPROVED",
    gross_amount: "120.00",
    currency: "GBP",
  },
}

function signed(body: unknown, { secret = SIMULATOR_WEBHOOK_SECRET, at = new Date(), id = "msg_1" } = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body)
  return {
    raw,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, raw),
    },
  }
}

describe("verifyDelivery", () => {
  it("accepts a signed event whatever form the raw body arrives in", () => {
    const { raw, headers } = signed(cancelled)
    for (const rawData of [
      Buffer.from(raw),
      raw,
      JSON.parse(JSON.stringify(Buffer.from(raw))),
      new Uint8Array(Buffer.from(raw)),
    ]) {
      const result = verifyDelivery({ data: cancelled, rawData, headers }, SIMULATOR_WEBHOOK_SECRET)
      expect(result).toEqual({ ok: true, event: cancelled, verifiedWith: secretFingerprint(SIMULATOR_WEBHOOK_SECRET) })
    }
  })

  it("reads the enrollment events by the published names as the seed's and the contract's", () => {
    const published = [
      [
        "business_registry.approved.v1",
        "enrollment.approved",
        { proposal_id: "prop_1", organization_number: "STGB1", company_name: "Jo Bloggs Joinery", country_code: "GB" },
      ],
      [
        "business_registry.rejected.v1",
        "enrollment.declined",
        { proposal_id: "prop_2", rejection_reason: "NOT_ELIGIBLE" },
      ],
    ] as const
    for (const [type, seedType, data] of published) {
      const body = {
        id: `msg_${type}`,
        specversion: "1.0",
        source: "https://api.example",
        type,
        time: "2026-11-22T10:00:00Z",
        data,
      }
      const { raw, headers } = signed(body, { id: body.id })
      const result = verifyDelivery({ data: body, rawData: raw, headers }, SIMULATOR_WEBHOOK_SECRET)
      expect(result).toEqual({
        ok: true,
        event: { ...body, type: seedType },
        verifiedWith: secretFingerprint(SIMULATOR_WEBHOOK_SECRET),
      })
    }
  })

  it("accepts a delivery signed with either of two secrets during a rotation, and says which one held", () => {
    const rotation = [OTHER_SECRET, SIMULATOR_WEBHOOK_SECRET]
    const byOld = signed(cancelled)
    const byNew = signed(cancelled, { secret: OTHER_SECRET })
    expect(verifyDelivery({ rawData: byOld.raw, headers: byOld.headers }, rotation)).toEqual({
      ok: true,
      event: cancelled,
      verifiedWith: secretFingerprint(SIMULATOR_WEBHOOK_SECRET),
    })
    expect(verifyDelivery({ rawData: byNew.raw, headers: byNew.headers }, rotation)).toMatchObject({
      ok: true,
      verifiedWith: secretFingerprint(OTHER_SECRET),
    })
    // Neither: refused as a forged delivery; the old secret alone no longer accepts the new signature.
    const third = signed(cancelled, {
      secret: "whsec_" + Buffer.from("a third secret, of nobody at all").toString("base64"),
    })
    expect(verifyDelivery({ rawData: third.raw, headers: third.headers }, rotation)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^signature refused/),
    })
    expect(verifyDelivery({ rawData: byNew.raw, headers: byNew.headers }, [SIMULATOR_WEBHOOK_SECRET]).ok).toBe(false)
    // A fingerprint names a secret without revealing it.
    expect(secretFingerprint(OTHER_SECRET)).toMatch(/^[0-9a-f]{8}$/)
    expect(secretFingerprint(OTHER_SECRET)).not.toBe(secretFingerprint(SIMULATOR_WEBHOOK_SECRET))
    expect(OTHER_SECRET).not.toContain(secretFingerprint(OTHER_SECRET))
  })

  it("reads header names in any case and list values", () => {
    const { raw, headers } = signed(cancelled)
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]))
    expect(verifyDelivery({ rawData: raw, headers: upper }, SIMULATOR_WEBHOOK_SECRET).ok).toBe(true)
  })

  it("refuses a forged signature, a stale or future timestamp, missing headers and a changed body", () => {
    const forged = signed(cancelled, { secret: OTHER_SECRET })
    const stale = signed(cancelled, { at: new Date(Date.now() - 6 * 60 * 1000) })
    const future = signed(cancelled, { at: new Date(Date.now() + 6 * 60 * 1000) })
    const good = signed(cancelled)
    const cases = [
      [forged.raw, forged.headers, /No matching signature/],
      [stale.raw, stale.headers, /too old/],
      [future.raw, future.headers, /too new/],
      [good.raw, {}, /Missing required headers/],
      [good.raw.replace("120.00", "1.00"), good.headers, /No matching signature/],
    ] as const
    for (const [rawData, headers, reason] of cases) {
      const result = verifyDelivery({ rawData, headers }, SIMULATOR_WEBHOOK_SECRET)
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.reason).toMatch(reason)
        expect(result.reason).not.toContain(SIMULATOR_WEBHOOK_SECRET)
      }
    }
  })

  it("refuses a signed body that is not JSON, an unknown type and a wrong shape", () => {
    const notJson = signed("{not json")
    expect(verifyDelivery({ rawData: notJson.raw, headers: notJson.headers }, SIMULATOR_WEBHOOK_SECRET)).toEqual({
      ok: false,
      reason: "the signed body is not JSON",
    })
    const unknown = signed({ ...cancelled, type: "order.exploded" })
    const result = verifyDelivery({ rawData: unknown.raw, headers: unknown.headers }, SIMULATOR_WEBHOOK_SECRET)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(/unknown event type or shape \(type "order\.exploded"/)
    const shape = signed({ ...cancelled, data: { order_id: 42 } })
    expect(verifyDelivery({ rawData: shape.raw, headers: shape.headers }, SIMULATOR_WEBHOOK_SECRET).ok).toBe(false)
  })

  it("refuses everything without a secret or a raw body, and never re-serializes the parsed body", () => {
    const { raw, headers } = signed(cancelled)
    expect(verifyDelivery({ rawData: raw, headers }, undefined)).toEqual({
      ok: false,
      reason: expect.stringMatching(/no webhookSecret/),
    })
    expect(verifyDelivery({ data: cancelled, headers }, SIMULATOR_WEBHOOK_SECRET)).toEqual({
      ok: false,
      reason: "the delivery has no raw body to verify",
    })
  })
})

describe("rawBodyOf", () => {
  it("reads Buffers, serialized Buffers and strings, and nothing else", () => {
    expect(rawBodyOf(Buffer.from("{}"))).toBe("{}")
    expect(rawBodyOf({ type: "Buffer", data: [123, 125] })).toBe("{}")
    expect(rawBodyOf("{}")).toBe("{}")
    expect(rawBodyOf({ a: 1 })).toBeUndefined()
    expect(rawBodyOf(undefined)).toBeUndefined()
  })
})

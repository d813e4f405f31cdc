import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { AnswerCache } from "../answer-cache"
import { declineText } from "../errors"
import { IntentReuse } from "../intent-reuse"
import { PRE_CHECK_CACHE_SECONDS, preCheck, type PreCheckDeps, preCheckKey } from "../pre-check"
import {
  fakeClient,
  fakeCompanyCredits,
  fakeKeptChecks,
  fakeQuery,
  recordingLogger,
  serviceError,
  serviceUnavailable,
  unreadableAnswer,
} from "./fakes"

/**
 * The pre-check: whether to offer trade credit for a cart and buyer. The region's rules first, then the service's
 * order intent for the cart as it is now; a decision is cached per cart content, a passing failure of the service
 * never hides the method, a refused key does.
 */

const COMPANY = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }

function storeCart(fields: Record<string, unknown> = {}, credit?: string) {
  return {
    ...medusaCart({
      id: "cart_01PRECHECK",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity: 1, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      credit_lines: credit ? [{ amount: credit }] : undefined,
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    completed_at: null,
    ...fields,
  }
}

/** The store routes' short cache, in a map (no expiry: the tests take less than its five minutes). */
function mapCache(): AnswerCache & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>()
  return {
    entries,
    get: async <T>(key: string) => entries.get(key) as T | undefined,
    set: async (key, value) => void entries.set(key, value),
  }
}

function setUp(cart: Record<string, unknown> | null = storeCart()) {
  const client = fakeClient()
  const logger = recordingLogger()
  const cache = mapCache()
  const kept = fakeKeptChecks()
  const deps: PreCheckDeps = {
    query: fakeQuery({ cart: cart ? [cart] : [] }),
    client,
    options: { captureOn: "shipment" },
    cache,
    kept,
    companyCredits: fakeCompanyCredits(),
    logger,
  }
  return { client, logger, cache, kept, deps }
}

const input = { cart_id: "cart_01PRECHECK", company: COMPANY }

describe("preCheck", () => {
  it("offers trade credit for an approved intent, and answers the same cart from the cache", async () => {
    const { client, deps } = setUp()
    client.orders.createIntent.mockResolvedValue({ approved: true } as never)

    const first = await preCheck(deps, input)
    const second = await preCheck(deps, input)

    expect(first).toEqual({ outcome: "answer", cart_id: "cart_01PRECHECK", answer: { available: true }, cached: false })
    expect(second).toMatchObject({ answer: { available: true }, cached: true })
    expect(client.orders.createIntent).toHaveBeenCalledTimes(1)
    expect(client.orders.createIntent.mock.calls[0][1]).toEqual({
      idempotencyKey: expect.stringMatching(/^precheck-cart_01PRECHECK-/),
    })
  })

  it("keeps an approved intent for the cart's session; its key changes with the cache's window", async () => {
    const { client, deps, kept } = setUp()
    const intent = { approved: true, tracking_id: "trk_precheck", decline_reason: null, gross_amount: "31.75" }
    client.orders.createIntent.mockResolvedValue(intent as never)

    await preCheck(deps, input)

    const body = client.orders.createIntent.mock.calls[0][0]
    // The session's credit check (invoice-credit-check.ts) finds it under the same cart and body.
    expect(await new IntentReuse(kept).get(IntentReuse.keyOf("cart_01PRECHECK", body))).toMatchObject(intent)
    const key = client.orders.createIntent.mock.calls[0][1]?.idempotencyKey
    expect(key).toBe(preCheckKey("cart_01PRECHECK", body))
    const window = PRE_CHECK_CACHE_SECONDS * 1000
    const start = Math.ceil(Date.now() / window) * window
    expect(preCheckKey("cart_01PRECHECK", body, start)).toBe(preCheckKey("cart_01PRECHECK", body, start + window - 1))
    expect(preCheckKey("cart_01PRECHECK", body, start)).not.toBe(preCheckKey("cart_01PRECHECK", body, start + window))
    expect(key!.length).toBeLessThanOrEqual(100)
  })

  it("keeps no declined intent", async () => {
    const { client, deps, kept } = setUp()
    client.orders.createIntent.mockResolvedValue({
      approved: false,
      tracking_id: "trk_no",
      decline_reason: "X",
    } as never)
    await preCheck(deps, input)
    expect(kept.rows.size).toBe(0)
  })

  it("hides a declined buyer (the region's default), with the buyer's words and the service's reason", async () => {
    const { client, deps, logger } = setUp()
    client.orders.createIntent.mockResolvedValue({ approved: false, decline_reason: "TOO_HIGH_RISK" } as never)

    expect(await preCheck(deps, input)).toMatchObject({
      answer: {
        available: false,
        reason: "declined",
        decline_reason: "TOO_HIGH_RISK",
        hide: true,
        message: declineText("TOO_HIGH_RISK"),
      },
    })
    expect(logger.at("info").join("\n")).toMatch(/declined \(TOO_HIGH_RISK\): hiding trade credit/)
  })

  it("keeps offering the method when the service is unreachable or answers oddly, and caches neither", async () => {
    const { client, cache, deps } = setUp()
    client.orders.createIntent.mockRejectedValueOnce(serviceUnavailable())
    client.orders.createIntent.mockRejectedValueOnce(unreadableAnswer())

    expect(await preCheck(deps, input)).toMatchObject({
      answer: { available: true, degraded: true, reason: "service_unreachable" },
    })
    expect(await preCheck(deps, input)).toMatchObject({
      answer: { available: true, degraded: true, reason: "service_error" },
    })
    expect(cache.entries.size).toBe(0)
  })

  it("hides the method when the service refuses the store's key", async () => {
    const { client, deps } = setUp()
    client.orders.createIntent.mockRejectedValue(serviceError({ code: "UNAUTHORIZED", status: 401 }))

    expect(await preCheck(deps, input)).toMatchObject({
      answer: {
        available: false,
        reason: "not_configured",
        message: "Trade credit is not available in this store right now.",
      },
    })
  })

  it("asks nothing of the service for a cart the region or the method does not take", async () => {
    const off = setUp(storeCart({ region: { trade_credit_region_setting: { offered: false } } }))
    expect(await preCheck(off.deps, input)).toMatchObject({
      answer: { available: false, reason: "not_offered", code: "TRADE_CREDIT_NOT_OFFERED" },
    })
    const above = setUp(storeCart({ region: { trade_credit_region_setting: { max_order_amount: "1000.00" } } }))
    expect(await preCheck(above.deps, input)).toMatchObject({
      answer: { available: false, reason: "not_eligible", code: "TRADE_CREDIT_NOT_ELIGIBLE" },
    })
    const credit = setUp(storeCart({}, "10.00"))
    expect(await preCheck(credit.deps, input)).toMatchObject({
      answer: { available: false, reason: "cart_not_supported" },
    })
    for (const { client } of [off, above, credit]) expect(client.orders.createIntent).not.toHaveBeenCalled()
  })

  it("takes the company of a trade credit session of the cart, and refuses a request without one", async () => {
    const withSession = setUp(
      storeCart({
        payment_collection: {
          payment_sessions: [
            { provider_id: "pp_stripe_stripe", data: { company: { company_canonical_id: "not-ours" } } },
            { provider_id: "pp_trade-credit_default", data: { company: COMPANY } },
          ],
        },
      }),
    )
    withSession.client.orders.createIntent.mockResolvedValue({ approved: true } as never)
    expect(await preCheck(withSession.deps, { cart_id: "cart_01PRECHECK" })).toMatchObject({
      answer: { available: true },
    })
    expect(withSession.client.orders.createIntent.mock.calls[0][0]).toMatchObject({
      buyer: { company: { organization_number: "01234567" } },
    })

    expect(await preCheck(setUp().deps, { cart_id: "cart_01PRECHECK" })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_PRE_CHECK",
    })
    expect(await preCheck(setUp(null).deps, input)).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_CART_NOT_FOUND",
    })
  })
})

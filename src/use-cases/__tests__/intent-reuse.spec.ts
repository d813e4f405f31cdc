import { INTENT_REUSE_MS, IntentReuse } from "../intent-reuse"
import { fakeKeptChecks } from "./fakes"
import { TtlCache } from "../../utils/ttl-cache"

const intent = (tracking_id: string, approved = true) => ({
  id: `int_${tracking_id}`,
  approved,
  decline_reason: approved ? null : "BUYER_LIMIT_EXCEEDED",
  tracking_id,
  gross_amount: "120.00",
  currency: "GBP",
})

describe("TtlCache", () => {
  it("forgets entries after their time to live and keeps at most maxEntries (oldest out first)", () => {
    let now = 0
    const cache = new TtlCache<number>(1000, 2, () => now)
    cache.set("a", 1)
    cache.set("b", 2)
    now = 999
    expect(cache.get("a")).toBe(1)
    cache.set("c", 3)
    expect(cache.get("a")).toBeUndefined()
    expect(cache.size).toBe(2)
    now = 1000
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("c")).toBe(3)
  })
})

describe("IntentReuse", () => {
  const body = {
    gross_amount: "120.00",
    currency: "GBP",
    line_items: [{ name: "Paper" }],
    buyer: { company: { company_canonical_id: "cmp_gb_1" } },
  }

  it("reuses an approved intent for the same cart and body only", async () => {
    const reuse = new IntentReuse(fakeKeptChecks())
    const key = IntentReuse.keyOf("cart_1", body)
    await reuse.remember(key, intent("t1"))
    expect((await reuse.get(IntentReuse.keyOf("cart_1", { ...body })))?.tracking_id).toBe("t1")
    expect(await reuse.get(IntentReuse.keyOf("cart_1", { ...body, gross_amount: "121.00" }))).toBeUndefined()
    expect(await reuse.get(IntentReuse.keyOf("cart_2", body))).toBeUndefined()
  })

  it("never keeps a decline, and forgets an intent once an order used its tracking id", async () => {
    const reuse = new IntentReuse(fakeKeptChecks())
    const key = IntentReuse.keyOf("cart_1", body)
    await reuse.remember(key, intent("t1", false))
    expect(await reuse.get(key)).toBeUndefined()
    await reuse.remember(key, intent("t2"))
    await reuse.spend("other")
    expect((await reuse.get(key))?.tracking_id).toBe("t2")
    await reuse.spend("t2")
    expect(await reuse.get(key)).toBeUndefined()
    // The service answering the spent intent again (its idempotency key replayed) does not make it reusable.
    await reuse.remember(key, intent("t2"))
    expect(await reuse.get(key)).toBeUndefined()
    // A new intent for the same cart and body is.
    await reuse.remember(key, intent("t3"))
    expect((await reuse.get(key))?.tracking_id).toBe("t3")
  })

  it("expires after INTENT_REUSE_MS", async () => {
    const kept = fakeKeptChecks()
    const reuse = new IntentReuse(kept)
    const key = IntentReuse.keyOf("cart_9", body)
    await reuse.remember(key, intent("t9"))
    kept.advance(INTENT_REUSE_MS - 1)
    expect((await reuse.get(key))?.tracking_id).toBe("t9")
    kept.advance(1)
    expect(await reuse.get(key)).toBeUndefined()
  })

  it("keeps no intent without a tracking id, and reads a kept answer that is not an intent as none", async () => {
    const kept = fakeKeptChecks()
    const reuse = new IntentReuse(kept)
    const key = IntentReuse.keyOf("cart_1", body)
    await reuse.remember(key, { ...intent("t1"), tracking_id: "" })
    expect(kept.rows.size).toBe(0)
    await kept.keep([{ key, answer: { approved: "yes" } }], 60_000)
    expect(await reuse.get(key)).toBeUndefined()
  })
})

import { IntentReuse } from "../intent-reuse"
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

  it("reuses an approved intent for the same cart and body only", () => {
    const reuse = new IntentReuse()
    const key = IntentReuse.keyOf("cart_1", body)
    reuse.remember(key, intent("t1"))
    expect(reuse.get(IntentReuse.keyOf("cart_1", { ...body }))?.tracking_id).toBe("t1")
    expect(reuse.get(IntentReuse.keyOf("cart_1", { ...body, gross_amount: "121.00" }))).toBeUndefined()
    expect(reuse.get(IntentReuse.keyOf("cart_2", body))).toBeUndefined()
  })

  it("never keeps a decline, and forgets an intent once an order used its tracking id", () => {
    const reuse = new IntentReuse()
    const key = IntentReuse.keyOf("cart_1", body)
    reuse.remember(key, intent("t1", false))
    expect(reuse.get(key)).toBeUndefined()
    reuse.remember(key, intent("t2"))
    reuse.spend("other")
    expect(reuse.get(key)?.tracking_id).toBe("t2")
    reuse.spend("t2")
    expect(reuse.get(key)).toBeUndefined()
  })

  it("expires after its time to live and stays bounded", () => {
    let now = 0
    const reuse = new IntentReuse(60_000, 3, () => now)
    for (let i = 0; i < 10; i++) reuse.remember(IntentReuse.keyOf(`cart_${i}`, body), intent(`t${i}`))
    expect(reuse.size).toBe(3)
    expect(reuse.get(IntentReuse.keyOf("cart_9", body))?.tracking_id).toBe("t9")
    now = 60_000
    expect(reuse.get(IntentReuse.keyOf("cart_9", body))).toBeUndefined()
  })
})

import { bucketKeyOf, rateLimit, RateLimitStore } from "../rate-limit"
import { BoundedTtlCache } from "../short-cache"

type Answer = { status: number; headers: Record<string, string>; body?: any; passed: boolean }
type HitRateLimit = (key: string, windowMs: number, max: number) => Promise<ReturnType<RateLimitStore["hit"]>>

/** A request scope whose module counts with `hitRateLimit` (the database's count, or a failing one), and its logger's
 * warnings. */
function scope(hitRateLimit: HitRateLimit) {
  const warnings: string[] = []
  const services: Record<string, unknown> = {
    tradeCredit: { hitRateLimit },
    logger: { warn: (line: string) => void warnings.push(line) },
  }
  return { scope: { resolve: (name: string) => services[name] }, warnings }
}

/** The module's count as the database keeps it, one counter shared by every caller (a test double of `hitRateLimit`).
 * */
function sharedCount(windowMs: number, max: number) {
  const store = new RateLimitStore(windowMs, max)
  const calls: [string, number, number][] = []
  const hit: HitRateLimit = async (key, w, m) => {
    calls.push([key, w, m])
    return store.hit(key)
  }
  return { hit, calls }
}

/** Runs the middleware on a minimal request and response. */
async function run(middleware: ReturnType<typeof rateLimit>, req: Record<string, unknown>): Promise<Answer> {
  const answer: Answer = { status: 200, headers: {}, passed: false }
  const res = {
    setHeader: (name: string, value: string) => void (answer.headers[name.toLowerCase()] = value),
    status(code: number) {
      answer.status = code
      return this
    },
    json: (body: unknown) => void (answer.body = body),
  }
  await middleware(req as any, res as any, () => void (answer.passed = true))
  return answer
}

describe("rateLimit", () => {
  it("allows max requests per window per address, then answers 429 with Retry-After and a code", async () => {
    const limit = rateLimit({ name: "test", windowMs: 30_000, max: 3, by: ["customer", "ip"] })
    const count = sharedCount(30_000, 3)
    const { scope: module } = scope(count.hit)
    const guest = { ip: "203.0.113.7", scope: module }
    for (let i = 0; i < 3; i++)
      expect(await run(limit, guest)).toMatchObject({ passed: true, headers: { "ratelimit-remaining": String(2 - i) } })
    const refused = await run(limit, guest)
    expect(refused.passed).toBe(false)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(29)
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(30)
    expect(refused.body).toMatchObject({
      type: "rate_limited",
      code: "TRADE_CREDIT_RATE_LIMITED",
      retry_after: Number(refused.headers["retry-after"]),
    })
    // Another address, and a logged-in customer behind the same address, have buckets of their own.
    expect((await run(limit, { ip: "203.0.113.8", scope: module })).passed).toBe(true)
    const customer = { ip: "203.0.113.7", auth_context: { actor_type: "customer", actor_id: "cus_1" }, scope: module }
    expect((await run(limit, customer)).passed).toBe(true)
    // Counted by the module, keyed by a hash of the limit's name and the identity (no address or customer id is
    // stored), with the limit's window and allowance.
    expect(count.calls[0]).toEqual([bucketKeyOf("test", "ip:203.0.113.7"), 30_000, 3])
    expect(count.calls.at(-1)).toEqual([bucketKeyOf("test", "customer:cus_1"), 30_000, 3])
    expect(count.calls.map(([key]) => key).join(" ")).not.toMatch(/203\.0\.113|cus_1/)
    expect(bucketKeyOf("test", "ip:203.0.113.7")).not.toBe(bucketKeyOf("test", "ip:203.0.113.8"))
  })

  it("counts in the process when the database cannot, and warns at most once a minute", async () => {
    jest.useFakeTimers({ now: Date.now() })
    try {
      const limit = rateLimit({ name: "fallback", windowMs: 120_000, max: 2, by: ["ip"] })
      const down = scope(async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432")
      })
      const guest = { ip: "203.0.113.9", scope: down.scope }
      expect((await run(limit, guest)).passed).toBe(true)
      expect((await run(limit, guest)).passed).toBe(true)
      const refused = await run(limit, guest)
      expect([refused.status, refused.body.code, refused.headers["ratelimit-limit"]]).toEqual([
        429,
        "TRADE_CREDIT_RATE_LIMITED",
        "2",
      ])
      expect(down.warnings).toHaveLength(1)
      expect(down.warnings[0]).toMatch(/fallback counted in this process only.*ECONNREFUSED/)
      jest.advanceTimersByTime(60_000)
      expect((await run(limit, guest)).status).toBe(429) // the same window, still in process
      expect(down.warnings).toHaveLength(2)
    } finally {
      jest.useRealTimers()
    }
  })

  it("starts a new window when the old one ends, and keeps at most maxKeys buckets", () => {
    const store = new RateLimitStore(1000, 1, 3)
    expect(store.hit("a", 0).allowed).toBe(true)
    expect(store.hit("a", 500).allowed).toBe(false)
    expect(store.hit("a", 1000).allowed).toBe(true)
    for (const key of ["b", "c", "d", "e"]) store.hit(key, 1000)
    expect(store.size).toBeLessThanOrEqual(3)
  })

  it("refuses a limit that allows nothing", () => {
    expect(() => rateLimit({ name: "bad", windowMs: 0, max: 1 })).toThrow(/windowMs/)
    expect(() => rateLimit({ name: "bad", windowMs: 1000, max: 0 })).toThrow(/max/)
  })
})

describe("BoundedTtlCache", () => {
  it("answers until the TTL ends and drops the least recently used entry when full", async () => {
    const cache = new BoundedTtlCache(2)
    await cache.set("a", 1, 60)
    await cache.set("b", 2, 60)
    expect(await cache.get("a")).toBe(1) // a is now the most recently used
    await cache.set("c", 3, 60)
    expect(await cache.get("b")).toBeUndefined()
    expect(await cache.get("a")).toBe(1)
    expect(await cache.get("c")).toBe(3)
    await cache.set("d", 4, 0) // no TTL: not kept
    expect(await cache.get("d")).toBeUndefined()
    jest.useFakeTimers({ now: Date.now() + 61_000 })
    expect(await cache.get("a")).toBeUndefined()
    jest.useRealTimers()
  })
})

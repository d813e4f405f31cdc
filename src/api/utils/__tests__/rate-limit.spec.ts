import { rateLimit, RateLimitStore } from "../rate-limit"
import { BoundedTtlCache } from "../short-cache"

type Answer = { status: number; headers: Record<string, string>; body?: any; passed: boolean }

/** Runs the middleware on a minimal request and response. */
function run(middleware: ReturnType<typeof rateLimit>, req: Record<string, unknown>): Answer {
  const answer: Answer = { status: 200, headers: {}, passed: false }
  const res = {
    setHeader: (name: string, value: string) => void (answer.headers[name.toLowerCase()] = value),
    status(code: number) {
      answer.status = code
      return this
    },
    json: (body: unknown) => void (answer.body = body),
  }
  middleware(req as any, res as any, () => void (answer.passed = true))
  return answer
}

describe("rateLimit", () => {
  it("allows max requests per window per address, then answers 429 with Retry-After and a code", () => {
    const limit = rateLimit({ name: "test", windowMs: 30_000, max: 3, by: ["customer", "ip"] })
    const guest = { ip: "203.0.113.7" }
    for (let i = 0; i < 3; i++) expect(run(limit, guest)).toMatchObject({ passed: true, headers: { "ratelimit-remaining": String(2 - i) } })
    const refused = run(limit, guest)
    expect(refused.passed).toBe(false)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(29)
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(30)
    expect(refused.body).toMatchObject({ code: "TRADE_CREDIT_RATE_LIMITED", retry_after: Number(refused.headers["retry-after"]) })
    // Another address, and a logged-in customer behind the same address, have buckets of their own.
    expect(run(limit, { ip: "203.0.113.8" }).passed).toBe(true)
    const customer = { ip: "203.0.113.7", auth_context: { actor_type: "customer", actor_id: "cus_1" } }
    expect(run(limit, customer).passed).toBe(true)
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

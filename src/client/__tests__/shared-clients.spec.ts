import { acquireTradeCreditClient, sharedClientStats } from "../shared-clients"

const KEY = "secret_test_" + "a".repeat(43)

describe("acquireTradeCreditClient", () => {
  it("shares one client per options, counts handles, and closes the pool with the last handle", async () => {
    const logger = { debug() {}, info() {}, warn() {}, error() {} }
    const options = { apiKey: KEY, environment: "sandbox" as const, baseUrl: "http://127.0.0.1:9", logger }
    const before = sharedClientStats()
    const a = acquireTradeCreditClient(options)
    const b = acquireTradeCreditClient({ ...options })
    expect(a.orders).toBe(b.orders)
    expect(sharedClientStats()).toEqual({ pools: before.pools + 1, handles: before.handles + 2 })

    // Other options (a timeout, another key, another logger) get a pool of their own.
    const c = acquireTradeCreditClient({ ...options, timeoutMs: 5000 })
    const d = acquireTradeCreditClient({ ...options, apiKey: "secret_test_" + "b".repeat(43) })
    const e = acquireTradeCreditClient({ ...options, logger: { ...logger } })
    expect(new Set([a.orders, c.orders, d.orders, e.orders]).size).toBe(4)
    await Promise.all([c.close(), d.close(), e.close()])

    await a.close()
    await a.close() // a handle is released once
    expect(sharedClientStats()).toEqual({ pools: before.pools + 1, handles: before.handles + 1 })
    await b.close()
    expect(sharedClientStats()).toEqual(before)
    await expect(b.orders.get("x")).rejects.toMatchObject({ code: "CLIENT_CLOSED" })

    // A new handle after the last one closed gets a new pool.
    const f = acquireTradeCreditClient(options)
    expect(f.orders).not.toBe(a.orders)
    await f.close()
  })
})

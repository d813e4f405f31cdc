import { ContainerRegistrationKeys, MikroOrmBaseRepository, mikroOrmCreateConnection } from "@medusajs/framework/utils"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { TRADE_CREDIT_MODULE, TradeCreditModuleService } from "../../../src/modules/trade-credit"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, STOREFRONT_URL } from "../../helpers/simulator"
import { BUYER_ADDRESS, createCheckoutCart, storeClient } from "../../helpers/storefront"
import { waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Abuse limits of the public store routes (issue #10 item 5, issue #25 item 3, docs/reliability.md): company
 * search, instalment previews, sole-trader signup tokens, returning-buyer code requests and code checks. Each is counted per logged-in customer and per
 * address; a refusal is 429 with Retry-After and a JSON code, and reaches nothing at the service.
 *
 * Addresses: Medusa sets Express's `trust proxy` to 1 (@medusajs/framework http/express-loader), so the
 * address is the last X-Forwarded-For entry (the one the nearest proxy wrote); the test speaks as different
 * addresses through that header. The limiters count in the database (the module's trade_credit_rate_limit_bucket),
 * which Medusa's test runner restores before each test; each test still uses addresses and customers of its own.
 * The last two tests count from two module instances on that database, as two Medusa instances would.
 */
const simulator = areaSimulator()
const BASE = "/store/trade-credit/soletrader"
export const limitRows: { route: string; bucket: string; allowed: number; then: string; other: string }[] = []

export default areaPart("rate-limits", ({ api, getContainer, dbConfig }) => {
  let seed: any
  let customers = 0

  /** A registered, logged-in customer; `call(method, url, body, address)` speaks from that address. */
  async function customer() {
    const email = `limited.${++customers}@example.com`
    const password = "rate-limit-pw"
    const key = { "x-publishable-api-key": seed.publishableKey }
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    const { data: created } = await api.post("/store/customers", { email, first_name: "Rate", last_name: "Limit" }, { headers: { ...key, authorization: `Bearer ${registration.token}` } })
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const headers = { ...key, authorization: `Bearer ${login.token}` }
    await api.post("/store/customers/me/addresses", { ...BUYER_ADDRESS, is_default_billing: true }, { headers })
    const call = (method: string, url: string, data: unknown, address: string) =>
      api.request({ method, url, data, headers: { ...headers, "x-forwarded-for": address }, validateStatus: () => true })
    return { id: created.customer.id as string, call }
  }
  const guest = (url: string, address: string) =>
    api.request({ method: "GET", url, headers: { "x-publishable-api-key": seed.publishableKey, "x-forwarded-for": address }, validateStatus: () => true })
  /**
   * Another instance of the plugin's module on the same database, with a connection pool of its own and a hit
   * counter of its own, as another Medusa process would load it (its manager as Medusa's module loader gives it).
   */
  async function anotherInstance() {
    const orm = await mikroOrmCreateConnection({ clientUrl: dbConfig.clientUrl } as any, [], "")
    const dependencies = { logger: getContainer().resolve(ContainerRegistrationKeys.LOGGER), baseRepository: new MikroOrmBaseRepository({ manager: orm.em }) }
    const service = new TradeCreditModuleService(dependencies as any, { apiKey: SIMULATOR_API_KEY, baseUrl: simulator.url, storefrontUrls: STOREFRONT_URL })
    const bucket = async (key: string) =>
      (await orm.em.execute(`select "count", "reset_at" < now() as expired from "trade_credit_rate_limit_bucket" where "key" = ?`, [key]))[0]
    return { service, bucket, close: () => orm.close(true) }
  }
  /** Changes asked of the service so far (the simulator's request log, reads left out). */
  const serviceCalls = async (prefix: string) => (await control(simulator.url, "GET", `/_sim/requests?path_prefix=${encodeURIComponent(prefix)}`)).items.length as number

  const expectLimited = (res: any, name: string) => {
    expect([res.status, res.data?.code]).toEqual([429, "TRADE_CREDIT_RATE_LIMITED"])
    expect(res.data.message).toContain(`Too many requests (${name})`)
    const retryAfter = Number(res.headers["retry-after"])
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true)
    expect(res.data.retry_after).toBe(retryAfter)
  }

  beforeAll(async () => {
    seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
  })

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(
      [
        "\n### Rate limits\n",
        "| Route | Bucket | Allowed | Then | Others |",
        "|---|---|---|---|---|",
        ...limitRows.map((r) => `| ${r.route} | ${r.bucket} | ${r.allowed} | ${r.then} | ${r.other} |`),
      ].join("\n")
    )
  })

  it("limits signup tokens per customer: another customer behind the same address is not refused; the customer is, from any address", async () => {
    const office = "203.0.113.10"
    const [a, b] = [await customer(), await customer()]
    const tokensBefore = await serviceCalls("/registry/v1/delegation")
    let allowed = 0
    let refused: any
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await a.call("POST", `${BASE}/signup`, {}, office)
      if (res.status === 429) refused = res
      else {
        expect(res.status).toBe(200)
        allowed++
      }
    }
    expect(allowed).toBe(10)
    expectLimited(refused, "soletrader-signup")
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600)
    // Not counted, not forwarded: a refused request asks nothing of the service.
    const tokensAtLimit = await serviceCalls("/registry/v1/delegation")
    expectLimited(await a.call("POST", `${BASE}/signup`, {}, office), "soletrader-signup")
    expect(await serviceCalls("/registry/v1/delegation")).toBe(tokensAtLimit)
    expect(tokensAtLimit).toBeGreaterThanOrEqual(tokensBefore)
    // The same customer from another address: the customer's bucket follows them.
    expectLimited(await a.call("POST", `${BASE}/signup`, {}, "198.51.100.77"), "soletrader-signup")
    // A bad body is refused by the body check first (400), whatever the count.
    expect((await a.call("POST", `${BASE}/signup`, { country: "GB", extra: 1 }, office)).data.code).toBe("TRADE_CREDIT_INVALID_SIGNUP")
    // Another customer behind the same office address has a bucket of their own.
    expect((await b.call("POST", `${BASE}/signup`, {}, office)).status).toBe(200)
    limitRows.push({ route: "POST /store/trade-credit/soletrader/signup", bucket: "customer, 10 per 10 min", allowed, then: "429 + Retry-After (also from another address)", other: "another customer, same address: 200" })
  })

  it("limits returning-buyer code requests per customer and per address", async () => {
    const office = "203.0.113.20"
    const people = [await customer(), await customer(), await customer(), await customer(), await customer()]
    let n = 0
    const ask = (c: (typeof people)[number], address = office) =>
      c.call("POST", `${BASE}/returning-buyer/verification`, { email: `nobody.${++n}@example.com` }, address)
    // Four customers, five requests each: 20, the address's allowance; each answered by the service (404: unknown email).
    for (const c of people.slice(0, 4)) {
      for (let i = 0; i < 5; i++) {
        const res = await ask(c)
        expect([res.status, res.data.code]).toEqual([404, "TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND"])
      }
    }
    // A sixth request of the first customer: their own bucket (5) refuses it.
    expectLimited(await ask(people[0]), "returning-buyer-code-request")
    // A fifth customer behind the same address: the address's bucket (20) refuses it...
    expectLimited(await ask(people[4]), "returning-buyer-code-request-address")
    // ...and from another address the same customer is served.
    expect((await ask(people[4], "198.51.100.20")).status).toBe(404)
    // A left-most X-Forwarded-For entry written by the client is not trusted: the proxy's entry (last) counts.
    expectLimited(await ask(people[4], `198.51.100.21, ${office}`), "returning-buyer-code-request-address")
    limitRows.push({ route: "POST .../soletrader/returning-buyer/verification", bucket: "customer, 5 per 10 min", allowed: 5, then: "429 + Retry-After", other: "another customer, same address: 404 (served)" })
    limitRows.push({ route: "POST .../soletrader/returning-buyer/verification", bucket: "address, 20 per 10 min", allowed: 20, then: "429 + Retry-After", other: "same customer, another address: served" })
  })

  it("limits returning-buyer code checks per customer", async () => {
    const office = "203.0.113.30"
    const [guesser, neighbour] = [await customer(), await customer()]
    let allowed = 0
    let refused: any
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await guesser.call("POST", `${BASE}/returning-buyer/verification/code`, { email: `guess.${i}@example.com`, code: "123456" }, office)
      if (res.status === 429) refused = res
      else {
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(typeof res.data.code).toBe("string")
        allowed++
      }
    }
    expect(allowed).toBe(10)
    expectLimited(refused, "returning-buyer-code-check")
    const neighbourRes = await neighbour.call("POST", `${BASE}/returning-buyer/verification/code`, { email: "guess.x@example.com", code: "123456" }, office)
    expect(neighbourRes.status).not.toBe(429)
    limitRows.push({ route: "POST .../soletrader/returning-buyer/verification/code", bucket: "customer, 10 per 10 min", allowed, then: "429 + Retry-After", other: `another customer, same address: ${neighbourRes.status} ${neighbourRes.data.code}` })
  })

  it("limits company searches per address for guests and per customer when logged in", async () => {
    const office = "203.0.113.40"
    const url = "/store/trade-credit/companies?country=GB&q=acme"
    let allowed = 0
    let refused: any
    for (let i = 0; i < 62 && !refused; i++) {
      const res = await guest(url, office)
      if (res.status === 429) refused = res
      else {
        expect(res.status).toBe(200)
        allowed++
      }
    }
    expect(allowed).toBe(60)
    expectLimited(refused, "company-search")
    expect((await guest(url, "203.0.113.41")).status).toBe(200)
    const buyer = await customer()
    expect((await buyer.call("GET", url, undefined, office)).status).toBe(200)
    limitRows.push({ route: "GET /store/trade-credit/companies", bucket: "address (guests), 60 per min", allowed, then: "429 + Retry-After", other: "another address: 200; a logged-in customer at the same address: 200" })
  })

  it("limits instalment previews per address: a burst of 100 gets 429 with Retry-After after 30, and the refused ones reach nothing", async () => {
    const cart = await createCheckoutCart(storeClient(api, seed.publishableKey), seed)
    const office = "203.0.113.50"
    const preview = (address: string) =>
      api.request({
        method: "POST",
        url: "/store/trade-credit/plans/preview",
        data: { cart_id: cart.id, periods: [12], company: { company_canonical_id: "cmpgb08123456" } },
        headers: { "x-publishable-api-key": seed.publishableKey, "x-forwarded-for": address },
        validateStatus: () => true,
      })
    const before = await serviceCalls("/repay/v1")
    // A burst: 100 at once (each counted by one atomic upsert, so concurrency cannot slip past it).
    const answers = await Promise.all(Array.from({ length: 100 }, () => preview(office)))
    const served = answers.filter((res) => res.status !== 429)
    const refused = answers.filter((res) => res.status === 429)
    expect(served).toHaveLength(30)
    expect(refused).toHaveLength(70)
    for (const res of served) expect(res.status).toBe(200)
    expectLimited(refused[0], "plan-preview")
    expect(refused[0].headers["ratelimit-limit"]).toBe("30")
    // The served ones reached the service; a refused one reaches nothing.
    const afterBurst = await serviceCalls("/repay/v1")
    expect(afterBurst).toBeGreaterThan(before)
    expectLimited(await preview(office), "plan-preview")
    expect(await serviceCalls("/repay/v1")).toBe(afterBurst)
    // Another address keeps its own allowance.
    expect((await preview("203.0.113.51")).status).toBe(200)
    limitRows.push({ route: "POST /store/trade-credit/plans/preview", bucket: "address (guests), 30 per min", allowed: served.length, then: "429 + Retry-After", other: "another address: 200" })
  })

  it("shares one count between instances: 2 × max hits of one key at once, half on each of two module instances, allow exactly max", async () => {
    const app = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const other = await anotherInstance()
    try {
      const [key, max] = ["shared-count|ip:203.0.113.60", 25]
      const hits = await Promise.all(Array.from({ length: 2 * max }, (_, i) => (i % 2 ? app : other.service).hitRateLimit(key, 60_000, max)))
      const allowed = hits.filter((hit) => hit.allowed)
      expect(allowed).toHaveLength(max)
      // Each count was handed out once: the allowed hits saw max - 1 ... 0 remaining, the refused ones 0.
      expect(allowed.map((hit) => hit.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: max }, (_, i) => i))
      expect(hits.filter((hit) => !hit.allowed).every((hit) => hit.remaining === 0)).toBe(true)
      // One window for both, on the database's clock.
      for (const hit of hits) expect(Math.abs(hit.resetAt - (Date.now() + 60_000))).toBeLessThan(5_000)
      expect(await other.bucket(key)).toEqual({ count: 2 * max, expired: false })
      limitRows.push({ route: "(module) hitRateLimit, two instances on one database", bucket: `one key, ${max} per min`, allowed: allowed.length, then: `${hits.length - allowed.length} refused of ${hits.length} at once`, other: "the row counts every hit of both" })
    } finally {
      await other.close()
    }
  })

  it("deletes expired buckets as hits go by: an instance's 100th hit deletes them, live ones stay", async () => {
    const instance = await anotherInstance()
    try {
      const [expiring, live] = ["sweep-expiring|ip:203.0.113.70", "sweep-live|ip:203.0.113.71"]
      await instance.service.hitRateLimit(expiring, 1, 1) // a 1 ms window
      await waitUntil("the 1 ms window to end", async () => (await instance.bucket(expiring))?.expired)
      for (let hit = 2; hit < 100; hit++) await instance.service.hitRateLimit(live, 60_000, 1000)
      expect(await instance.bucket(expiring)).toEqual({ count: 1, expired: true }) // 99 hits: not yet
      await instance.service.hitRateLimit(live, 60_000, 1000)
      expect(await instance.bucket(expiring)).toBeUndefined()
      expect(await instance.bucket(live)).toEqual({ count: 99, expired: false })
    } finally {
      await instance.close()
    }
  })
})

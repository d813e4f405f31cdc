import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, minimalProfile, STOREFRONT_URL } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { areaPart, areaSimulator } from "../../helpers/area"
import { waitUntil } from "../../helpers/wait"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../src/modules/trade-credit"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()

const ACME = { company_canonical_id: "cmpgb08123456" }
const HIGHGATE = { company_canonical_id: "cmpgb06660666" }
const THORNBURY = { company_canonical_id: "cmpgb11223344" }

/**
 * The decline reason the pre-check passes on: the service's own. An order intent's `decline_reason` is neither required
 * by the published documents nor promised by the seed: under the minimal profile the service gives none (null).
 */
const declineReason = (reason: string) => (minimalProfile() ? null : reason)

/** What the simulated service received under a path, oldest first. */
const received = async (pathPrefix: string, method?: string) =>
  (await control(simulator.url, "GET", `/_sim/requests?${new URLSearchParams({ path_prefix: pathPrefix, ...(method && { method }) })}`))
    .items as { path: string; query: Record<string, string>; status: number | null; idempotency_key: string | null; body: any }[]

export default areaPart("storefront-routes", ({ api, getContainer }) => {
  let seed: any
  let store: ReturnType<typeof storeClient>

  beforeAll(async () => {
    const adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
    store = storeClient(api, seed.publishableKey)
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    await control(simulator.url, "DELETE", "/_sim/requests")
  })

  const search = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    api.get(`/store/trade-credit/companies?${new URLSearchParams(query)}`, {
      headers: { "x-publishable-api-key": seed.publishableKey, ...headers },
      validateStatus: () => true,
    })

  it("searches companies through the service, caches the answer, and refuses bad queries with codes before asking", async () => {
    const first = await search({ country: "GB", q: "acme", limit: "5" })
    expect(first.status).toBe(200)
    expect(first.headers["x-trade-credit-cache"]).toBe("miss")
    expect(first.data.country).toBe("GB")
    // A result's country and national identifier are optional in the published search answer: the minimal profile
    // leaves them out, and the route then answers the searched country and no identifier.
    expect(first.data.items[0]).toEqual({
      canonical_id: "cmpgb08123456",
      name: "ACME INDUSTRIAL SUPPLIES LTD",
      country: "GB",
      national_identifier: minimalProfile() ? null : { type: "GB_CRN", id: "08123456" },
      highlight: expect.stringContaining("<mark>"),
    })
    expect(first.headers["ratelimit-limit"]).toBe("60")

    // The same search again (any case, extra spaces) is answered from the cache: the service is asked once.
    const again = await search({ country: "gb", q: "  ACME ", limit: "5" })
    expect(again.status).toBe(200)
    expect(again.headers["x-trade-credit-cache"]).toBe("hit")
    expect(again.data.items).toEqual(first.data.items)
    const searches = await received("/companies/v2/company", "GET")
    expect(searches).toHaveLength(1)
    expect(searches[0].query).toMatchObject({ country: "GB", q: "acme", limit: "5" })

    // The default limit is 10; the answer never holds more than asked.
    const wide = await search({ country: "US", q: "a" })
    expect(wide.status).toBe(200)
    expect(wide.data.items.length).toBeLessThanOrEqual(10)
    expect((await received("/companies/v2/company", "GET")).at(-1)!.query.limit).toBe("10")

    // Bad queries: 400 with a code naming the parameter; nothing reaches the service.
    const before = (await received("/companies/v2/company")).length
    const bad: [Record<string, string>, RegExp][] = [
      [{ q: "acme" }, /country is required/],
      [{ country: "GBR", q: "acme" }, /country must be an ISO 3166-1 alpha-2 code/],
      [{ country: "G1", q: "acme" }, /country must be/],
      [{ country: "GB" }, /q is required/],
      [{ country: "GB", q: "   " }, /q must not be empty/],
      [{ country: "GB", q: "x".repeat(101) }, /q must be at most 100 characters/],
      [{ country: "GB", q: "acme", limit: "0" }, /limit must be a whole number from 1 to 25/],
      [{ country: "GB", q: "acme", limit: "26" }, /limit must be a whole number/],
      [{ country: "GB", q: "acme", limit: "2.5" }, /limit must be a whole number/],
      [{ country: "GB", q: "acme", limit: "ten" }, /limit must be a whole number/],
      [{ country: "GB", q: "acme", page: "2" }, /unknown parameter "page"/],
    ]
    for (const [query, message] of bad) {
      const res = await search(query)
      expect({ query, status: res.status, code: res.data.code }).toEqual({ query, status: 400, code: "TRADE_CREDIT_INVALID_COMPANY_SEARCH" })
      expect(res.data.message).toMatch(message)
    }
    expect((await received("/companies/v2/company")).length).toBe(before)

    // Without the publishable key Medusa refuses the store route.
    const noKey = await api.get("/store/trade-credit/companies?country=GB&q=acme", { validateStatus: () => true })
    expect(noKey.status).toBe(400)
    expect(noKey.data.message).toMatch(/publishable/i)

    // The service unavailable: 503 with a code and Retry-After (the storefront offers manual entry); nothing cached.
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "GET",
      path: "/companies/v2/company",
      times: 5,
      fault: { type: "status", status: 503 },
    })
    const down = await search({ country: "GB", q: "brightwater" })
    expect(down.status).toBe(503)
    expect(down.data).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE", message: expect.stringMatching(/could not search companies/) })
    expect(down.headers["retry-after"]).toBe("5")
    await control(simulator.url, "DELETE", "/_sim/faults")
    const up = await search({ country: "GB", q: "brightwater" })
    expect(up.status).toBe(200)
    expect(up.headers["x-trade-credit-cache"]).toBe("miss")
    expect(up.data.items[0].canonical_id).toBe("cmpgb09876543")
  })

  it("pre-checks a cart: available, declined with the reason, cached per cart content, and not hidden when the service is unreachable", async () => {
    const cart = await createCheckoutCart(store, seed)
    const preCheck = (cartId: string, body: unknown) => store.call("POST", `/store/trade-credit/carts/${cartId}/pre-check`, body)

    const ok = await preCheck(cart.id, { company: ACME })
    expect(ok.status).toBe(200)
    expect(ok.data).toEqual({ cart_id: cart.id, available: true })
    expect(ok.headers["x-trade-credit-cache"]).toBe("miss")
    const intents = await received("/v1/order_intent", "POST")
    expect(intents).toHaveLength(1)
    // The intent is the provider's own body for the cart: the cart's gross, and an Idempotency-Key from the cart id.
    expect(intents[0].body.gross_amount).toBe(Number(cart.total).toFixed(2))
    expect(intents[0].body.buyer.company).toEqual(ACME)
    expect(intents[0].idempotency_key).toMatch(new RegExp(`^precheck-${cart.id}-`))

    // Same cart, same company: from the cache.
    const cached = await preCheck(cart.id, { company: ACME })
    expect(cached.data).toEqual({ cart_id: cart.id, available: true })
    expect(cached.headers["x-trade-credit-cache"]).toBe("hit")
    expect(await received("/v1/order_intent", "POST")).toHaveLength(1)

    // A declined buyer: hide the method (the region's default), with the service's reason for the logs and the buyer's
    // words, never the code.
    const declined = await preCheck(cart.id, { company: HIGHGATE })
    expect(declined.status).toBe(200)
    expect(declined.data).toEqual({
      cart_id: cart.id,
      available: false,
      reason: "declined",
      decline_reason: declineReason("TOO_HIGH_RISK"),
      hide: true,
      message: expect.stringMatching(/^Trade credit is not available/),
    })
    expect(declined.data.message).not.toMatch(/TOO_HIGH_RISK/)

    // A limit below the cart's total declines with BUYER_LIMIT_EXCEEDED; the cart changing asks again.
    await store.ok("POST", `/store/carts/${cart.id}/line-items`, { variant_id: seed.variants[0].id, quantity: 1 })
    const changed = await preCheck(cart.id, { company: ACME })
    expect(changed.headers["x-trade-credit-cache"]).toBe("miss")
    expect(changed.data.available).toBe(true)
    const small = await preCheck(cart.id, { company: { company_canonical_id: "cmpgb12345678" } })
    expect(small.data).toMatchObject({ available: false, reason: "declined", decline_reason: declineReason("BUYER_LIMIT_EXCEEDED") })

    // The company by number and name works the same (manual entry in a storefront).
    const byNumber = await preCheck(cart.id, { company: { organization_number: "11223344", country_prefix: "gb", company_name: "Thornbury Catering" } })
    expect(byNumber.data.available).toBe(true)
    const unknown = await preCheck(cart.id, { company: { organization_number: "99999999", country_prefix: "GB", company_name: "Nobody Ltd" } })
    expect(unknown.data).toMatchObject({ available: false, reason: "declined", decline_reason: declineReason("BUYER_NOT_FOUND") })

    // The service unreachable: say so, and keep offering the method. Not cached: the next check asks again.
    await control(simulator.url, "POST", "/_sim/faults", {
      method: "POST",
      path: "/v1/order_intent",
      times: 10,
      fault: { type: "status", status: 503 },
    })
    const unreachable = await preCheck(cart.id, { company: THORNBURY })
    expect(unreachable.status).toBe(200)
    expect(unreachable.data).toEqual({ cart_id: cart.id, available: true, degraded: true, reason: "service_unreachable" })
    await control(simulator.url, "DELETE", "/_sim/faults")
    // Dropped connections are passing failures too.
    await control(simulator.url, "POST", "/_sim/faults", { method: "POST", path: "/v1/order_intent", times: 10, fault: { type: "drop", when: "before" } })
    const dropped = await preCheck(cart.id, { company: THORNBURY })
    expect(dropped.data).toEqual({ cart_id: cart.id, available: true, degraded: true, reason: "service_unreachable" })
    await control(simulator.url, "DELETE", "/_sim/faults")
    const recovered = await preCheck(cart.id, { company: THORNBURY })
    expect(recovered.data).toEqual({ cart_id: cart.id, available: true })
    expect(recovered.headers["x-trade-credit-cache"]).toBe("miss")

    // A rejected API key is definitive: hide the method.
    await control(simulator.url, "POST", "/_sim/faults", { method: "POST", path: "/v1/order_intent", times: 1, fault: { type: "status", status: 401 } })
    const rejected = await preCheck(cart.id, { company: { company_canonical_id: "cmpgb09876543" } })
    expect(rejected.data).toMatchObject({ available: false, reason: "not_configured" })
    await control(simulator.url, "DELETE", "/_sim/faults")
  })

  it("the payment session reuses the pre-check's approved intent (no second credit check); an order spends it", async () => {
    const cart = await createCheckoutCart(store, seed)
    const intentsBefore = (await received("/v1/order_intent", "POST")).length
    const ok = await store.call("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: ACME })
    expect(ok.data).toEqual({ cart_id: cart.id, available: true })
    expect((await received("/v1/order_intent", "POST")).length).toBe(intentsBefore + 1)

    // The buyer goes on: the session starts with the same company, and nothing is asked of the service.
    const returnUrl = `${STOREFRONT_URL}/checkout/return`
    const started = await startTradeCreditSession(store, cart.id, { company: ACME, return_url: returnUrl })
    expect(started.status).toBe(200)
    const session = started.data.payment_collection.payment_sessions[0]
    expect(session.data.tracking_id).toEqual(expect.any(String))
    expect((await received("/v1/order_intent", "POST")).length).toBe(intentsBefore + 1)

    // Place order: the order carries the pre-check's tracking id; the buyer verifies first.
    const first = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(first.status).toBe(400)
    const creates = (await received("/v1/order", "POST")).filter((r) => r.path === "/v1/order" && r.idempotency_key === `order-${session.id}`)
    expect(creates.map((r) => r.body.tracking_id)).toEqual([session.data.tracking_id])

    // The intent is spent: a new session of the same, unchanged cart is credit-checked again, with another tracking id.
    const again = await startTradeCreditSession(store, cart.id, { company: ACME, return_url: returnUrl })
    expect(again.status).toBe(200)
    const next = again.data.payment_collection.payment_sessions.find((s: any) => s.id !== session.id)
    expect((await received("/v1/order_intent", "POST")).length).toBe(intentsBefore + 2)
    expect(next.data.tracking_id).not.toBe(session.data.tracking_id)
  })

  it("kept checks in the database: found until they expire, replaced by a newer answer, a spent intent never again", async () => {
    const kept = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    const key = `intent:cart_kept_${Date.now().toString(36)}:digest`
    const intent = (trackingId: string) => ({ approved: true, tracking_id: trackingId, decline_reason: null })
    await kept.keepChecks([{ key, answer: intent("trk_a"), trackingId: "trk_a" }], 60_000)
    expect(await kept.findKeptCheck(key)).toEqual(intent("trk_a"))

    // Spent by an order: not found, and the same intent answered again (its idempotency key replayed) stays spent.
    await kept.spendKeptCheck("trk_a")
    expect(await kept.findKeptCheck(key)).toBeUndefined()
    await kept.keepChecks([{ key, answer: intent("trk_a"), trackingId: "trk_a" }], 60_000)
    expect(await kept.findKeptCheck(key)).toBeUndefined()
    // A new intent for the same cart and body replaces it.
    await kept.keepChecks([{ key, answer: intent("trk_b"), trackingId: "trk_b" }], 60_000)
    expect(await kept.findKeptCheck(key)).toEqual(intent("trk_b"))

    // Several at once (a search's companies), a key given twice keeping its last answer; expiry on PostgreSQL's clock.
    const company = `company:cmp_kept_${Date.now().toString(36)}`
    await kept.keepChecks(
      [
        { key: company, answer: { name: "first" } },
        { key: `${company}_2`, answer: { name: "other" } },
        { key: company, answer: { name: "last" } },
      ],
      300
    )
    expect(await kept.findKeptCheck(company)).toEqual({ name: "last" })
    expect(await kept.findKeptCheck(`${company}_2`)).toEqual({ name: "other" })
    await waitUntil("the kept company to expire", async () => (await kept.findKeptCheck(company)) === undefined, { timeoutMs: 10_000 })
  })

  it("pre-check: the company of the cart's trade credit session, and bad requests with codes", async () => {
    const cart = await createCheckoutCart(store, seed)
    const preCheck = (cartId: string, body: unknown) => store.call("POST", `/store/trade-credit/carts/${cartId}/pre-check`, body)

    const none = await preCheck(cart.id, {})
    expect(none.status).toBe(400)
    expect(none.data.code).toBe("TRADE_CREDIT_INVALID_PRE_CHECK")
    expect(none.data.message).toMatch(/company is required/)

    const bad: [unknown, RegExp][] = [
      [{ company: "acme" }, /company must be/],
      [{ company: { company_canonical_id: "" } }, /company.company_canonical_id must not be empty/],
      [{ company: { organization_number: "08123456", country_prefix: "GB" } }, /company.company_name is required/],
      [{ company: { organization_number: "08123456", country_prefix: "GBR", company_name: "Acme" } }, /country_prefix must be an ISO 3166-1 alpha-2/],
      [{ company: ACME, cart_total: "1.00" }, /unknown parameter "cart_total"/],
    ]
    for (const [body, message] of bad) {
      const res = await preCheck(cart.id, body)
      expect({ body, status: res.status, code: res.data.code }).toEqual({ body, status: 400, code: "TRADE_CREDIT_INVALID_PRE_CHECK" })
      expect(res.data.message).toMatch(message)
    }
    expect(await received("/v1/order_intent")).toHaveLength(0)

    const missing = await preCheck("cart_does_not_exist", { company: ACME })
    expect(missing.status).toBe(404)
    expect(missing.data.code).toBe("TRADE_CREDIT_CART_NOT_FOUND")

    // The storefront started the session with the company: the pre-check finds it there.
    const session = await startTradeCreditSession(store, cart.id, { company: ACME })
    expect(session.status).toBe(200)
    const fromSession = await preCheck(cart.id, {})
    expect(fromSession.status).toBe(200)
    expect(fromSession.data).toEqual({ cart_id: cart.id, available: true })
  })

  // Last: it uses up this address's allowance for a minute.
  it("rate-limits company searches per address and per customer: 429 with Retry-After and a code", async () => {
    let limited: any
    let allowed = 0
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await search({ country: "GB", q: "acme" })
      if (res.status === 429) limited = res
      else {
        expect(res.status).toBe(200)
        allowed++
      }
    }
    expect(limited).toBeDefined()
    expect(allowed).toBeLessThanOrEqual(60)
    expect(limited.data).toMatchObject({ code: "TRADE_CREDIT_RATE_LIMITED", message: expect.stringMatching(/at most 60 every 60 s/) })
    const retryAfter = Number(limited.headers["retry-after"])
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.data.retry_after).toBe(retryAfter)
    expect(limited.headers["ratelimit-remaining"]).toBe("0")

    // A logged-in customer behind the same address has a bucket of their own.
    const email = "buyer@ratelimit.example"
    const password = "supersecret-password"
    const registered = await api.post("/auth/customer/emailpass/register", { email, password })
    await api.post(
      "/store/customers",
      { email, first_name: "Rate", last_name: "Limit" },
      { headers: { "x-publishable-api-key": seed.publishableKey, authorization: `Bearer ${registered.data.token}` } }
    )
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const asCustomer = { authorization: `Bearer ${login.token}` }
    const customerFirst = await search({ country: "GB", q: "acme" }, asCustomer)
    expect(customerFirst.status).toBe(200)
    expect(customerFirst.headers["ratelimit-remaining"]).toBe("59")

    let customerLimited: any
    for (let i = 0; i < 65 && !customerLimited; i++) {
      const res = await search({ country: "GB", q: "acme" }, asCustomer)
      if (res.status === 429) customerLimited = res
    }
    expect(customerLimited?.data.code).toBe("TRADE_CREDIT_RATE_LIMITED")
    expect(Number(customerLimited.headers["retry-after"])).toBeGreaterThanOrEqual(1)

    // Other routes keep their own allowance.
    const cart = await createCheckoutCart(store, seed)
    const preCheck = await store.call("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: ACME })
    expect(preCheck.status).toBe(200)
    expect(preCheck.headers["ratelimit-limit"]).toBe("30")
  })

  it("text is text: a NUL, a lone surrogate or an overlong string in a body is 400 naming the field, before anything (issue #25)", async () => {
    const cart = await createCheckoutCart(store, seed)
    const invalidText = (res: any, field: string, code = "TRADE_CREDIT_INVALID_TEXT") => {
      expect({ status: res.status, type: res.data?.type, code: res.data?.code }).toEqual({ status: 400, type: "invalid_data", code })
      expect(res.data.message).toContain(field)
      expect(res.data.message).not.toMatch(/[\u0000\uD800-\uDFFF]/)
    }

    // Was a 500 (PostgreSQL refused the NUL): the instalment preview's cart_id.
    invalidText(await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: `${cart.id}\u0000`, periods: [12], company: ACME }), "cart_id")
    invalidText(await store.call("POST", "/store/trade-credit/plans/preview", { cart_id: cart.id, periods: [12], company: { company_canonical_id: "cmpgb\uD800" } }), "company.company_canonical_id")
    // Pre-check: the same, from the one middleware.
    invalidText(await store.call("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company: { company_canonical_id: "cmpgb\u000008123456" } }), "company.company_canonical_id")

    // Was a 500: a payment session of the plugin's providers with a NUL in its data (company id, PO number).
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const sessions = `/store/payment-collections/${payment_collection.id}/payment-sessions`
    invalidText(await store.call("POST", sessions, { provider_id: "pp_trade-credit_default", data: { company: { company_canonical_id: "cmpgb08123456\u0000" } } }), "data.company.company_canonical_id")
    invalidText(await store.call("POST", sessions, { provider_id: "pp_trade-credit_default", data: { company: ACME, purchase_order_number: "PO-\u00007781" } }), "data.purchase_order_number")
    invalidText(await store.call("POST", sessions, { provider_id: "pp_trade-credit-plan_default", data: { company: ACME, purchase_order_number: "PO-\uDC007781" } }), "data.purchase_order_number")
    invalidText(await store.call("POST", sessions, { provider_id: "pp_trade-credit_default", data: { company: ACME, order_note: "x".repeat(10_001) } }), "data.order_note", "TRADE_CREDIT_TEXT_TOO_LONG")
    expect((await store.ok("GET", `/store/carts/${cart.id}`)).cart.payment_collection?.payment_sessions ?? []).toHaveLength(0)

    // Was a 500: a sole-trader proposal with a NUL in trading_name (a logged-in customer).
    const email = "text.is.text@example.com"
    const password = "text-is-text-pw"
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    await api.post("/store/customers", { email, first_name: "Åse", last_name: "Ødegård" }, { headers: { "x-publishable-api-key": seed.publishableKey, authorization: `Bearer ${registration.token}` } })
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const proposal = await api.post(
      "/store/trade-credit/soletrader/proposals",
      { proposed_business: { country_code: "GB", trading_name: "Mill Lane\u0000 Joinery", email, phone: "+447400123456" } },
      { headers: { "x-publishable-api-key": seed.publishableKey, authorization: `Bearer ${login.token}` }, validateStatus: () => true }
    )
    invalidText(proposal, "proposed_business.trading_name")

    // Nothing of the above reached the service.
    expect(await received("/")).toEqual([])

    // Ordinary unicode is text: a session with Nordic names and emoji in its data is created.
    const fine = await store.call("POST", sessions, {
      provider_id: "pp_trade-credit_default",
      data: { company: ACME, purchase_order_number: "PO-Åse-Ødegård-📦", order_note: "Levering til porten 🚚" },
    })
    expect(fine.status).toBe(200)
  })
})

import path from "node:path"
import { randomUUID } from "node:crypto"
import { loginAdmin } from "../../helpers/admin"
import {
  type Answer,
  cut,
  DEEP_DEPTH,
  deepArray,
  describe as describeProbe,
  echoOf,
  enumerateRoutes,
  errorShapeProblem,
  fillPath,
  KB5,
  type Probe,
  type Route,
  send,
} from "../../helpers/fuzz"
import { signedDelivery } from "../../helpers/webhooks"
import { WEBHOOK_PATH } from "../../helpers/simulator"
import { areaPart } from "../../helpers/area"

/**
 * The store side of bad input (issue #36): a bad request gets a clear error with a code in the one error shape,
 * never a 500, a hang or lost data.
 *
 * 1. A JSON body nested 50,000 levels deep (arrays: it stays under Medusa's 100 KB JSON limit), bare or in a field,
 *    on every store and admin route of the plugin and on a payment session of its provider: 400
 *    TRADE_CREDIT_BODY_TOO_DEEP (Medusa's validator turned such a value into text for its message, recursively:
 *    a 500). The evidence upload reads its multipart body itself (Medusa parses none): a 4xx in the error shape there.
 * 2. Medusa's webhook URL of the plugin's providers with a broken %-escape (`/hooks/payment/trade-credit_%E0%A4%A`:
 *    Express failed to decode the route parameter, a 500) or a control character (`/hooks/trade-credit%00`: an HTML
 *    404): 400 TRADE_CREDIT_INVALID_PATH in the one error shape; a valid delivery still goes through on both URLs.
 * 3. A 5 KB string in any field of any route: no error message repeats more than 64 characters of it (the proposal's
 *    country was echoed whole).
 */
const API_DIR = path.resolve(__dirname, "../../../src/api")

/** Fields of the plugin's bodies (the ones a validator checks first included), so that a value reaches the validator. */
const BODY_FIELDS = [
  "q", "country", "country_code", "email", "code", "cart_id", "company", "periods", "period", "organization_number",
  "proposed_business", "customer_id", "customer_ids", "trade_name", "users", "reference", "status", "data", "id",
]
/** The store's fields that answered 500 with 50,000 levels in them before (each reaches a validator of a store route). */
const DEEP_STORE_FIELDS = BODY_FIELDS.slice(0, 11)
/** The admin routes' fields. */
const ADMIN_FIELDS = ["email", "reference", "customer_id", "customer_ids", "trade_name", "users", "status", "code"]
/**
 * The one route whose body Medusa does not parse (bodyParser: false): the evidence upload reads its multipart body
 * itself, so a JSON body of any depth is only bytes there, answered 4xx in the error shape.
 */
const RAW_BODY_ROUTES = ["/store/trade-credit/soletrader/proposals/:id/evidence"]

export default areaPart("bounded-input", ({ api, getContainer }) => {
  let adminHeaders: Record<string, string>
  let publishableKey: string
  let customerHeaders: Record<string, string>
  const { routes } = enumerateRoutes(API_DIR)
  /** The store and admin routes (the webhook reads its raw body itself: webhook-security.ts covers it). */
  const bodyRoutes = routes.filter((r) => r.area !== "hooks")
  const baseUrl = () => api.defaults.baseURL as string

  beforeAll(async () => {
    adminHeaders = await loginAdmin(getContainer(), api)
    const { data } = await api.post("/admin/api-keys", { title: "bounded input", type: "publishable" }, { headers: adminHeaders })
    publishableKey = data.api_key.token
    const keyHeaders = { "x-publishable-api-key": publishableKey }
    const email = "bounded.input@example.com"
    const password = "bounded-input-pw"
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    await api.post("/store/customers", { email, first_name: "Bounded", last_name: "Buyer" }, { headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` } })
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    customerHeaders = { ...keyHeaders, authorization: `Bearer ${login.token}` }
  })

  let ip = 0
  /** Headers of a route: the admin's, a logged-in customer's (every store route takes one), from an address of its own. */
  const headersFor = (route: Pick<Route, "area">): Record<string, string> => {
    ip += 1
    const forwarded = { "x-forwarded-for": `203.0.${(ip >> 8) & 255}.${ip & 255}`, "content-type": "application/json" }
    return route.area === "admin" ? { ...adminHeaders, ...forwarded } : { ...customerHeaders, ...forwarded }
  }

  /** Sends probes one after the other; a failure (no answer within 5 s) is an answer of status 0. */
  const answers = async (probes: Omit<Probe, "fuzzClass">[]) => {
    const out: { probe: Omit<Probe, "fuzzClass">; answer: Answer }[] = []
    for (const probe of probes) {
      try {
        out.push({ probe, answer: await send(baseUrl(), probe) })
      } catch (error) {
        out.push({ probe, answer: { status: 0, text: (error as Error).message, json: undefined, headers: {}, ms: 0 } })
      }
    }
    return out
  }
  const line = (probe: Omit<Probe, "fuzzClass">, a: Answer) => `${describeProbe(probe)} → ${a.status} ${cut(a.text, 200)}`

  it(`answers a body nested ${DEEP_DEPTH.toLocaleString("en")} deep 400 TRADE_CREDIT_BODY_TOO_DEEP on every store and admin route`, async () => {
    const deep = deepArray(DEEP_DEPTH)
    expect(Buffer.byteLength(deep)).toBeLessThan(100 * 1024)
    const probes: Omit<Probe, "fuzzClass">[] = []
    for (const route of bodyRoutes) {
      const target = fillPath(route)
      probes.push({ label: "bare", method: route.method, path: target, headers: headersFor(route), body: deep })
      // One field per request: two 50,000-level values would not fit in 100 KB.
      for (const field of route.area === "store" ? DEEP_STORE_FIELDS : ADMIN_FIELDS.slice(0, 4)) {
        probes.push({ label: `in ${field}`, method: route.method, path: target, headers: headersFor(route), body: `{"${field}":${deep}}` })
      }
    }
    const isRawBody = (probe: Omit<Probe, "fuzzClass">) => bodyRoutes.some((r) => RAW_BODY_ROUTES.includes(r.url) && fillPath(r) === probe.path)
    // Medusa's payment session route, for the plugin's provider: the plugin checks its body (src/api/utils/invalid-text.ts).
    probes.push({
      label: "payment session data",
      method: "POST",
      path: "/store/payment-collections/pay_col_bounded/payment-sessions",
      headers: headersFor({ area: "store" }),
      body: `{"provider_id":"pp_trade-credit_default","data":${deep}}`,
    })
    const wrong = (await answers(probes))
      .filter(({ probe, answer: a }) =>
        isRawBody(probe) ? a.status < 400 || a.status >= 500 || !!errorShapeProblem(a) : a.status !== 400 || !!errorShapeProblem(a) || a.json.code !== "TRADE_CREDIT_BODY_TOO_DEEP"
      )
      .map(({ probe, answer }) => line(probe, answer))
    expect(wrong).toEqual([])
    // A body of ordinary depth still reaches the route's own validation.
    const ordinary = await send(baseUrl(), {
      label: "8 levels",
      method: "POST",
      path: "/store/trade-credit/plans/preview",
      headers: headersFor({ area: "store" }),
      body: JSON.stringify({ cart_id: "cart_bounded", periods: [3], company: { a: [[[[[[1]]]]]] } }),
    })
    expect(ordinary.status).toBe(400)
    expect(ordinary.json.code).not.toBe("TRADE_CREDIT_BODY_TOO_DEEP")
  })

  it("answers a broken %-escape or a control character in a webhook path 400 TRADE_CREDIT_INVALID_PATH in the one error shape, and still takes valid deliveries", async () => {
    const paths = [
      "/hooks/payment/trade-credit_%E0%A4%A",
      "/hooks/payment/trade-credit-plan_%E0%A4%A",
      "/hooks/payment/trade-credit_default%E0%A4%A",
      "/hooks/payment/trade-credit_%",
      "/hooks/payment/trade-credit_default%00",
      "/hooks/payment/trade-credit_default%0A",
      "/hooks/payment/trade-credit_%7F",
      "/hooks/trade-credit%00",
      "/hooks/trade-credit%0D%0A",
      "/hooks/trade-credit%E0%A4%A",
      "/hooks/trade-credit/%00",
    ]
    const delivery = signedDelivery({ id: `msg_bounded_${randomUUID()}`, type: "order.cancelled", time: new Date().toISOString(), data: {} })
    const probes = paths.map((p) => ({ label: "hook path", method: "POST", path: p, headers: delivery.headers, body: delivery.raw }))
    const wrong = (await answers(probes))
      .filter(({ answer: a }) => a.status !== 400 || errorShapeProblem(a) || a.json.code !== "TRADE_CREDIT_INVALID_PATH")
      .map(({ probe, answer }) => line(probe, answer))
    expect(wrong).toEqual([])

    // Valid deliveries (signed, of an order the service does not know) still reach the receiver on both URLs.
    for (const url of [WEBHOOK_PATH, "/hooks/payment/trade-credit_default"]) {
      const event = {
        id: `msg_bounded_${randomUUID()}`,
        type: "order.cancelled",
        time: new Date().toISOString(),
        data: { order_id: randomUUID(), merchant_order_id: `payses_${randomUUID().replace(/-/g, "")}`, state: "CANCELLED", status: "APPROVED", gross_amount: "10.00", currency: "GBP" },
      }
      const valid = signedDelivery(event)
      const a = await send(baseUrl(), { label: "valid delivery", method: "POST", path: url, headers: valid.headers, body: valid.raw })
      expect([url, a.status, a.json?.received]).toEqual([url, 200, true])
    }
  })

  it("echoes at most 64 characters of a 5 KB string in any field of any store or admin route", async () => {
    const probes: Omit<Probe, "fuzzClass">[] = []
    for (const route of bodyRoutes) {
      const target = fillPath(route)
      for (const field of route.area === "store" ? BODY_FIELDS : ADMIN_FIELDS) {
        probes.push({ label: `${field} 5 KB`, method: route.method, path: target, headers: headersFor(route), body: JSON.stringify({ [field]: KB5 }) })
      }
      probes.push({ label: "query q 5 KB", method: route.method, path: `${target}?q=${KB5}`, headers: headersFor(route) })
    }
    // The proposal's country (the service's schema quoted it whole) and the choice's.
    const proposals = "/store/trade-credit/soletrader/proposals"
    probes.push({ label: "proposed_business.country_code 5 KB", method: "POST", path: proposals, headers: headersFor({ area: "store" }), body: JSON.stringify({ proposed_business: { country_code: KB5 } }) })
    probes.push({
      label: "business_address.country_code 5 KB",
      method: "POST",
      path: proposals,
      headers: headersFor({ area: "store" }),
      body: JSON.stringify({ proposed_business: { country_code: "GB", business_address: { country_code: KB5 } } }),
    })
    const seen = await answers(probes)
    const echoes = seen
      .filter(({ answer: a }) => a.status >= 400)
      .flatMap(({ probe, answer }) => {
        const echo = echoOf(typeof answer.json?.message === "string" ? answer.json.message : answer.text, KB5)
        return echo ? [`${line(probe, answer)} (echoes "${echo}")`] : []
      })
    expect(echoes).toEqual([])
    expect(seen.filter(({ answer: a }) => a.status === 0 || a.status >= 500).map(({ probe, answer }) => line(probe, answer))).toEqual([])
    // The proposal's country is refused with the route's code and a bounded quote of it.
    const country = seen.find(({ probe }) => probe.label === "proposed_business.country_code 5 KB")!.answer
    expect([country.status, country.json?.code]).toEqual([400, "TRADE_CREDIT_INVALID_PROPOSAL"])
    expect(country.json.message).toContain(`${"x".repeat(64)}…`)
  })
})

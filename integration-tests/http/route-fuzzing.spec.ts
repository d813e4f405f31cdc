import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import fc from "fast-check"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { BUYER_ADDRESS } from "../helpers/storefront"
import { useSimulator } from "../helpers/simulator"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(600_000)

/**
 * Property-based fuzzing (fast-check) of every route of the plugin (issue #10 item 3, docs/reliability.md).
 * The routes are enumerated from src/api/** /route.ts when the test runs, so a new route is fuzzed without
 * editing this file. Each route and method gets malformed path parameters, query strings and bodies (JSON
 * of every shape, fields it knows with values of the wrong kind, and bytes that are not JSON); the answer
 * must come within a bound, never be a 5xx, and be a 4xx JSON error with a `code` or a 2xx/404 documented
 * below. Runs per property: FUZZ_RUNS (default 20); the seed prints with any failure (fast-check).
 *
 * Documented answers without a plugin `code` (Medusa's framework answers before any plugin code runs):
 * - a body that is not JSON, or JSON that is not an object or array (`"x"`, `0`, `null`): Medusa's body parser
 *   (strict), 400 `{type: "invalid_data", message}`.
 * A path with a broken %-escape (`/x/%E0%A4%A`) was a 500: Express 4 cannot decode a route parameter and Medusa's
 * error handler answers its error 500. src/api/utils/malformed-path.ts answers it 400 TRADE_CREDIT_INVALID_PATH on
 * /store/trade-credit/** and /hooks/trade-credit. Under /admin, Medusa's own global middleware `/admin*`
 * (setSecretApiKeyContext, @medusajs/medusa api/middlewares) is matched first and fails to decode its `*`: every
 * admin route of Medusa answers such a path 500, for a logged-in admin only, before any plugin code can run. Those
 * answers are counted and accepted here, and the test checks that Medusa's own /admin/orders/%E0%A4%A does the same
 * (when Medusa fixes it, this exception goes).
 */
const simulator = useSimulator()
const RUNS = Number(process.env.FUZZ_RUNS || 20)
const REQUEST_BOUND_MS = 15_000
const API_DIR = path.resolve(__dirname, "../../src/api")
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const

type Route = { file: string; url: string; params: string[]; method: (typeof METHODS)[number]; area: "admin" | "store" | "hooks" }

/** Every route.ts of the plugin and the HTTP methods it exports. */
function enumerateRoutes(): { routes: Route[]; files: string[] } {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== "__tests__") walk(path.join(dir, e.name))
      } else if (e.name === "route.ts" || e.name === "route.js") files.push(path.join(dir, e.name))
    }
  }
  walk(API_DIR)
  const routes: Route[] = []
  for (const file of files.sort()) {
    const source = readFileSync(file, "utf8")
    const rel = path.relative(API_DIR, path.dirname(file)).split(path.sep)
    const params = rel.filter((s) => /^\[.+\]$/.test(s)).map((s) => s.slice(1, -1))
    const url = "/" + rel.map((s) => (/^\[.+\]$/.test(s) ? `:${s.slice(1, -1)}` : s)).join("/")
    for (const method of METHODS) {
      if (new RegExp(`export\\s+(const|async\\s+function|function|let)\\s+${method}\\b`).test(source)) {
        routes.push({ file: path.relative(API_DIR, file), url, params, method, area: rel[0] as Route["area"] })
      }
    }
  }
  return { routes, files: files.map((f) => path.relative(API_DIR, f)) }
}

// ---- arbitraries --------------------------------------------------------------------------------------

/** Field names the plugin's validators know, so that bodies and queries reach past "unknown field". */
const FIELDS = [
  "country", "q", "limit", "offset", "email", "code", "order_id", "cart_id", "company", "company_canonical_id",
  "organization_number", "periods", "period", "customer_id", "customer_ids", "trade_name", "users", "return_url",
  "reference", "status", "case", "proposed_business", "contact_persons", "invoice_email_addresses", "fulfilment",
  "fields", "id", "data", "type", "name", "country_code", "__proto__", "constructor",
]
const nasty = fc.constantFrom(
  "", " ", "\u0000", "svc_123", "../../etc/passwd", "%00", "'; drop table payment; --", "<script>alert(1)</script>",
  "NaN", "Infinity", "-1", "0", "1e309", "9".repeat(400), "x".repeat(5000), "GB", "gb", "ZZ", "a@b", "null", "true", "[]", "{}",
  "\ud800", "😀", "cmp_gb_08123456", "order_01", "prop_1"
)
const scalar = fc.oneof(
  nasty,
  fc.string({ maxLength: 60 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2)
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, scalar, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS), tie("v"), { maxKeys: 4 })),
})).v
/** A JSON body: an object of known fields with values of any kind, or JSON of any shape. */
const jsonBody = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value, { maxKeys: 6 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }
)
/** Bytes sent as application/json that are not JSON. */
const rawBody = fc.oneof(
  fc.constantFrom("{", "[1,", '{"a":}', "undefined", "{'q': 1}", "\u0000\u0001", '{"a": 1}}', "[".repeat(2000)),
  fc.string({ minLength: 1, maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  })
)
/** A query string: known and unknown keys, qs brackets (arrays, nested objects), values of any kind. */
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FIELDS), fc.string({ minLength: 1, maxLength: 10 })),
      fc.constantFrom("", "[]", "[a]", "[0]", "[__proto__]", "[][x]"),
      fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer().map(String))
    ),
    { minLength: 1, maxLength: 5 }
  )
  .map((pairs) => pairs.map(([k, brackets, v]) => `${encode(k)}${brackets}=${encode(v)}`).join("&"))
/** %-encodes text; a lone surrogate (not encodable) is sent as the raw bytes Node would write for it. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("")
  }
}
/** A path segment: any text, %-encoded (dots too). */
const encodeSegment = (s: string) => encode(s).replace(/\./g, "%2E")
/**
 * A segment of only "." or ".." is a dot segment to every WHATWG URL parser, escaped or not ("%2E" too): the client
 * resolves it away before sending, so it never reaches a route as a parameter (the request names another path).
 */
const notDotSegment = (s: string) => s !== "." && s !== ".."
const pathParam = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).filter(notDotSegment).map(encodeSegment),
  nasty.filter((s) => s.length > 0).map(encodeSegment),
  fc.constantFrom("%E0%A4%A", "%", "%zz") // broken %-encoding, sent as is
)

// ---- the run ------------------------------------------------------------------------------------------

/** Whether a path has a %-escape that does not decode. */
const brokenEscape = (url: string) => {
  try {
    url.split("/").forEach((segment) => decodeURIComponent(segment))
    return false
  } catch {
    return true
  }
}
/** Admin paths with a broken %-escape: Medusa's own 500 (see the header), counted. */
let knownMedusa500 = 0

export const fuzzRows: { route: string; method: string; runs: number; statuses: string }[] = []

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let adminHeaders: Record<string, string>
    let customerHeaders: Record<string, string>
    let publishableKey: string
    const { routes, files } = enumerateRoutes()

    beforeAll(async () => {
      adminHeaders = await loginAdmin(getContainer(), api)
      const seed = await seedStore(adminRequester(api, adminHeaders))
      publishableKey = seed.publishableKey
      customerHeaders = await newCustomer("fuzz.customer@example.com")
    })

    /** A registered, logged-in customer with an address: its headers. */
    const newCustomer = async (email: string) => {
      const password = "fuzz-customer-pw"
      const keyHeaders = { "x-publishable-api-key": publishableKey }
      const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
      await api.post("/store/customers", { email, first_name: "Fuzz", last_name: "Buyer" }, { headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` } })
      const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
      const headers = { ...keyHeaders, authorization: `Bearer ${login.token}` }
      await api.post("/store/customers/me/addresses", { ...BUYER_ADDRESS, is_default_billing: true }, { headers })
      return headers
    }

    afterAll(() => {
      const total = fuzzRows.reduce((n, r) => n + r.runs, 0)
      // eslint-disable-next-line no-console
      console.log(`admin paths with a broken %-escape answered 500 by Medusa's /admin* middleware: ${knownMedusa500}`)
      // eslint-disable-next-line no-console
      console.log(
        [
          `\n### Route fuzzing: ${fuzzRows.length} routes x methods, ${total} requests (FUZZ_RUNS=${RUNS})\n`,
          "| Route | Method | Requests | Answers seen |",
          "|---|---|---|---|",
          ...fuzzRows.map((r) => `| \`${r.route}\` | ${r.method} | ${r.runs} | ${r.statuses} |`),
        ].join("\n")
      )
    })

    it("finds every route file of the plugin and an HTTP method in each", () => {
      expect(files.length).toBeGreaterThan(20)
      const withMethod = new Set(routes.map((r) => r.file))
      expect(files.filter((f) => !withMethod.has(f))).toEqual([])
      expect(routes.every((r) => ["admin", "store", "hooks"].includes(r.area))).toBe(true)
    })

    let ip = 0
    /** Headers of a request: admin token, logged-in customer (sole-trader routes), or a guest from an address of its own. */
    const headersFor = (route: Route): Record<string, string> => {
      ip += 1
      const forwarded = { "x-forwarded-for": `198.51.${(ip >> 8) & 255}.${ip & 255}` }
      if (route.area === "admin") return { ...adminHeaders }
      if (route.area === "hooks") return forwarded
      if (route.url.startsWith("/store/trade-credit/soletrader")) return { ...customerHeaders, ...forwarded }
      return { "x-publishable-api-key": publishableKey, ...forwarded }
    }

    /** A sample of valid-looking values for path parameters, so body and query fuzzing reach past the parameter check. */
    const plainUrl = (route: Route) => route.url.replace(/:([A-Za-z_]+)/g, (_m, name) => `${name}_fuzz01`)

    let fuzzedRoutes = 0
    /** Fuzzes one route and method; resolves with the first counterexample fast-check found, if any. */
    const fuzz = async (route: Route) => {
      // Each sole-trader route is fuzzed as a customer of its own: their per-customer rate limits (shared by several
      // routes) would otherwise answer most of the later routes' requests 429 before the route runs.
      if (route.url.startsWith("/store/trade-credit/soletrader")) customerHeaders = await newCustomer(`fuzz.customer.${++fuzzedRoutes}@example.com`)
      const statuses = new Map<string, number>()
      let runs = 0
      const send = async (url: string, body: { raw: string } | { json: unknown } | undefined, query = "") => {
        const headers: Record<string, string> = headersFor(route)
        let payload: string | undefined
        if (body) {
          headers["content-type"] = "application/json"
          payload = "raw" in body ? body.raw : JSON.stringify(body.json)
        }
        const started = Date.now()
        const res = await fetch(`${api.defaults.baseURL}${url}${query ? `?${query}` : ""}`, {
          method: route.method,
          headers,
          body: route.method === "GET" ? undefined : payload,
          signal: AbortSignal.timeout(REQUEST_BOUND_MS + 5000),
        })
        const text = await res.text()
        const elapsed = Date.now() - started
        runs += 1
        let json: any
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        const where = `${route.method} ${url}${query ? `?${query}` : ""} ${payload === undefined ? "" : payload.slice(0, 300)}`
        const label = `${res.status}${json?.code ? ` ${json.code}` : ""}`
        statuses.set(label, (statuses.get(label) ?? 0) + 1)
        if (res.status === 500 && route.area === "admin" && brokenEscape(url) && json?.type === "unknown_error") {
          knownMedusa500 += 1
          return
        }
        if (res.status >= 500) throw new Error(`${where} answered ${res.status}: ${text.slice(0, 500)}`)
        if (elapsed > REQUEST_BOUND_MS) throw new Error(`${where} took ${elapsed} ms`)
        if (res.status >= 400) {
          if (!json || typeof json !== "object") throw new Error(`${where} answered ${res.status} without JSON: ${text.slice(0, 300)}`)
          // Medusa's JSON parser (strict: objects and arrays only) refuses before any plugin code runs.
          const notJsonObject = body !== undefined && ("raw" in body || body.json === null || typeof body.json !== "object")
          const frameworkRefusal = res.status === 400 && json.type === "invalid_data" && notJsonObject
          if (typeof json.code !== "string" && !frameworkRefusal) throw new Error(`${where} answered ${res.status} without a code: ${text.slice(0, 300)}`)
        }
      }

      const hasBody = route.method !== "GET" && route.method !== "DELETE"
      if (route.params.length) {
        await fc.assert(
          fc.asyncProperty(fc.array(pathParam, { minLength: route.params.length, maxLength: route.params.length }), async (values) => {
            let i = 0
            const url = route.url.replace(/:([A-Za-z_]+)/g, () => values[i++])
            await send(url, hasBody ? { json: {} } : undefined)
          }),
          { numRuns: RUNS }
        )
      }
      await fc.assert(
        fc.asyncProperty(queryString, async (query) => {
          await send(plainUrl(route), hasBody ? { json: {} } : undefined, query)
        }),
        { numRuns: RUNS }
      )
      if (hasBody) {
        await fc.assert(
          fc.asyncProperty(jsonBody, async (json) => {
            await send(plainUrl(route), { json })
          }),
          { numRuns: RUNS * 2 }
        )
        await fc.assert(
          fc.asyncProperty(rawBody, async (raw) => {
            await send(plainUrl(route), { raw })
          }),
          { numRuns: Math.max(5, Math.round(RUNS / 2)) }
        )
      }
      fuzzRows.push({
        route: route.url,
        method: route.method,
        runs,
        statuses: [...statuses.entries()].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ×${n}`).join(", "),
      })
      return runs
    }

    // One test for all routes (the database is restored before each test: one restore, not one per route). Every
    // route is fuzzed even when an earlier one failed, so one run lists every 5xx.
    it("answers malformed path parameters, queries and bodies on every route with a 4xx and a code, never a 5xx", async () => {
      // The documented exception is Medusa's: its own admin routes answer a broken %-escape the same way.
      const control = await fetch(`${api.defaults.baseURL}/admin/orders/%E0%A4%A`, { headers: adminHeaders })
      expect([control.status, ((await control.json()) as any).type]).toEqual([500, "unknown_error"])
      const failures: string[] = []
      for (const route of routes) {
        try {
          expect(await fuzz(route)).toBeGreaterThan(0)
        } catch (error) {
          const e = error as Error & { cause?: Error }
          const lines = e.message.split("\n")
          failures.push(`${route.method} ${route.url}: ${[lines[0], lines.find((l) => l.startsWith("Counterexample")), (e.cause?.message ?? lines.find((l) => l.startsWith("Got error")) ?? "").slice(0, 600)].filter(Boolean).join(" | ")}`)
        }
      }
      expect(failures).toEqual([])
    })
  },
})

import { readFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import express, { type NextFunction, type Request, type Response } from "express"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CompanySearchParams } from "../../store/trade-credit/companies/validators"
import { invalidPeriods, PreviewPlansBody } from "../../store/trade-credit/plans/preview/validators"
import { countryNotSupported, SignupBody } from "../../store/trade-credit/soletrader/validators"
import { API_DIR, legacyWebhookRoutes, readRouteTable, refuseUnknownRoutes } from "../../utils/unknown-route"
import { validateBody, validateQuery } from "../../utils/validate"
import { Codes } from "../codes"
import { tradeCreditErrorHandler } from "../error-handler"
import { RouteError } from "../route-error"

/** The plugin's routes as Medusa's loader finds them, read from the sources (the methods each route.ts exports). */
const table = readRouteTable(API_DIR, (file) => {
  const source = readFileSync(file, "utf8")
  const methods = [
    ...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g),
  ].map((m) => m[1])
  return Object.fromEntries(methods.map((method) => [method, () => undefined]))
})

/** Medusa's request type is Express's with more: the plugin's middlewares mounted on a bare Express app. */
const handler = (middleware: unknown) => middleware as express.RequestHandler

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }

/**
 * An Express application laid out as Medusa lays out its own (body parsers, the publishable key check on /store,
 * root middlewares, routes with their validation middlewares, the error handler last), with the plugin's pieces.
 */
function app() {
  const server = express()
  server.use((req: Request, _res: Response, next: NextFunction) => {
    Object.assign(req, { scope: { resolve: () => logger }, allowed: [] })
    next()
  })
  server.use(
    express.json({ limit: "1kb" }),
    express.text({ limit: "1kb" }),
    express.urlencoded({ limit: "1kb", extended: true }),
  )
  server.use("/store", (req: Request, _res: Response, next: NextFunction) => {
    if (!req.get("x-publishable-api-key"))
      return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, "Publishable API key required in the request header"))
    Object.assign(req, { publishable_key_context: { key: "pk_test" } })
    next()
  })
  server.use(handler(refuseUnknownRoutes(() => [...table, ...legacyWebhookRoutes])))
  const echo = (req: Request, res: Response) =>
    res.json({ body: (req as any).validatedBody, query: (req as any).validatedQuery })
  server.get(
    "/store/trade-credit/companies",
    handler(
      validateQuery(CompanySearchParams, Codes.TRADE_CREDIT_INVALID_COMPANY_SEARCH, { what: "Invalid company search" }),
    ),
    echo,
  )
  server.post(
    "/store/trade-credit/plans/preview",
    handler(
      validateBody(PreviewPlansBody, Codes.TRADE_CREDIT_INVALID_PREVIEW, {
        what: "Invalid instalment preview",
        rules: [invalidPeriods],
      }),
    ),
    echo,
  )
  server.post(
    "/store/trade-credit/soletrader/signup",
    handler(
      validateBody(SignupBody, Codes.TRADE_CREDIT_INVALID_SIGNUP, {
        what: "Invalid signup request",
        rules: [countryNotSupported],
      }),
    ),
    echo,
  )
  server.get("/admin/trade-credit/erasure-requests/:id", (req: Request, _res: Response, next: NextFunction) =>
    next(
      new RouteError(Codes.TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND, `Erasure request ${req.params.id} was not found`),
    ),
  )
  server.post("/admin/trade-credit/reconciliation", (_req: Request, _res: Response, next: NextFunction) =>
    next(
      new MedusaError(MedusaError.Types.CONFLICT, "A run is in progress", Codes.TRADE_CREDIT_RECONCILIATION_RUNNING),
    ),
  )
  server.get("/admin/trade-credit/settings", (_req: Request, _res: Response, next: NextFunction) =>
    next(new Error("database on fire at /var/lib/pg")),
  )
  server.get("/store/products", (_req: Request, _res: Response, next: NextFunction) =>
    next(new MedusaError(MedusaError.Types.CONFLICT, "busy", "X")),
  )
  // Medusa's request and response types extend express's: the handler is an express error handler as it stands.
  const errorHandler: express.ErrorRequestHandler = (error, req, res, next) =>
    tradeCreditErrorHandler(error, req as MedusaRequest, res as MedusaResponse, next)
  server.use(errorHandler)
  return server
}

let base: string
let close: () => void
beforeAll(async () => {
  const server = app().listen(0)
  await new Promise((resolve) => server.once("listening", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

const KEY = { "x-publishable-api-key": "pk_test" }
async function call(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(base + url, { method, body: init.body, headers: init.headers })
  const text = await res.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: kept as text for the assertion to show
  }
  return { status: res.status, headers: res.headers, body }
}
const json = (body: unknown, headers: Record<string, string> = KEY) => ({
  body: JSON.stringify(body),
  headers: { ...headers, "content-type": "application/json" },
})

describe("one error shape on the plugin's paths", () => {
  it("reads the plugin's routes and their methods from the route files", () => {
    const companies = table.find((route) => route.matcher === "/store/trade-credit/companies")
    expect(companies?.methods).toEqual(["GET"])
    const proposal = table.find((route) => route.matcher === "/store/trade-credit/soletrader/proposals/:id")
    expect(proposal?.methods.sort()).toEqual(["DELETE", "GET"])
    expect(table.length).toBeGreaterThan(20)
  })

  it("answers body-parser failures, a body that is not JSON and validation in the plugin's shape", async () => {
    const malformed = await call("POST", "/store/trade-credit/plans/preview", {
      body: "{not json",
      headers: { ...KEY, "content-type": "application/json" },
    })
    expect(malformed).toMatchObject({
      status: 400,
      body: { type: "invalid_data", code: "TRADE_CREDIT_MALFORMED_JSON", message: expect.any(String) },
    })
    const large = await call(
      "POST",
      "/store/trade-credit/plans/preview",
      json({ cart_id: "x".repeat(2000), periods: [3] }),
    )
    expect(large).toMatchObject({
      status: 413,
      body: { type: "payload_too_large", code: "TRADE_CREDIT_PAYLOAD_TOO_LARGE" },
    })
    const text = await call("POST", "/store/trade-credit/plans/preview", {
      body: "periods=3",
      headers: { ...KEY, "content-type": "text/plain" },
    })
    expect(text).toMatchObject({
      status: 415,
      body: { type: "unsupported_media_type", code: "TRADE_CREDIT_UNSUPPORTED_MEDIA_TYPE" },
    })

    const months = await call(
      "POST",
      "/store/trade-credit/plans/preview",
      json({ cart_id: "cart_1", periods: [12, 2] }),
    )
    expect(months).toMatchObject({
      status: 400,
      body: {
        type: "invalid_data",
        code: "TRADE_CREDIT_INVALID_PERIODS",
        message: expect.stringMatching(/periods\[1\].*3 to 36/),
      },
    })
    const missing = await call("POST", "/store/trade-credit/plans/preview", json({ cart_id: "cart_1" }))
    expect(missing.body).toEqual({
      type: "invalid_data",
      code: "TRADE_CREDIT_INVALID_PREVIEW",
      message: expect.stringMatching(/^Invalid instalment preview: periods is required/),
    })
    const unknown = await call(
      "POST",
      "/store/trade-credit/plans/preview",
      json({ cart_id: "cart_1", periods: [3], ["k".repeat(100)]: 1 }),
    )
    expect(unknown.body.code).toBe("TRADE_CREDIT_INVALID_PREVIEW")
    expect(unknown.body.message).toContain(`unknown parameter "${"k".repeat(64)}…"`)
    const ok = await call("POST", "/store/trade-credit/plans/preview", json({ cart_id: " cart_1 ", periods: [3, 12] }))
    expect(ok).toMatchObject({ status: 200, body: { body: { cart_id: "cart_1", periods: [3, 12] } } })
  })

  it("validates queries with Medusa's middleware, and keeps the specific codes of some issues", async () => {
    const noQ = await call("GET", "/store/trade-credit/companies?country=GB", { headers: KEY })
    expect(noQ).toMatchObject({
      status: 400,
      body: {
        type: "invalid_data",
        code: "TRADE_CREDIT_INVALID_COMPANY_SEARCH",
        message: expect.stringMatching(/q is required/),
      },
    })
    const page = await call("GET", "/store/trade-credit/companies?country=GB&q=acme&page=2", { headers: KEY })
    expect(page.body.message).toMatch(/unknown parameter "page"/)
    const ok = await call("GET", "/store/trade-credit/companies?country=gb&q=%20acme%20&limit=5", { headers: KEY })
    expect(ok).toMatchObject({ status: 200, body: { query: { country: "GB", q: "acme", limit: 5 } } })

    const german = await call("POST", "/store/trade-credit/soletrader/signup", json({ country: "DE" }))
    expect(german).toMatchObject({
      status: 400,
      body: { code: "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED", message: expect.stringMatching(/GB.*US.*"DE"/) },
    })
    const extra = await call("POST", "/store/trade-credit/soletrader/signup", json({ country: "GB", extra: 1 }))
    expect(extra.body.code).toBe("TRADE_CREDIT_INVALID_SIGNUP")
  })

  it("answers an unknown path 404 and an unknown method 405 with Allow, never Express's HTML page", async () => {
    const put = await call("PUT", "/store/trade-credit/companies", { headers: KEY })
    expect(put).toMatchObject({
      status: 405,
      body: { type: "method_not_allowed", code: "TRADE_CREDIT_METHOD_NOT_ALLOWED" },
    })
    expect(put.headers.get("allow")).toBe("GET")
    const patch = await call("PATCH", "/admin/trade-credit/orders/order_1/invoice")
    expect(patch).toMatchObject({ status: 405, body: { code: "TRADE_CREDIT_METHOD_NOT_ALLOWED" } })
    const nowhere = await call("GET", `/hooks/trade-credit/${"x".repeat(200)}`)
    expect(nowhere).toMatchObject({ status: 404, body: { type: "not_found", code: "TRADE_CREDIT_ROUTE_NOT_FOUND" } })
    expect(nowhere.body.message.length).toBeLessThan(140)
    const webhookGet = await call("GET", "/hooks/trade-credit")
    expect(webhookGet).toMatchObject({ status: 405, body: { code: "TRADE_CREDIT_METHOD_NOT_ALLOWED" } })
    expect(webhookGet.headers.get("allow")).toBe("POST")
    // Medusa's webhook URL of the plugin's provider: POST only, nothing beneath it.
    const legacyGet = await call("GET", "/hooks/payment/trade-credit_default")
    expect(legacyGet).toMatchObject({ status: 405, body: { code: "TRADE_CREDIT_METHOD_NOT_ALLOWED" } })
    const legacyBelow = await call("POST", "/hooks/payment/trade-credit_default/%00")
    expect(legacyBelow).toMatchObject({
      status: 404,
      body: { code: "TRADE_CREDIT_ROUTE_NOT_FOUND", message: expect.stringContaining("trade-credit_default/%00") },
    })
  })

  it("reshapes Medusa's publishable key refusal on the plugin's store routes", async () => {
    const noKey = await call("GET", "/store/trade-credit/companies?country=GB&q=acme")
    expect(noKey).toMatchObject({
      status: 400,
      body: {
        type: "not_allowed",
        code: "TRADE_CREDIT_PUBLISHABLE_KEY_REQUIRED",
        message: expect.stringMatching(/publishable/i),
      },
    })
  })

  it(
    "answers route errors with the catalogue's status and type, keeps a conflict's " +
      "code, and hides an unexpected error",
    async () => {
      const missing = await call("GET", "/admin/trade-credit/erasure-requests/tcera_1")
      expect(missing).toMatchObject({
        status: 404,
        body: { type: "not_found", code: "TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND" },
      })
      const running = await call("POST", "/admin/trade-credit/reconciliation", json({}, {}))
      expect(running).toMatchObject({
        status: 409,
        body: { type: "conflict", code: "TRADE_CREDIT_RECONCILIATION_RUNNING", message: "A run is in progress" },
      })
      const crash = await call("GET", "/admin/trade-credit/settings")
      expect(crash).toMatchObject({
        status: 500,
        body: { type: "unknown_error", code: "TRADE_CREDIT_INTERNAL_ERROR", message: "An unknown error occurred." },
      })
    },
  )

  it("leaves Medusa's own paths to Medusa's error handler", async () => {
    const medusa = await call("GET", "/store/products", { headers: KEY })
    expect(medusa).toMatchObject({ status: 409, body: { type: "conflict", code: "invalid_state_error" } })
  })
})

import http from "node:http"
import type { AddressInfo } from "node:net"
import { z } from "@medusajs/framework/zod"
import { createTradeCreditClient, describeKey, type RequestEvent, TradeCreditError, Transport, urlPath } from ".."
import { parseClientOptions, type TradeCreditClientOptionsInput } from "../options"
import { backoffDelay, parseRetryAfter, retryAfterDelay } from "../retry"
import { errorBody, type ScriptedServer, startScriptedServer } from "./scripted-server"
import { createOrderBody, orderAnswer, TEST_KEY } from "./fixtures"
import { failure } from "./simulator-client"
import { withLogOptions } from "../../utils/log-line"

const Thing = z.object({ id: z.string(), items: z.array(z.object({ canonical_id: z.string() })).optional() })
const SECRET_PART = TEST_KEY.slice("secret_test_".length)

let server: ScriptedServer
/** Whatever a test opened (transports, clients): closed after each test. */
const open: { close(): Promise<void> }[] = []

function transport(options: Partial<TradeCreditClientOptionsInput> = {}): Transport {
  const t = Transport.create(
    parseClientOptions({
      apiKey: TEST_KEY,
      environment: "sandbox",
      baseUrl: server.url,
      retryBaseDelayMs: 20,
      retryMaxDelayMs: 100,
      ...options,
    }),
  )
  open.push(t)
  return t
}

function collectingLogger() {
  const lines: string[] = []
  const push = (message: string) => lines.push(message)
  return { lines, logger: { debug: push, info: push, warn: push, error: push } }
}

beforeAll(async () => {
  server = await startScriptedServer()
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()))
  server.reset()
})
afterAll(async () => {
  await server.close()
})

describe("transport: requests", () => {
  it(
    "sends the key, Accept and User-Agent, no Idempotency-Key and no Content-Type " +
      "on a GET, and validates the answer",
    async () => {
      server.script({ status: 200, body: { id: "abc", extra: "ignored" } })
      const { status, data } = await transport().request(
        { method: "GET", path: "/v1/thing", query: { q: "a b", n: 3, none: undefined } },
        Thing,
      )
      expect(status).toBe(200)
      expect(data).toEqual({ id: "abc" })
      const [req] = server.requests
      expect(req.method).toBe("GET")
      expect(req.url).toBe("/v1/thing?q=a+b&n=3")
      expect(req.headers["x-api-key"]).toBe(TEST_KEY)
      expect(req.headers["accept"]).toBe("application/json")
      expect(req.headers["user-agent"]).toMatch(/^medusa-payment-trade-credit\/\d+\.\d+\.\d+/)
      expect(req.headers["idempotency-key"]).toBeUndefined()
      expect(req.headers["content-type"]).toBeUndefined()
    },
  )

  it("sends JSON with Content-Type and the Idempotency-Key on a POST", async () => {
    server.script({ status: 201, body: { id: "new" } })
    const { status } = await transport().request(
      { method: "POST", path: "/v1/thing", body: { amount: "1.00" }, idempotencyKey: "key-1" },
      Thing,
    )
    expect(status).toBe(201)
    const [req] = server.requests
    expect(req.headers["content-type"]).toBe("application/json")
    expect(req.headers["idempotency-key"]).toBe("key-1")
    expect(JSON.parse(req.body)).toEqual({ amount: "1.00" })
  })

  it("puts a baseUrl path and a scope in front of the path, and encodes path segments", async () => {
    server.script({ status: 200, body: { id: "x" } })
    const repay = transport({ baseUrl: `${server.url}/api/` }).scope("/repay/v1")
    await repay.request({ method: "GET", path: urlPath`/status/${"a/b c?d"}` }, Thing)
    expect(server.requests[0].url).toBe("/api/repay/v1/status/a%2Fb%20c%3Fd")
    expect(() => urlPath`/v1/order/${".."}`).toThrow(TradeCreditError)
    expect(() => urlPath`/v1/order/${""}`).toThrow(/non-empty/)
    expect(() => repay.scope("../x")).toThrow(TradeCreditError)
  })

  it(
    "refuses a mutating call without an Idempotency-Key, a malformed one, and " + "a GET with one, before sending",
    async () => {
      const t = transport()
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const error = await failure(t.request({ method, path: "/v1/thing", body: {} }, Thing))
        expect(error.code).toBe("INVALID_REQUEST")
        expect(error.message).toMatch(/Idempotency-Key/)
      }
      expect((await failure(t.request({ method: "POST", path: "/x", idempotencyKey: "" }, Thing))).code).toBe(
        "INVALID_REQUEST",
      )
      expect(
        (await failure(t.request({ method: "POST", path: "/x", idempotencyKey: "k".repeat(101) }, Thing))).code,
      ).toBe("INVALID_REQUEST")
      expect((await failure(t.request({ method: "POST", path: "/x", idempotencyKey: "has space" }, Thing))).code).toBe(
        "INVALID_REQUEST",
      )
      expect((await failure(t.request({ method: "GET", path: "/x", idempotencyKey: "k" }, Thing))).code).toBe(
        "INVALID_REQUEST",
      )
      expect(
        (await failure(t.request({ method: "GET", path: "/x", headers: { "X-Api-Key": "other" } }, Thing))).code,
      ).toBe("INVALID_REQUEST")
      expect(server.requests).toHaveLength(0)
      server.script({ status: 200, body: { id: "ok" } })
      await t.request({ method: "POST", path: "/x", idempotencyKey: "k".repeat(100) }, Thing)
      expect(server.requests).toHaveLength(1)
    },
  )
})

describe("transport: retries", () => {
  it("retries a 429 after the Retry-After it was given, with the same Idempotency-Key and body", async () => {
    server.script(
      { status: 429, headers: { "retry-after": "1" }, body: errorBody("RATE_LIMITED", "slow down") },
      { status: 201, body: { id: "done" } },
    )
    const { data } = await transport().request(
      { method: "POST", path: "/v1/order", body: { n: 1 }, idempotencyKey: "idem-429" },
      Thing,
    )
    expect(data.id).toBe("done")
    expect(server.requests).toHaveLength(2)
    // It waited the Retry-After (a timer never fires early). How little longer it took is a bench's subject:
    // an upper bound on wall-clock time fails on a loaded machine for reasons that are not the client's.
    const gap = server.requests[1].at - server.requests[0].at
    expect(gap).toBeGreaterThanOrEqual(990)
    expect(server.requests.map((r) => r.headers["idempotency-key"])).toEqual(["idem-429", "idem-429"])
    expect(server.requests.map((r) => r.body)).toEqual(['{"n":1}', '{"n":1}'])
  })

  it.each([502, 503, 504])("retries a %i with backoff and the same Idempotency-Key", async (status) => {
    server.script(
      { status, body: errorBody(status === 503 ? "UNAVAILABLE" : "BAD_GATEWAY", "try later") },
      { status, body: "<html>gateway</html>", headers: { "content-type": "text/html" } },
      { status: 200, body: { id: "ok" } },
    )
    const { data } = await transport().request(
      { method: "PUT", path: "/v1/order/o1", body: { a: 1 }, idempotencyKey: `idem-${status}` },
      Thing,
    )
    expect(data.id).toBe("ok")
    expect(server.requests).toHaveLength(3)
    expect(new Set(server.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([`idem-${status}`]))
    // backoff with retryBaseDelayMs 20: first wait in [10, 20], second in [20, 40]
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(9)
  })

  it("retries a dropped connection (the socket destroyed before any answer)", async () => {
    server.script({ drop: true }, { status: 200, body: { id: "after-drop" } })
    const { data } = await transport().request(
      { method: "POST", path: "/v1/order", body: { a: 1 }, idempotencyKey: "idem-drop" },
      Thing,
    )
    expect(data.id).toBe("after-drop")
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1].headers["idempotency-key"]).toBe("idem-drop")
  })

  it("gives up after maxRetries with the last error, its trace id and the attempt count", async () => {
    server.fallback({
      status: 503,
      body: errorBody("UNAVAILABLE", "down for maintenance", { error_trace_id: "tr-503" }),
    })
    const error = await failure(transport({ maxRetries: 2 }).request({ method: "GET", path: "/v1/order/o1" }, Thing))
    expect(server.requests).toHaveLength(3)
    expect(error).toMatchObject({ code: "UNAVAILABLE", status: 503, traceId: "tr-503", retryable: true, attempts: 3 })
    expect(error.message).toContain("down for maintenance")
    expect(error.message).toContain("tr-503")
  })

  it("gives up on connections that keep dropping, as NETWORK_ERROR", async () => {
    server.fallback({ drop: true })
    const error = await failure(transport({ maxRetries: 1 }).request({ method: "GET", path: "/v1/x" }, Thing))
    expect(server.requests).toHaveLength(2)
    expect(error).toMatchObject({ code: "NETWORK_ERROR", retryable: true, attempts: 2, status: undefined })
  })

  it("retries a refused connection, then reports NETWORK_ERROR", async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const events: RequestEvent[] = []
    const t = transport({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2, onRequest: (e) => events.push(e) })
    const error = await failure(t.request({ method: "GET", path: "/v1/x" }, Thing))
    expect(error.code).toBe("NETWORK_ERROR")
    expect(error.message).toContain("ECONNREFUSED")
    expect(events.map((e) => e.outcome)).toEqual(["retry", "retry", "error"])
  })

  it.each([
    [400, "SCHEMA_ERROR"],
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [409, "INVALID_STATE"],
    [409, "IDEMPOTENCY_CONFLICT"],
    [500, "SERVER_ERROR"],
  ])("never retries a %i (%s)", async (status, code) => {
    server.fallback({ status, body: errorBody(code, "no") })
    const error = await failure(
      transport().request({ method: "POST", path: "/v1/order", body: {}, idempotencyKey: "k" }, Thing),
    )
    expect(server.requests).toHaveLength(1)
    expect(error).toMatchObject({ code, status, retryable: false, attempts: 1 })
  })

  it("does not retry when Retry-After is beyond maxRetryAfterMs, and reports it", async () => {
    server.fallback({ status: 429, headers: { "retry-after": "120" }, body: errorBody("RATE_LIMITED", "later") })
    const error = await failure(transport({ maxRetryAfterMs: 5000 }).request({ method: "GET", path: "/v1/x" }, Thing))
    expect(server.requests).toHaveLength(1)
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, retryable: true, retryAfterMs: 120_000 })
  })

  it("reads Retry-After given as an HTTP date", async () => {
    const at = new Date(Date.now() + 2000).toUTCString()
    server.script(
      { status: 503, headers: { "retry-after": at }, body: errorBody("UNAVAILABLE", "x") },
      { status: 200, body: { id: "y" } },
    )
    await transport().request({ method: "GET", path: "/v1/x" }, Thing)
    // HTTP dates have whole seconds: the wait is between ~1 and 2 seconds
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(900)
  })
})

describe("retry policy", () => {
  const policy = { retryBaseDelayMs: 200, retryMaxDelayMs: 2000 }

  it("backs off exponentially with jitter in the upper half, capped", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0))).toEqual([100, 200, 400, 800, 1000])
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 1))).toEqual([200, 400, 800, 1600, 2000])
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3, policy)))
    expect(spread.size).toBeGreaterThan(10)
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(400)
  })

  it("reads Retry-After as seconds or an HTTP date, and never waits less than asked", () => {
    expect(parseRetryAfter("2")).toBe(2000)
    expect(parseRetryAfter("0.5")).toBe(500)
    expect(parseRetryAfter(undefined)).toBeNull()
    expect(parseRetryAfter("soon")).toBeNull()
    const now = Date.parse("2026-11-21T10:00:00Z")
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:00:03 GMT", now)).toBe(3000)
    expect(parseRetryAfter("Sat, 21 Nov 2026 09:00:00 GMT", now)).toBe(0)
    expect(retryAfterDelay(1000, () => 0)).toBe(1000)
    expect(retryAfterDelay(1000, () => 1)).toBe(1100)
    expect(retryAfterDelay(10_000, () => 1)).toBe(10_250)
  })
})

describe("transport: time bounds", () => {
  it("times out an attempt that gets no answer within timeoutMs, and does not retry it", async () => {
    server.fallback({ hang: true })
    const started = performance.now()
    const error = await failure(transport({ timeoutMs: 300 }).request({ method: "GET", path: "/v1/x" }, Thing))
    const elapsed = performance.now() - started
    expect(error).toMatchObject({ code: "TIMEOUT", retryable: true, attempts: 1 })
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(server.requests).toHaveLength(1)
  })

  it("counts the body in the timeout: headers at once, a body that stalls", async () => {
    server.fallback({ stallBody: true })
    const started = performance.now()
    const error = await failure(transport({ timeoutMs: 300 }).request({ method: "GET", path: "/v1/x" }, Thing))
    const elapsed = performance.now() - started
    expect(error.code).toBe("TIMEOUT")
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(server.requests).toHaveLength(1)
  })

  it("bounds a whole call by deadlineMs, retries and waits included", async () => {
    // every answer is a slow 503: without a deadline 11 attempts would take > 2 s
    server.fallback({ status: 503, delayMs: 150, body: errorBody("UNAVAILABLE", "x") })
    const error = await failure(
      transport({ timeoutMs: 400, deadlineMs: 600, maxRetries: 10, retryBaseDelayMs: 50, retryMaxDelayMs: 50 }).request(
        { method: "GET", path: "/v1/x" },
        Thing,
      ),
    )
    // The deadline, not the 11 attempts, ended it: fewer than 6 attempts were made (the time is a bench's subject).
    expect(["UNAVAILABLE", "TIMEOUT"]).toContain(error.code)
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    expect(server.requests.length).toBeLessThan(6)
  })

  it("cuts the last attempt at the deadline and says so", async () => {
    server.script({ status: 503, delayMs: 250, body: errorBody("UNAVAILABLE", "x") }, { hang: true })
    const started = performance.now()
    const error = await failure(
      transport({ timeoutMs: 400, deadlineMs: 500, retryBaseDelayMs: 10, retryMaxDelayMs: 10 }).request(
        { method: "GET", path: "/v1/x" },
        Thing,
      ),
    )
    const elapsed = performance.now() - started
    expect(error.code).toBe("TIMEOUT")
    expect(error.message).toMatch(/deadline of 500 ms/)
    expect(elapsed).toBeGreaterThanOrEqual(480)
    expect(server.requests).toHaveLength(2)
  })
})

describe("transport: answers", () => {
  it("maps a contract error body: code, status, trace id, details, error_json", async () => {
    server.script({
      status: 400,
      body: errorBody("SCHEMA_ERROR", "Invalid body", {
        error_details: "gross_amount is required",
        error_json: [{ loc: ["gross_amount"], msg: "field required", type: "missing" }],
        error_trace_id: "trace-abc-123",
      }),
    })
    const error = await failure(
      transport().request({ method: "POST", path: "/v1/order", body: {}, idempotencyKey: "k" }, Thing),
    )
    expect(error).toMatchObject({
      name: "TradeCreditError",
      code: "SCHEMA_ERROR",
      status: 400,
      traceId: "trace-abc-123",
      details: "gross_amount is required",
      serviceCode: "SCHEMA_ERROR",
      errors: [{ loc: ["gross_amount"], msg: "field required", type: "missing" }],
      retryable: false,
      method: "POST",
      path: "/v1/order",
    })
    expect(error.message).toBe(
      "Trade credit service: POST /v1/order answered 400 SCHEMA_ERROR: Invalid body (trace trace-abc-123)",
    )
  })

  it("maps a 422 {detail} (repayment and company interfaces) to SCHEMA_ERROR with the field paths", async () => {
    server.script({
      status: 422,
      body: {
        detail: [
          {
            loc: ["body", "terms", "number_of_periods"],
            msg: "Input should be less than or equal to 36",
            type: "less_than_equal",
          },
          { loc: ["header", "Idempotency-Key"], msg: "Field required", type: "missing" },
        ],
      },
    })
    const error = await failure(
      transport().request({ method: "POST", path: "/repay/v1/plan", body: {}, idempotencyKey: "k" }, Thing),
    )
    expect(error).toMatchObject({
      code: "SCHEMA_ERROR",
      serviceCode: "VALIDATION_ERROR",
      status: 422,
      retryable: false,
      // section 0's convention: a body field without the "body" prefix
      errors: [
        {
          loc: ["terms", "number_of_periods"],
          msg: "Input should be less than or equal to 36",
          type: "less_than_equal",
        },
        { loc: ["header", "Idempotency-Key"], msg: "Field required", type: "missing" },
      ],
    })
    expect(error.message).toContain("terms.number_of_periods")
  })

  it("maps a {description, code} body to the status's code, keeping the body's code", async () => {
    server.script({ status: 404, body: { description: "Company not found", code: "COMPANY_NOT_FOUND" } })
    const missing = await failure(transport().request({ method: "GET", path: "/companies/v2/company/x" }, Thing))
    expect(missing).toMatchObject({
      code: "NOT_FOUND",
      serviceCode: "COMPANY_NOT_FOUND",
      status: 404,
      retryable: false,
    })
    expect(missing.message).toContain("Company not found")
    server.script({ status: 409, body: { description: "The plan is already cancelled", code: "ERROR" } })
    const conflict = await failure(
      transport().request(
        { method: "PUT", path: "/repay/v1/plan/p/cancellation", body: {}, idempotencyKey: "k" },
        Thing,
      ),
    )
    expect(conflict).toMatchObject({ code: "INVALID_STATE", serviceCode: "ERROR", status: 409 })
  })

  it("maps a non-contract error body by its status (HTTP_<status> for one the contract never names)", async () => {
    server.script({ status: 418, body: "<html>teapot</html>", headers: { "content-type": "text/html" } })
    const error = await failure(transport().request({ method: "GET", path: "/v1/x" }, Thing))
    expect(error).toMatchObject({ code: "HTTP_418", status: 418, traceId: undefined, retryable: false })
    expect(error.message).toContain("text/html")
    server.script({ status: 404, body: { message: "not the contract" } })
    expect((await failure(transport().request({ method: "GET", path: "/v1/x" }, Thing))).code).toBe("NOT_FOUND")
  })

  it("answers a 2xx body that is not JSON with CONTRACT_VIOLATION at once (no retry)", async () => {
    server.fallback({ status: 200, body: "{not json", headers: { "content-type": "application/json" } })
    const error = await failure(transport().request({ method: "GET", path: "/v1/x" }, Thing))
    expect(error).toMatchObject({ code: "CONTRACT_VIOLATION", status: 200, retryable: false })
    expect(error.message).toMatch(/not JSON/)
    expect(server.requests).toHaveLength(1)
  })

  it("answers a 2xx body that breaks the schema with CONTRACT_VIOLATION naming the first issue's path", async () => {
    server.fallback({ status: 200, body: { id: "x", items: [{ canonical_id: 42 }] } })
    const error = await failure(transport().request({ method: "GET", path: "/v1/x" }, Thing))
    expect(error.code).toBe("CONTRACT_VIOLATION")
    expect(error.message).toContain("items[0].canonical_id")
    expect(server.requests).toHaveLength(1)
    server.fallback({ status: 200, body: "" })
    expect((await failure(transport().request({ method: "GET", path: "/v1/x" }, Thing))).code).toBe(
      "CONTRACT_VIOLATION",
    )
  })

  it("returns a binary answer as a Buffer with its content type, and refuses another type", async () => {
    const pdf = Buffer.from("%PDF-1.7\n\x00\x01\x02binary\n%%EOF")
    server.script({ status: 200, body: pdf, headers: { "content-type": "application/pdf" } })
    const t = transport()
    const answer = await t.requestBinary({ method: "GET", path: "/v1/invoice/o1/pdf" }, ["application/pdf"])
    expect(answer.contentType).toBe("application/pdf")
    expect(Buffer.compare(answer.body, pdf)).toBe(0)
    expect(server.requests[0].headers.accept).toMatch(/^application\/pdf/)
    server.script({ status: 200, body: "<html></html>", headers: { "content-type": "text/html" } })
    expect(
      (await failure(t.requestBinary({ method: "GET", path: "/v1/invoice/o1/pdf" }, ["application/pdf"]))).code,
    ).toBe("CONTRACT_VIOLATION")
    server.script({ status: 409, body: errorBody("INVALID_STATE", "not fulfilled yet") })
    expect(
      (await failure(t.requestBinary({ method: "GET", path: "/v1/invoice/o1/pdf" }, ["application/pdf"]))).code,
    ).toBe("INVALID_STATE")
  })

  it("refuses an answer larger than maxResponseBytes as CONTRACT_VIOLATION", async () => {
    server.script({ status: 200, body: { id: "x".repeat(5000) } })
    const error = await failure(transport({ maxResponseBytes: 1024 }).request({ method: "GET", path: "/v1/x" }, Thing))
    expect(error.code).toBe("CONTRACT_VIOLATION")
    expect(error.message).toMatch(/more than 1024 bytes/)
  })

  it("keeps one connection alive over 50 sequential calls, retries included", async () => {
    const before = server.connections()
    const t = transport()
    server.script({ status: 503, body: errorBody("UNAVAILABLE", "x") })
    server.fallback({ status: 200, body: { id: "k" } })
    for (let i = 0; i < 50; i++) await t.request({ method: "GET", path: `/v1/order/o${i}` }, Thing)
    expect(server.requests).toHaveLength(51)
    expect(server.connections() - before).toBe(1)
    expect(new Set(server.requests.map((r) => r.socket)).size).toBe(1)
    expect(t.stats()).toEqual({ calls: 50, attempts: 51, retries: 1, failures: 0 })
  })

  it("opens at most `connections` sockets for parallel calls", async () => {
    const before = server.connections()
    server.fallback({ status: 200, delayMs: 100, body: { id: "p" } })
    const t = transport({ connections: 2 })
    const started = performance.now()
    await Promise.all(Array.from({ length: 6 }, (_, i) => t.request({ method: "GET", path: `/v1/order/p${i}` }, Thing)))
    expect(server.connections() - before).toBe(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  it("fails calls after close with CLIENT_CLOSED", async () => {
    const t = transport()
    await t.close()
    expect((await failure(t.request({ method: "GET", path: "/v1/x" }, Thing))).code).toBe("CLIENT_CLOSED")
  })
})

describe("transport: logging and secrets", () => {
  it(
    "writes one debug line per attempt with method, path, status, time, attempt " + "and trace id, and no query",
    async () => {
      const { lines, logger } = collectingLogger()
      const events: RequestEvent[] = []
      server.script(
        { status: 503, body: errorBody("UNAVAILABLE", "x", { error_trace_id: "tr-1" }) },
        { status: 200, body: { id: "ok" } },
      )
      await transport({ logger, onRequest: (e) => events.push(e) }).request(
        { method: "GET", path: "/gdpr/v1/lookup", query: { email: "jane@example.com" } },
        Thing,
      )
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(
        new RegExp(
          /^trade-credit GET \/gdpr\/v1\/lookup attempt 1\/3 -> 503 UNAVAILABLE \d+ms, /.source +
            /retrying in \d+ms code=UNAVAILABLE trace_id=tr-1$/.source,
        ),
      )
      expect(lines[1]).toMatch(/^trade-credit GET \/gdpr\/v1\/lookup attempt 2\/3 -> 200 \d+ms$/)
      expect(lines.join("\n")).not.toContain("jane")
      expect(events).toEqual([
        expect.objectContaining({
          method: "GET",
          path: "/gdpr/v1/lookup",
          attempt: 1,
          status: 503,
          outcome: "retry",
          errorCode: "UNAVAILABLE",
          traceId: "tr-1",
        }),
        expect.objectContaining({ attempt: 2, status: 200, outcome: "ok", errorCode: null }),
      ])
    },
  )

  it(
    "writes each debug line as one JSON object with the code and trace id when " + "the plugin's logFormat is json",
    async () => {
      const { lines, logger } = collectingLogger()
      server.script(
        { status: 503, body: errorBody("UNAVAILABLE", "x", { error_trace_id: "tr-2" }) },
        { status: 200, body: { id: "ok" } },
      )
      await transport({ logger: withLogOptions(logger, { logFormat: "json" }) }).request(
        { method: "GET", path: "/v1/order/ord_1" },
        Thing,
      )
      expect(lines).toHaveLength(2)
      const [retry, ok] = lines.map((line) => JSON.parse(line))
      expect(retry).toEqual({
        source: "trade-credit",
        level: "debug",
        message: expect.stringMatching(
          /^GET \/v1\/order\/ord_1 attempt 1\/3 -> 503 UNAVAILABLE \d+ms, retrying in \d+ms$/,
        ),
        code: "UNAVAILABLE",
        trace_id: "tr-2",
      })
      expect(ok).toEqual({
        source: "trade-credit",
        level: "debug",
        message: expect.stringMatching(/^GET \/v1\/order\/ord_1 attempt 2\/3 -> 200 \d+ms$/),
      })
    },
  )

  it("uses logPath in logs and errors when the path holds personal data", async () => {
    const { lines, logger } = collectingLogger()
    server.script({ status: 404, body: errorBody("NOT_FOUND", "none") })
    const error = await failure(
      transport({ logger }).request(
        {
          method: "GET",
          path: urlPath`/proposal/returning-buyer/matches/${"jane@example.com"}`,
          logPath: "/proposal/returning-buyer/matches/{email}",
        },
        Thing,
      ),
    )
    expect(server.requests[0].url).toBe("/proposal/returning-buyer/matches/jane%40example.com")
    expect(error.path).toBe("/proposal/returning-buyer/matches/{email}")
    expect(`${error.message}${lines.join("")}`).not.toContain("jane")
  })

  it(
    "never lets the API key reach an error message, an error field or a log " + "line, even when the service echoes it",
    async () => {
      const { lines, logger } = collectingLogger()
      const echo = errorBody("UNAUTHORIZED", `key ${TEST_KEY} is not known (secret ${SECRET_PART})`, {
        error_details: `got ${TEST_KEY}`,
        error_json: [{ loc: ["header", "x-api-key"], msg: `bad ${TEST_KEY}`, type: "auth" }],
        error_trace_id: "tr-key",
      })
      server.script({ status: 401, body: echo })
      const error = await failure(transport({ logger }).request({ method: "GET", path: "/v1/x" }, Thing))
      const everything = JSON.stringify({
        message: error.message,
        json: error.toJSON(),
        errors: error.errors,
        stack: error.stack,
        lines,
      })
      expect(error.code).toBe("UNAUTHORIZED")
      expect(everything).not.toContain(SECRET_PART)
      expect(everything).not.toContain(SECRET_PART.slice(0, 20))
      expect(error.message).toContain(describeKey(TEST_KEY))

      // network failures, timeouts and contract violations too
      server.script({ drop: true }, { drop: true }, { drop: true }, { hang: true }, { status: 200, body: { nope: 1 } })
      const errors = [
        await failure(transport({ logger }).request({ method: "GET", path: "/v1/x" }, Thing)),
        await failure(transport({ logger, timeoutMs: 100 }).request({ method: "GET", path: "/v1/x" }, Thing)),
        await failure(transport({ logger }).request({ method: "GET", path: "/v1/x" }, Thing)),
      ]
      expect(errors.map((e) => e.code)).toEqual(["NETWORK_ERROR", "TIMEOUT", "CONTRACT_VIOLATION"])
      const all = JSON.stringify([errors.map((e) => [e.message, e.stack, e.toJSON()]), lines])
      expect(all).not.toContain(SECRET_PART)
    },
  )

  it("is not broken by a logger or hook that throws", async () => {
    const boom = () => {
      throw new Error("boom")
    }
    server.script({ status: 200, body: { id: "fine" } })
    const t = transport({ logger: { debug: boom, info: boom, warn: boom, error: boom }, onRequest: boom })
    await expect(t.request({ method: "GET", path: "/v1/x" }, Thing)).resolves.toMatchObject({ data: { id: "fine" } })
  })
})

describe("client modules over a scripted server", () => {
  function client(options: Partial<TradeCreditClientOptionsInput> = {}) {
    const c = createTradeCreditClient({
      apiKey: TEST_KEY,
      environment: "sandbox",
      baseUrl: server.url,
      retryBaseDelayMs: 10,
      ...options,
    })
    open.push(c)
    return c
  }

  it("refuses a body that breaks the request schema with INVALID_REQUEST, before any call", async () => {
    const c = client()
    const bad = createOrderBody({ company_canonical_id: "GB1" }, "cart_1", { gross_amount: "250.5" })
    const error = await failure(c.orders.create(bad, { idempotencyKey: "k" }))
    expect(error.code).toBe("INVALID_REQUEST")
    expect(error.message).toContain("gross_amount")
    const noRep = createOrderBody({ company_canonical_id: "GB1" }, "cart_1")
    delete (noRep.buyer as { representative?: unknown }).representative
    expect((await failure(c.orders.create(noRep, { idempotencyKey: "k" }))).message).toContain("buyer.representative")
    expect((await failure(c.companies.search({ country: "GB", q: "" }))).code).toBe("INVALID_REQUEST")
    expect((await failure(c.orders.invoicePdf("o1", { lang: "english" }))).code).toBe("INVALID_REQUEST")
    expect(server.requests).toHaveLength(0)
  })

  it("refuses amounts the service would decline, before any call", async () => {
    const c = client()
    const lineOff = createOrderBody({ company_canonical_id: "GB1" }, "cart_1")
    lineOff.line_items[0] = { ...lineOff.line_items[0], tax_amount: "41.00", gross_amount: "241.00" }
    const lineError = await failure(c.orders.create(lineOff, { idempotencyKey: "k" }))
    expect(lineError).toMatchObject({
      code: "INVALID_REQUEST",
      details: "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
    })
    const totalOff = createOrderBody({ company_canonical_id: "GB1" }, "cart_1", { gross_amount: "250.51" })
    expect((await failure(c.orders.create(totalOff, { idempotencyKey: "k" }))).details).toBe(
      "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
    )
    expect(
      (
        await failure(
          c.orders.refund("o1", { amount: "0.00", currency: "GBP", tax_subtotals: [] }, { idempotencyKey: "k" }),
        )
      ).code,
    ).toBe("INVALID_REQUEST")
    expect(server.requests).toHaveLength(0)
  })

  it("sends the validated body, encodes ids in paths, and reads 202 on cancel as already cancelled", async () => {
    const c = client()
    server.script(
      { status: 201, body: orderAnswer() },
      { status: 200, body: [orderAnswer({ merchant_order_id: "a/b?c" })] },
      { status: 202, body: orderAnswer({ state: "CANCELLED" }) },
      { status: 200, body: orderAnswer({ state: "CANCELLED" }) },
    )
    const body = createOrderBody({ company_canonical_id: "GB1" }, "cart_1")
    delete (body.line_items[1] as { discount_amount?: string }).discount_amount
    await c.orders.create(body, { idempotencyKey: "create-1" })
    const sent = JSON.parse(server.requests[0].body)
    expect(sent.line_items[1].discount_amount).toBe("0.00")
    const found = await c.orders.getByMerchantOrderId("a/b?c")
    expect(found).toHaveLength(1)
    expect(server.requests[1].url).toBe("/v1/order/merchant-order-id/a%2Fb%3Fc")
    expect(await c.orders.cancel("ord 1", { idempotencyKey: "c1" })).toMatchObject({
      alreadyCancelled: true,
      order: { state: "CANCELLED" },
    })
    expect(server.requests[2].url).toBe("/v1/order/ord%201/cancel")
    expect(server.requests[2].body).toBe("")
    expect((await c.orders.cancel("ord_1", { idempotencyKey: "c2" })).alreadyCancelled).toBe(false)
    expect(c.stats()).toMatchObject({ calls: 4, attempts: 4 })
  })

  it(
    "nests a partial fulfilment under `partial`, sends no body for all of it, " + "and a full refund's reason alone",
    async () => {
      const c = client()
      server.script(
        {
          status: 200,
          body: {
            ...orderAnswer({ state: "FULFILLING" }),
            fulfilled_order: { id: "ful_1" },
            remained_order: { id: "ord_123" },
          },
        },
        {
          status: 200,
          body: { ...orderAnswer({ state: "FULFILLED" }), fulfilled_order: { id: "ful_2" }, remained_order: null },
        },
        {
          status: 201,
          body: {
            id: "rf_1",
            amount: "250.50",
            total_amount: "250.50",
            payable_amount: "250.50",
            prepaid_amount: "0.00",
            currency: "GBP",
            refund_no: 1,
            credit_note_number: "CN-1",
            credit_note_url: "https://service.example/cn/1",
            refund_date: "2026-11-24T10:00:00Z",
            reason: "returned",
            refund_reference: null,
            tax_subtotals: [],
            line_items: [[createOrderBody({ company_canonical_id: "GB1" }, "c").line_items[0]]],
          },
        },
      )
      const { line_items, ...totals } = createOrderBody({ company_canonical_id: "GB1" }, "cart_1")
      const part = {
        gross_amount: totals.gross_amount,
        net_amount: totals.net_amount,
        tax_amount: totals.tax_amount,
        tax_subtotals: totals.tax_subtotals,
        line_items,
      }
      const partly = await c.orders.fulfil("ord_123", part, { idempotencyKey: "f1", invoice_number: "INV-7" })
      expect(partly).toMatchObject({ fulfilled_order: { id: "ful_1" }, remained_order: { id: "ord_123" } })
      const sent = JSON.parse(server.requests[0].body)
      expect(Object.keys(sent).sort()).toEqual(["invoice_number", "partial"])
      expect(sent.partial.gross_amount).toBe("250.50")
      await c.orders.fulfil("ord_123", undefined, { idempotencyKey: "f2" })
      expect(server.requests[1].body).toBe("")
      const refund = await c.orders.refund("ord_123", { reason: "returned" }, { idempotencyKey: "r1" })
      expect(JSON.parse(server.requests[2].body)).toEqual({ reason: "returned" })
      // the answer's list of lists is read flat
      expect(refund.line_items).toHaveLength(1)
      expect(refund.line_items![0].name).toBe("Steel bracket")
    },
  )

  it("checks that an invoice PDF is a PDF", async () => {
    const c = client()
    server.script(
      { status: 200, body: Buffer.from("%PDF-1.4 ..."), headers: { "content-type": "application/pdf" } },
      { status: 200, body: Buffer.from("GIF89a"), headers: { "content-type": "application/pdf" } },
    )
    const pdf = await c.orders.invoicePdf("o1", { lang: "en_US", original: true })
    expect(pdf.contentType).toBe("application/pdf")
    expect(server.requests[0].url).toBe("/v1/invoice/o1/pdf?lang=en_US&v=original")
    expect((await failure(c.orders.invoicePdf("o1"))).code).toBe("CONTRACT_VIOLATION")
    expect(server.requests[1].url).toBe("/v1/invoice/o1/pdf")
  })
})

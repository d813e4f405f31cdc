import net from "node:net"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import {
  ANSWER_BOUND_MS,
  type Answer,
  BROKEN_ESCAPES,
  ClassTable,
  CONTROL_STRINGS,
  cut,
  deepArray,
  describe as describeProbe,
  DEPTH,
  encode,
  type FuzzClass,
  KB5,
  leaksOf,
  LONE_SURROGATES,
  MB1,
  type Probe,
  secretNeedles,
  send,
} from "../helpers/fuzz"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { buildStorefront, startStorefront } = require("../../storefront/server.js")

jest.setTimeout(120_000)

/**
 * The demo storefront's server (storefront/server.js, what `npm run demo` and the browser tests serve) gets the
 * classes that broke before (helpers/fuzz.ts; issue #25 item 6): control characters, lone surrogates, broken
 * %-escapes and path traversal, 5 KB and 1 MB paths, 10,000 levels, wrong content types and wrong methods, through
 * node:http and, for bytes no client sends (a raw NUL in the request line, a bare LF), a raw socket. It is built and
 * started as scripts/demo.mjs does (vite build, then startStorefront on a free port with the Medusa URL and the
 * publishable key); it serves files and /config.json only and never calls Medusa, so no Medusa is booted here.
 * The process holds the service's API key and webhook secret in its environment, as a merchant's demo would.
 *
 * Every answer: no 5xx, within 5 s, no secret and no internal path (the build folder, node_modules, a stack trace)
 * in it, and the server answers GET /config.json after each class (it did not crash).
 */
const SECRETS = secretNeedles(SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET)
const CONFIG = { medusaUrl: "http://localhost:9000", publishableKey: "pk_storefront_fuzz_0001" }
const table = new ClassTable()

/** Raw bytes to the server; the status of its answer (0 when it closed without one), within the bound. */
function sendRaw(port: number, label: string, bytes: Buffer): Promise<Answer> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1")
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`raw ${label}: no answer within ${ANSWER_BOUND_MS} ms`))
    }, ANSWER_BOUND_MS)
    socket.on("data", (c) => chunks.push(c))
    socket.on("error", () => undefined) // a reset after the answer is the server closing a broken connection
    socket.on("close", () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString("latin1")
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)
      resolve({ status, text, json: undefined, headers: {}, ms: Date.now() - started })
    })
    socket.write(bytes)
    // Half-close: the server answers what it read, then closes.
    socket.end()
  })
}

describe("the demo storefront server under the fuzz classes", () => {
  let server: { url: string; port: number; close(): Promise<void> }
  let distDir: string
  const saved = { key: process.env.TRADE_CREDIT_API_KEY, secret: process.env.TRADE_CREDIT_WEBHOOK_SECRET }

  beforeAll(async () => {
    Object.assign(process.env, { TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY, TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET })
    distDir = buildStorefront()
    server = await startStorefront({ distDir, port: 0, config: CONFIG })
  })
  afterAll(async () => {
    await server?.close()
    for (const [name, value] of [["TRADE_CREDIT_API_KEY", saved.key], ["TRADE_CREDIT_WEBHOOK_SECRET", saved.secret]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    // eslint-disable-next-line no-console
    console.log(table.markdown("Demo storefront server (storefront/server.js) by class"))
  })

  it("answers every class without a 5xx, within 5 s, leaking nothing, and keeps serving", async () => {
    const get = (fuzzClass: FuzzClass, label: string, path: string, extra: Partial<Probe> = {}): Probe => ({ fuzzClass, label, method: "GET", path, ...extra })
    const probes: Probe[] = [
      // NUL and other control characters, %-encoded in a route, a file name, an asset and a query.
      ...CONTROL_STRINGS.flatMap((c) => [
        get("control characters", `route ${JSON.stringify(c)}`, `/checkout/${encode(c)}`),
        get("control characters", `file ${JSON.stringify(c)}`, `/${encode(c)}.js`),
      ]),
      get("control characters", "asset with NUL", "/assets/%00index.js"),
      get("control characters", "config with NUL", "/config.json%00"),
      get("control characters", "query with NUL", "/?q=%00&r=%0D%0A"),
      // Lone surrogates: as UTF-8 bytes of a surrogate (which do not decode) and as the replacement a client sends.
      ...LONE_SURROGATES.map((s) => get("lone surrogates", `route ${JSON.stringify(s)}`, `/checkout/${encode(s)}`)),
      get("lone surrogates", "file", "/%ED%A0%80.js"),
      get("lone surrogates", "query", "/?q=%ED%B0%80"),
      // Broken %-escapes and traversal through escapes.
      ...BROKEN_ESCAPES.flatMap((e) => [get("malformed %-escapes", `route ${e}`, `/checkout/${e}`), get("malformed %-escapes", `file ${e}`, `/assets/${e}.js`)]),
      get("malformed %-escapes", "escaped traversal", "/..%2F..%2F..%2Fetc%2Fpasswd"),
      get("malformed %-escapes", "escaped traversal to a file", "/assets/..%2F..%2F..%2F..%2Fetc%2Fhostname.txt"),
      get("malformed %-escapes", "double-escaped traversal", "/%252e%252e/%252e%252e/etc/passwd"),
      get("malformed %-escapes", "scheme-relative path", "//evil.example/x"),
      // Very long paths and names.
      get("long strings and ids", "5 KB route", `/checkout/${KB5}`),
      get("long strings and ids", "5 KB file name", `/${KB5}.js`),
      get("long strings and ids", "5 KB query", `/?q=${KB5}`),
      get("long strings and ids", "1 MB route", `/checkout/${MB1}`),
      get("long strings and ids", "1 MB file name", `/${MB1}.js`),
      // Deep nesting: folders, a qs query, a JSON body.
      get("deep nesting", "1,000 folders", `/${"a/".repeat(1000)}x`),
      get("deep nesting", "1,000 folders to a file", `/${"a/".repeat(1000)}x.js`),
      get("deep nesting", "10,000 folders", `/${"a/".repeat(DEPTH)}x`),
      get("deep nesting", "query 1,000 levels", `/?q${"[a]".repeat(1000)}=1`),
      get("deep nesting", "GET with 10,000 nested arrays", "/config.json", { headers: { "content-type": "application/json" }, body: deepArray() }),
      // Content types the server does not read, on what it serves.
      ...["application/json", "text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "\u00ff/;;="].map((type) =>
        get("wrong content type", `GET /config.json with ${type}`, "/config.json", { headers: { "content-type": type }, body: type.startsWith("application/json") ? '{"publishableKey":"pk_evil"}' : "a=1" })
      ),
      { fuzzClass: "wrong content type", label: "POST JSON to /config.json", method: "POST", path: "/config.json", headers: { "content-type": "application/json" }, body: '{"publishableKey":"pk_evil"}' },
      // Methods other than GET and HEAD.
      ...["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"].flatMap((method) => [
        { fuzzClass: "wrong method" as const, label: `${method} /`, method, path: "/" },
        { fuzzClass: "wrong method" as const, label: `${method} /config.json`, method, path: "/config.json", body: "{}" },
      ]),
      { fuzzClass: "wrong method", label: "HEAD /config.json", method: "HEAD", path: "/config.json" },
    ]
    const raw: [FuzzClass, string, Buffer][] = [
      ["control characters", "raw NUL in the request line", Buffer.from("GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n", "latin1")],
      ["control characters", "raw control characters in a header", Buffer.from("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n", "latin1")],
      ["control characters", "bare LF line ends", Buffer.from("GET / HTTP/1.1\nHost: x\n\n", "latin1")],
      ["lone surrogates", "raw surrogate bytes in the path", Buffer.concat([Buffer.from("GET /"), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")])],
      ["malformed %-escapes", "raw space in the path", Buffer.from("GET /a b/c HTTP/1.1\r\nHost: x\r\n\r\n")],
      ["wrong method", "a made-up method", Buffer.from("FUZZ / HTTP/1.1\r\nHost: x\r\n\r\n")],
      ["wrong method", "absolute-form request", Buffer.from("GET http://evil.example/config.json HTTP/1.1\r\nHost: x\r\n\r\n")],
      ["wrong method", "asterisk-form request", Buffer.from("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")],
    ]

    const failures: string[] = []
    const secretsAndPaths = (a: Answer, sent: string) =>
      leaksOf(a, SECRETS, sent).concat(a.text.includes(distDir) ? [`the build folder (${distDir})`] : [])
    const healthy = async (after: string) => {
      const a = await send(server.url, { label: `health after ${after}`, method: "GET", path: "/config.json" })
      if (a.status !== 200 || a.json?.publishableKey !== CONFIG.publishableKey) failures.push(`GET /config.json after ${after} answered ${a.status}: ${cut(a.text)}`)
    }
    let lastClass = probes[0].fuzzClass
    for (const probe of probes) {
      if (probe.fuzzClass !== lastClass) await healthy(lastClass)
      lastClass = probe.fuzzClass
      try {
        const a = await send(server.url, probe)
        table.record(probe.fuzzClass, a.status)
        if (a.status >= 500) failures.push(`${describeProbe(probe)} answered ${a.status}: ${cut(a.text)}`)
        const leaks = secretsAndPaths(a, `${probe.path} ${probe.body ?? ""}`)
        if (leaks.length) failures.push(`${describeProbe(probe)} answered ${a.status} with ${leaks.join("; ")}`)
      } catch (error) {
        table.record(probe.fuzzClass, 0)
        failures.push((error as Error).message)
      }
    }
    await healthy(lastClass)
    for (const [fuzzClass, label, bytes] of raw) {
      try {
        const a = await sendRaw(server.port, label, bytes)
        table.record(fuzzClass, a.status)
        if (a.status >= 500) failures.push(`raw ${label} answered ${a.status}: ${cut(a.text)}`)
        const leaks = secretsAndPaths(a, bytes.toString("latin1"))
        if (leaks.length) failures.push(`raw ${label} answered ${a.status} with ${leaks.join("; ")}`)
      } catch (error) {
        table.record(fuzzClass, 0)
        failures.push((error as Error).message)
      }
    }
    await healthy("the raw requests")
    // What it must answer, not only what it must not: the config is the one the demo gave it, nothing was written.
    const config = await send(server.url, { label: "config", method: "GET", path: "/config.json" })
    expect(config.json).toEqual({ returnPath: "/checkout/trade-credit/return", ...CONFIG })
    expect(failures).toEqual([])
    expect(table.total).toBe(probes.length + raw.length)
  })
})

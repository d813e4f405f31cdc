import fc from "fast-check"
import http from "node:http"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"

/**
 * The classes of input that broke this plugin or its neighbours before (issue #25 item 6): every route of the plugin
 * and the demo storefront server gets each class, from a fixed seed, and the same checks. Shared by
 * hostile-input/route-fuzzing.ts, hostile-input/webhook-security.ts and storefront-server-fuzz.spec.ts.
 */

/** The seed of every drawn value (fast-check); FUZZ_SEED changes it. Printed with each table. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED || 20261125)
/** No answer may take longer: the request is aborted and the test fails naming it. */
export const ANSWER_BOUND_MS = 5000

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export const FUZZ_CLASSES = [
  "control characters",
  "lone surrogates",
  "malformed %-escapes",
  "long strings and ids",
  "deep nesting",
  "wrong content type",
  "wrong method",
] as const
export type FuzzClass = (typeof FUZZ_CLASSES)[number]

// ---- routes -------------------------------------------------------------------------------------------

export type Route = { file: string; url: string; params: string[]; method: HttpMethod; area: "admin" | "store" | "hooks" }

/** Every route.ts under `apiDir` (tests excluded) and the HTTP methods it exports, so a new route is fuzzed by itself. */
export function enumerateRoutes(apiDir: string): { routes: Route[]; files: string[] } {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== "__tests__") walk(path.join(dir, e.name))
      } else if (e.name === "route.ts" || e.name === "route.js") files.push(path.join(dir, e.name))
    }
  }
  walk(apiDir)
  const routes: Route[] = []
  for (const file of files.sort()) {
    const source = readFileSync(file, "utf8")
    const rel = path.relative(apiDir, path.dirname(file)).split(path.sep)
    const params = rel.filter((s) => /^\[.+\]$/.test(s)).map((s) => s.slice(1, -1))
    const url = "/" + rel.map((s) => (/^\[.+\]$/.test(s) ? `:${s.slice(1, -1)}` : s)).join("/")
    for (const method of HTTP_METHODS) {
      if (new RegExp(`export\\s+(const|async\\s+function|function|let)\\s+${method}\\b`).test(source)) {
        routes.push({ file: path.relative(apiDir, file), url, params, method, area: rel[0] as Route["area"] })
      }
    }
  }
  return { routes, files: files.map((f) => path.relative(apiDir, f)) }
}

/** A route's path with each parameter replaced: by `values` in order, else by a plain id of its name. */
export function fillPath(route: Pick<Route, "url">, values?: string[]): string {
  let i = 0
  return route.url.replace(/:([A-Za-z_]+)/g, (_m, name) => (values && i < values.length ? values[i++] : `${name}_fuzz01`))
}

// ---- HTTP ---------------------------------------------------------------------------------------------

export type Probe = {
  fuzzClass: FuzzClass
  /** What the probe is, for the failure message and the table. */
  label: string
  method: string
  /** Sent exactly as written (already %-encoded where it should be). */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
}
export type Answer = { status: number; text: string; json: any; headers: http.IncomingHttpHeaders; ms: number }

/** At most `max` characters of text, the length named when cut. */
export const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

/** How a probe is named in a failure: method, path (cut), label. */
export const describe = (p: Pick<Probe, "method" | "path" | "label">) => `${p.method} ${cut(p.path, 120)} [${p.label}]`

/**
 * Sends one request with node:http (the path goes out byte for byte: no client normalises a broken escape or a dot
 * segment away; a GET may carry a body). Rejects naming the request when no answer came within `boundMs`.
 */
export function send(baseUrl: string, probe: Omit<Probe, "fuzzClass">, boundMs = ANSWER_BOUND_MS): Promise<Answer> {
  const base = new URL(baseUrl)
  const started = Date.now()
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (error: Error | undefined, answer?: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error) reject(error)
      else resolve(answer!)
    }
    const headers: Record<string, string | number> = { ...(probe.headers ?? {}) }
    if (probe.body !== undefined) headers["content-length"] = Buffer.byteLength(probe.body)
    const req = http.request(
      { host: base.hostname, port: base.port, method: probe.method, path: probe.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("error", (e) => finish(new Error(`${describe(probe)}: the answer broke off: ${e.message}`)))
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8")
          let json: any
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          finish(undefined, { status: res.statusCode ?? 0, text, json, headers: res.headers, ms: Date.now() - started })
        })
      }
    )
    const timer = setTimeout(() => {
      req.destroy()
      finish(new Error(`${describe(probe)}: no answer within ${boundMs} ms`))
    }, boundMs)
    req.on("error", (e) => finish(new Error(`${describe(probe)}: the connection failed: ${e.message} (did the server crash?)`)))
    if (probe.body !== undefined) req.write(probe.body)
    req.end()
  })
}

// ---- what no answer may hold --------------------------------------------------------------------------

/** Internal paths and stack traces (the service's paths, dependencies, source files, frames). */
const INTERNAL: [string, RegExp][] = [
  ["the service's company path", /\/companies\/v2/],
  ["a service API path", /\/v1\//],
  ["node_modules", /node_modules/],
  // A frame names a position (`at fn (/x/y.js:1:2)`, `at /x/y.js:1:2`, `at node:internal/…`): "at /path" in an English
  // message ("no route at /hooks/x") is not one.
  ["a stack frame", /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:\/|file:\/\/|node:)[^\s)]*:\d+:\d+\)?|\bat node:internal/],
  ["a source file position", /\.(?:ts|js|mjs|cjs):\d+/],
  // A Windows path is a drive, a backslash (two in raw JSON) and a name: `"A:\"` is only a quoted "A:" escaped.
  ["a file path", /(?:^|[\s"'(=])(?:\/work\/|\/home\/|\/root\/|\/usr\/|\/tmp\/|\/var\/|[A-Z]:\\{1,2}[\w.-])/],
]

/**
 * What an answer leaks: any of `secrets` in its body or headers, an internal path or a stack trace in its body.
 * A pattern that the request itself holds (an echoed input) is not counted as the server's.
 */
export function leaksOf(answer: Answer, secrets: string[], sent: string, publicFields: string[] = []): string[] {
  const found: string[] = []
  // A documented public field (a URL the buyer's browser is meant to open) is left out of the internal-path search.
  let searched = answer.text
  if (publicFields.length && answer.json && typeof answer.json === "object") {
    searched = JSON.stringify(Object.fromEntries(Object.entries(answer.json).filter(([k]) => !publicFields.includes(k))))
  }
  const headerText = JSON.stringify(answer.headers)
  for (const secret of secrets.filter(Boolean)) {
    if (answer.text.includes(secret)) found.push(`a secret (${secret.slice(0, 10)}…) in the body`)
    if (headerText.includes(secret)) found.push(`a secret (${secret.slice(0, 10)}…) in a header`)
  }
  for (const [what, pattern] of INTERNAL) {
    const m = searched.match(pattern)
    if (m && !sent.includes(m[0].trim())) found.push(`${what} ("${cut(m[0], 60)}") in the body`)
  }
  return found
}

/** The needles of the secrets: each whole, and its random part. */
export function secretNeedles(...secrets: string[]): string[] {
  return secrets.flatMap((s) => [s, s.replace(/^(secret_test_|secret_live_|whsec_)/, "")]).filter((s) => s.length >= 12)
}

/** Why an error answer is not the plugin's one error shape (JSON `{type, code, message}`, three strings), if it is not. */
export function errorShapeProblem(answer: Answer): string | undefined {
  const j = answer.json
  if (!j || typeof j !== "object" || Array.isArray(j)) return "not a JSON object"
  const missing = ["type", "code", "message"].filter((k) => typeof j[k] !== "string")
  return missing.length ? `no string ${missing.join(", ")}` : undefined
}

/**
 * Error answers without the one error shape, grouped by class, status, problem and body (paths in Express's
 * "Cannot GET /x" pages made alike), each group with its requests and the routes it was seen on.
 */
export class ShapeFailures {
  private groups = new Map<string, { requests: number; routes: Set<string> }>()
  record(route: string, fuzzClass: string, answer: Answer, problem: string) {
    const body = cut(answer.text.replace(/\s+/g, " ").replace(/(Cannot [A-Z]+) [^<]*/, "$1 <path>").replace(/(<!DOCTYPE html>).*?<pre>/, "$1 …<pre>"), 140)
    const key = `${fuzzClass} | ${answer.status} (${problem}) | ${body}`
    const group = this.groups.get(key) ?? { requests: 0, routes: new Set<string>() }
    group.requests += 1
    group.routes.add(route)
    this.groups.set(key, group)
  }
  get size() {
    return this.groups.size
  }
  lines(): string[] {
    return [...this.groups.entries()].map(([k, g]) => {
      const routes = [...g.routes]
      return `${k} — ${g.requests} requests on ${routes.length} routes (${routes.slice(0, 3).join("; ")}${routes.length > 3 ? "; …" : ""})`
    })
  }
}

/** Node's own answer to a request line or headers over its 16 KiB limit: before any JavaScript handler runs. */
export const isNodeHeaderLimit = (a: Answer) => a.status === 431 && a.text === ""

// ---- the classes, drawn from a fixed seed -------------------------------------------------------------

/** `numRuns` values of `arb`, always the same for one FUZZ_SEED. */
export const draw = <T>(arb: fc.Arbitrary<T>, numRuns: number, salt = 0): T[] => fc.sample(arb, { seed: FUZZ_SEED + salt, numRuns })

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c))
/** NUL and the other C0 controls and DEL: fixed ones, then drawn ones (each with at least one control character). */
export const CONTROL_STRINGS = [
  "\u0000",
  "acme\u0000ltd",
  "\u0001\u001f\u007f",
  "line\r\nbreak",
  ...draw(fc.tuple(fc.string({ maxLength: 4 }), fc.string({ unit: controlChar, minLength: 1, maxLength: 6 })).map(([a, b]) => a + b), 2, 1),
]
/** Halves of a UTF-16 pair, alone. */
export const LONE_SURROGATES = ["\ud800", "x\udfff", "\ud83d", ...draw(fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `a${String.fromCharCode(c)}b`), 1, 2)]
/** %-escapes that do not decode (and one whose UTF-8 is a surrogate, which does not either). */
export const BROKEN_ESCAPES = ["%", "%zz", "%E0%A4%A", "%ED%A0%80", "%C0%AF"]
export const KB5 = "x".repeat(5 * 1024)
export const MB1 = "y".repeat(1024 * 1024)
export const DEPTH = 10_000

/** %-encodes text; a lone surrogate (not encodable) is sent as the UTF-8 bytes Node would write for it. */
export const encode = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("")
  }
}

/** 10,000 nested arrays around a value, as JSON text (built as text: JSON.stringify would recurse). */
export const deepArray = (depth = DEPTH, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`
/** 10,000 nested objects `{"a":{"a":…}}`. */
export const deepObject = (depth = DEPTH, key = "a") => `${`{"${key}":`.repeat(depth)}1${"}".repeat(depth)}`

/** Deeper than any stack: 50,000 levels (issue #36). As arrays, the body stays under Medusa's 100 KB JSON limit. */
export const DEEP_DEPTH = 50_000

/**
 * Whether `message` repeats more than `max` consecutive characters of `input` (an echo of the input longer than an
 * error message may quote): the first such run, cut, or undefined.
 */
export function echoOf(message: string, input: string, max = 64): string | undefined {
  for (let i = 0; i + max < message.length; i++) {
    const window = message.slice(i, i + max + 1)
    if (input.includes(window)) return cut(window, 80)
  }
  return undefined
}

/** Field names the plugin's validators know, so that a value reaches past "unknown field" where it can. */
export const FIELDS = ["q", "country", "email", "cart_id", "company_canonical_id", "reference", "trade_name", "id", "code"]
const bodyOf = (value: unknown, fields = FIELDS.slice(0, 3)) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])))

export type ProbeTarget = {
  /** The route's path with `:params`. */
  url: string
  params: string[]
  method: string
  headers: () => Record<string, string>
}

/**
 * Every class for one route and method: path parameters (or a segment under the route where it has none), query
 * strings, JSON bodies (a GET gets one too: nothing stops a client from sending it), raw bytes, content types. The
 * wrong-method class is per route file (see wrongMethodProbes).
 */
export function classProbes(target: ProbeTarget): Probe[] {
  const out: Probe[] = []
  const json = { "content-type": "application/json" }
  const plain = fillPath(target)
  const withParam = (value: string) => (target.params.length ? fillPath(target, target.params.map(() => value)) : `${plain}/${value}`)
  const add = (fuzzClass: FuzzClass, label: string, p: { path?: string; headers?: Record<string, string>; body?: string | Buffer }) =>
    out.push({ fuzzClass, label, method: target.method, path: p.path ?? plain, headers: { ...target.headers(), ...(p.headers ?? {}) }, body: p.body })

  // NUL and other control characters: in a parameter, a query value and key, a body value and key, and raw in JSON text.
  for (const s of CONTROL_STRINGS.slice(0, 3)) add("control characters", `parameter ${JSON.stringify(s)}`, { path: withParam(encode(s)) })
  add("control characters", "query value with NUL", { path: `${plain}?q=${encode(CONTROL_STRINGS[1])}&email=a%0Ab` })
  add("control characters", "query key with NUL", { path: `${plain}?${encode("\u0000")}=1` })
  for (const s of CONTROL_STRINGS) add("control characters", `body value ${JSON.stringify(s)}`, { headers: json, body: bodyOf(s) })
  add("control characters", "body key with NUL", { headers: json, body: JSON.stringify({ "q\u0000": "x" }) })
  add("control characters", "raw control bytes in JSON text", { headers: json, body: `{"q":"a\u0000\u0001b"}` })

  // Lone surrogates: escaped in JSON, as UTF-8 bytes of a surrogate (not valid UTF-8), in a parameter and a query.
  for (const s of LONE_SURROGATES) add("lone surrogates", `body value ${JSON.stringify(s)}`, { headers: json, body: bodyOf(s) })
  add("lone surrogates", "body key", { headers: json, body: JSON.stringify({ ["\udc00"]: 1 }) })
  add("lone surrogates", "surrogate bytes (ED A0 80) in JSON text", { headers: json, body: Buffer.concat([Buffer.from('{"q":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]) })
  add("lone surrogates", "parameter", { path: withParam("%ED%A0%80x") })
  add("lone surrogates", "query value", { path: `${plain}?q=%ED%B0%80` })

  // Broken %-escapes: in a parameter, a query value and key, and in a form body.
  for (const e of BROKEN_ESCAPES.slice(0, 3)) add("malformed %-escapes", `parameter ${e}`, { path: withParam(e) })
  add("malformed %-escapes", "query value", { path: `${plain}?q=%E0%A4%A&country=%` })
  add("malformed %-escapes", "query key", { path: `${plain}?%zz=1` })
  add("malformed %-escapes", "JSON with a broken \\u escape", { headers: json, body: '{"q":"\\u00zz"}' })

  // Very long strings and ids: 5 KB and 1 MB, as a parameter, a query value, a body value and key.
  add("long strings and ids", "5 KB parameter", { path: withParam(KB5) })
  add("long strings and ids", "1 MB parameter", { path: withParam(MB1) })
  add("long strings and ids", "5 KB query value", { path: `${plain}?q=${KB5}` })
  add("long strings and ids", "5 KB body values", { headers: json, body: bodyOf(KB5, FIELDS) })
  add("long strings and ids", "1 MB body value", { headers: json, body: bodyOf(MB1, ["id"]) })
  add("long strings and ids", "5 KB body key", { headers: json, body: JSON.stringify({ [KB5]: 1 }) })

  // Deep nesting: 10,000 levels of arrays and of objects, alone and in a field; a deep qs query.
  add("deep nesting", "10,000 nested arrays", { headers: json, body: deepArray() })
  add("deep nesting", "10,000 nested objects", { headers: json, body: deepObject() })
  add("deep nesting", "10,000 levels in a field", { headers: json, body: `{"q":${deepArray(DEPTH, '"x"')},"email":${deepObject()}}` })
  add("deep nesting", "query q[a][a]… 1,000 levels", { path: `${plain}?q${"[a]".repeat(1000)}=1` })

  // Content types other than JSON, with bodies of their kind.
  const boundary = "fuzzboundary"
  add("wrong content type", "text/plain", { headers: { "content-type": "text/plain" }, body: '{"q":"acme"}' })
  add("wrong content type", "form urlencoded", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "q=acme&country[]=GB&a[b][c]=1" })
  add("wrong content type", "multipart/form-data", {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\ncontent-disposition: form-data; name="q"\r\n\r\nacme\r\n--${boundary}--\r\n`,
  })
  add("wrong content type", "application/xml", { headers: { "content-type": "application/xml" }, body: "<q>acme</q>" })
  add("wrong content type", "JSON in UTF-16", { headers: { "content-type": "application/json; charset=utf-16le" }, body: Buffer.from('{"q":"acme"}', "utf16le") })
  add("wrong content type", "JSON without a content type", { body: '{"q":"acme"}' })
  add("wrong content type", "garbage content type", { headers: { "content-type": "\u00ff/;;=" }, body: '{"q":"acme"}' })
  return out
}

/** The methods a route file does not export, each sent to it (with a JSON body but for GET). */
export function wrongMethodProbes(target: Omit<ProbeTarget, "method">, exported: string[]): Probe[] {
  return HTTP_METHODS.filter((m) => !exported.includes(m)).map((method) => ({
    fuzzClass: "wrong method" as const,
    label: `${method} not exported`,
    method,
    path: fillPath(target),
    headers: { ...target.headers(), ...(method === "GET" ? {} : { "content-type": "application/json" }) },
    body: method === "GET" ? undefined : '{"q":"acme"}',
  }))
}

// ---- the table ----------------------------------------------------------------------------------------

/**
 * Per class: requests, statuses seen, count of 5xx. A 500 that a spec documents as another component's (Medusa's own
 * /admin* decode failure) is recorded as `knownElsewhere`: listed among the statuses as "500 (Medusa)" and not
 * counted in the plugin's 5xx column.
 */
export class ClassTable {
  private rows = new Map<string, { requests: number; statuses: Map<string, number>; fiveHundreds: number }>()
  record(fuzzClass: string, status: number, knownElsewhere = false) {
    const row = this.rows.get(fuzzClass) ?? { requests: 0, statuses: new Map(), fiveHundreds: 0 }
    row.requests += 1
    const label = knownElsewhere ? `${status} (Medusa)` : String(status)
    row.statuses.set(label, (row.statuses.get(label) ?? 0) + 1)
    if (status >= 500 && !knownElsewhere) row.fiveHundreds += 1
    this.rows.set(fuzzClass, row)
  }
  get total() {
    return [...this.rows.values()].reduce((n, r) => n + r.requests, 0)
  }
  get fiveHundreds() {
    return [...this.rows.values()].reduce((n, r) => n + r.fiveHundreds, 0)
  }
  markdown(title: string, note = ""): string {
    return [
      `\n### ${title}\n`,
      `Seed ${FUZZ_SEED}, ${this.total} requests${note ? `; ${note}` : ""}.\n`,
      "| Class | Requests | Statuses seen | 5xx |",
      "|---|---|---|---|",
      ...[...this.rows.entries()].map(
        ([c, r]) => `| ${c} | ${r.requests} | ${[...r.statuses.entries()].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ×${n}`).join(", ")} | ${r.fiveHundreds} |`
      ),
      `| **all** | **${this.total}** | | **${this.fiveHundreds}** |`,
    ].join("\n")
  }
}

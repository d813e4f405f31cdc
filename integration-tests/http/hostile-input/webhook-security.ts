import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import {
  type Answer,
  ClassTable,
  classProbes,
  cut,
  deepArray,
  deepObject,
  describe as describeProbe,
  errorShapeProblem,
  KB5,
  leaksOf,
  LONE_SURROGATES,
  MB1,
  CONTROL_STRINGS,
  type Probe,
  secretNeedles,
  send,
  ShapeFailures,
  wrongMethodProbes,
} from "../../helpers/fuzz"
import { control, findCompanyId, pointWebhooksAt, WEBHOOK_PATH } from "../../helpers/simulator"
import { type Delivery, ROTATED_WEBHOOK_SECRET, signedDelivery } from "../../helpers/webhooks"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Webhook security (issue #10 item 3, docs/reliability.md): hostile deliveries to both webhook URLs
 * (the plugin's /hooks/trade-credit and Medusa's /hooks/payment/trade-credit_default, answered by the same receiver)
 * are refused with a code or acknowledged and ignored, and nothing changes: every row of every table of Medusa's
 * database is the same before and after, and the plugin makes no call to the service. Then the classes that broke
 * before (helpers/fuzz.ts: control characters, lone surrogates, broken %-escapes, 5 KB and 1 MB, 10,000 levels,
 * content types, methods), unsigned, forged and signed, on both URLs. No fixed sleep: each wait is for a condition
 * (helpers/wait.ts), and what must NOT happen is checked once a positive signal says everything queued was judged
 * (the sync pipeline logs its verdict on each event). Medusa's own payment webhook handling never runs
 * (process-payment-workflow, counted through the workflow engine, stays at zero).
 *
 * The decision on signed deliveries holding text that cannot be stored (docs/reliability.md, "A signed delivery with
 * a NUL"): the signature proves the service sent it, and the service retries every non-2xx answer (a Standard
 * Webhooks sender ends up disabling an endpoint that keeps failing, and every later event with it), so it is
 * acknowledged 2xx with `handled: false` and the code, recorded as rejected (its event id: a repeat changes nothing,
 * the merchant can see it), logged, and never acted on; reconciliation reads the order's state back from the service.
 */
const simulator = areaSimulator()
const PLUGIN = WEBHOOK_PATH
const MEDUSA = "/hooks/payment/trade-credit_default"
const FORGED_SECRET = "whsec_" + Buffer.from("a secret that is not the merchant's at all").toString("base64")
const SECRETS = secretNeedles(SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, ROTATED_WEBHOOK_SECRET, FORGED_SECRET)
const logs: string[] = []
export const rows: { case: string; path: string; status: number; code: string; changed: string }[] = []
const classTable = new ClassTable()
/** Error answers without the one error shape {type, code, message}, grouped by case or class, status and body. */
const shapeFailures = new ShapeFailures()
/** Medusa's processPaymentWorkflow runs that ended (its payment webhook subscriber's work), counted by the workflow engine: none expected. */
let paymentWorkflowsEnded = 0
/** The sync pipeline's verdicts logged since log line `mark` (src/subscribers/trade-credit-webhook.ts: one line per queued event). */
const judged = (mark: number) => logs.slice(mark).filter((l) => /^trade-credit webhook: \S+ \S+ \((order|plan) [^)]*\)(:| was handled before)/.test(l)).length

const without = (d: Delivery, header: string): Delivery => {
  const headers = { ...d.headers }
  delete headers[header]
  return { ...d, headers }
}

export default areaPart("webhook-security", ({ api, getContainer }) => {
  let seed: any

  const post = (path: string, d: Delivery) =>
    api.post(path, d.raw, { headers: d.headers, validateStatus: () => true, transformRequest: [(x: unknown) => x], maxBodyLength: Infinity })

  /** Every row of every table, as JSON text, by table (the whole database: payments, orders, enrollments, webhook records...). */
  async function snapshot(): Promise<Record<string, string[]>> {
    const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
    const { rows: tables } = await pg.raw(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name"
    )
    const out: Record<string, string[]> = {}
    for (const { table_name } of tables) {
      const { rows: dump } = await pg.raw(`select row_to_json(t)::text as row from "${table_name}" t`)
      out[table_name] = dump.map((r: any) => r.row).sort()
    }
    return out
  }
  function differences(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
    const found: string[] = []
    for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const a = new Set(before[table] ?? [])
      const b = new Set(after[table] ?? [])
      for (const row of b) if (!a.has(row)) found.push(`${table} +${row.slice(0, 300)}`)
      for (const row of a) if (!b.has(row)) found.push(`${table} -${row.slice(0, 300)}`)
    }
    return found
  }
  /** Waits until `queued` deliveries queued since `mark` were judged by the sync pipeline. */
  const allJudged = (what: string, mark: number, queued: number) =>
    waitUntil(`${what}: ${queued} queued deliveries judged by the sync pipeline`, () => judged(mark) >= queued, { timeoutMs: 90_000 })
  /** Records an error answer that is not the one error shape. */
  const checkShape = (route: string, what: string, a: Answer) => {
    if (a.status < 400) return
    const problem = errorShapeProblem(a)
    if (problem) shapeFailures.record(route, what, a, problem)
  }

  /** Changes the plugin asked of the service (the simulator's request log: every call but reads). */
  const serviceChanges = async () => ((await control(simulator.url, "GET", "/_sim/requests")).items as any[]).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)

  beforeAll(async () => {
    recordLogs(getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any, logs)
    // Medusa's payment webhook subscriber would run processPaymentWorkflow for a delivery it acted on: it must never.
    const engine = getContainer().resolve(Modules.WORKFLOW_ENGINE) as any
    await engine.subscribe({
      workflowId: "process-payment-workflow",
      subscriberId: "webhook-security-spec",
      subscriber: (event: { eventType: string }) => {
        if (event.eventType === "onFinish") paymentWorkflowsEnded += 1
      },
    })
    const adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
  })

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(
      [
        "\n### Webhook security\n",
        "| Delivery | URL | Answer | Code | Changed |",
        "|---|---|---|---|---|",
        ...rows.map((r) => `| ${r.case} | \`${r.path}\` | ${r.status} | ${r.code} | ${r.changed} |`),
        classTable.markdown("Webhook fuzzing by class (both URLs; unsigned, forged and signed)"),
        `\n### Webhook error answers without the error shape {type, code, message}: ${shapeFailures.size} groups\n`,
        ...shapeFailures.lines().map((l) => `- ${l}`),
      ].join("\n")
    )
  })

  it("refuses or ignores forged, stale, replayed, oversized, malformed, unknown and header-less deliveries on both URLs: nothing changes", async () => {
    // A placed order paid on trade credit; its order.verified event was delivered and handled.
    await pointWebhooksAt(simulator.url, api.defaults.baseURL)
    const company = { company_canonical_id: await findCompanyId(simulator.url, "GB", "acme") }
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    expect((await startTradeCreditSession(store, cart.id, { company })).status).toBe(200)
    expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: waiting } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = waiting.payment_collection.payment_sessions[0]
    await approveAtPaymentUrl(session.data.payment_url)
    const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(placed.status).toBe(200)
    const serviceOrderId = session.data.order_id as string
    const tradeCredit = getContainer().resolve("tradeCredit") as any
    const genuine = await waitUntil("the order.verified delivery", async () => {
      const { items } = await control(simulator.url, "GET", "/_sim/webhooks?type=order.verified.v1")
      return items.find((d: any) => d.payload.data.order_id === serviceOrderId && d.state === "delivered")
    })
    await waitUntil("the order.verified event to be handled", async () => {
      const [row] = await tradeCredit.listWebhookEvents({ event_id: genuine.payload.id })
      return row && row.outcome !== "processing"
    })
    // This was the only delivery the service made, so nothing else is in flight before the baseline.
    await pointWebhooksAt(simulator.url, null)
    const made = (await control(simulator.url, "GET", "/_sim/webhooks")).items as any[]
    expect(made.map((d) => `${d.type} ${d.state}`)).toEqual(["order.verified.v1 delivered"])

    const order = (await control(simulator.url, "GET", `/_sim/orders/${serviceOrderId}`)).order
    const cancel = (id: string) => ({
      id,
      specversion: "1.0",
      source: simulator.url,
      type: "order.cancelled.v1",
      time: new Date().toISOString(),
      data: { order_id: order.id, merchant_order_id: order.merchant_order_id, state: "CANCELLED", status: "APPROVED", gross_amount: order.gross_amount, currency: "GBP" },
    })
    const enrollment = (id: string) => ({ id, specversion: "1.0", source: simulator.url, type: "enrollment.approved", time: new Date().toISOString(), data: { proposal_id: "prop_forged" } })
    const big = "x".repeat(300 * 1024)

    // [case, delivery, expected answer on either URL (one receiver answers both)]
    type Expect = { status: number; code?: string }
    const cases: [string, () => Delivery, Expect][] = [
      ["forged signature (order.cancelled)", () => signedDelivery(cancel("msg_sec_forged"), { secret: FORGED_SECRET }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["forged signature (enrollment.approved)", () => signedDelivery(enrollment("msg_sec_forged_enr"), { secret: FORGED_SECRET }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["signature of another body", () => ({ ...signedDelivery(cancel("msg_sec_swapped")), raw: JSON.stringify(cancel("msg_sec_swapped")).replace("APPROVED", "DECLINED") }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["stale timestamp (6 min old)", () => signedDelivery(cancel("msg_sec_stale"), { at: new Date(Date.now() - 6 * 60_000) }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["timestamp 6 min ahead", () => signedDelivery(cancel("msg_sec_future"), { at: new Date(Date.now() + 6 * 60_000) }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["replayed id (the handled order.verified, signed anew)", () => signedDelivery(genuine.payload), { status: 200 }],
      ["replayed id, other body (order.cancelled under the handled id)", () => signedDelivery(cancel(genuine.payload.id), { secret: FORGED_SECRET, id: genuine.payload.id }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["oversized body (300 KiB, signed)", () => signedDelivery(JSON.stringify({ ...cancel("msg_sec_big"), padding: big })), { status: 413, code: "TRADE_CREDIT_WEBHOOK_TOO_LARGE" }],
      ["oversized body (5 MiB, unsigned)", () => ({ raw: Buffer.alloc(5 * 1024 * 1024, 0x20), headers: { "content-type": "application/json" } }), { status: 413, code: "TRADE_CREDIT_WEBHOOK_TOO_LARGE" }],
      ["malformed JSON, signed", () => signedDelivery('{"id": "msg_sec_malformed", "type": "order.cancelled.v1", '), { status: 400, code: "TRADE_CREDIT_WEBHOOK_MALFORMED" }],
      ["malformed JSON, unsigned", () => ({ raw: "{not json", headers: { "content-type": "application/json" } }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["empty body, signed", () => signedDelivery(""), { status: 400, code: "TRADE_CREDIT_WEBHOOK_MALFORMED" }],
      ["JSON of the wrong shape, signed", () => signedDelivery({ id: "msg_sec_shape", type: "order.cancelled.v1", time: "now", data: { order_id: 5 } }), { status: 400, code: "TRADE_CREDIT_WEBHOOK_MALFORMED" }],
      ["unknown event type, signed", () => signedDelivery({ ...cancel("msg_sec_unknown"), type: "order.exploded" }), { status: 200 }],
      ["missing webhook-signature", () => without(signedDelivery(cancel("msg_sec_nosig")), "webhook-signature"), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["missing webhook-id", () => without(signedDelivery(cancel("msg_sec_noid")), "webhook-id"), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["missing webhook-timestamp", () => without(signedDelivery(cancel("msg_sec_nots")), "webhook-timestamp"), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["no headers at all", () => ({ raw: JSON.stringify(cancel("msg_sec_bare")), headers: { "content-type": "application/json" } }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
      ["text/plain content type, signed", () => ({ ...signedDelivery(cancel("msg_sec_text"), { secret: FORGED_SECRET }), headers: { ...signedDelivery(cancel("msg_sec_text"), { secret: FORGED_SECRET }).headers, "content-type": "text/plain" } }), { status: 401, code: "TRADE_CREDIT_WEBHOOK_SIGNATURE" }],
    ]

    const before = await snapshot()
    const changesBefore = await serviceChanges()
    const mark = logs.length
    let queued = 0
    for (const [name, make, expected] of cases) {
      for (const path of [PLUGIN, MEDUSA]) {
        const started = Date.now()
        const res = await post(path, make())
        const elapsed = Date.now() - started
        const body = typeof res.data === "object" && res.data ? res.data : {}
        expect([name, path, res.status]).toEqual([name, path, expected.status])
        if (expected.code) expect([name, path, body.code]).toEqual([name, path, expected.code])
        if (res.status >= 400) expect(typeof body.message).toBe("string")
        checkShape(`POST ${path}`, name, { status: res.status, json: res.data, text: typeof res.data === "string" ? res.data : JSON.stringify(res.data), headers: {}, ms: elapsed })
        expect(elapsed).toBeLessThan(5000)
        if (res.status === 200 && body.handled === true) queued += 1
        rows.push({ case: name, path, status: res.status, code: body.code ?? (res.status === 200 ? (body.handled === false ? "ignored (unknown type)" : "acknowledged") : "-"), changed: "" })
      }
    }
    // Only the replay of the genuine event is queued (once per URL): the pipeline drops it by its event id.
    expect(queued).toBe(2)
    await allJudged("the hostile deliveries", mark, queued)
    expect(logs.slice(mark).filter((l) => l.includes(genuine.payload.id) && l.includes("was handled before"))).toHaveLength(2)
    expect(paymentWorkflowsEnded).toBe(0)

    const after = await snapshot()
    const changed = differences(before, after)
    expect(changed).toEqual([])
    // (The replayed order.verified is read back from the service, a GET: the state read back wins, and it is unchanged.)
    expect(await serviceChanges()).toEqual(changesBefore)
    for (const r of rows) r.changed = "nothing"
    // Nothing was recorded for the hostile ids, and the order lives on at Medusa and at the service.
    for (const id of ["msg_sec_forged", "msg_sec_stale", "msg_sec_future", "msg_sec_unknown", "msg_sec_malformed", "msg_sec_big", "msg_sec_bare"]) {
      expect(await tradeCredit.listWebhookEvents({ event_id: id })).toEqual([])
    }
    expect((await tradeCredit.listWebhookEvents({ event_id: genuine.payload.id })).length).toBe(1)
    expect((await control(simulator.url, "GET", `/_sim/orders/${serviceOrderId}`)).order.state).toBe("CONFIRMED")
    // Refusals are logged with their reason, never with the secret.
    expect(logs.slice(mark).some((l) => /refused a delivery \(TRADE_CREDIT_WEBHOOK_SIGNATURE\)/.test(l))).toBe(true)
    expect(logs.some((l) => l.includes(SIMULATOR_WEBHOOK_SECRET) || l.includes(FORGED_SECRET))).toBe(false)
    expect(logs.slice(mark).some((l) => /An error occurred/.test(l))).toBe(false)
  })

  /** A service event envelope of a type no one handles (acknowledged and ignored once verified), carrying `data`. */
  const fuzzEnvelope = (id: string, data: Record<string, unknown>) =>
    JSON.stringify({ id, specversion: "1.0", source: simulator.url, type: "order.fuzzed.v1", time: new Date().toISOString(), data })

  it("answers every class (control characters, surrogates, broken escapes, 5 KB and 1 MB, 10,000 levels, content types, methods), unsigned, forged and signed, on both URLs: no 5xx, within 5 s, no leak, nothing changes", async () => {
    const before = await snapshot()
    const changesBefore = await serviceChanges()
    const mark = logs.length
    let queued = 0
    let n = 0
    const failures: string[] = []
    for (const url of [PLUGIN, MEDUSA]) {
      const target = { url, params: [] as string[], method: "POST", headers: () => ({}) }
      const unsigned = classProbes(target)
      const probes: Probe[] = [...unsigned, ...wrongMethodProbes(target, ["POST"])]
      // The same bodies signed: with the merchant's secret (past the signature, into the body checks) and forged.
      for (const p of unsigned.filter((p) => p.body !== undefined)) {
        const id = `msg_fuzz_${++n}`
        const good = signedDelivery(p.body, { id })
        probes.push({ ...p, label: `${p.label}, signed`, headers: { ...good.headers, ...(p.headers ?? {}) } })
        if (n % 3 === 0) probes.push({ ...p, label: `${p.label}, forged`, headers: { ...signedDelivery(p.body, { id, secret: FORGED_SECRET }).headers, ...(p.headers ?? {}) } })
      }
      // Signed envelopes of the service's shape carrying each class: in a data field, as the event id, nested deep.
      const envelopes: [Probe["fuzzClass"], string, string][] = [
        ...CONTROL_STRINGS.map((c, i): [Probe["fuzzClass"], string, string] => ["control characters", `envelope, data value ${JSON.stringify(c)}`, fuzzEnvelope(`msg_fuzz_env_c${i}_${n}`, { order_id: c })]),
        ["control characters", "envelope, event id with NUL", fuzzEnvelope(`msg_fuzz_\u0000_${n}`, { order_id: "ord_x" })],
        ...LONE_SURROGATES.map((c, i): [Probe["fuzzClass"], string, string] => ["lone surrogates", `envelope, data value ${JSON.stringify(c)}`, fuzzEnvelope(`msg_fuzz_env_s${i}_${n}`, { order_id: c })]),
        ["malformed %-escapes", "envelope, id with broken escapes", fuzzEnvelope(`msg_fuzz_%E0%A4%A_${n}`, { order_id: "%zz" })],
        ["long strings and ids", "envelope, 5 KB event id", fuzzEnvelope(`msg_${KB5}_${n}`, { order_id: "ord_x" })],
        ["long strings and ids", "envelope, 1 MB data value", fuzzEnvelope(`msg_fuzz_mb_${n}`, { order_id: MB1 })],
        ["deep nesting", "envelope, 10,000 levels in data", `{"id":"msg_fuzz_deep_${n}","specversion":"1.0","type":"order.fuzzed.v1","time":"${new Date().toISOString()}","data":{"a":${deepArray()},"b":${deepObject()}}}`],
      ]
      for (const [fuzzClass, label, raw] of envelopes) {
        const d = signedDelivery(raw, { id: `msg_fuzz_env_${++n}` })
        probes.push({ fuzzClass, label, method: "POST", path: url, headers: d.headers, body: raw })
      }
      for (const probe of probes) {
        try {
          const a = await send(api.defaults.baseURL, probe)
          classTable.record(probe.fuzzClass, a.status)
          const where = `${describeProbe(probe)} ${cut(String(probe.body ?? ""), 120)}`
          if (a.status >= 500) throw new Error(`${where} answered ${a.status}: ${cut(a.text, 400)}`)
          const leaks = leaksOf(a, SECRETS, `${probe.path} ${probe.body ?? ""}`)
          if (leaks.length) throw new Error(`${where} answered ${a.status} with ${leaks.join("; ")}`)
          if (a.status !== 431 || a.text !== "") checkShape(`${probe.method} ${url}`, probe.fuzzClass, a)
          // What was queued for the sync pipeline: a handled event (none here: no fuzzed body is a known event).
          if (a.status < 300 && a.json?.handled === true) queued += 1
        } catch (error) {
          failures.push(`${probe.fuzzClass}: ${(error as Error).message}`)
        }
      }
      const health = await send(api.defaults.baseURL, { label: "health", method: "GET", path: "/health" })
      expect([url, health.status]).toEqual([url, 200])
    }
    expect(failures).toEqual([])
    expect(classTable.total).toBeGreaterThan(150)
    // The positive signal: every queued delivery was judged by the pipeline; only then is "nothing changed" true.
    await allJudged("the fuzzed deliveries", mark, queued)
    expect(paymentWorkflowsEnded).toBe(0)
    expect(differences(before, await snapshot())).toEqual([])
    expect(await serviceChanges()).toEqual(changesBefore)
    expect(logs.some((l) => SECRETS.some((secret) => l.includes(secret)))).toBe(false)
  })

  it("acknowledges a signed delivery holding a NUL or a lone surrogate (2xx: the service stops retrying), records it as rejected and acts on nothing", async () => {
    const before = await snapshot()
    const changesBefore = await serviceChanges()
    const mark = logs.length
    // A genuine-looking order event of the service (a cancellation) with text that cannot be stored in one field.
    const event = (id: string, text: string) => ({
      id,
      specversion: "1.0",
      source: simulator.url,
      type: "order.cancelled.v1",
      time: new Date().toISOString(),
      data: { order_id: "ord_fuzz_text", merchant_order_id: "order_fuzz_text", state: "CANCELLED", status: "APPROVED", gross_amount: "10.00", currency: "GBP", buyer_company_name: text },
    })
    const cases: [string, string, string][] = [
      ["NUL", PLUGIN, "msg_text_nul_plugin"],
      ["NUL", MEDUSA, "msg_text_nul_medusa"],
      ["lone surrogate", PLUGIN, "msg_text_surrogate_plugin"],
      ["lone surrogate", MEDUSA, "msg_text_surrogate_medusa"],
    ]
    const answers: string[] = []
    const expected: string[] = []
    for (const [what, url, id] of cases) {
      const d = signedDelivery(event(id, what === "NUL" ? "Acme\u0000Ltd" : "Acme \ud800 Ltd"))
      for (const attempt of ["first", "repeat"]) {
        const res = await post(url, d)
        answers.push(`${what} ${url} ${attempt}: ${res.status} received=${res.data?.received} handled=${res.data?.handled} code=${res.data?.code}`)
        expected.push(`${what} ${url} ${attempt}: 200 received=true handled=false code=TRADE_CREDIT_INVALID_TEXT`)
        rows.push({ case: `signed, ${what} in a field (${attempt})`, path: url, status: res.status, code: res.data?.code ?? "-", changed: "" })
      }
      // The same body without a valid signature is refused: 401 on either URL.
      const forged = await post(url, signedDelivery(event(`${id}_forged`, "Acme\u0000Ltd"), { secret: FORGED_SECRET }))
      answers.push(`${what} ${url} forged: ${forged.status} ${forged.data?.code}`)
      expected.push(`${what} ${url} forged: 401 TRADE_CREDIT_WEBHOOK_SIGNATURE`)
    }
    expect(answers).toEqual(expected)
    // Positive signal that nothing was queued: a later clean delivery (of an order no session of this store has) is
    // queued and judged; by then an earlier queued delivery would have been judged too. Exactly one verdict.
    expect((await post(MEDUSA, signedDelivery(event("msg_text_sentinel", "clean")))).data).toEqual({ received: true, handled: true })
    await allJudged("the sentinel delivery", mark, 1)
    expect(judged(mark)).toBe(1)
    expect(paymentWorkflowsEnded).toBe(0)
    // Recorded as rejected, once per event id (the repeat changed nothing), and nothing else changed anywhere.
    const tradeCredit = getContainer().resolve("tradeCredit") as any
    for (const [what, , id] of cases) {
      const recorded = await tradeCredit.listWebhookEvents({ event_id: id })
      expect([what, id, recorded.length, recorded[0]?.type, /^rejected: TRADE_CREDIT_INVALID_TEXT/.test(recorded[0]?.outcome ?? "")]).toEqual([what, id, 1, "order.cancelled.v1", true])
      expect(logs.slice(mark).some((l) => l.includes(id) && l.includes("TRADE_CREDIT_INVALID_TEXT"))).toBe(true)
    }
    const changed = differences(before, await snapshot()).filter((row) => !(row.startsWith("trade_credit_webhook_event +") && /msg_text_(nul|surrogate|sentinel)/.test(row)))
    expect(changed).toEqual([])
    expect(await serviceChanges()).toEqual(changesBefore)
  })

  it("answers every error on both URLs above in the one error shape: JSON {type, code, message}, three strings", () => {
    expect(classTable.total).toBeGreaterThan(0)
    expect(shapeFailures.lines()).toEqual([])
  })
})

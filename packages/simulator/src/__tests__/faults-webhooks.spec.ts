import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Webhook } from "standardwebhooks"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator, type RunningSimulator } from "../index"
import { call, confirmedOrder, control, orderBody, waitFor } from "./helpers"

type Received = { headers: IncomingHttpHeaders; body: string }

/** A webhook receiver on a random port that answers the statuses it is told, then 200. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.statusCode = statuses.shift() ?? 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const addFault = async (sim: RunningSimulator, spec: object) => {
  const answer = await control(sim, "POST", "/faults", spec)
  expect(answer.status).toBe(201)
  return answer.body
}

describe("simulator: faults", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
  })

  it("latency: waits, then handles the call", async () => {
    await addFault(sim, { method: "GET", path: "/companies", fault: { type: "latency", ms: 300 } })
    const started = Date.now()
    const slow = await call(sim, "GET", "/companies/v2/company?country=GB&q=acme")
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(slow.status).toBe(200)
    expect(slow.body.items).toHaveLength(1)
    // One call by default (`times: 1`): the fault is used up, so the next call is not held.
    expect((await control(sim, "GET", "/faults")).body.items).toEqual([])
    expect((await call(sim, "GET", "/companies/v2/company?country=GB&q=acme")).status).toBe(200)
  })

  it("status: answers it without handling, with Retry-After, for `times` calls", async () => {
    await addFault(sim, {
      method: "POST",
      path: "/v1/order",
      times: 2,
      fault: { type: "status", status: 503, retry_after: 7 },
    })
    const body = orderBody()
    for (let i = 0; i < 2; i++) {
      const refused = await call(sim, "POST", "/v1/order", { body, idempotencyKey: "k-503" })
      expect(refused.status).toBe(503)
      expect(refused.body).toMatchObject({ error_code: "UNAVAILABLE", error_trace_id: expect.any(String) })
      expect(refused.headers.get("retry-after")).toBe("7")
    }
    expect((await control(sim, "GET", "/orders")).body.items).toHaveLength(0)
    const passed = await call(sim, "POST", "/v1/order", { body, idempotencyKey: "k-503" })
    expect(passed.status).toBe(201)
    expect((await control(sim, "GET", "/faults")).body.items).toEqual([])

    await addFault(sim, { path: "/v1/order_intent", fault: { type: "status", status: 429 } })
    const limited = await call(sim, "POST", "/v1/order_intent", { body: {} })
    expect(limited.status).toBe(429)
    expect(limited.body.error_code).toBe("RATE_LIMITED")
    await addFault(sim, { path: "/v1/order_intent", fault: { type: "status", status: 500 } })
    expect((await call(sim, "POST", "/v1/order_intent", { body: {} })).body.error_code).toBe("SERVER_ERROR")
  })

  it("drop before: closes the connection and changes nothing", async () => {
    await addFault(sim, { method: "POST", path: "/v1/order", fault: { type: "drop", when: "before" } })
    await expect(call(sim, "POST", "/v1/order", { body: orderBody(), idempotencyKey: "d-1" })).rejects.toThrow()
    expect((await control(sim, "GET", "/orders")).body.items).toHaveLength(0)
    const log = await control(sim, "GET", "/requests?method=POST&path_prefix=/v1/order")
    expect(log.body.items[0]).toMatchObject({ dropped: true, status: null, fault: "drop" })
  })

  it("drop after: commits the change, closes the connection; a retry with the same key gets the answer", async () => {
    await addFault(sim, { method: "POST", path: "/v1/order", fault: { type: "drop", when: "after" } })
    const body = orderBody()
    await expect(call(sim, "POST", "/v1/order", { body, idempotencyKey: "d-2" })).rejects.toThrow()
    const orders = (await control(sim, "GET", "/orders")).body.items
    expect(orders).toHaveLength(1)
    const retry = await call(sim, "POST", "/v1/order", { body, idempotencyKey: "d-2" })
    expect(retry.status).toBe(201)
    expect(retry.body.id).toBe(orders[0].id)
    expect(retry.headers.get("idempotent-replayed")).toBe("true")
  })

  it("malformed_json: commits the change and sends half a body", async () => {
    await addFault(sim, { method: "POST", path: "/v1/order", fault: { type: "malformed_json" } })
    const answer = await call(sim, "POST", "/v1/order", { body: orderBody() })
    expect(answer.status).toBe(201)
    expect(answer.headers.get("content-type")).toMatch(/application\/json/)
    expect(() => JSON.parse(answer.text)).toThrow()
    expect((await control(sim, "GET", "/orders")).body.items).toHaveLength(1)
  })

  it("contract_violation: a 2xx whose body breaks the schema", async () => {
    const order = await confirmedOrder(sim)
    await addFault(sim, { method: "POST", path: "/v1/order/:id/fulfilled", fault: { type: "contract_violation" } })
    const untouched = await call(sim, "GET", `/v1/order/${order.id}`)
    expect(untouched.body).toMatchObject({ id: order.id, state: "CONFIRMED" })
    const answer = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ contract_violation: true })
    expect((await call(sim, "GET", `/v1/order/${order.id}`)).body.state).toBe("FULFILLED")

    await addFault(sim, { path: "/v1/order/merchant-order-id", fault: { type: "contract_violation" } })
    const list = await call(sim, "GET", "/v1/order/merchant-order-id/nothing")
    expect(list.status).toBe(200)
    expect(list.body).toEqual([{ contract_violation: true }])
  })

  it("matches paths by pattern or prefix and methods, and DELETE /_sim/faults clears them", async () => {
    const order = await confirmedOrder(sim)
    await addFault(sim, { path: "/v1/order/:id/fulfilled", times: 5, fault: { type: "status", status: 500 } })
    await addFault(sim, { method: "GET", path: "/v1/ord", fault: { type: "status", status: 502 } })
    expect((await call(sim, "GET", `/v1/order/${order.id}`)).status).toBe(200) // "/v1/ord" is not a segment prefix
    expect((await call(sim, "POST", `/v1/order/${order.id}/cancel`, { idempotencyKey: "x" })).status).toBe(200)
    expect((await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)).status).toBe(500)
    expect((await control(sim, "GET", "/faults")).body.items).toHaveLength(2)
    expect((await control(sim, "DELETE", "/faults")).status).toBe(200)
    expect((await control(sim, "GET", "/faults")).body.items).toEqual([])
    const bad = await control(sim, "POST", "/faults", { path: "/v1", fault: { type: "explode" } })
    expect(bad.status).toBe(400)
    expect(bad.body.error_code).toBe("SCHEMA_ERROR")
  })
})

describe("simulator: webhooks and the control API", () => {
  let sim: RunningSimulator
  let hooks: Awaited<ReturnType<typeof receiver>>

  beforeAll(async () => {
    sim = await startSimulator({
      webhookRetryDelaysMs: [50, 50],
      logger: { info: () => {}, warn: () => {}, error: (m) => console.error(m) },
    })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
  })
  afterEach(() => hooks?.close())

  it("sends signed order events that standardwebhooks verifies", async () => {
    hooks = await receiver()
    expect((await control(sim, "PUT", "/webhook", { url: hooks.url })).body.items[0].url).toBe(hooks.url)
    const order = await confirmedOrder(sim)
    await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
    await call(sim, "POST", `/v1/order/${order.id}/refund`)
    const rejected = await call(sim, "POST", "/v1/order", { body: orderBody() })
    await control(sim, "POST", `/orders/${rejected.body.id}/verify`, { approve: false })
    const cancelled = await call(sim, "POST", "/v1/order", { body: orderBody() })
    await call(sim, "POST", `/v1/order/${cancelled.body.id}/cancel`)

    // The five order events, and what the invoice and its credit note send (issue #38).
    await waitFor(() => (hooks.received.length >= 9 ? true : undefined))
    const verifier = new Webhook(SIMULATOR_WEBHOOK_SECRET)
    const events = hooks.received.map(({ headers, body }) => {
      expect(headers["content-type"]).toBe("application/json")
      const verified = verifier.verify(body, {
        "webhook-id": String(headers["webhook-id"]),
        "webhook-timestamp": String(headers["webhook-timestamp"]),
        "webhook-signature": String(headers["webhook-signature"]),
      })
      const event = verified as {
        id: string
        specversion: string
        source: string
        type: string
        time: string
        data: Record<string, unknown>
      }
      expect(event.id).toBe(headers["webhook-id"])
      expect(event).toMatchObject({ specversion: "1.0", source: sim.url, time: expect.any(String) })
      return event
    })
    const which = (orderId: unknown) =>
      orderId === undefined
        ? "-"
        : orderId === order.id
          ? "main"
          : orderId === rejected.body.id
            ? "rejected"
            : "cancelled"
    const seen = events.map((e) => `${e.type}:${which(e.data.order_id)}:${e.data.state}`)
    expect(seen.sort()).toEqual(
      [
        "order.verified.v1:main:VERIFIED",
        "order.fulfilled.v1:main:FULFILLED",
        "order.reconciliation.invoiced.v1:main:undefined",
        "customer.credit_limit.updated.v1:-:undefined",
        "order.refunded.v1:main:REFUNDED",
        "order.reconciliation.credited.v1:main:undefined",
        "customer.credit_limit.updated.v1:-:undefined",
        "order.rejected.v1:rejected:CANCELLED",
        "order.cancelled.v1:cancelled:CANCELLED",
      ].sort(),
    )
    const fulfilled = events.find((e) => e.type === "order.fulfilled.v1")!
    const base = {
      order_id: order.id,
      merchant_order_id: order.merchant_order_id,
      merchant_id: order.merchant_id,
      status: "APPROVED",
      gross_amount: "360.00",
      invoice_amount: "360.00",
      payable_amount: "360.00",
      prepaid_amount: "0.00",
      currency: "GBP",
      buyer_company_name: "ACME INDUSTRIAL SUPPLIES LTD",
    }
    expect(fulfilled.data).toEqual({ ...base, state: "FULFILLED" })
    const refunded = events.find((e) => e.type === "order.refunded.v1")!
    expect(refunded.data).toEqual({
      ...base,
      state: "REFUNDED",
      refund_id: expect.any(String),
      merchant_refund_reference: null,
      refunded_gross_amount: "360.00",
      refunded_payable_amount: "360.00",
      refunded_prepaid_amount: "0.00",
    })
    expect(events.find((e) => e.type === "order.rejected.v1")!.data).toHaveProperty("decline_reason")
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another-secret-of-thirty-two-byt").toString("base64")}`).verify(
        hooks.received[0].body,
        {
          "webhook-id": String(hooks.received[0].headers["webhook-id"]),
          "webhook-timestamp": String(hooks.received[0].headers["webhook-timestamp"]),
          "webhook-signature": String(hooks.received[0].headers["webhook-signature"]),
        },
      ),
    ).toThrow()
  })

  it("retries a delivery that got a 500, with the same webhook-id, and records the attempts", async () => {
    hooks = await receiver([500])
    await control(sim, "PUT", "/webhook", { url: hooks.url })
    const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
    await control(sim, "POST", `/orders/${created.body.id}/verify`, { approve: true })
    await waitFor(() => (hooks.received.length >= 2 ? true : undefined))
    expect(hooks.received[0].headers["webhook-id"]).toBe(hooks.received[1].headers["webhook-id"])
    expect(hooks.received[0].body).toBe(hooks.received[1].body)
    const delivery = await waitFor(async () => {
      const items = (await control(sim, "GET", "/webhooks?type=order.verified.v1")).body.items
      return items[0]?.state === "delivered" ? items[0] : undefined
    })
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200])
    expect(delivery.url).toBe(hooks.url)
  })

  it("gives up after the configured retries, and records events when no URL is set", async () => {
    hooks = await receiver([500, 503, 500, 500])
    await control(sim, "PUT", "/webhook", { url: hooks.url })
    const created = await call(sim, "POST", "/v1/order", { body: orderBody() })
    await call(sim, "POST", `/v1/order/${created.body.id}/cancel`)
    const delivery = await waitFor(async () => {
      const items = (await control(sim, "GET", "/webhooks")).body.items
      return items[0]?.state === "failed" ? items[0] : undefined
    })
    expect(delivery.attempts).toHaveLength(3)
    expect(hooks.received).toHaveLength(3)

    await control(sim, "PUT", "/webhook", { url: null })
    const other = await call(sim, "POST", "/v1/order", { body: orderBody() })
    await call(sim, "POST", `/v1/order/${other.body.id}/cancel`)
    const items = (await control(sim, "GET", "/webhooks")).body.items
    expect(items[1]).toMatchObject({ state: "no_url", url: null, attempts: [] })
  })

  it("lists the requests received, filtered, never with the API key", async () => {
    await call(sim, "GET", "/companies/v2/company?country=GB&q=acme")
    const body = orderBody()
    await call(sim, "POST", "/v1/order", { body, idempotencyKey: "log-1" })
    const all = await control(sim, "GET", "/requests")
    expect(all.body.items).toHaveLength(2)
    expect(all.text).not.toContain(SIMULATOR_API_KEY)
    const posts = await control(sim, "GET", "/requests?method=post&path_prefix=/v1/")
    expect(posts.body.items).toHaveLength(1)
    expect(posts.body.items[0]).toMatchObject({
      method: "POST",
      path: "/v1/order",
      status: 201,
      idempotency_key: "log-1",
      merchant: "simulated-merchant",
      body: expect.objectContaining({ merchant_order_id: body.merchant_order_id }),
    })
    expect(new Date(posts.body.items[0].time).getTime()).toBeGreaterThan(0)
    const search = (await control(sim, "GET", "/requests?path_prefix=/companies")).body.items[0]
    expect(search.query).toEqual({ country: "GB", q: "acme" })
    expect((await control(sim, "DELETE", "/requests")).status).toBe(200)
    expect((await control(sim, "GET", "/requests")).body.items).toEqual([])
  })

  it("adds companies, shows one order, and answers 404 on unknown control paths", async () => {
    const added = await control(sim, "POST", "/companies", {
      name: "Sole Trader Jane",
      country: "GB",
      organization_number: "ST123456",
    })
    expect(added.status).toBe(201)
    expect(added.body.canonical_id).toBe("cmpgbST123456")
    const base = orderBody()
    const created = await call(sim, "POST", "/v1/order", {
      body: {
        ...base,
        buyer: {
          ...base.buyer,
          company: { company_name: "Jane", country_prefix: "GB", organization_number: "st 123456" },
        },
      },
    })
    expect(created.body.status).toBe("APPROVED")
    const one = await control(sim, "GET", `/orders/${created.body.id}`)
    expect(one.body).toMatchObject({ merchant: "simulated-merchant", order: { id: created.body.id } })
    expect((await control(sim, "GET", "/orders/nope")).status).toBe(404)
    expect((await control(sim, "GET", "/nothing-here")).status).toBe(404)
    const index = await control(sim, "GET", "")
    expect(index.body.endpoints).toContain("POST /_sim/reset")
    expect(JSON.stringify(index.body)).not.toContain(SIMULATOR_API_KEY)
    expect(JSON.stringify(index.body)).not.toContain(SIMULATOR_WEBHOOK_SECRET)
    const clock = await control(sim, "GET", "/clock")
    expect(clock.body.offset_ms).toBe(0)
    const malformed = await fetch(`${sim.controlUrl}/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    })
    expect(malformed.status).toBe(400)
  })
})

describe("simulator: the command line", () => {
  it("starts from bin/trade-credit-simulator.js on a free port and answers", async () => {
    const { spawn } = await import("node:child_process")
    const path = await import("node:path")
    const child = spawn(
      process.execPath,
      [path.join(__dirname, "..", "..", "bin", "trade-credit-simulator.js"), "--port", "0"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    try {
      let output = ""
      child.stdout.on("data", (c: Buffer) => (output += c.toString()))
      child.stderr.on("data", (c: Buffer) => (output += c.toString()))
      // the banner is four lines, which may arrive in separate chunks: wait for the last one
      await waitFor(() => (/webhooks: .*\n/.test(output) ? true : undefined), 20_000).catch(() => {
        throw new Error(`the simulator did not start: ${output}`)
      })
      const url = output.match(/listening on (http:\/\/\S+)/)![1]
      expect(output).toContain(SIMULATOR_API_KEY)
      expect(output).toContain(`${url}/_sim`)
      const answer = await fetch(`${url}/companies/v2/company?country=NO&q=bygg`, {
        headers: { "X-Api-Key": SIMULATOR_API_KEY },
      })
      expect(answer.status).toBe(200)
      expect((await answer.json()).items[0].name).toBe("NORDLYS BYGG AS")
    } finally {
      child.kill("SIGTERM")
      await new Promise((resolve) => child.once("exit", resolve))
    }
  }, 30_000)
})

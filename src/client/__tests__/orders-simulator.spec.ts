import { createTradeCreditClient, type EditOrderInput, type TradeCreditClient } from ".."
import { checkOrderAmounts } from "../../service/order-arithmetic"
import { ADDRESS, createOrderBody, intentBody, twoLines } from "./fixtures"
import { failure, type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * The order client end to end against the simulator of the service, over real
 * HTTP on loopback: company search, intent, create, verify (control API),
 * confirm, edit, partial and full fulfilment, invoice and credit note PDFs,
 * partial and full refund, cancel, idempotency, and injected faults.
 */

let sim: Simulator
let client: TradeCreditClient
let seq = 0
const uniqueId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++seq}`

const control = (method: string, path: string, body?: unknown) => simulatorControl(sim, method, path, body)

async function acme(): Promise<string> {
  const { items } = await client.companies.search({ country: "GB", q: "acme", limit: 5 })
  const found = items.find((item) => item.name === "ACME INDUSTRIAL SUPPLIES LTD")
  expect(found).toBeDefined()
  return found!.canonical_id
}

/**
 * Edit: the bracket line goes from 2 to 3 pieces (net 300.00, tax 60.00, gross 360.00). An edit carries both
 * addresses: the base's shipping address (the fixtures' ADDRESS when the base has none).
 */
function editedBody(base: ReturnType<typeof createOrderBody>): EditOrderInput {
  const [bracket, shipping] = twoLines()
  const lines = [
    { ...bracket, quantity: "3", net_amount: "300.00", tax_amount: "60.00", gross_amount: "360.00" },
    shipping,
  ]
  const {
    buyer: _b,
    merchant_urls: _u,
    merchant_order_id: _m,
    tracking_id: _t,
    shipping_address = ADDRESS,
    ...content
  } = base
  return {
    ...content,
    shipping_address,
    gross_amount: "370.50",
    net_amount: "310.00",
    tax_amount: "60.50",
    line_items: lines,
    tax_subtotals: [
      { tax_rate: "0.050000", taxable_amount: "10.00", tax_amount: "0.50" },
      { tax_rate: "0.200000", taxable_amount: "300.00", tax_amount: "60.00" },
    ],
    order_note: "three brackets after all",
  }
}

beforeAll(async () => {
  ;({ sim, client } = await startSimulatorClient({}, { retryBaseDelayMs: 20, retryMaxDelayMs: 100 }))
})

afterAll(async () => {
  await client?.close()
  await sim?.close()
})

afterEach(async () => {
  await control("DELETE", "/faults")
})

describe("company search", () => {
  it("finds a company and reads its details by canonical id", async () => {
    const canonicalId = await acme()
    const details = await client.companies.get(canonicalId)
    expect(details).toMatchObject({ canonical_id: canonicalId, name: "ACME INDUSTRIAL SUPPLIES LTD", country: "GB" })
    expect(details.organization_number).toBe("08123456")
    expect(details.addresses.length).toBeGreaterThan(0)
    const missing = await failure(client.companies.get("cmpgbdoesnotexist"))
    // company-api's own error body ({description, code}) read into the client's error.
    expect(missing).toMatchObject({ code: "NOT_FOUND", serviceCode: "COMPANY_NOT_FOUND", status: 404 })
  })

  it("reads the published search fields, and resolves a lookup id like a canonical id", async () => {
    const { items } = await client.companies.search({ country: "GB", q: "acme" })
    const found = items.find((item) => item.name === "ACME INDUSTRIAL SUPPLIES LTD")!
    expect(found).toMatchObject({
      lookup_id: expect.any(String),
      company_type: expect.any(String),
      national_identifier: { type: "GB_CRN" },
    })
    expect(found.canonical_id).toMatch(/^[A-Za-z0-9]+$/)
    expect((await client.companies.get(found.lookup_id!)).canonical_id).toBe(found.canonical_id)
    // q is optional: the country's companies
    expect((await client.companies.search({ country: "NO", limit: 100 })).items.length).toBeGreaterThanOrEqual(3)
  })
})

describe("the order interface against the simulator", () => {
  it("walks an order through intent, create, verify, confirm, edit, fulfil, invoice, refund", async () => {
    const company = { company_canonical_id: await acme() }
    const merchantOrderId = uniqueId("cart")
    const key = (step: string) => `${merchantOrderId}:${step}`

    // intent: approved, with a tracking id
    const intent = await client.orders.createIntent(intentBody(company), { idempotencyKey: key("intent") })
    expect(intent).toMatchObject({ approved: true, decline_reason: null, gross_amount: "250.50", currency: "GBP" })
    expect(intent.tracking_id).toBeTruthy()

    // create: UNVERIFIED with a payment_url
    const body = createOrderBody(company, merchantOrderId, { tracking_id: intent.tracking_id })
    expect(checkOrderAmounts({ ...body, line_items: twoLines() })).toEqual({ ok: true })
    const created = await client.orders.create(body, { idempotencyKey: key("create") })
    expect(created).toMatchObject({
      merchant_order_id: merchantOrderId,
      status: "APPROVED",
      state: "UNVERIFIED",
      gross_amount: "250.50",
      tracking_id: intent.tracking_id,
    })
    expect(created.payment_url).toMatch(/^https?:\/\//)

    // the same create again (same key): the first answer; a new key: 409 with the existing id
    expect((await client.orders.create(body, { idempotencyKey: key("create") })).id).toBe(created.id)
    const duplicate = await failure(client.orders.create(body, { idempotencyKey: key("create-again") }))
    expect(duplicate).toMatchObject({ code: "INVALID_STATE", status: 409, details: created.id })
    expect(duplicate.traceId).toBeTruthy()
    // the same key with another body: IDEMPOTENCY_CONFLICT
    const other = createOrderBody(company, merchantOrderId, { merchant_reference: "changed" })
    expect((await failure(client.orders.create(other, { idempotencyKey: key("create") }))).code).toBe(
      "IDEMPOTENCY_CONFLICT",
    )

    // reads
    expect((await client.orders.get(created.id)).id).toBe(created.id)
    const byMerchantId = await client.orders.getByMerchantOrderId(merchantOrderId)
    expect(byMerchantId.map((o) => o.id)).toEqual([created.id])
    expect(await client.orders.getByMerchantOrderId(uniqueId("nothing/here"))).toEqual([])

    // confirm needs VERIFIED
    expect((await failure(client.orders.confirm(created.id, { idempotencyKey: key("confirm-early") }))).code).toBe(
      "INVALID_STATE",
    )
    await control("POST", `/orders/${encodeURIComponent(created.id)}/verify`, { approve: true })
    expect((await client.orders.get(created.id)).state).toBe("VERIFIED")
    const confirmed = await client.orders.confirm(created.id, { idempotencyKey: key("confirm") })
    expect(confirmed.state).toBe("CONFIRMED")

    // edit: new amounts, checked again
    const edited = await client.orders.edit(created.id, editedBody(body), { idempotencyKey: key("edit") })
    expect(edited).toMatchObject({ gross_amount: "370.50", net_amount: "310.00", tax_amount: "60.50" })
    expect(edited.line_items[0].quantity).toBe("3")

    // no invoice before fulfilment
    expect((await failure(client.orders.invoicePdf(created.id, { original: true }))).code).toBe("INVALID_STATE")

    // partial fulfilment: the three brackets
    const bracketFulfilment = {
      gross_amount: "360.00",
      net_amount: "300.00",
      tax_amount: "60.00",
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "300.00", tax_amount: "60.00" }],
      line_items: [editedBody(body).line_items[0]],
    }
    const partly = await client.orders.fulfil(created.id, bracketFulfilment, { idempotencyKey: key("fulfil-1") })
    expect(partly.state).toBe("FULFILLING")
    expect(partly.fulfilled_order).toEqual({ id: partly.fulfilments[0].id })
    expect(partly.remained_order).toEqual({ id: created.id })
    expect(partly.fulfilments).toHaveLength(1)
    expect(partly.fulfilments[0]).toMatchObject({ gross_amount: "360.00" })
    expect(partly.fulfilments[0].invoice_number).toBeTruthy()
    // the same fulfilment retried under its key changes nothing
    const replayed = await client.orders.fulfil(created.id, bracketFulfilment, { idempotencyKey: key("fulfil-1") })
    expect(replayed.fulfilments).toHaveLength(1)

    // full fulfilment of the rest (no body)
    const fulfilled = await client.orders.fulfil(created.id, undefined, { idempotencyKey: key("fulfil-rest") })
    expect(fulfilled.state).toBe("FULFILLED")
    expect(fulfilled.remained_order).toBeNull()
    expect(fulfilled.fulfilments).toHaveLength(2)
    expect(fulfilled.fulfilments[1].gross_amount).toBe("10.50")

    // the invoice
    const invoice = await client.orders.invoicePdf(created.id, { lang: "en_US", original: true })
    expect(invoice.contentType).toMatch(/^application\/pdf/)
    expect(invoice.body.subarray(0, 5).toString("latin1")).toBe("%PDF-")

    // cancel once fulfilled: 409
    expect((await failure(client.orders.cancel(created.id, { idempotencyKey: key("cancel") }))).code).toBe(
      "INVALID_STATE",
    )

    // partial refund of one bracket, by reference
    const refundBody = {
      amount: "120.00",
      currency: "GBP",
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" }],
      reason: "one bracket returned",
      refund_reference: `${merchantOrderId}-rf1`,
    }
    const refund = await client.orders.refund(created.id, refundBody, { idempotencyKey: key("refund-1") })
    expect(refund).toMatchObject({
      amount: "120.00",
      currency: "GBP",
      refund_reference: `${merchantOrderId}-rf1`,
      line_items: [],
    })
    expect(refund.credit_note_number).toBeTruthy()
    // the same reference under another key: the first refund again, no second credit
    const again = await client.orders.refund(created.id, refundBody, { idempotencyKey: key("refund-1-again") })
    expect(again.id).toBe(refund.id)
    expect((await client.orders.get(created.id)).refunds).toHaveLength(1)

    // the latest credit note (no v=original) differs from the invoice
    const creditNote = await client.orders.invoicePdf(created.id)
    expect(creditNote.body.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(Buffer.compare(creditNote.body, invoice.body)).not.toBe(0)

    // refund the rest (a body without amount: reason and reference only), then nothing is left
    const rest = await client.orders.refund(
      created.id,
      { reason: "all returned", refund_reference: `${merchantOrderId}-rest` },
      { idempotencyKey: key("refund-rest") },
    )
    expect(rest).toMatchObject({ amount: "250.50", total_amount: "250.50", reason: "all returned", refund_no: 2 })
    const refunded = await client.orders.get(created.id)
    expect(refunded.state).toBe("REFUNDED")
    expect(refunded.refunds).toHaveLength(2)
    const tooMuch = await failure(
      client.orders.refund(
        created.id,
        { ...refundBody, refund_reference: `${merchantOrderId}-rf3` },
        { idempotencyKey: key("refund-3") },
      ),
    )
    expect(tooMuch).toMatchObject({ code: "INVALID_STATE", status: 409 })
  })

  it(
    "refuses what the contract refuses before sending: a line without description, " +
      "half a representative, an odd id",
    async () => {
      const company = { company_canonical_id: await acme() }
      const [bracket, shipping] = twoLines()
      const { description: _d, ...bare } = bracket
      const noDescription = await failure(
        client.orders.createIntent(
          { ...intentBody(company), line_items: [bare as never, shipping] },
          { idempotencyKey: uniqueId("i") },
        ),
      )
      expect(noDescription).toMatchObject({ code: "INVALID_REQUEST" })
      expect(noDescription.message).toContain("line_items[0].description")
      const half = {
        ...intentBody(company),
        buyer: { company, representative: { first_name: "Jane", last_name: "Buyer" } },
      }
      expect(
        (await failure(client.orders.createIntent(half as never, { idempotencyKey: uniqueId("i") }))).message,
      ).toContain("phone_number")
      const lax = {
        ...intentBody(company),
        buyer: { company, representative: { first_name: "Jane", last_name: "Buyer", phone_number: "+447700900123" } },
      }
      expect((await client.orders.createIntent(lax, { idempotencyKey: uniqueId("i") })).approved).toBe(true)
      const odd = await failure(
        client.orders.createIntent(intentBody({ company_canonical_id: "cmp_gb_08123456" }), {
          idempotencyKey: uniqueId("i"),
        }),
      )
      expect(odd.message).toContain("company_canonical_id")
    },
  )

  it(
    "creates without a shipping address (the service answers the billing address) " +
      "and edits with a new merchant_order_id",
    async () => {
      const company = { company_canonical_id: await acme() }
      const { shipping_address: _s, ...body } = createOrderBody(company, uniqueId("cart"))
      const created = await client.orders.create(body, { idempotencyKey: uniqueId("create") })
      expect(created.shipping_address).toMatchObject({
        street_address: body.billing_address.street_address,
        id: expect.any(String),
      })
      expect(created).toMatchObject({
        order_type: "BUYER_INITIATED",
        invoice_type: "FUNDED_INVOICE",
        payable_amount: "250.50",
        prepaid_amount: "0.00",
      })
      const renamed = uniqueId("renamed")
      const edit = { ...editedBody(createOrderBody(company, "x")), merchant_order_id: renamed }
      const edited = await client.orders.edit(created.id, edit, { idempotencyKey: uniqueId("edit") })
      expect(edited.merchant_order_id).toBe(renamed)
      expect((await client.orders.getByMerchantOrderId(renamed)).map((o) => o.id)).toEqual([created.id])
    },
  )

  it("answers a declined intent with approved false and a reason", async () => {
    const { items } = await client.companies.search({ country: "GB", q: "highgate" })
    expect(items).toHaveLength(1)
    const intent = await client.orders.createIntent(intentBody({ company_canonical_id: items[0].canonical_id }), {
      idempotencyKey: uniqueId("intent"),
    })
    expect(intent).toMatchObject({ approved: false, decline_reason: "TOO_HIGH_RISK" })
    const unknown = await client.orders.createIntent(
      intentBody({ company_name: "NOBODY LTD", country_prefix: "GB", organization_number: "00000001" }),
      { idempotencyKey: uniqueId("intent") },
    )
    expect(unknown).toMatchObject({ approved: false, decline_reason: "BUYER_NOT_FOUND" })
  })

  it("cancels an order, and reports a second cancel as already cancelled (202)", async () => {
    const company = { company_canonical_id: await acme() }
    const order = await client.orders.create(createOrderBody(company, uniqueId("cart")), {
      idempotencyKey: uniqueId("create"),
    })
    const first = await client.orders.cancel(order.id, { idempotencyKey: uniqueId("cancel") })
    expect(first).toMatchObject({ alreadyCancelled: false, order: { id: order.id, state: "CANCELLED" } })
    const second = await client.orders.cancel(order.id, { idempotencyKey: uniqueId("cancel") })
    expect(second).toMatchObject({ alreadyCancelled: true, order: { state: "CANCELLED" } })
    expect((await failure(client.orders.get("ord_does_not_exist"))).code).toBe("NOT_FOUND")
  })
})

describe("faults injected in the simulator", () => {
  it("retries 503s on a GET and succeeds", async () => {
    const order = await client.orders.create(
      createOrderBody({ company_canonical_id: await acme() }, uniqueId("cart")),
      {
        idempotencyKey: uniqueId("create"),
      },
    )
    await control("POST", "/faults", {
      method: "GET",
      path: "/v1/order/:id",
      times: 2,
      fault: { type: "status", status: 503 },
    })
    const before = client.stats()
    expect((await client.orders.get(order.id)).id).toBe(order.id)
    const after = client.stats()
    expect(after.attempts - before.attempts).toBe(3)
    expect(after.retries - before.retries).toBe(2)
  })

  it("honours the simulator's Retry-After on a 429", async () => {
    await control("POST", "/faults", {
      path: "/companies/v2/company",
      fault: { type: "status", status: 429, retry_after: 1 },
    })
    const started = performance.now()
    await client.companies.search({ country: "GB", q: "acme" })
    expect(performance.now() - started).toBeGreaterThanOrEqual(990)
  })

  it("makes no second order when the connection drops after the create was handled", async () => {
    const merchantOrderId = uniqueId("cart")
    const company = { company_canonical_id: await acme() }
    await control("POST", "/faults", { method: "POST", path: "/v1/order", fault: { type: "drop", when: "after" } })
    const before = client.stats()
    const order = await client.orders.create(createOrderBody(company, merchantOrderId), {
      idempotencyKey: uniqueId("create"),
    })
    expect(client.stats().attempts - before.attempts).toBe(2)
    expect(order.merchant_order_id).toBe(merchantOrderId)
    expect(await client.orders.getByMerchantOrderId(merchantOrderId)).toHaveLength(1)
  })

  it("reports a broken 2xx answer as CONTRACT_VIOLATION without retrying", async () => {
    const canonicalId = await acme()
    await control("POST", "/faults", {
      method: "GET",
      path: "/companies/v2/company/:id",
      fault: { type: "contract_violation" },
    })
    const before = client.stats()
    expect((await failure(client.companies.get(canonicalId))).code).toBe("CONTRACT_VIOLATION")
    expect(client.stats().attempts - before.attempts).toBe(1)
    await control("POST", "/faults", {
      method: "GET",
      path: "/companies/v2/company/:id",
      fault: { type: "malformed_json" },
    })
    expect((await failure(client.companies.get(canonicalId))).code).toBe("CONTRACT_VIOLATION")
  })

  it("is refused with UNAUTHORIZED under a well-formed key the service does not know", async () => {
    const stranger = createTradeCreditClient({
      apiKey: "secret_test_" + "Q".repeat(43),
      environment: "sandbox",
      baseUrl: sim.url,
    })
    try {
      const error = await failure(stranger.companies.search({ country: "GB", q: "acme" }))
      expect(error).toMatchObject({ code: "UNAUTHORIZED", status: 401, retryable: false })
      expect(error.message).not.toContain("Q".repeat(20))
    } finally {
      await stranger.close()
    }
  })
})

import { type TradeCreditClient, TradeCreditError } from ".."
import { createOrderBody, orderAnswer } from "./fixtures"
import { type ScriptedServer, useScriptedClient } from "./scripted-server"

/**
 * Issue 36: what the client reads accepts every answer the published documents allow (defects 1, 5 and 7), and a
 * non-2xx answer maps to one TradeCreditError whatever its body. Each answer here is one the service may send; each
 * test failed on the code before the issue.
 */

const scripted = useScriptedClient()
let server: ScriptedServer
let client: TradeCreditClient
beforeAll(() => ({ server, client } = scripted))

/** A full refund as RefundSummaryResponseSchema allows it: `tax_subtotals` null, lines null. */
const refundAnswer = (extra: Record<string, unknown> = {}) => ({
  id: "0b7f9a58-5a1f-4a8e-9d0e-0d6f3c1c2b11",
  amount: "250.50",
  total_amount: "250.50",
  payable_amount: "250.50",
  prepaid_amount: "0.00",
  currency: "GBP",
  refund_no: 1,
  credit_note_number: "CN-1",
  credit_note_url: "https://api.example.com/v1/invoice/ord_123/pdf",
  refund_date: "2026-11-27T10:00:00Z",
  reason: null,
  refund_reference: "ref_1",
  tax_subtotals: null,
  line_items: null,
  ...extra,
})

describe("defect 1: a refund answered with tax_subtotals null", () => {
  it("reads the full refund the service made", async () => {
    server.script({ status: 201, body: refundAnswer() })
    const refund = await client.orders.refund("ord_123", { refund_reference: "ref_1" }, { idempotencyKey: "ref_1" })
    expect(refund).toMatchObject({
      id: "0b7f9a58-5a1f-4a8e-9d0e-0d6f3c1c2b11",
      amount: "250.50",
      credit_note_number: "CN-1",
    })
    expect(refund.tax_subtotals ?? []).toEqual([])
    expect(refund.line_items ?? []).toEqual([])
  })

  it("reads the order whose refunds[] carry tax_subtotals null", async () => {
    const { line_items: _lines, ...refund } = refundAnswer()
    server.script({
      status: 200,
      body: { ...orderAnswer({ state: "REFUNDED" }), refunds: [{ ...refund, line_items: null }] },
    })
    const order = await client.orders.get("ord_123")
    expect(order.state).toBe("REFUNDED")
    expect(order.refunds.map((r) => r.id)).toEqual(["0b7f9a58-5a1f-4a8e-9d0e-0d6f3c1c2b11"])
  })
})

describe("defect 5: the resolved company of an order created by company_canonical_id", () => {
  it("keeps the organization number, the country and the name the service resolved", async () => {
    const company = {
      company_canonical_id: "GB01234567",
      country_prefix: "GB",
      organization_number: "01234567",
      company_name: "ACME LTD",
    }
    server.script({
      status: 201,
      body: { ...orderAnswer(), buyer: { company, representative: orderAnswer().buyer.representative } },
    })
    const order = await client.orders.create(createOrderBody({ company_canonical_id: "GB01234567" }, "cart_1"), {
      idempotencyKey: "cart_1:create",
    })
    expect(order.buyer.company).toEqual(company)
  })

  it("still reads a company given by number alone", async () => {
    const company = {
      country_prefix: "GB",
      organization_number: "01234567",
      company_name: null,
      company_canonical_id: null,
    }
    server.script({ status: 200, body: { ...orderAnswer(), buyer: { company } } })
    const order = await client.orders.get("ord_123")
    expect(order.buyer.company).toEqual({ country_prefix: "GB", organization_number: "01234567" })
  })
})

describe("defect 7: the saved buyer of autofill with the phone as the buyer typed it", () => {
  const saved = (phone: unknown, extra: Record<string, unknown> = {}) => ({
    company_name: "Jo Bloggs Plumbing",
    country_code: "GB",
    organization_number: "ST-GB-000123",
    first_name: "Jo",
    last_name: "Bloggs",
    email: "jo@example.com",
    phone_number: phone,
    billing_address: null,
    shipping_address: null,
    ...extra,
  })

  it("normalises a national-format phone to E.164 by the buyer's country", async () => {
    server.script({ status: 200, body: saved("07400 123456") })
    const buyer = await client.autofill.readCurrentBuyer({ buyerReference: "cus_1" })
    expect(buyer).toMatchObject({
      organization_number: "ST-GB-000123",
      country_code: "GB",
      phone_number: "+447400123456",
    })
  })

  it("takes the billing address's country when the buyer has none", async () => {
    server.script({
      status: 200,
      body: saved("(201) 555-0123", { country_code: null, billing_address: { country: "US" } }),
    })
    const buyer = await client.autofill.readCurrentBuyer({ buyerReference: "cus_1" })
    expect(buyer?.phone_number).toBe("+12015550123")
  })

  it("drops a phone that cannot be normalised instead of stranding the buyer", async () => {
    for (const phone of ["call me", "12", "+44 12", ""]) {
      server.script({ status: 200, body: saved(phone) })
      const buyer = await client.autofill.readCurrentBuyer({ buyerReference: "cus_1" })
      expect(buyer).toMatchObject({ organization_number: "ST-GB-000123" })
      expect(buyer?.phone_number ?? null).toBeNull()
    }
  })

  it("keeps an E.164 phone as it is", async () => {
    server.script({ status: 200, body: saved("+447400123456") })
    expect((await client.autofill.readCurrentBuyer({ buyerReference: "cus_1" }))?.phone_number).toBe("+447400123456")
  })
})

describe("error answers: the status decides, whatever the body", () => {
  const failure = async (reply: { status: number; headers?: Record<string, string>; body?: unknown }) => {
    server.script(reply)
    const error = await client.orders.get("ord_123").then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(TradeCreditError)
    return error as TradeCreditError
  }

  it("maps an empty body by its status", async () => {
    const error = await failure({ status: 404, body: "" })
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", retryable: false })
    expect(error.serviceCode).toBeUndefined()
  })

  it("maps a body that is not JSON by its status", async () => {
    const error = await failure({
      status: 409,
      headers: { "content-type": "text/html" },
      body: "<html>conflict</html>",
    })
    expect(error).toMatchObject({ status: 409, code: "INVALID_STATE" })
    expect(error.message).toContain("409")
  })

  it("maps a JSON body that carries no code by its status, keeping its message", async () => {
    const error = await failure({ status: 401, body: { message: "key unknown" } })
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" })
    const detail = await failure({ status: 403, body: { detail: "no capability" } })
    expect(detail).toMatchObject({ status: 403, code: "FORBIDDEN" })
    expect(detail.message).toContain("no capability")
  })

  it("reads a contract body with extra fields and without its optional ones", async () => {
    const error = await failure({
      status: 409,
      body: {
        error_code: "INVALID_STATE",
        error_message: "fulfilled",
        error_trace_id: "t1",
        extra: { nested: true },
        error_source: "x",
      },
    })
    expect(error).toMatchObject({ status: 409, code: "INVALID_STATE", serviceCode: "INVALID_STATE", traceId: "t1" })
    const partial = await failure({
      status: 400,
      body: { error_code: "SCHEMA_ERROR", error_message: "bad", error_details: null },
    })
    expect(partial).toMatchObject({ status: 400, code: "SCHEMA_ERROR", serviceCode: "SCHEMA_ERROR" })
    expect(partial.traceId).toBeUndefined()
  })

  it("maps an error code with no message, or a status the contract never names", async () => {
    const codeOnly = await failure({ status: 409, body: { error_code: "INVALID_STATE" } })
    expect(codeOnly).toMatchObject({ status: 409, code: "INVALID_STATE" })
    const teapot = await failure({ status: 418, body: {} })
    expect(teapot).toMatchObject({ status: 418, code: "HTTP_418", retryable: false })
    const gateway = await failure({ status: 502, body: "" })
    expect(gateway).toMatchObject({ status: 502, code: "SERVER_ERROR", retryable: true })
  })

  it("reads the {description, code} and {detail} bodies with extra fields", async () => {
    const described = await failure({ status: 404, body: { description: "no such plan", code: "ERROR", more: 1 } })
    expect(described).toMatchObject({ status: 404, code: "NOT_FOUND", serviceCode: "ERROR" })
    const invalid = await failure({
      status: 422,
      body: { detail: [{ loc: ["body", "amount"], msg: "bad", type: "value_error", ctx: {} }], extra: 1 },
    })
    expect(invalid).toMatchObject({
      status: 422,
      code: "SCHEMA_ERROR",
      errors: [{ loc: ["amount"], msg: "bad", type: "value_error" }],
    })
  })
})

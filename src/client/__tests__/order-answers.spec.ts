import { loadPublishedSync, type PublishedDocuments } from "../../../conformance/published"
import { Order, OrderList, OrderSummary } from "../../service/schemas/order"
import { type TradeCreditClient, TradeCreditError } from ".."
import { type ScriptedServer, useScriptedClient } from "./scripted-server"

/**
 * Issue 36, the order interface: what an order answer may leave out or carry as the published documents allow it
 * (OrderResponseSchema), read through the client's own calls. The property tests
 * (src/service/__tests__/client-answers.property.spec.ts) pin one state per call; here every published state, every
 * country of the addresses, the nullable amounts and the values outside the published enums.
 */

let published: PublishedDocuments
const scripted = useScriptedClient()
let server: ScriptedServer
let client: TradeCreditClient
beforeAll(() => ({ server, client } = scripted))

beforeAll(() => {
  published = loadPublishedSync()
})

const ORDER_ID = "6f1c2a4e-3b0d-4c55-9a57-1f2e3d4c5b6a"
const address = {
  id: "a1",
  organization_name: "ACME LTD",
  street_address: "1 High St",
  postal_code: "EC1A 1BB",
  city: "London",
  region: "",
  country: "GB",
}

/** An order answer with the published required fields and what the seed promises, nothing else (no `fulfilments`). */
const requiredOnly = (extra: Record<string, unknown> = {}): Record<string, any> => ({
  id: ORDER_ID,
  state: "CONFIRMED",
  status: "APPROVED",
  order_placed_date: "2026-11-21T10:00:00Z",
  gross_amount: "120.5",
  payable_amount: null,
  invoice_amount: null,
  prepaid_amount: null,
  net_amount: "100.42",
  currency: "GBP",
  discount_amount: "0",
  discount_rate: "0",
  tax_amount: "20.08",
  invoice_type: "FUNDED_INVOICE",
  order_type: "BUYER_INITIATED",
  buyer: { company: { country_prefix: "GB", organization_number: "01234567" } },
  line_items: [],
  merchant_order_id: "cart_1",
  merchant_id: "0b7f9a58-5a1f-4a8e-9d0e-0d6f3c1c2b11",
  billing_address: address,
  shipping_address: address,
  ...extra,
})

const conforms = (answer: unknown) =>
  expect(published.response("get", `/v1/order/${ORDER_ID}`, 200, answer)).toEqual([])

async function read(answer: unknown) {
  server.script({ status: 200, body: answer })
  return client.orders.get(ORDER_ID)
}

async function refusal(run: () => Promise<unknown>): Promise<TradeCreditError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TradeCreditError)
  return error as TradeCreditError
}

describe("an order answer without `fulfilments` (the contract's field; the published schema has none)", () => {
  it.each(["UNVERIFIED", "VERIFIED", "CONFIRMED"])("%s: none yet", async (state) => {
    const answer = requiredOnly({ state })
    conforms(answer)
    expect((await read(answer)).fulfilments).toEqual([])
  })

  it.each([
    ["FULFILLED", "FULFILLED"],
    ["DELIVERED", "FULFILLED"],
    ["REFUNDED", "REFUNDED"],
  ])("%s: one fulfilment of the whole order, from the order's invoice", async (state, readAs) => {
    const answer = requiredOnly({
      state,
      invoice_url: "https://api.example.com/v1/invoice/o/pdf",
      invoice_details: {
        id: "9d0e0d6f-3c1c-4b11-8a8e-0b7f9a585a1f",
        invoice_number: "INV-7",
        invoice_url: "https://api.example.com/other",
      },
      line_items: [LINE],
    })
    conforms(answer)
    const order = await read(answer)
    expect(order.state).toBe(readAs)
    expect(order.fulfilments).toEqual([
      {
        id: ORDER_ID,
        gross_amount: "120.50",
        invoice_number: "INV-7",
        invoice_url: "https://api.example.com/v1/invoice/o/pdf",
        line_items: order.line_items,
      },
    ])
  })

  it("FULFILLED with no invoice named: the fulfilment has no number or link (the invoice is the order's)", async () => {
    const answer = requiredOnly({ state: "FULFILLED" })
    conforms(answer)
    server.script({ status: 200, body: answer })
    const summary = await client.orders.getSummary(ORDER_ID)
    expect(summary.fulfilments).toEqual([
      { id: ORDER_ID, gross_amount: "120.50", invoice_number: "", invoice_url: "", line_items: [] },
    ])
  })

  it.each(["FULFILLING", "FULFILMENT_NEEDS_MANUAL_RESOLUTION", "CANCELLED"])(
    "%s: refused, coded (part of the order may be invoiced: the plugin cannot tell what)",
    async (state) => {
      const answer = requiredOnly({ state })
      conforms(answer)
      const error = await refusal(() => read(answer))
      expect(error.code).toBe("CONTRACT_VIOLATION")
      expect(error.message).toMatch(/fulfilments/)
    },
  )

  it.each(["FULFILLING", "FULFILMENT_NEEDS_MANUAL_RESOLUTION", "CANCELLED", "FULFILLED"])(
    "%s with `fulfilments` listed: read as listed",
    async (state) => {
      const fulfilment = {
        id: "f1",
        gross_amount: "60",
        invoice_number: "INV-1",
        invoice_url: "https://api.example.com/f1",
        line_items: [],
      }
      const order = await read(requiredOnly({ state, fulfilments: [fulfilment] }))
      expect(order.fulfilments).toEqual([{ ...fulfilment, gross_amount: "60.00" }])
    },
  )
})

const LINE = {
  name: "Widget",
  description: "A widget",
  gross_amount: "120.5",
  net_amount: "100.42",
  quantity: "1",
  unit_price: "100.42",
  tax_amount: "20.08",
  tax_rate: "0.2",
  tax_class_name: "VAT 20%",
  quantity_unit: "pcs",
  type: "PHYSICAL",
}

describe("nullable amounts (payable, invoice, prepaid) and money", () => {
  it(
    "null payable and invoice amounts read as the gross, prepaid as 0.00, every " + "one an exact decimal string",
    async () => {
      const order = await read(requiredOnly())
      expect(order).toMatchObject({
        gross_amount: "120.50",
        payable_amount: "120.50",
        invoice_amount: "120.50",
        prepaid_amount: "0.00",
      })
    },
  )

  it("absent, the same", async () => {
    const { payable_amount: _p, invoice_amount: _i, prepaid_amount: _r, ...answer } = requiredOnly()
    expect(await read(answer)).toMatchObject({
      payable_amount: "120.50",
      invoice_amount: "120.50",
      prepaid_amount: "0.00",
    })
  })

  it("given, kept exactly (never through Number)", async () => {
    const order = await read(
      requiredOnly({
        gross_amount: "9007199254740993.1",
        payable_amount: "9007199254740993.10",
        invoice_amount: "0.125",
        prepaid_amount: "-1.",
      }),
    )
    expect(order).toMatchObject({
      gross_amount: "9007199254740993.10",
      payable_amount: "9007199254740993.10",
      invoice_amount: "0.125",
      prepaid_amount: "-1.00",
    })
  })
})

describe("values outside the published enums: refused with a coded error naming the value", () => {
  it("an unknown state", async () => {
    const error = await refusal(() => read(requiredOnly({ state: "ON_HOLD" })))
    expect(error.code).toBe("CONTRACT_VIOLATION")
    expect(error.message).toContain(
      `state: order state "ON_HOLD" is not one the published documents list (UNVERIFIED, VERIFIED`,
    )
  })

  it("an unknown status", async () => {
    const error = await refusal(() => read(requiredOnly({ status: "PENDING" })))
    expect(error.code).toBe("CONTRACT_VIOLATION")
    expect(error.message).toContain(
      `status: order status "PENDING" is not one the published documents list ` +
        `(APPROVED, REJECTED, PARTIAL, UNINITIATED, DECLINED)`,
    )
  })

  it.each([
    ["state", null],
    ["status", null],
    ["id", null],
  ])("%s null (published nullable, promised by the seed): refused", async (field, value) => {
    expect((await refusal(() => read(requiredOnly({ [field]: value })))).code).toBe("CONTRACT_VIOLATION")
  })
})

describe("every published value the property tests pin", () => {
  it("every CountryCodeEnum value at the company and both addresses", () => {
    const countries: string[] = published.responseJsonSchema("get", "/v1/order/x", 200)!.root.components.schemas
      .CountryCodeEnum.enum
    expect(countries.length).toBeGreaterThan(100)
    for (const country of countries) {
      const answer = requiredOnly({
        buyer: { company: { country_prefix: country, organization_number: "1" } },
        billing_address: { ...address, country },
        shipping_address: { ...address, country },
      })
      for (const schema of [Order, OrderSummary]) {
        const parsed = schema.safeParse(answer)
        expect(
          parsed.success && [parsed.data.buyer.company.country_prefix, parsed.data.billing_address.country],
        ).toEqual([country, country])
      }
    }
  })

  it("an order list item in every published state: orders read, latent orders (quotes) left out", () => {
    const states: string[] = published.responseJsonSchema("get", "/v1/order/x", 200)!.root.components.schemas
      .OrderStateEnum.enum
    for (const state of states) {
      const needsList = ["FULFILLING", "FULFILMENT_NEEDS_MANUAL_RESOLUTION", "CANCELLED"].includes(state)
      const item = requiredOnly({ state, ...(needsList && { fulfilments: [] }) })
      const quote = requiredOnly({ state, status: "QUOTED", invoice_details: null })
      const parsed = OrderList.safeParse([item, quote])
      expect(parsed.success && parsed.data.map((o) => o.id)).toEqual([ORDER_ID])
    }
  })
})

describe("a refund without its credit note link", () => {
  it("reads credit_note_url null as null (not a fetchable URL)", async () => {
    const refund = {
      id: "r1",
      amount: "10",
      total_amount: "10",
      payable_amount: "10",
      currency: "GBP",
      refund_no: 1,
      credit_note_number: "CN-1",
      credit_note_url: null,
    }
    const order = await read(requiredOnly({ state: "REFUNDED", refunds: [refund] }))
    expect(order.refunds).toEqual([expect.objectContaining({ id: "r1", amount: "10.00", credit_note_url: null })])
  })
})

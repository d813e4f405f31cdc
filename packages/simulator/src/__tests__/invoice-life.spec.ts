import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { startSimulator, type RunningSimulator } from "../index"
import {
  advanceDays,
  eventsOf,
  expectPublished,
  invoicedOrder,
  plusDays,
  readDetails,
  simToday,
} from "./after-invoice-fixtures"
import { call, confirmedOrder, control, defaultLines, orderBody, totals } from "./helpers"

/**
 * An order's invoice after it is issued (issue #38), over real HTTP: the published read
 * (`GET /v1/order/{id}/invoice_details`) and the order.reconciliation events the control API's payments,
 * collections and recourses, the refunds and the clock drive. Every answer and event is held to the published
 * documents.
 */

let sim: RunningSimulator
let published: PublishedDocuments

beforeAll(async () => {
  sim = await startSimulator({ port: 0 })
  published = await loadPublished()
})
afterAll(() => sim?.close())
beforeEach(async () => {
  expect((await control(sim, "POST", "/reset")).status).toBe(200)
})

const details = async (id: string) => {
  const answer = await readDetails(sim, id)
  expect(answer.status).toBe(200)
  expect(published.response("GET", `/v1/order/${id}/invoice_details`, 200, answer.body)).toEqual([])
  return answer.body
}

describe("simulator: GET /v1/order/{id}/invoice_details", () => {
  it("answers 404 for an order it does not have and 409 INVALID_STATE before the first invoice", async () => {
    expect((await readDetails(sim, "00000000-0000-4000-8000-000000000000")).status).toBe(404)
    const order = await confirmedOrder(sim)
    const before = await readDetails(sim, order.id)
    expect(before.status).toBe(409)
    expect(before.body.error_code).toBe("INVALID_STATE")
  })

  it("reads an invoice NOT_PAID, due by the order's terms, and sends order.reconciliation.invoiced.v1", async () => {
    const { order, invoiceId } = await invoicedOrder(sim, { terms: { type: "NET_TERMS", duration_days: 14 } })
    const today = await simToday(sim)
    expect(await details(order.id)).toMatchObject({
      id: order.id,
      gross_amount: "360.00",
      net_amount: "300.00",
      tax_amount: "60.00",
      total_paid_amount: "0.00",
      total_credited_amount: "0.00",
      total_collected_amount: "0.00",
      total_recoursed_amount: "0.00",
      unpaid_amount: "360.00",
      payment_status: "NOT_PAID",
      invoice_number: expect.stringMatching(/^INV-\d{6}$/),
      invoice_issue_date: today,
      due_date: plusDays(today, 14),
      invoice_url: expect.stringContaining(`/v1/invoice/${order.id}/pdf`),
      last_updated: expect.any(String),
    })
    const [invoiced] = await eventsOf(sim, "order.reconciliation.invoiced.v1")
    expect(invoiced.data).toEqual({
      root_order_id: order.id,
      order_id: order.id,
      invoice_id: invoiceId,
      merchant_id: order.merchant_id,
      amount: "360.00",
      currency: "GBP",
      billing_period_id: null,
      merchant_user_id: null,
    })
    expectPublished(published, [invoiced])
    // Without terms an invoice is due in 30 days.
    const other = await invoicedOrder(sim)
    expect((await details(other.order.id)).due_date).toBe(plusDays(today, 30))
  })

  it("reads one invoice by its id: an order fulfilled in parts has one invoice per part", async () => {
    const order = await confirmedOrder(sim)
    const [bricks, ...rest] = defaultLines()
    const first = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`, { body: { partial: totals([bricks]) } })
    const second = await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
    const [a, b] = [first.body.fulfilled_order.id, second.body.fulfilled_order.id]
    expect(await details(a)).toMatchObject({ id: a, gross_amount: "240.00", unpaid_amount: "240.00" })
    expect(await details(b)).toMatchObject({ id: b, gross_amount: totals(rest).gross_amount })
    expect(await details(order.id)).toMatchObject({ id: order.id, gross_amount: "360.00" })
    const invoiced = await eventsOf(sim, "order.reconciliation.invoiced.v1")
    expect(invoiced.map((e) => [e.data.invoice_id, e.data.amount])).toEqual([
      [a, "240.00"],
      [b, "120.00"],
    ])
  })

  it("is OVERDUE once the due date has passed on the simulator clock, and PAID once paid", async () => {
    const { order } = await invoicedOrder(sim, { terms: { type: "NET_TERMS", duration_days: 10 } })
    await advanceDays(sim, 10)
    expect((await details(order.id)).payment_status).toBe("NOT_PAID")
    await advanceDays(sim, 1)
    expect((await details(order.id)).payment_status).toBe("OVERDUE")
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, {})).status).toBe(201)
    expect(await details(order.id)).toMatchObject({ payment_status: "PAID", unpaid_amount: "0.00" })
  })
})

describe("simulator: payments, credits, collection and recourse (order.reconciliation events)", () => {
  it("allocates a part payment, then the rest: negative amounts, the payment and the matched reference", async () => {
    const { order, invoiceId } = await invoicedOrder(sim)
    const invoiceNumber = (await details(order.id)).invoice_number
    const part = await control(sim, "POST", `/orders/${order.id}/payments`, { amount: "100.00", reference: "PO-77" })
    expect(part.status).toBe(201)
    expect(part.body).toMatchObject({
      order_id: order.id,
      payment: { payment_reference: "PO-77", payment_amount: "100.00", currency: "GBP" },
      allocations: [{ invoice_id: invoiceId, amount: "100.00" }],
      invoice_details: { payment_status: "PARTIAL_PAYMENT", total_paid_amount: "100.00", unpaid_amount: "260.00" },
    })
    const rest = await control(sim, "POST", `/orders/${order.id}/payments`, {})
    expect(rest.body.payment).toMatchObject({ payment_amount: "260.00", payment_reference: invoiceNumber })
    expect(await details(order.id)).toMatchObject({ payment_status: "PAID", total_paid_amount: "360.00" })

    const allocated = await eventsOf(sim, "order.reconciliation.payment_allocated.v1")
    expect(allocated.map((e) => e.data.amount)).toEqual(["-100.00", "-260.00"])
    expect(allocated[0].data).toEqual({
      root_order_id: order.id,
      order_id: order.id,
      invoice_id: invoiceId,
      merchant_id: order.merchant_id,
      amount: "-100.00",
      currency: "GBP",
      billing_period_id: null,
      merchant_user_id: null,
      matched_reference: invoiceNumber,
      payment: {
        payment_id: part.body.payment.payment_id,
        payment_reference: "PO-77",
        booked_at: part.body.payment.booked_at,
        payment_amount: "100.00",
        currency: "GBP",
      },
    })
    expectPublished(published, allocated)
  })

  it("refuses a payment before the invoice, above what is unpaid, of nothing unpaid, of an unknown order", async () => {
    const order = await confirmedOrder(sim)
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, {})).status).toBe(409)
    await call(sim, "POST", `/v1/order/${order.id}/fulfilled`)
    const tooMuch = await control(sim, "POST", `/orders/${order.id}/payments`, { amount: "360.01" })
    expect(tooMuch).toMatchObject({ status: 409, body: { error_code: "INVALID_STATE" } })
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, { amount: "0.00" })).status).toBe(400)
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, { amount: "12" })).status).toBe(400)
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, {})).status).toBe(201)
    expect((await control(sim, "POST", `/orders/${order.id}/payments`, {})).status).toBe(409)
    expect((await control(sim, "POST", "/orders/nope/payments", {})).status).toBe(404)
  })

  it("credits a refund (negative) and de-allocates the payment it passes (positive)", async () => {
    const { order, invoiceId } = await invoicedOrder(sim)
    // A part refund before any payment: credited only.
    const part = await call(sim, "POST", `/v1/order/${order.id}/refund`, {
      body: {
        amount: "60.00",
        currency: "GBP",
        tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "50.00", tax_amount: "10.00" }],
      },
    })
    expect(part.status).toBe(201)
    expect(await details(order.id)).toMatchObject({ payment_status: "PARTIAL_REFUND", unpaid_amount: "300.00" })
    await control(sim, "POST", `/orders/${order.id}/payments`, {})
    // The rest refunded after the buyer paid: the payment is taken back by as much.
    const rest = await call(sim, "POST", `/v1/order/${order.id}/refund`)
    expect(rest.status).toBe(201)
    const credited = await eventsOf(sim, "order.reconciliation.credited.v1")
    expect(credited.map((e) => e.data.amount)).toEqual(["-60.00", "-300.00"])
    expect(credited[1].data).toMatchObject({
      invoice_id: invoiceId,
      credit_note: { refund_id: rest.body.id, credited_at: rest.body.refund_date, credit_note_amount: "300.00" },
    })
    const allocated = await eventsOf(sim, "order.reconciliation.payment_allocated.v1")
    expect(allocated.map((e) => e.data.amount)).toEqual(["-300.00", "300.00"])
    expect(allocated[1].data.payment.payment_id).toBe(allocated[0].data.payment.payment_id)
    expect(await details(order.id)).toMatchObject({
      payment_status: "REFUNDED",
      total_paid_amount: "0.00",
      total_credited_amount: "360.00",
      unpaid_amount: "0.00",
    })
    expectPublished(published, [...credited, ...allocated])
  })

  it("sends what is unpaid to collection, and hands invoices back to the merchant in part and in full", async () => {
    const collected = await invoicedOrder(sim)
    await control(sim, "POST", `/orders/${collected.order.id}/payments`, { amount: "60.00" })
    const collection = await control(sim, "POST", `/orders/${collected.order.id}/collection`, {})
    expect(collection.status).toBe(201)
    expect(collection.body).toMatchObject({
      collection: { collection_amount: "300.00" },
      invoice_details: { payment_status: "IN_COLLECTIONS", total_collected_amount: "300.00", unpaid_amount: "0.00" },
    })
    const [event] = await eventsOf(sim, "order.reconciliation.collected.v1")
    expect(event.data).toMatchObject({
      invoice_id: collected.invoiceId,
      amount: "-300.00",
      collection: {
        collection_id: collection.body.collection.collection_id,
        collected_at: expect.any(String),
        collection_amount: "300.00",
      },
    })

    const recoursed = await invoicedOrder(sim)
    const part = await control(sim, "POST", `/orders/${recoursed.order.id}/recourse`, { amount: "160.00" })
    expect(part.body.invoice_details).toMatchObject({ payment_status: "PARTIAL_RECOURSE", unpaid_amount: "200.00" })
    const full = await control(sim, "POST", `/orders/${recoursed.order.id}/recourse`, {})
    expect(full.body.invoice_details).toMatchObject({
      payment_status: "RECOURSED",
      total_recoursed_amount: "360.00",
      unpaid_amount: "0.00",
    })
    const recourses = await eventsOf(sim, "order.reconciliation.recoursed.v1")
    expect(recourses.map((e) => [e.data.amount, e.data.recourse.recourse_amount])).toEqual([
      ["-160.00", "160.00"],
      ["-200.00", "200.00"],
    ])
    expectPublished(published, [event, ...recourses])
  })

  it("names the trade-account user who placed the order (merchant_user_id)", async () => {
    const customer = await call(sim, "POST", "/trade-account/v3/customer", {
      body: {
        merchant_customer_id: "cus_life",
        canonical_id: "cmpgb08123456",
        contact_persons: [
          { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
        ],
        invoice_email_addresses: ["ap@acme.example"],
        trade_name: "Acme Industrial",
      },
    })
    expect(customer.status).toBe(201)
    const user = await call(sim, "POST", `/trade-account/v3/customer/${customer.body.id}/user`, {
      body: { merchant_user_id: "usr_life", email: "grace@acme.example", first_name: "Grace", last_name: "Hopper" },
    })
    expect(user.status).toBe(201)
    await control(sim, "POST", `/trade-accounts/users/${user.body.id}/verify`, {})
    const body = orderBody()
    body.buyer.trade_account = { customer_id: customer.body.id, user_id: user.body.id }
    const created = await call(sim, "POST", "/v1/order", { body })
    expect(created.body.state).toBe("VERIFIED")
    await call(sim, "POST", `/v1/order/${created.body.id}/confirm`)
    await call(sim, "POST", `/v1/order/${created.body.id}/fulfilled`)
    const [invoiced] = await eventsOf(sim, "order.reconciliation.invoiced.v1")
    expect(invoiced.data.merchant_user_id).toBe("usr_life")
  })
})

describe("simulator: the minimal profile sends and answers the same, as narrow as the documents allow", () => {
  let minimal: RunningSimulator
  beforeAll(async () => {
    minimal = await startSimulator({ port: 0, profile: "minimal" })
  })
  afterAll(() => minimal?.close())

  it("sends the invoice's events by their published names and answers the read by its published schema", async () => {
    const { order } = await invoicedOrder(minimal)
    expect((await control(minimal, "POST", `/orders/${order.id}/payments`, { amount: "60.00" })).status).toBe(201)
    const read = await readDetails(minimal, order.id)
    expect(read.status).toBe(200)
    expect(published.response("GET", `/v1/order/${order.id}/invoice_details`, 200, read.body)).toEqual([])
    expect(read.body).toMatchObject({ id: order.id, unpaid_amount: "300.00", total_paid_amount: "60.00" })
    const events = [
      ...(await eventsOf(minimal, "order.reconciliation.invoiced.v1")),
      ...(await eventsOf(minimal, "order.reconciliation.payment_allocated.v1")),
      ...(await eventsOf(minimal, "customer.credit_limit.updated.v1")),
    ]
    expect(events.map((e) => e.type)).toEqual([
      "order.reconciliation.invoiced.v1",
      "order.reconciliation.payment_allocated.v1",
      "customer.credit_limit.updated.v1",
      "customer.credit_limit.updated.v1",
    ])
    // Nullable fields are null in the minimal profile; the amounts stay.
    expect(events[0].data).toMatchObject({ order_id: order.id, amount: "360.00", invoice_id: null })
    expectPublished(published, events)
  })
})

import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { startSimulator, type RunningSimulator } from "../index"
import {
  advanceDays,
  allTypes,
  eventsOf,
  expectPublished,
  invoicedOrder,
  plusDays,
  simToday,
} from "./after-invoice-fixtures"
import { ACME_ID, call, control, line, orderBody } from "./helpers"

/**
 * A buyer's standing with the service (issue #38): customer.credit_limit.updated.v1 when its limit or balance
 * changes, and the arrears block by the simulator clock (approaching at the due date, blocked 7 days after, left when
 * paid) or forced by the control API. Every event is held to the published documents.
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

const NORDLYS = "cmpno923456781"
const creditEvents = () => eventsOf(sim, "customer.credit_limit.updated.v1")

describe("simulator: customer.credit_limit.updated.v1", () => {
  it("sends a limit changed by the control API with the previous values, once per change", async () => {
    const patched = await control(sim, "PATCH", `/companies/${ACME_ID}`, { credit_limit: "20000.00" })
    expect(patched.status).toBe(200)
    expect(patched.body.credit).toEqual({
      credit_limit: "20000.00",
      credit_limit_balance: "20000.00",
      max_single_order_value: "20000.00",
      credit_approved: true,
    })
    await control(sim, "PATCH", `/companies/${ACME_ID}`, { credit_limit: "20000.00" })
    const [event, ...more] = await creditEvents()
    expect(more).toEqual([])
    expect(event.data).toEqual({
      buyer_company_name: "ACME INDUSTRIAL SUPPLIES LTD",
      buyer_organization_number: "08123456",
      country: "GB",
      previous_credit_limit: "50000.00",
      previous_credit_limit_balance: "50000.00",
      credit_limit: "20000.00",
      credit_limit_balance: "20000.00",
      max_single_order_value: "20000.00",
      buyer_is_in_arrears: false,
      currency: "GBP",
      credit_approved: true,
      decline_reason: null,
    })
    await control(sim, "PATCH", `/companies/${ACME_ID}`, { declined: true })
    expect((await creditEvents())[1].data).toMatchObject({ credit_approved: false, decline_reason: "TOO_HIGH_RISK" })
    expectPublished(published, await creditEvents())
  })

  it("moves the balance with an invoice, a payment and a credit note", async () => {
    const { order } = await invoicedOrder(sim)
    await control(sim, "POST", `/orders/${order.id}/payments`, { amount: "100.00" })
    await call(sim, "POST", `/v1/order/${order.id}/refund`)
    const balances = (await creditEvents()).map((e) => [
      e.data.previous_credit_limit_balance,
      e.data.credit_limit_balance,
    ])
    expect(balances).toEqual([
      ["50000.00", "49640.00"],
      ["49640.00", "49740.00"],
      ["49740.00", "50000.00"],
    ])
    expectPublished(published, await creditEvents())
  })

  it("takes max_single_order_value in the PATCH: sent, and an order above it declined", async () => {
    await control(sim, "PATCH", `/companies/${ACME_ID}`, { max_single_order_value: "500.00" })
    expect((await creditEvents())[0].data).toMatchObject({ credit_limit: "50000.00", max_single_order_value: "500.00" })
    const above = await call(sim, "POST", "/v1/order", { body: orderBody({ lines: [line("Pallet", "3", "200")] }) })
    expect(above.body).toMatchObject({ status: "REJECTED", decline_reason: "BUYER_LIMIT_EXCEEDED" })
    const within = await call(sim, "POST", "/v1/order", { body: orderBody() })
    expect(within.body.status).toBe("APPROVED")
  })
})

describe("simulator: arrears blocks", () => {
  it("approaches at the due date, blocks 7 days after, and leaves when the buyer pays", async () => {
    const { order } = await invoicedOrder(sim, { terms: { type: "NET_TERMS", duration_days: 10 } })
    const invoice = (await call(sim, "GET", `/v1/order/${order.id}/invoice_details`)).body
    const dueDate = plusDays(await simToday(sim), 10)
    await advanceDays(sim, 9)
    expect(await eventsOf(sim, "customer.approaching_arrears_block.v1")).toEqual([])
    await advanceDays(sim, 1)
    const [approaching] = await eventsOf(sim, "customer.approaching_arrears_block.v1")
    expect(approaching.data).toEqual({
      buyer_company_name: "ACME INDUSTRIAL SUPPLIES LTD",
      buyer_organization_number: "08123456",
      earliest_invoice_due_belongs_to_merchant: true,
      earliest_invoice_number: invoice.invoice_number,
      earliest_invoice_due_date: dueDate,
      earliest_invoice_gross_amount: "360.00",
      earliest_invoice_currency: "GBP",
      days_until_arrears: 7,
    })
    await advanceDays(sim, 6)
    expect(await eventsOf(sim, "customer.in_arrears_block.v1")).toEqual([])
    await advanceDays(sim, 1)
    const [blocked] = await eventsOf(sim, "customer.in_arrears_block.v1")
    expect(blocked.data).toMatchObject({ earliest_invoice_due_date: dueDate, days_in_arrears: 7 })
    expect((await control(sim, "GET", `/companies/${ACME_ID}`)).body.arrears_state).toBe("blocked")

    await control(sim, "DELETE", "/webhooks")
    await control(sim, "POST", `/orders/${order.id}/payments`, {})
    expect(await allTypes(sim)).toEqual([
      "order.reconciliation.payment_allocated.v1",
      "customer.exit_arrears_block.v1",
      "customer.credit_limit.updated.v1",
    ])
    const [exit] = await eventsOf(sim, "customer.exit_arrears_block.v1")
    expect(exit.data).toEqual({
      buyer_company_name: "ACME INDUSTRIAL SUPPLIES LTD",
      buyer_organization_number: "08123456",
    })
    expectPublished(published, [approaching, blocked, exit])
  })

  it("leaves the approach when the buyer pays before the block", async () => {
    const { order } = await invoicedOrder(sim, { terms: { type: "NET_TERMS", duration_days: 5 } })
    await advanceDays(sim, 6)
    expect(await eventsOf(sim, "customer.approaching_arrears_block.v1")).toHaveLength(1)
    await control(sim, "POST", `/orders/${order.id}/payments`, {})
    const exits = await eventsOf(sim, "customer.exit_approaching_arrears_block.v1")
    expect(exits).toHaveLength(1)
    expect(await eventsOf(sim, "customer.in_arrears_block.v1")).toEqual([])
    expectPublished(published, exits)
  })

  it("forces a state by the control API: the clock leaves it alone, a payment ends it", async () => {
    const forced = await control(sim, "POST", `/companies/${NORDLYS}/arrears`, { state: "blocked" })
    expect(forced.body).toMatchObject({ arrears_state: "blocked", arrears_forced: true })
    const [blocked] = await eventsOf(sim, "customer.in_arrears_block.v1")
    expect(blocked.data).toEqual({
      buyer_company_name: "NORDLYS BYGG AS",
      buyer_organization_number: "923456781",
      earliest_invoice_due_belongs_to_merchant: false,
      earliest_invoice_number: null,
      earliest_invoice_due_date: null,
      earliest_invoice_gross_amount: null,
      earliest_invoice_currency: null,
      days_in_arrears: 0,
    })
    await advanceDays(sim, 3)
    await control(sim, "POST", `/companies/${NORDLYS}/arrears`, { state: "approaching" })
    await control(sim, "POST", `/companies/${NORDLYS}/arrears`, { state: "approaching" })
    await control(sim, "POST", `/companies/${NORDLYS}/arrears`, { state: "none" })
    expect(await allTypes(sim)).toEqual([
      "customer.in_arrears_block.v1",
      "customer.exit_arrears_block.v1",
      "customer.approaching_arrears_block.v1",
      "customer.exit_approaching_arrears_block.v1",
    ])
    expectPublished(published, await eventsOf(sim, "customer.approaching_arrears_block.v1"))

    // A buyer with an invoice not yet due: forced into the block, out again when it pays.
    const { order } = await invoicedOrder(sim)
    await control(sim, "POST", `/companies/${ACME_ID}/arrears`, { state: "blocked" })
    await advanceDays(sim, 1)
    expect((await control(sim, "GET", `/companies/${ACME_ID}`)).body.arrears_state).toBe("blocked")
    await control(sim, "POST", `/orders/${order.id}/payments`, {})
    expect((await control(sim, "GET", `/companies/${ACME_ID}`)).body).toMatchObject({
      arrears_state: "none",
      arrears_forced: false,
    })
    expect((await eventsOf(sim, "customer.exit_arrears_block.v1")).length).toBe(2)
  })

  it("refuses an unknown state, company or merchant", async () => {
    expect((await control(sim, "POST", `/companies/${ACME_ID}/arrears`, { state: "late" })).status).toBe(400)
    expect((await control(sim, "POST", "/companies/cmpgb00000000/arrears", { state: "none" })).status).toBe(404)
    const merchant = { state: "blocked", merchant: "nobody" }
    expect((await control(sim, "POST", `/companies/${ACME_ID}/arrears`, merchant)).status).toBe(404)
  })
})

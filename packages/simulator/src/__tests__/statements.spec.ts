import BigNumber from "bignumber.js"
import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { startSimulator, type RunningSimulator } from "../index"
import { eventsOf, expectPublished, plusDays } from "./after-invoice-fixtures"
import { call, control } from "./helpers"
import { accountBody, msUntil, planBody, unique } from "./repayment-fixtures"

/**
 * Instalment invoices and billing statements (issue #38): on the 1st of a month of the simulator clock the due
 * instalments of fulfilled plans are invoiced (instalments.invoiced.v1, one per account and month), and the month's
 * statement is issued (billing_statement.created.v1) with the account's credits not stated before. And a
 * trade-account user verified: customer.user.verified.v1.
 */

let sim: RunningSimulator
let published: PublishedDocuments

beforeAll(async () => {
  sim = await startSimulator({ port: 0, repaymentFundingDelayMs: 60_000, repaymentFulfilmentDelayMs: 60_000 })
  published = await loadPublished()
})
afterAll(() => sim?.close())
beforeEach(async () => {
  expect((await control(sim, "POST", "/reset")).status).toBe(200)
})

const repay = (method: string, path: string, body?: unknown) =>
  call(sim, method, `/repay/v1${path}`, { body, idempotencyKey: unique("k") })

async function fulfilledPlan(accountId: string) {
  const plan = await repay("POST", "/plan", planBody(accountId, { terms: { period: "MONTHLY", number_of_periods: 3 } }))
  expect(plan.status).toBe(201)
  await control(sim, "POST", `/plans/${plan.body.id}/funding`, { status: "ACCEPTED" })
  expect((await repay("PUT", "/fulfilment", { plan_id: plan.body.id })).status).toBe(202)
  await control(sim, "POST", `/plans/${plan.body.id}/fulfilment`, { status: "SUCCEEDED" })
  return plan.body as {
    id: string
    instalments: { id: string; invoice_issue_date: string; repayment_amount: string }[]
  }
}

const toDate = async (date: string) => {
  const now = (await control(sim, "GET", "/clock")).body.now as string
  return control(sim, "POST", "/clock/advance", { ms: msUntil(now, date) })
}

describe("simulator: instalment invoices and billing statements", () => {
  it("invoices the month's instalments on the 1st and issues the account's statement", async () => {
    const account = await repay("POST", "/account", accountBody({ due_in_days: 14 }))
    expect(account.status).toBe(201)
    const first = await fulfilledPlan(account.body.id)
    const second = await fulfilledPlan(account.body.id)
    const issueDate = first.instalments[0].invoice_issue_date
    expect(issueDate).toMatch(/-01$/)
    expect(await eventsOf(sim, "instalments.invoiced.v1")).toEqual([])
    await toDate(issueDate)

    const [invoiced, ...others] = await eventsOf(sim, "instalments.invoiced.v1")
    expect(others).toEqual([])
    const [invoice] = (await control(sim, "GET", `/repayment/invoices?account_id=${account.body.id}`)).body.items
    expect(invoiced.data).toMatchObject({
      invoice_id: invoice.id,
      issue_date: issueDate,
      due_date: plusDays(issueDate, 14),
      invoice_number: invoice.number,
      payment_reference: invoice.number,
      instalment_account_id: account.body.id,
      gross_amount: invoice.amount,
      tax_subtotals: invoice.tax_subtotals,
    })
    expect(invoiced.data.instalments).toEqual(
      expect.arrayContaining([
        { plan_id: first.id, instalment_id: first.instalments[0].id },
        { plan_id: second.id, instalment_id: second.instalments[0].id },
      ]),
    )

    const [statement] = await eventsOf(sim, "billing_statement.created.v1")
    expect(statement.data).toMatchObject({
      billing_period_id: invoice.billing_period_id,
      statement_number: 1,
      gross_amount: invoice.amount,
      outstanding_amount: invoice.amount,
      currency: "GBP",
      issue_date: `${issueDate}T00:00:00.000Z`,
      due_date: `${plusDays(issueDate, 14)}T00:00:00.000Z`,
      billing_account_id: account.body.id,
      credit_notes: [],
    })
    expect(statement.data.invoices).toHaveLength(2)
    expect(statement.data.invoices[0]).toMatchObject({
      root_order_id: null,
      invoice_id: invoice.id,
      invoice_number: Number(invoice.number.replace(/\D/g, "")),
      invoice_number_string: invoice.number,
    })
    expectPublished(published, [invoiced, statement])
  })

  it("lists a credit on the next month's statement", async () => {
    const account = await repay("POST", "/account", accountBody())
    const plan = await fulfilledPlan(account.body.id)
    await toDate(plan.instalments[0].invoice_issue_date)
    const credited = await repay("POST", "/credit", { plan_id: plan.id, amount: "10.00", currency: "GBP", reason: "x" })
    expect(credited.status).toBe(201)
    await toDate(plan.instalments[1].invoice_issue_date)
    const statements = await eventsOf(sim, "billing_statement.created.v1")
    expect(statements.map((s) => s.data.statement_number)).toEqual([1, 2])
    expect(statements[1].data.credit_notes).toEqual([{ refund_id: credited.body.id, credited_amount: "10.00" }])
    expect(statements[1].data.gross_amount).toBe(
      new BigNumber(plan.instalments[1].repayment_amount).minus(10).toFixed(2),
    )
    expectPublished(published, statements)
  })
})

describe("simulator: customer.user.verified.v1", () => {
  it("is sent once when a trade-account user becomes verified, with the merchant's ids", async () => {
    const customer = await call(sim, "POST", "/trade-account/v3/customer", {
      body: {
        merchant_customer_id: "cus_verified",
        canonical_id: "cmpgb08123456",
        contact_persons: [
          { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
        ],
        invoice_email_addresses: ["ap@acme.example"],
        trade_name: "Acme Industrial",
      },
    })
    const user = await call(sim, "POST", `/trade-account/v3/customer/${customer.body.id}/user`, {
      body: { merchant_user_id: "usr_verified", email: "grace@acme.example", first_name: "Grace", last_name: "Hopper" },
    })
    expect(user.status).toBe(201)
    await control(sim, "POST", `/trade-accounts/users/${user.body.id}/verify`, {})
    await control(sim, "POST", `/trade-accounts/users/${user.body.id}/verify`, {})
    const events = await eventsOf(sim, "customer.user.verified.v1")
    expect(events).toHaveLength(1)
    expect(events[0].data).toEqual({
      merchant_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      merchant_user_id: "usr_verified",
      user_id: user.body.id,
      merchant_customer_id: "cus_verified",
      customer_id: customer.body.id,
      verification_id: null,
      legal_rep_required: null,
      verified_by_different_user: false,
    })
    expectPublished(published, events)
  })
})

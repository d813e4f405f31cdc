import BigNumber from "bignumber.js"
import type { TradeCreditClient } from ".."
import { scheduleInstalments } from "../../../packages/simulator/src/repayment/schedule"
import { RepaymentPlan } from "../../service/schemas"
import {
  accountBody,
  declinedCompany,
  msUntil,
  planBody,
  planLine,
  unique,
} from "../../../packages/simulator/src/__tests__/repayment-fixtures"
import { failure, type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * The repayment client (contract section 3) end to end against the simulator
 * of the service, over real HTTP on loopback: every call, its answers and its
 * errors. The simulator's own decisions wait a minute of its clock; the tests
 * take them by its control API or by moving its clock. The bodies are the
 * simulator's fixtures (its own reading of section 3): what the client sends
 * of them must pass the client's reading too.
 */

let sim: Simulator
let client: TradeCreditClient

const control = (method: string, path: string, body?: unknown) => simulatorControl(sim, method, path, body)

const key = (what: string) => ({ idempotencyKey: unique(what) })
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new BigNumber(0)).toFixed(2)
const advanceTo = async (date: string) => {
  const { now } = await control("GET", "/clock")
  return control("POST", "/clock/advance", { ms: msUntil(now, date) })
}

beforeAll(async () => {
  ;({ sim, client } = await startSimulatorClient(
    { repaymentFundingDelayMs: 60_000, repaymentFulfilmentDelayMs: 60_000 },
    { retryBaseDelayMs: 20, retryMaxDelayMs: 100 },
  ))
})

afterAll(async () => {
  await client?.close()
  await sim?.close()
})

beforeEach(async () => {
  await control("POST", "/reset")
})

describe("repayment accounts and credit check", () => {
  it(
    "creates and updates an account; a reference used twice is 409 naming the " + "existing id; unknown ids are 404",
    async () => {
      const body = accountBody()
      const account = await client.repayment.createAccount(body, key("acct"))
      expect(account).toEqual({ id: expect.any(String), ...JSON.parse(JSON.stringify(body)) })

      const duplicate = await failure(
        client.repayment.createAccount({ ...body, invoice_email: "x@acme.example" }, key("acct")),
      )
      expect(duplicate).toMatchObject({ code: "INVALID_STATE", serviceCode: "ERROR", status: 409, retryable: false })
      expect(duplicate.message).toContain(account.id)

      const update = {
        buyer_company: { trade_name: "ACME-LTD", official_address: body.buyer_company.official_address },
        invoice_email: "ap@acme.example",
        account_representative: body.account_representative,
        invoice_cc_emails: [],
      }
      await expect(client.repayment.updateAccount(account.id, update, key("acct-up"))).resolves.toBeUndefined()
      const [kept] = (await control("GET", "/repayment/accounts")).items
      expect(kept.account).toEqual({
        ...account,
        buyer_company: { ...account.buyer_company, trade_name: "ACME-LTD" },
        invoice_email: "ap@acme.example",
        invoice_cc_emails: [],
      })
      expect(
        await failure(client.repayment.updateAccount("6f1c2a4e-0000-4000-8000-000000000000", update, key("acct-up"))),
      ).toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      })

      // Our own bad body never leaves: INVALID_REQUEST, nothing sent.
      const calls = client.stats().calls
      const bad = await failure(
        client.repayment.createAccount(
          { ...body, account_representative: { ...body.account_representative, phone_number: "0770" } },
          key("acct"),
        ),
      )
      expect(bad.code).toBe("INVALID_REQUEST")
      expect(bad.message).toContain("account_representative.phone_number")
      expect(client.stats().calls).toBe(calls)
    },
  )

  it(
    "credit check: APPROVED with limits, DECLINED for a declined company; another " +
      "period is refused before sending",
    async () => {
      const check = (national_identifier: string, amount: string) =>
        client.repayment.creditCheck(
          { country_code: "GB", national_identifier, company_name: "ACME", amount },
          key("cc"),
        )
      expect(await check("08123456", "40000.00")).toEqual({
        decision: "APPROVED",
        minimum_instalments: 3,
        maximum_instalments: 36,
        maximum_instalment_amount: "16666.66",
        currency: "GBP",
      })
      expect(await check("06660666", "100.00")).toEqual({
        decision: "DECLINED",
        minimum_instalments: 0,
        maximum_instalments: 0,
        maximum_instalment_amount: "0.00",
        currency: "GBP",
      })
      const weekly = await failure(
        client.repayment.creditCheck(
          {
            country_code: "GB",
            national_identifier: "08123456",
            company_name: "ACME",
            amount: "1.00",
            currency: "GBP",
            instalment_period: "WEEKLY" as "MONTHLY",
          },
          key("cc"),
        ),
      )
      expect(weekly.code).toBe("INVALID_REQUEST")
    },
  )
})

describe("repayment plans", () => {
  it(
    "previews one plan a call (several in parallel); creates a plan; refuses " +
      "periods 0, 37, 2.5 and another cadence",
    async () => {
      const account = await client.repayment.createAccount(accountBody(), key("acct"))
      const body = planBody(account.id)
      const { now } = await control("GET", "/clock")

      const previews = await Promise.all(
        [3, 6, 12].map((n) =>
          client.repayment.preview(
            {
              total_repayment_amount: body.total_repayment_amount,
              tax_subtotals: body.tax_subtotals,
              terms: { period: "MONTHLY", number_of_periods: n },
            },
            key("preview"),
          ),
        ),
      )
      expect(previews.map((p) => [p.terms.number_of_periods, p.instalments.length, p.total_repayment_amount])).toEqual([
        [3, 3, "1221.00"],
        [6, 6, "1221.00"],
        [12, 12, "1221.00"],
      ])
      const twelve = previews[2].instalments
      expect(twelve).toEqual(scheduleInstalments({ ...body, number_of_periods: 12, createdAt: new Date(now) }))

      const plan = await client.repayment.createPlan(body, key("plan"))
      expect(RepaymentPlan.parse(plan)).toEqual(plan)
      expect(plan).toMatchObject({
        buyer_representative: body.buyer_representative,
        shipping_address: body.shipping_address,
        consent_date: body.consent_date,
      })
      expect(
        plan.instalments.map(({ id: _id, status: _status, reference: _reference, ...scheduled }) => scheduled),
      ).toEqual(twelve)
      expect(
        plan.instalments.every((i, n) => i.status === "PLANNED" && i.reference === `${body.reference}-${n + 1}`),
      ).toBe(true)
      expect(await client.repayment.getStatus(plan.id)).toEqual({
        plan_id: plan.id,
        funding_status: "PENDING",
        fulfilment_status: "NOT_INITIATED",
        total_repayment_amount: "1221.00",
        on_recourse: false,
        invoiced_amount: "0.00",
        cancelled_amount: "0.00",
        credited_amount: "0.00",
      })

      const duplicate = await failure(client.repayment.createPlan(body, key("plan")))
      expect(duplicate).toMatchObject({ code: "INVALID_STATE", status: 409 })
      expect(duplicate.message).toContain(plan.id)
      expect((await failure(client.repayment.getStatus("plan_unknown"))).code).toBe("NOT_FOUND")
      expect((await failure(client.repayment.createPlan(planBody("acct_unknown"), key("plan")))).status).toBe(404)

      const calls = client.stats().calls
      for (const terms of [
        { period: "MONTHLY", number_of_periods: 0 },
        { period: "MONTHLY", number_of_periods: 37 },
        { period: "MONTHLY", number_of_periods: 2.5 },
        { period: "QUARTERLY", number_of_periods: 4 },
      ]) {
        const refused = await failure(
          client.repayment.createPlan({ ...planBody(account.id), terms: terms as never }, key("plan")),
        )
        expect(refused.code).toBe("INVALID_REQUEST")
        expect(refused.message).toMatch(/terms\.(number_of_periods|period)/)
        const previewRefused = await failure(
          client.repayment.preview(
            {
              total_repayment_amount: "10.00",
              tax_subtotals: [{ tax_rate: "0.000000", taxable_amount: "10.00", tax_amount: "0.00" }],
              terms: terms as never,
            },
            key("preview"),
          ),
        )
        expect(previewRefused.code).toBe("INVALID_REQUEST")
      }
      const mismatch = await failure(
        client.repayment.createPlan({ ...planBody(account.id), total_repayment_amount: "1.00" }, key("plan")),
      )
      expect(mismatch).toMatchObject({ code: "INVALID_REQUEST", details: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH" })
      const { shipping_address: _shipping, ...noShipping } = planBody(account.id)
      expect((await failure(client.repayment.createPlan(noShipping as never, key("plan")))).message).toContain(
        "shipping_address",
      )
      expect(client.stats().calls).toBe(calls)
      expect((await control("GET", "/plans")).items).toHaveLength(1)
    },
  )

  it("a create whose answer was lost is retried with the same Idempotency-Key: one plan", async () => {
    const account = await client.repayment.createAccount(accountBody(), key("acct"))
    await control("POST", "/faults", { method: "POST", path: "/repay/v1/plan", fault: { type: "drop", when: "after" } })
    const idempotency = key("plan")
    const plan = await client.repayment.createPlan(planBody(account.id), idempotency)
    const requests = (await control("GET", "/requests?method=POST&path_prefix=/repay/v1/plan")).items
    expect(requests.map((r: { idempotency_key: string }) => r.idempotency_key)).toEqual([
      idempotency.idempotencyKey,
      idempotency.idempotencyKey,
    ])
    expect((await control("GET", "/plans")).items.map((p: { id: string }) => p.id)).toEqual([plan.id])
  })

  it(
    "funding: PENDING until the delay is over (simulator clock), then decided; " + "REJECTED carries the reason",
    async () => {
      const acme = await client.repayment.createAccount(accountBody(), key("acct"))
      const risky = await client.repayment.createAccount(accountBody({ buyer_company: declinedCompany }), key("acct"))
      const good = await client.repayment.createPlan(planBody(acme.id), key("plan"))
      const bad = await client.repayment.createPlan(planBody(risky.id), key("plan"))
      expect((await client.repayment.getStatus(good.id)).funding_status).toBe("PENDING")
      const advanced = await control("POST", "/clock/advance", { ms: 60_000 })
      expect(advanced.repayment.funding_decided).toBe(2)
      expect((await client.repayment.getStatus(good.id)).funding_status).toBe("ACCEPTED")
      expect(await client.repayment.getStatus(bad.id)).toMatchObject({
        funding_status: "REJECTED",
        credit_decline_reason: "TOO_HIGH_RISK",
      })
      const events = (await control("GET", "/webhooks?type=repayment.plan.funding_decided")).items
      expect(events.map((e: { payload: { data: unknown } }) => e.payload.data)).toEqual([
        { plan_id: good.id, funding_status: "ACCEPTED" },
        { plan_id: bad.id, funding_status: "REJECTED" },
      ])
      expect(await failure(client.repayment.fulfil(bad.id, key("fulfil")))).toMatchObject({
        code: "INVALID_STATE",
        status: 409,
      })
    },
  )

  it(
    "fulfil before ACCEPTED is 409; fulfil, invoice by the clock (two plans " +
      "of one account on one invoice), credit, cancel",
    async () => {
      const account = await client.repayment.createAccount(accountBody(), key("acct"))
      const big = await client.repayment.createPlan(planBody(account.id), key("plan"))
      const small = await client.repayment.createPlan(
        planBody(account.id, {
          lines: [planLine("Toner", "4", "25", "0.200000")],
          terms: { period: "MONTHLY", number_of_periods: 2 },
        }),
        key("plan"),
      )

      const early = await failure(client.repayment.fulfil(big.id, key("fulfil")))
      expect(early).toMatchObject({ code: "INVALID_STATE", status: 409, retryable: false })

      for (const plan of [big, small]) {
        await control("POST", `/plans/${plan.id}/funding`, { status: "ACCEPTED" })
        expect(
          await client.repayment.fulfil(plan.id, { ...key("fulfil"), invoiceGroupingKey: "acme-monthly" }),
        ).toMatchObject({
          funding_status: "ACCEPTED",
          fulfilment_status: "PENDING",
        })
        await control("POST", `/plans/${plan.id}/fulfilment`, { status: "SUCCEEDED" })
      }
      expect((await client.repayment.getStatus(big.id)).fulfilment_status).toBe("SUCCEEDED")

      // Nothing is invoiced yet: a credit is above what was invoiced.
      const tooEarly = await failure(client.repayment.credit(big.id, "0.01", "GBP", "goodwill", key("credit")))
      expect(tooEarly).toMatchObject({ code: "INVALID_STATE", status: 409 })

      const advanced = await advanceTo(big.instalments[0].invoice_issue_date)
      expect(advanced.repayment.invoices_issued).toBe(1)
      const invoices = (await control("GET", `/repayment/invoices?account_id=${account.id}`)).items
      expect(invoices).toHaveLength(1)
      expect(invoices[0].instalments.map((i: { plan_id: string }) => i.plan_id).sort()).toEqual(
        [big.id, small.id].sort(),
      )
      expect(invoices[0].amount).toBe(sum([big.instalments[0].repayment_amount, small.instalments[0].repayment_amount]))
      const invoiced = big.instalments[0].repayment_amount
      expect((await client.repayment.getStatus(big.id)).invoiced_amount).toBe(invoiced)

      const over = await failure(
        client.repayment.credit(
          big.id,
          new BigNumber(invoiced).plus("0.01").toFixed(2),
          "GBP",
          "returned",
          key("credit"),
        ),
      )
      expect(over).toMatchObject({ code: "INVALID_STATE", status: 409 })
      expect(over.message).toContain(invoiced)
      const credit = await client.repayment.credit(big.id, "10.00", "GBP", "returned one manual", key("credit"))
      expect(credit).toEqual({ id: expect.stringMatching(/^crd_/), plan_id: big.id, amount: "10.00", currency: "GBP" })
      const otherCurrency = await failure(client.repayment.credit(big.id, "1.00", "EUR", "x", key("credit")))
      expect(otherCurrency).toMatchObject({ code: "SCHEMA_ERROR", serviceCode: "VALIDATION_ERROR", status: 422 })
      expect(otherCurrency.errors).toEqual([expect.objectContaining({ loc: ["currency"] })])
      expect((await failure(client.repayment.credit(big.id, "0.00", "GBP", "x", key("credit")))).code).toBe(
        "INVALID_REQUEST",
      )
      expect((await failure(client.repayment.credit(big.id, "1", "GBP", "x", key("credit")))).code).toBe(
        "INVALID_REQUEST",
      )

      const cancelledAt = new Date()
      const cancelled = await client.repayment.cancel(big.id, "WRONG_DETAILS", cancelledAt, key("cancel"))
      const cancelledAmount = new BigNumber(big.total_repayment_amount).minus(invoiced).toFixed(2)
      expect(cancelled).toEqual({
        id: expect.any(String),
        cancelled_at: cancelledAt.toISOString(),
        cancelled_repayment_amount: cancelledAmount,
        currency: "GBP",
        cancel_reason: "WRONG_DETAILS",
      })
      expect(await client.repayment.getStatus(big.id)).toMatchObject({
        invoiced_amount: invoiced,
        cancelled_amount: cancelledAmount,
        credited_amount: "10.00",
      })
      const shown = await control("GET", `/plans/${big.id}`)
      expect(shown.plan.instalments.map((i: { status: string }) => i.status)).toEqual([
        "INVOICED",
        ...Array(11).fill("CANCELLED"),
      ])
      expect(await failure(client.repayment.fulfil(big.id, key("fulfil")))).toMatchObject({ code: "INVALID_STATE" })
      expect((await failure(client.repayment.cancel(big.id, undefined, "not a date", key("cancel")))).code).toBe(
        "INVALID_REQUEST",
      )
      expect(
        (await failure(client.repayment.cancel(big.id, "returned" as never, new Date(), key("cancel")))).code,
      ).toBe("INVALID_REQUEST")

      // The next month: only the small plan is left to invoice.
      await advanceTo(small.instalments[1].invoice_issue_date)
      const next = (await control("GET", `/repayment/invoices?account_id=${account.id}`)).items
      expect(next).toHaveLength(2)
      expect(next[1].instalments.map((i: { instalment_id: string }) => i.instalment_id)).toEqual([
        small.instalments[1].id,
      ])
      expect((await client.repayment.getStatus(small.id)).invoiced_amount).toBe(small.total_repayment_amount)
      const allInvoiced = await failure(client.repayment.cancel(small.id, undefined, new Date(), key("cancel")))
      expect(allInvoiced).toMatchObject({ code: "INVALID_STATE", status: 409 })
    },
  )
})

describe("repayment scope", () => {
  it(
    "every call goes under /repay/v1 of the base URL with the API key and an " + "Idempotency-Key on mutations",
    async () => {
      const account = await client.repayment.createAccount(accountBody(), key("acct"))
      await client.repayment.getStatus((await client.repayment.createPlan(planBody(account.id), key("plan"))).id)
      const requests = (await control("GET", "/requests?path_prefix=/repay/v1")).items as {
        method: string
        path: string
        idempotency_key: string | null
        merchant: string
      }[]
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        "POST /repay/v1/account",
        "POST /repay/v1/plan",
        "GET /repay/v1/status",
      ])
      expect(requests.map((r) => r.idempotency_key === null)).toEqual([false, false, true])
      expect(requests.every((r) => r.merchant === "simulated-merchant")).toBe(true)
    },
  )
})

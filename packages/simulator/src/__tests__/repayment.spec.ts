import BigNumber from "bignumber.js"
import { Webhook } from "standardwebhooks"
import { loadPublished } from "../../../../conformance/published"
import {
  FundingDecidedEvent,
  PlanCancellation,
  PlanStatus,
  PreviewResult,
  RepaymentAccount,
  RepaymentPlan,
} from "../../../../src/service/schemas"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator, type RunningSimulator } from "../index"
import { scheduleInstalments } from "../repayment/schedule"
import { call, control, waitFor } from "./helpers"
import {
  accountBody,
  declinedCompany,
  msUntil,
  planBody,
  planLine,
  unique,
  webhookReceiver,
} from "./repayment-fixtures"

/**
 * The repayment interface of the simulator (contract section 3) over real
 * HTTP: accounts, credit check, preview, plans, funding (after the delay and
 * by the control API, with its signed webhook), fulfilment, cancellation,
 * credits, and invoicing by the clock, grouped per account and month. The
 * answers are read with the client's schemas (a second reading of the same
 * contract); the errors are the repayment interface's own: 422 `{detail}` for
 * a body or query that fails validation, `{description, code: "ERROR"}` else.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const locs = (body: { detail: { loc: (string | number)[] }[] }) => body.detail.map((d) => d.loc)

const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new BigNumber(0)).toFixed(2)

describe("simulator: repayment interface", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    // Decisions the service makes on its own wait a minute (simulator clock): these tests take them by the
    // control API or by moving the clock. The real-time delays have their own simulator below.
    sim = await startSimulator({
      repaymentFundingDelayMs: 60_000,
      repaymentFulfilmentDelayMs: 60_000,
      webhookRetryDelaysMs: [50],
    })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
  })

  const repay = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
    call(sim, method, `/repay/v1${path}`, { body, idempotencyKey })
  const credit = (plan_id: string, amount: string, currency: string, idempotencyKey: string) =>
    repay("POST", "/credit", { plan_id, amount, currency, reason: "returned" }, idempotencyKey)
  const cancel = (
    plan_id: string,
    cancel_reason: string | undefined,
    idempotencyKey: string,
    cancelled_at = new Date().toISOString(),
  ) =>
    repay(
      "PUT",
      `/plan/${plan_id}/cancellation`,
      { cancelled_at, ...(cancel_reason && { cancel_reason }) },
      idempotencyKey,
    )
  const plusCent = (money: string) => new BigNumber(money).plus("0.01").toFixed(2)

  async function newAccount(overrides: Parameters<typeof accountBody>[0] = {}) {
    const created = await repay("POST", "/account", accountBody(overrides), unique("acct-key"))
    expect(created.status).toBe(201)
    return RepaymentAccount.parse(created.body)
  }

  async function newPlan(accountId: string, overrides: Parameters<typeof planBody>[1] = {}) {
    const created = await repay("POST", "/plan", planBody(accountId, overrides), unique("plan-key"))
    expect(created.status).toBe(201)
    return RepaymentPlan.parse(created.body)
  }

  const status = async (planId: string) => {
    const answer = await repay("GET", `/status?plan_id=${encodeURIComponent(planId)}`)
    expect(answer.status).toBe(200)
    return PlanStatus.parse(answer.body)
  }

  it(
    "accounts: create answers {id, ...body}; " +
      "PUT /account/{id} answers 204; a merchant_account_reference is unique",
    async () => {
      const body = accountBody()
      const created = await repay("POST", "/account", body, "acct-1")
      expect(created.status).toBe(201)
      expect(created.body).toEqual({ id: expect.stringMatching(UUID), ...JSON.parse(JSON.stringify(body)) })

      const again = await repay("POST", "/account", { ...body, invoice_email: "other@acme.example" }, "acct-2")
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ description: expect.stringContaining(created.body.id), code: "ERROR" })

      const update = {
        buyer_company: { trade_name: "ACME-LTD", official_address: body.buyer_company.official_address },
        invoice_email: "ap@acme.example",
        account_representative: body.account_representative,
      }
      const updated = await repay("PUT", `/account/${created.body.id}`, update, "acct-3")
      expect(updated.status).toBe(204)
      const listed = await control(sim, "GET", "/repayment/accounts")
      const kept = {
        ...created.body,
        invoice_email: "ap@acme.example",
        buyer_company: { ...created.body.buyer_company, trade_name: "ACME-LTD" },
      }
      expect(listed.body.items).toEqual([
        expect.objectContaining({
          merchant: "simulated-merchant",
          account: kept,
          plan_ids: [],
          financial_record: false,
        }),
      ])
      // The company's country and number are not part of an update: sending them is refused.
      const moved = await repay(
        "PUT",
        `/account/${created.body.id}`,
        { ...update, buyer_company: body.buyer_company },
        "acct-3b",
      )
      expect(moved.status).toBe(422)
      expect(locs(moved.body)).toEqual(expect.arrayContaining([["body", "buyer_company", "country_code"]]))

      expect((await repay("PUT", "/account/6f1c2a4e-0000-4000-8000-000000000000", update, "acct-4")).status).toBe(404)
      const missing = await repay(
        "POST",
        "/account",
        { ...body, account_representative: { first_name: "Jane" } },
        "acct-5",
      )
      expect(missing.status).toBe(422)
      expect(locs(missing.body)).toEqual(
        expect.arrayContaining([
          ["body", "account_representative", "last_name"],
          ["body", "account_representative", "phone_number"],
        ]),
      )
      // The published shapes: an address object, a string identifier, a trade name of [A-Za-z0-9_-].
      const loose = await repay(
        "POST",
        "/account",
        {
          ...body,
          buyer_company: {
            ...body.buyer_company,
            official_address: "14 Mill Lane, Leeds",
            national_identifier: { id: "08123456" },
            trade_name: "ACME LTD",
          },
        },
        "acct-6",
      )
      expect(loose.status).toBe(422)
      expect(locs(loose.body)).toEqual(
        expect.arrayContaining([
          ["body", "buyer_company", "official_address"],
          ["body", "buyer_company", "national_identifier"],
          ["body", "buyer_company", "trade_name"],
        ]),
      )
      const noKey = await repay("POST", "/account", accountBody())
      expect(noKey.status).toBe(422)
      expect(locs(noKey.body)).toEqual([["header", "Idempotency-Key"]])
      const longKey = await repay("POST", "/account", accountBody(), "k".repeat(37))
      expect(longKey.status).toBe(422)
    },
  )

  it("every body and answer of a plan's life conforms to the published repay-api document", async () => {
    const published = await loadPublished()
    let answers = 0
    const checked = async (method: string, path: string, body?: unknown, idempotencyKey?: string) => {
      const answer = await repay(method, path, body, idempotencyKey)
      const seedPath = `/repay/v1${path.split("?")[0]}`
      if (body !== undefined)
        expect({ path, violations: published.request(method, seedPath, body) }).toEqual({ path, violations: [] })
      if (published.responseSchema(method, seedPath, answer.status)) {
        expect({ path, violations: published.response(method, seedPath, answer.status, answer.body) }).toEqual({
          path,
          violations: [],
        })
        answers++
      }
      return answer
    }
    const body = accountBody()
    const account = (await checked("POST", "/account", body, "pub-1")).body
    const { buyer_company, invoice_email, account_representative } = body
    const update = {
      buyer_company: { trade_name: buyer_company.trade_name, official_address: buyer_company.official_address },
      invoice_email,
      account_representative,
    }
    expect((await checked("PUT", `/account/${account.id}`, update, "pub-2")).status).toBe(204)
    const check = {
      country_code: "GB",
      national_identifier: "08123456",
      company_name: "ACME INDUSTRIAL SUPPLIES LTD",
      amount: "1221.00",
    }
    expect((await checked("POST", "/credit-check", check, "pub-3")).body.decision).toBe("APPROVED")
    expect(
      (await checked("POST", "/credit-check", { ...check, national_identifier: "06660666" }, "pub-4")).body.decision,
    ).toBe("DECLINED")
    const plan = planBody(account.id)
    const preview = {
      total_repayment_amount: plan.total_repayment_amount,
      tax_subtotals: plan.tax_subtotals,
      terms: plan.terms,
    }
    expect((await checked("POST", "/preview", preview, "pub-5")).status).toBe(200)
    const created = (await checked("POST", "/plan", plan, "pub-6")).body
    await checked("GET", `/status?plan_id=${created.id}`)
    await control(sim, "POST", `/plans/${created.id}/funding`, { status: "ACCEPTED" })
    expect(
      (await checked("PUT", "/fulfilment", { plan_id: created.id, invoice_grouping_key: "acme" }, "pub-7")).status,
    ).toBe(202)
    await control(sim, "POST", `/plans/${created.id}/fulfilment`, { status: "SUCCEEDED" })
    const { now } = (await control(sim, "GET", "/clock")).body
    await control(sim, "POST", "/clock/advance", { ms: msUntil(now, created.instalments[0].invoice_issue_date) })
    await checked("GET", `/status?plan_id=${created.id}`)
    expect(
      (await checked("PUT", `/plan/${created.id}/cancellation`, { cancelled_at: new Date().toISOString() }, "pub-8"))
        .status,
    ).toBe(200)
    // Refusals: 422 in the published HTTPValidationError.
    const refused = await repay("POST", "/plan", { ...plan, reference: "bad ref" }, "pub-9")
    expect(refused.status).toBe(422)
    expect(published.response("POST", "/repay/v1/plan", 422, refused.body)).toEqual([])
    expect(answers).toBeGreaterThanOrEqual(8)
  })

  it("credit check: deterministic limits from the company registry", async () => {
    const check = async (national_identifier: string, amount: string, extra: object = {}) => {
      const answer = await repay(
        "POST",
        "/credit-check",
        { country_code: "GB", national_identifier, company_name: "Any name", amount, ...extra },
        unique("cc"),
      )
      return answer
    }
    const approved = (min: number, max: number, perInstalment: string) => ({
      decision: "APPROVED",
      minimum_instalments: min,
      maximum_instalments: max,
      maximum_instalment_amount: perInstalment,
      currency: "GBP",
    })
    const declined = {
      decision: "DECLINED",
      minimum_instalments: 0,
      maximum_instalments: 0,
      maximum_instalment_amount: "0.00",
      currency: "GBP",
    }

    expect((await check("08123456", "3000.00")).body).toEqual(approved(1, 36, "16666.66"))
    expect((await check("08123456", "40000.00")).body).toEqual(approved(3, 36, "16666.66"))
    expect((await check("081-234-56", "25.00")).body).toEqual(approved(1, 2, "16666.66"))
    expect((await check("08123456", "5.00")).body).toEqual(approved(1, 1, "16666.66"))
    expect((await check("12345678", "900.00")).body).toEqual(approved(3, 36, "333.33"))
    expect((await check("08123456", "60000.00")).body).toEqual(declined)
    expect((await check("06660666", "100.00")).body).toEqual(declined)
    expect((await check("99999999", "100.00")).body).toEqual(declined)

    expect((await check("08123456", "100.00", { currency: "EUR", instalment_period: "MONTHLY" })).body).toMatchObject({
      currency: "EUR",
    })
    const weekly = await check("08123456", "100.00", { instalment_period: "WEEKLY" })
    expect(weekly.status).toBe(422)
    expect(locs(weekly.body)).toEqual([["body", "instalment_period"]])
    const chf = await check("08123456", "100.00", { currency: "CHF" })
    expect(chf.status).toBe(422)
    expect(locs(chf.body)).toEqual([["body", "currency"]])
  })

  it("preview: one tentative plan a call, by the schedule rules; 422 for other terms or a currency", async () => {
    const { tax_subtotals } = planBody("x")
    const body = (n: number) => ({
      total_repayment_amount: "1221.00",
      tax_subtotals,
      terms: { period: "MONTHLY", number_of_periods: n },
    })
    const now = (await control(sim, "GET", "/clock")).body.now as string
    for (const n of [1, 3, 12, 36]) {
      const answer = await repay("POST", "/preview", body(n))
      expect(answer.status).toBe(200)
      const preview = PreviewResult.parse(answer.body)
      expect(preview).toEqual({
        terms: { period: "MONTHLY", number_of_periods: n },
        total_repayment_amount: "1221.00",
        tax_subtotals,
        instalments: scheduleInstalments({
          total_repayment_amount: "1221.00",
          tax_subtotals,
          number_of_periods: n,
          createdAt: new Date(now),
        }),
      })
      expect(sum(preview.instalments.map((i) => i.repayment_amount))).toBe("1221.00")
    }

    for (const terms of [
      { period: "MONTHLY", number_of_periods: 0 },
      { period: "MONTHLY", number_of_periods: 37 },
      { period: "MONTHLY", number_of_periods: 2.5 },
      { period: "WEEKLY", number_of_periods: 3 },
    ]) {
      const refused = await repay("POST", "/preview", { ...body(3), terms })
      expect(refused.status).toBe(422)
      expect(locs(refused.body)[0].slice(0, 2)).toEqual(["body", "terms"])
    }
    const list = await repay("POST", "/preview", { ...body(3), terms: [body(3).terms] })
    expect(list.status).toBe(422)
    const withCurrency = await repay("POST", "/preview", { ...body(3), currency: "GBP" })
    expect(withCurrency.status).toBe(422)
    expect(locs(withCurrency.body)).toEqual([["body", "currency"]])
    const unbalanced = await repay("POST", "/preview", { ...body(3), total_repayment_amount: "1221.01" })
    expect(unbalanced.status).toBe(422)
    expect(locs(unbalanced.body)).toEqual([["body", "tax_subtotals"]])
  })

  it(
    "plan: the body echoed, PLANNED instalments and PENDING funding; 422 for what section 8 corrected, " +
      "404 for an unknown account, 409 for a reference in use",
    async () => {
      const account = await newAccount()
      const body = planBody(account.id)
      const now = (await control(sim, "GET", "/clock")).body.now as string
      const created = await repay("POST", "/plan", body, "plan-1")
      expect(created.status).toBe(201)
      const plan = RepaymentPlan.parse(created.body)
      // The whole body echoed, with its id and instalments.
      const { instalments, id, ...echoed } = created.body
      expect(id).toMatch(UUID)
      expect(echoed).toEqual(body)
      expect(plan.total_repayment_amount).toBe("1221.00")
      const expected = scheduleInstalments({ ...body, number_of_periods: 12, createdAt: new Date(now) })
      expect(
        instalments.map(
          ({ id: _id, status: _status, reference: _reference, ...rest }: Record<string, unknown>) => rest,
        ),
      ).toEqual(expected)
      expect(
        plan.instalments.every(
          (i, n) => i.status === "PLANNED" && UUID.test(i.id) && i.reference === `${body.reference}-${n + 1}`,
        ),
      ).toBe(true)
      expect(await status(plan.id)).toEqual({
        plan_id: plan.id,
        funding_status: "PENDING",
        fulfilment_status: "NOT_INITIATED",
        total_repayment_amount: "1221.00",
        on_recourse: false,
        invoiced_amount: "0.00",
        cancelled_amount: "0.00",
        credited_amount: "0.00",
      })

      const replay = await repay("POST", "/plan", body, "plan-1")
      expect(replay.status).toBe(201)
      expect(replay.headers.get("idempotent-replayed")).toBe("true")
      expect(replay.body).toEqual(created.body)
      const conflict = await repay("POST", "/plan", { ...body, description: "changed" }, "plan-1")
      expect(conflict.status).toBe(409)
      const sameReference = await repay("POST", "/plan", body, "plan-2")
      expect(sameReference.status).toBe(409)
      expect(sameReference.body).toEqual({ description: expect.stringContaining(plan.id), code: "ERROR" })

      for (const terms of [
        { period: "MONTHLY", number_of_periods: 0 },
        { period: "MONTHLY", number_of_periods: 37 },
        { period: "MONTHLY", number_of_periods: 2.5 },
        { period: "QUARTERLY", number_of_periods: 4 },
      ]) {
        const refused = await repay("POST", "/plan", { ...planBody(account.id), terms }, unique("plan"))
        expect(refused.status).toBe(422)
        expect(locs(refused.body)[0].slice(0, 2)).toEqual(["body", "terms"])
      }
      // What section 8 corrected: all of these were accepted by the old reading.
      const old = planBody(account.id)
      const { buyer_representative: _r, shipping_address: _s, ...withoutBuyer } = old
      const refusals: [unknown, (string | number)[]][] = [
        [withoutBuyer, ["body", "buyer_representative"]],
        [{ ...old, consent_date: new Date().toISOString() }, ["body", "consent_date"]],
        [{ ...old, reference: "plan ref/1" }, ["body", "reference"]],
        [{ ...old, description: undefined }, ["body", "description"]],
        [
          { ...old, buyer_representative: { ...old.buyer_representative, phone_number: "07700 900123" } },
          ["body", "buyer_representative", "phone_number"],
        ],
        [{ ...old, line_items: [{ ...old.line_items[0], quantity: "1.2345" }] }, ["body", "line_items", 0, "quantity"]],
        [
          { ...old, line_items: [{ ...old.line_items[0], unit_price: "1000.000000" }] },
          ["body", "line_items", 0, "unit_price"],
        ],
        [{ ...old, currency: "CHF" }, ["body", "currency"]],
        [
          { ...old, shipping_address: { ...old.shipping_address, street_address: "14 Mill Lane" } },
          ["body", "shipping_address", "street_address"],
        ],
        [{ ...old, preview: true }, ["body", "preview"]],
      ]
      for (const [refusedBody, loc] of refusals) {
        const refused = await repay("POST", "/plan", refusedBody, unique("plan"))
        expect(refused.status).toBe(422)
        expect(locs(refused.body)).toEqual(expect.arrayContaining([loc]))
      }
      const noKey = await repay("POST", "/plan", planBody(account.id))
      expect(noKey.status).toBe(422)
      expect(locs(noKey.body)).toEqual([["header", "Idempotency-Key"]])

      const unknownAccount = await repay("POST", "/plan", planBody("acct_unknown"), "plan-3")
      expect(unknownAccount.status).toBe(404)
      expect(unknownAccount.body).toEqual({ description: expect.any(String), code: "ERROR" })
      const badTotal = await repay(
        "POST",
        "/plan",
        { ...planBody(account.id), total_repayment_amount: "1221.01" },
        "plan-4",
      )
      expect(badTotal.status).toBe(422)
      expect(locs(badTotal.body)).toEqual([["body", "tax_subtotals"]])
      const lines = planBody(account.id).line_items
      const badTaxable = await repay(
        "POST",
        "/plan",
        { ...planBody(account.id), line_items: [{ ...lines[0], unit_price_amount: "999.98" }, lines[1]] },
        "plan-5",
      )
      expect(badTaxable.status).toBe(422)
      expect(locs(badTaxable.body)).toEqual([["body", "tax_subtotals", 1, "taxable_amount"]])
      // Within 0.01 a line the taxable amount stands; a unit discount counts.
      const discounted = [{ ...lines[0], unit_price_amount: "1000.01", unit_discount_amount: "0.02" }, lines[1]]
      expect((await repay("POST", "/plan", { ...planBody(account.id), line_items: discounted }, "plan-6")).status).toBe(
        201,
      )
      expect((await control(sim, "GET", "/plans")).body.items).toHaveLength(2)

      const missingStatus = await repay("GET", "/status")
      expect(missingStatus.status).toBe(422)
      expect(locs(missingStatus.body)).toEqual([["query", "plan_id"]])
      expect((await repay("GET", "/status?plan_id=plan_unknown")).status).toBe(404)

      // The account is now a financial record; an update changes its details, never its company.
      const accounts = (await control(sim, "GET", "/repayment/accounts")).body.items
      expect(accounts[0]).toMatchObject({ plan_ids: [expect.any(String), expect.any(String)], financial_record: true })
      const newEmail = await repay(
        "PUT",
        `/account/${account.id}`,
        {
          buyer_company: {
            trade_name: account.buyer_company.trade_name,
            official_address: account.buyer_company.official_address,
          },
          invoice_email: "ap2@acme.example",
          account_representative: account.account_representative,
        },
        "acct-u2",
      )
      expect(newEmail.status).toBe(204)
    },
  )

  it("fulfilment: 409 before ACCEPTED; 202 PENDING, then SUCCEEDED; FAILED by control starts over", async () => {
    const account = await newAccount()
    const plan = await newPlan(account.id)
    const early = await repay("PUT", "/fulfilment", { plan_id: plan.id }, "f-1")
    expect(early.status).toBe(409)
    expect(early.body).toEqual({ description: expect.any(String), code: "ERROR" })

    expect((await control(sim, "POST", `/plans/${plan.id}/funding`, { status: "ACCEPTED" })).body.funding_status).toBe(
      "ACCEPTED",
    )
    const started = await repay("PUT", "/fulfilment", { plan_id: plan.id, invoice_grouping_key: "acme-monthly" }, "f-2")
    expect(started.status).toBe(202)
    expect(PlanStatus.parse(started.body)).toMatchObject({ funding_status: "ACCEPTED", fulfilment_status: "PENDING" })
    const failed = await control(sim, "POST", `/plans/${plan.id}/fulfilment`, { status: "FAILED" })
    expect(failed.body.fulfilment_status).toBe("FAILED")
    const restarted = await repay("PUT", "/fulfilment", { plan_id: plan.id }, "f-3")
    expect(restarted.body.fulfilment_status).toBe("PENDING")
    const advanced = await control(sim, "POST", "/clock/advance", { ms: 60_000 })
    expect(advanced.body.repayment).toMatchObject({ fulfilments_settled: 1, invoices_issued: 0 })
    expect(await status(plan.id)).toMatchObject({ fulfilment_status: "SUCCEEDED", invoiced_amount: "0.00" })
    const second = await repay("PUT", "/fulfilment", { plan_id: plan.id }, "f-4")
    expect(second.status).toBe(202)
    expect(second.body.fulfilment_status).toBe("SUCCEEDED")
    expect((await control(sim, "POST", `/plans/${plan.id}/fulfilment`, { status: "FAILED" })).status).toBe(409)

    const rejected = await newPlan(account.id)
    await control(sim, "POST", `/plans/${rejected.id}/funding`, { status: "REJECTED", reason: "MANUAL_REVIEW" })
    expect(await status(rejected.id)).toMatchObject({
      funding_status: "REJECTED",
      credit_decline_reason: "MANUAL_REVIEW",
    })
    expect((await repay("PUT", "/fulfilment", { plan_id: rejected.id }, "f-5")).status).toBe(409)
  })

  it(
    "clock: due instalments of fulfilled plans are invoiced, " +
      "grouped per account and month; cancel and credit follow",
    async () => {
      const a = await newAccount()
      const b = await newAccount()
      const twelve = await newPlan(a.id)
      const three = await newPlan(a.id, {
        lines: [planLine("Pallet rack", "3", "100", "0.200000")],
        terms: { period: "MONTHLY", number_of_periods: 3 },
      })
      const other = await newPlan(b.id)
      const unfulfilled = await newPlan(b.id)
      for (const plan of [twelve, three, other, unfulfilled]) {
        await control(sim, "POST", `/plans/${plan.id}/funding`, { status: "ACCEPTED" })
      }
      for (const plan of [twelve, three, other]) {
        expect((await repay("PUT", "/fulfilment", { plan_id: plan.id }, unique("f"))).status).toBe(202)
        await control(sim, "POST", `/plans/${plan.id}/fulfilment`, { status: "SUCCEEDED" })
      }
      const [first, second] = twelve.instalments.map((i) => i.invoice_issue_date)
      expect(three.instalments[0].invoice_issue_date).toBe(first)

      // Nothing is due before the first issue date.
      expect((await control(sim, "GET", "/repayment/invoices")).body.items).toEqual([])
      let now = (await control(sim, "GET", "/clock")).body.now as string
      const advanced = await control(sim, "POST", "/clock/advance", { ms: msUntil(now, first) })
      expect(advanced.body.repayment).toEqual({ funding_decided: 0, fulfilments_settled: 0, invoices_issued: 2 })

      const ofA = (await control(sim, "GET", `/repayment/invoices?account_id=${a.id}`)).body.items
      expect(ofA).toHaveLength(1)
      expect(ofA[0]).toMatchObject({
        account_id: a.id,
        month: first.slice(0, 7),
        issue_date: first,
        currency: "GBP",
        number: expect.stringMatching(/^INV-\d{6}$/),
        amount: sum([twelve.instalments[0].repayment_amount, three.instalments[0].repayment_amount]),
      })
      expect(ofA[0].instalments.map((i: { instalment_id: string }) => i.instalment_id).sort()).toEqual(
        [twelve.instalments[0].id, three.instalments[0].id].sort(),
      )
      const invoiceTax = ofA[0].tax_subtotals as { taxable_amount: string; tax_amount: string }[]
      expect(sum(invoiceTax.flatMap((t) => [t.taxable_amount, t.tax_amount]))).toBe(ofA[0].amount)
      const ofB = (await control(sim, "GET", `/repayment/invoices?account_id=${b.id}`)).body.items
      expect(ofB).toHaveLength(1)
      expect(ofB[0].instalments.map((i: { plan_id: string }) => i.plan_id)).toEqual([other.id])
      expect((await status(unfulfilled.id)).invoiced_amount).toBe("0.00")
      expect((await status(twelve.id)).invoiced_amount).toBe(twelve.instalments[0].repayment_amount)

      now = (await control(sim, "GET", "/clock")).body.now as string
      await control(sim, "POST", "/clock/advance", { ms: msUntil(now, second) })
      const secondOfA = (await control(sim, "GET", `/repayment/invoices?account_id=${a.id}`)).body.items
      expect(secondOfA.map((i: { month: string }) => i.month)).toEqual([first.slice(0, 7), second.slice(0, 7)])
      expect(secondOfA[1].instalments).toHaveLength(2)
      const invoicedTwelve = sum(twelve.instalments.slice(0, 2).map((i) => i.repayment_amount))
      expect((await status(twelve.id)).invoiced_amount).toBe(invoicedTwelve)

      // Credits: never above invoiced minus credited.
      const tooMuch = await credit(twelve.id, plusCent(invoicedTwelve), "GBP", "c-1")
      expect(tooMuch.status).toBe(409)
      expect(tooMuch.body).toEqual({ description: expect.stringContaining(invoicedTwelve), code: "ERROR" })
      const credited = await credit(twelve.id, "50.00", "GBP", "c-2")
      expect(credited.status).toBe(201)
      expect(credited.body).toEqual({
        id: expect.stringMatching(/^crd_[0-9a-f]{32}$/),
        plan_id: twelve.id,
        amount: "50.00",
        currency: "GBP",
      })
      const rest = new BigNumber(invoicedTwelve).minus(50).toFixed(2)
      expect((await credit(twelve.id, plusCent(rest), "GBP", "c-3")).status).toBe(409)
      expect((await credit(twelve.id, "1.00", "EUR", "c-4")).status).toBe(422)
      expect((await credit(twelve.id, "0.00", "GBP", "c-5")).status).toBe(422)
      expect((await credit(twelve.id, rest, "GBP", "c-6")).status).toBe(201)
      expect((await status(twelve.id)).credited_amount).toBe(invoicedTwelve)

      // Cancellation: what is not invoiced is cancelled; nothing more is invoiced for that plan.
      const cancelledAt = new Date().toISOString()
      const cancelled = await cancel(twelve.id, undefined, "x-1", cancelledAt)
      expect(cancelled.status).toBe(200)
      const cancelledAmount = sum(twelve.instalments.slice(2).map((i) => i.repayment_amount))
      expect(PlanCancellation.parse(cancelled.body)).toEqual({
        id: expect.stringMatching(UUID),
        cancelled_at: cancelledAt,
        cancelled_repayment_amount: cancelledAmount,
        currency: "GBP",
        cancel_reason: "TERMINATED",
      })
      const shown = (await control(sim, "GET", `/plans/${twelve.id}`)).body
      expect(shown.plan.instalments.map((i: { status: string }) => i.status)).toEqual([
        ...Array(2).fill("INVOICED"),
        ...Array(10).fill("CANCELLED"),
      ])
      expect(await status(twelve.id)).toMatchObject({
        invoiced_amount: invoicedTwelve,
        cancelled_amount: cancelledAmount,
      })
      const again = await cancel(twelve.id, "WRONG_DETAILS", "x-2")
      expect(again.status).toBe(200)
      expect(again.body).toEqual(cancelled.body)
      expect((await repay("PUT", "/fulfilment", { plan_id: twelve.id }, "x-3")).status).toBe(409)
      const badDate = await cancel(three.id, undefined, "x-4", "yesterday")
      expect(badDate.status).toBe(422)
      const badReason = await cancel(three.id, "returned", "x-4b")
      expect(badReason.status).toBe(422)
      expect(locs(badReason.body)).toEqual([["body", "cancel_reason"]])
      const noKey = await repay("PUT", `/plan/${three.id}/cancellation`, { cancelled_at: cancelledAt })
      expect(noKey.status).toBe(422)

      now = (await control(sim, "GET", "/clock")).body.now as string
      await control(sim, "POST", "/clock/advance", { ms: msUntil(now, twelve.instalments[5].invoice_issue_date) })
      expect(three.total_repayment_amount).toBe("360.00")
      expect((await status(three.id)).invoiced_amount).toBe("360.00")
      expect((await status(twelve.id)).invoiced_amount).toBe(invoicedTwelve)
      const allOfA = (await control(sim, "GET", `/repayment/invoices?account_id=${a.id}`)).body.items
      expect(allOfA.map((i: { instalments: unknown[] }) => i.instalments.length)).toEqual([2, 2, 1])
      const nothingLeft = await cancel(three.id, "TERMINATED", "x-5")
      expect(nothingLeft.status).toBe(409)
    },
  )
})

describe("simulator: repayment, per merchant and by control", () => {
  const OTHER_KEY = "secret_test_" + "OtherMerchantKeyOtherMerchantKeyOtherMerch0"
  let sim: RunningSimulator

  beforeAll(async () => {
    sim = await startSimulator({
      repaymentFundingDelayMs: 600_000,
      merchants: [
        { apiKey: SIMULATOR_API_KEY, name: "Simulated Merchant" },
        { apiKey: OTHER_KEY, name: "Other Merchant" },
      ],
    })
  })
  afterAll(() => sim.close())

  it("a merchant sees only its own accounts and plans; the control API decides funding before the delay", async () => {
    const created = await call(sim, "POST", "/repay/v1/account", { body: accountBody(), idempotencyKey: "k-1" })
    expect(created.status).toBe(201)
    const plan = await call(sim, "POST", "/repay/v1/plan", { body: planBody(created.body.id), idempotencyKey: "k-2" })
    expect(plan.status).toBe(201)
    const other = { key: OTHER_KEY }
    expect((await call(sim, "GET", `/repay/v1/status?plan_id=${plan.body.id}`, other)).status).toBe(404)
    const { buyer_company, invoice_email, account_representative } = accountBody()
    const updateBody = {
      buyer_company: { trade_name: buyer_company.trade_name, official_address: buyer_company.official_address },
      invoice_email,
      account_representative,
    }
    const update = await call(sim, "PUT", `/repay/v1/account/${created.body.id}`, {
      ...other,
      body: updateBody,
      idempotencyKey: "k-3",
    })
    expect(update.status).toBe(404)
    expect(
      (await call(sim, "POST", "/repay/v1/plan", { ...other, body: planBody(created.body.id), idempotencyKey: "k-2" }))
        .status,
    ).toBe(404)
    expect((await call(sim, "GET", `/repay/v1/status?plan_id=${plan.body.id}`, { key: null })).status).toBe(401)

    const still = await call(sim, "GET", `/repay/v1/status?plan_id=${plan.body.id}`)
    expect(still.body.funding_status).toBe("PENDING")
    const rejected = await control(sim, "POST", `/plans/${plan.body.id}/funding`, { status: "REJECTED" })
    expect(rejected.body).toMatchObject({ funding_status: "REJECTED", credit_decline_reason: "TOO_HIGH_RISK" })
    const deliveries = (await control(sim, "GET", "/webhooks?type=repayment.plan.funding_decided")).body.items
    expect(deliveries).toEqual([
      expect.objectContaining({
        merchant: "simulated-merchant",
        state: "no_url",
        payload: expect.objectContaining({ data: { plan_id: plan.body.id, funding_status: "REJECTED" } }),
      }),
    ])
    expect((await control(sim, "GET", `/plans?merchant=other-merchant`)).body.items).toEqual([])
    const shown = await control(sim, "GET", `/plans/${plan.body.id}`)
    expect(shown.body).toMatchObject({ merchant: "simulated-merchant", funding: { decidedBy: "control" } })
    expect((await control(sim, "POST", "/plans/plan_unknown/funding", { status: "ACCEPTED" })).status).toBe(404)
    expect((await control(sim, "POST", `/plans/${plan.body.id}/funding`, { status: "MAYBE" })).status).toBe(400)
  })
})

describe("simulator: repayment decisions in real time", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    sim = await startSimulator({
      repaymentFundingDelayMs: 100,
      repaymentFulfilmentDelayMs: 50,
      webhookRetryDelaysMs: [50],
    })
  })
  afterAll(() => sim.close())

  const repay = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
    call(sim, method, `/repay/v1${path}`, { body, idempotencyKey })

  async function newAccount(overrides: Parameters<typeof accountBody>[0] = {}) {
    const created = await repay("POST", "/account", accountBody(overrides), unique("acct-key"))
    expect(created.status).toBe(201)
    return RepaymentAccount.parse(created.body)
  }

  async function newPlan(accountId: string, overrides: Parameters<typeof planBody>[1] = {}) {
    const created = await repay("POST", "/plan", planBody(accountId, overrides), unique("plan-key"))
    expect(created.status).toBe(201)
    return RepaymentPlan.parse(created.body)
  }

  const status = async (planId: string) => {
    const answer = await repay("GET", `/status?plan_id=${encodeURIComponent(planId)}`)
    expect(answer.status).toBe(200)
    return PlanStatus.parse(answer.body)
  }

  const decided = (planId: string) =>
    waitFor(async () => {
      const s = await status(planId)
      return s.funding_status === "PENDING" ? undefined : s
    })

  it(
    "funding: decided after the delay, deterministic, " + "with a signed repayment.plan.funding_decided webhook",
    async () => {
      const hooks = await webhookReceiver()
      try {
        await control(sim, "PUT", "/webhook", { url: hooks.url })
        const acme = await newAccount()
        const risky = await newAccount({ buyer_company: declinedCompany })
        const small = await newAccount({
          buyer_company: {
            ...declinedCompany,
            trade_name: "PENNYWORTH-STATIONERS-LTD",
            national_identifier: "12345678",
          },
        })
        const accepted = await newPlan(acme.id)
        const tooRisky = await newPlan(risky.id)
        const overLimit = await newPlan(small.id)
        const bigInstalment = await newPlan(acme.id, {
          lines: [planLine("Packaging machine", "1", "33333.33", "0.200000")],
          terms: { period: "MONTHLY", number_of_periods: 1 },
        })
        expect(bigInstalment.total_repayment_amount).toBe("40000.00")

        const acceptedStatus = await decided(accepted.id)
        expect(acceptedStatus).toMatchObject({ funding_status: "ACCEPTED" })
        expect(acceptedStatus).not.toHaveProperty("credit_decline_reason")
        const shown = (await control(sim, "GET", `/plans/${accepted.id}`)).body
        expect(shown.funding).toMatchObject({ decidedBy: "service" })
        expect(Date.parse(shown.funding.decidedAt) - Date.parse(shown.created_at)).toBeGreaterThanOrEqual(100)
        expect(await decided(tooRisky.id)).toMatchObject({
          funding_status: "REJECTED",
          credit_decline_reason: "TOO_HIGH_RISK",
        })
        expect(await decided(overLimit.id)).toMatchObject({
          funding_status: "REJECTED",
          credit_decline_reason: "BUYER_LIMIT_EXCEEDED",
        })
        expect(await decided(bigInstalment.id)).toMatchObject({
          funding_status: "REJECTED",
          credit_decline_reason: "INSTALMENT_LIMIT_EXCEEDED",
        })

        const events = await waitFor(() => (hooks.received.length >= 4 ? hooks.received : undefined))
        const verifier = new Webhook(SIMULATOR_WEBHOOK_SECRET)
        const byPlan = new Map(
          events.map((event) => {
            const payload = FundingDecidedEvent.parse(
              verifier.verify(event.body, event.headers as Record<string, string>),
            )
            expect(payload.id).toBe(event.headers["webhook-id"])
            return [payload.data.plan_id, payload.data.funding_status]
          }),
        )
        expect(Object.fromEntries(byPlan)).toEqual({
          [accepted.id]: "ACCEPTED",
          [tooRisky.id]: "REJECTED",
          [overLimit.id]: "REJECTED",
          [bigInstalment.id]: "REJECTED",
        })

        // Decided once: the control API cannot decide again. A rejected plan frees its reference.
        const again = await control(sim, "POST", `/plans/${accepted.id}/funding`, { status: "REJECTED" })
        expect(again.status).toBe(409)
        const retried = await repay("POST", "/plan", planBody(acme.id, { reference: tooRisky.reference }), "retry-ref")
        expect(retried.status).toBe(201)
      } finally {
        await hooks.close()
      }
    },
  )

  it("fulfilment succeeds on its own after its delay", async () => {
    const plan = await newPlan((await newAccount()).id)
    await decided(plan.id)
    const started = await repay("PUT", "/fulfilment", { plan_id: plan.id }, unique("f"))
    expect(started.body.fulfilment_status).toBe("PENDING")
    const done = await waitFor(async () => {
      const s = await status(plan.id)
      return s.fulfilment_status === "SUCCEEDED" ? s : undefined
    })
    expect(done).toMatchObject({ funding_status: "ACCEPTED", invoiced_amount: "0.00" })
  })
})

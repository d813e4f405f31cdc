import BigNumber from "bignumber.js"
import { Webhook } from "standardwebhooks"
import { scheduleInstalments } from "../../service/repayment-schedule"
import {
  ErrorBody,
  FundingDecidedEvent,
  PlanStatus,
  PreviewResult,
  RepaymentAccount,
  RepaymentPlan,
} from "../../service/schemas"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator, type RunningSimulator } from "../index"
import { call, control, line, waitFor } from "./helpers"
import { accountBody, declinedCompany, msUntil, planBody, unique, webhookReceiver } from "./repayment-fixtures"

/**
 * The repayment interface of the simulator (contract section 3) over real
 * HTTP: accounts, credit check, preview, plans, funding (after the delay and
 * by the control API, with its signed webhook), fulfilment, cancellation,
 * credits, and invoicing by the clock, grouped per account and month.
 */

const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new BigNumber(0)).toFixed(2)

describe("simulator: repayment interface", () => {
  let sim: RunningSimulator

  beforeAll(async () => {
    // Decisions the service makes on its own wait a minute (simulator clock): these tests take them by the
    // control API or by moving the clock. The real-time delays have their own simulator below.
    sim = await startSimulator({ repaymentFundingDelayMs: 60_000, repaymentFulfilmentDelayMs: 60_000, webhookRetryDelaysMs: [50] })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    await control(sim, "POST", "/reset")
  })

  const repay = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
    call(sim, method, `/repay/v1${path}`, { body, idempotencyKey })
  const credit = (plan_id: string, amount: string, currency: string, idempotencyKey: string) =>
    repay("POST", "/credit", { plan_id, amount, currency, reason: "returned" }, idempotencyKey)
  const cancel = (plan_id: string, cancel_reason: string, idempotencyKey: string, cancelled_at = new Date().toISOString()) =>
    repay("PUT", "/cancellation", { plan_id, cancel_reason, cancelled_at }, idempotencyKey)
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

  it("accounts: create answers {id, ...body}; PUT /account/{id} replaces it; a merchant_account_reference is unique", async () => {
    const body = accountBody()
    const created = await repay("POST", "/account", body, "acct-1")
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ id: expect.stringMatching(/^acct_[0-9a-f]{32}$/), ...body })

    const again = await repay("POST", "/account", { ...body, invoice_email: "other@acme.example" }, "acct-2")
    expect(again.status).toBe(409)
    expect(ErrorBody.parse(again.body)).toMatchObject({ error_code: "INVALID_STATE", error_details: created.body.id })

    const updated = await repay("PUT", `/account/${created.body.id}`, { ...body, invoice_email: "ap@acme.example" }, "acct-3")
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({ ...created.body, invoice_email: "ap@acme.example" })

    expect((await repay("PUT", "/account/acct_unknown", body, "acct-4")).status).toBe(404)
    const missing = await repay("POST", "/account", { ...body, account_representative: { first_name: "Jane" } }, "acct-5")
    expect(missing.status).toBe(400)
    expect(missing.body.error_code).toBe("SCHEMA_ERROR")
    expect(missing.body.error_json[0].loc.slice(0, 2)).toEqual(["body", "account_representative"])

    const listed = await control(sim, "GET", "/repayment/accounts")
    expect(listed.body.items).toEqual([
      expect.objectContaining({ merchant: "simulated-merchant", account: updated.body, plan_ids: [], financial_record: false }),
    ])
  })

  it("credit check: deterministic limits from the company registry", async () => {
    const check = async (national_identifier: string, amount: string, extra: object = {}) => {
      const answer = await repay(
        "POST",
        "/credit-check",
        { country_code: "GB", national_identifier, company_name: "Any name", amount, currency: "GBP", instalment_period: "MONTHLY", ...extra },
        unique("cc")
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
    const declined = { decision: "DECLINED", minimum_instalments: null, maximum_instalments: null, maximum_instalment_amount: null, currency: "GBP" }

    expect((await check("08123456", "3000.00")).body).toEqual(approved(1, 36, "16666.66"))
    expect((await check("08123456", "40000.00")).body).toEqual(approved(3, 36, "16666.66"))
    expect((await check("081-234-56", "25.00")).body).toEqual(approved(1, 2, "16666.66"))
    expect((await check("08123456", "5.00")).body).toEqual(approved(1, 1, "16666.66"))
    expect((await check("12345678", "900.00")).body).toEqual(approved(3, 36, "333.33"))
    expect((await check("08123456", "60000.00")).body).toEqual(declined)
    expect((await check("06660666", "100.00")).body).toEqual(declined)
    expect((await check("99999999", "100.00")).body).toEqual(declined)

    const weekly = await check("08123456", "100.00", { instalment_period: "WEEKLY" })
    expect(weekly.status).toBe(400)
    expect(weekly.body.error_json[0].loc).toEqual(["body", "instalment_period"])
  })

  it("preview: several tentative plans in one call, by the schedule rules; 400 for other terms", async () => {
    const body = {
      total_repayment_amount: "1221.00",
      currency: "GBP",
      tax_subtotals: planBody("acct_x").tax_subtotals,
      terms: [1, 3, 12, 36].map((n) => ({ period: "MONTHLY", number_of_periods: n })),
    }
    const now = (await control(sim, "GET", "/clock")).body.now as string
    const answer = await repay("POST", "/preview", body, "preview-1")
    expect(answer.status).toBe(200)
    const { previews } = PreviewResult.parse(answer.body)
    expect(previews.map((p) => p.terms.number_of_periods)).toEqual([1, 3, 12, 36])
    for (const preview of previews) {
      expect(preview.instalments).toEqual(
        scheduleInstalments({
          total_repayment_amount: "1221.00",
          tax_subtotals: body.tax_subtotals,
          number_of_periods: preview.terms.number_of_periods,
          createdAt: new Date(now),
        })
      )
      expect(sum(preview.instalments.map((i) => i.repayment_amount))).toBe("1221.00")
    }

    for (const terms of [
      { period: "MONTHLY", number_of_periods: 0 },
      { period: "MONTHLY", number_of_periods: 37 },
      { period: "MONTHLY", number_of_periods: 2.5 },
      { period: "WEEKLY", number_of_periods: 3 },
    ]) {
      const refused = await repay("POST", "/preview", { ...body, terms: [terms] }, unique("preview"))
      expect(refused.status).toBe(400)
      expect(refused.body.error_code).toBe("SCHEMA_ERROR")
      expect(refused.body.error_json[0].loc.slice(0, 3)).toEqual(["body", "terms", 0])
    }
    const unbalanced = await repay("POST", "/preview", { ...body, total_repayment_amount: "1221.01" }, "preview-2")
    expect(unbalanced.status).toBe(400)
    expect(unbalanced.body.error_code).toBe("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH")
  })

  it("plan: PLANNED instalments and PENDING funding; 400 for other periods, 404 for an unknown account, 409 for a reference in use", async () => {
    const account = await newAccount()
    const body = planBody(account.id)
    const now = (await control(sim, "GET", "/clock")).body.now as string
    const created = await repay("POST", "/plan", body, "plan-1")
    expect(created.status).toBe(201)
    const plan = RepaymentPlan.parse(created.body)
    expect(plan).toMatchObject({
      id: expect.stringMatching(/^plan_[0-9a-f]{32}$/),
      reference: body.reference,
      account_id: account.id,
      total_repayment_amount: "1221.00",
      currency: "GBP",
      terms: { period: "MONTHLY", number_of_periods: 12 },
      line_items: body.line_items,
      tax_subtotals: body.tax_subtotals,
    })
    const expected = scheduleInstalments({ ...body, number_of_periods: 12, createdAt: new Date(now) })
    expect(plan.instalments.map(({ id: _id, status: _status, ...rest }) => rest)).toEqual(expected)
    expect(plan.instalments.every((i) => i.status === "PLANNED" && /^inst_[0-9a-f]{32}$/.test(i.id))).toBe(true)
    expect(await status(plan.id)).toEqual({
      plan_id: plan.id,
      funding_status: "PENDING",
      fulfilment_status: "NOT_INITIATED",
      invoiced_amount: "0.00",
      cancelled_amount: "0.00",
      credited_amount: "0.00",
      credit_decline_reason: null,
    })

    const replay = await repay("POST", "/plan", body, "plan-1")
    expect(replay.status).toBe(201)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    expect(replay.body).toEqual(created.body)
    const conflict = await repay("POST", "/plan", { ...body, description: "changed" }, "plan-1")
    expect(conflict.status).toBe(409)
    expect(conflict.body.error_code).toBe("IDEMPOTENCY_CONFLICT")
    const sameReference = await repay("POST", "/plan", body, "plan-2")
    expect(sameReference.status).toBe(409)
    expect(sameReference.body).toMatchObject({ error_code: "INVALID_STATE", error_details: plan.id })

    for (const terms of [
      { period: "MONTHLY", number_of_periods: 0 },
      { period: "MONTHLY", number_of_periods: 37 },
      { period: "MONTHLY", number_of_periods: 2.5 },
      { period: "QUARTERLY", number_of_periods: 4 },
    ]) {
      const refused = await repay("POST", "/plan", { ...planBody(account.id), terms }, unique("plan"))
      expect(refused.status).toBe(400)
      expect(refused.body.error_code).toBe("SCHEMA_ERROR")
      expect(refused.body.error_json[0].loc.slice(0, 2)).toEqual(["body", "terms"])
    }
    const unknownAccount = await repay("POST", "/plan", planBody("acct_unknown"), "plan-3")
    expect(unknownAccount.status).toBe(404)
    const badTotal = await repay("POST", "/plan", { ...planBody(account.id), total_repayment_amount: "1221.01" }, "plan-4")
    expect(badTotal.status).toBe(400)
    expect(badTotal.body.error_code).toBe("INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH")
    expect((await control(sim, "GET", "/plans")).body.items).toHaveLength(1)

    const missingStatus = await repay("GET", "/status")
    expect(missingStatus.status).toBe(400)
    expect(missingStatus.body.error_json[0].loc).toEqual(["query", "plan_id"])
    expect((await repay("GET", "/status?plan_id=plan_unknown")).status).toBe(404)

    // The account is now a financial record; its company cannot change, its billing details can.
    const accounts = (await control(sim, "GET", "/repayment/accounts")).body.items
    expect(accounts[0]).toMatchObject({ plan_ids: [plan.id], financial_record: true })
    const { id: _id, ...accountFields } = account
    const otherCompany = await repay("PUT", `/account/${account.id}`, { ...accountFields, buyer_company: declinedCompany }, "acct-u1")
    expect(otherCompany.status).toBe(409)
    const newEmail = await repay("PUT", `/account/${account.id}`, { ...accountFields, invoice_email: "ap2@acme.example" }, "acct-u2")
    expect(newEmail.status).toBe(200)
  })

  it("fulfilment: 409 before ACCEPTED; 202 PENDING, then SUCCEEDED; FAILED by control starts over", async () => {
    const account = await newAccount()
    const plan = await newPlan(account.id)
    const early = await repay("PUT", "/fulfilment", { plan_id: plan.id }, "f-1")
    expect(early.status).toBe(409)
    expect(early.body.error_code).toBe("INVALID_STATE")

    expect((await control(sim, "POST", `/plans/${plan.id}/funding`, { status: "ACCEPTED" })).body.funding_status).toBe("ACCEPTED")
    const started = await repay("PUT", "/fulfilment", { plan_id: plan.id }, "f-2")
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
    expect(await status(rejected.id)).toMatchObject({ funding_status: "REJECTED", credit_decline_reason: "MANUAL_REVIEW" })
    expect((await repay("PUT", "/fulfilment", { plan_id: rejected.id }, "f-5")).status).toBe(409)
  })

  it("clock: due instalments of fulfilled plans are invoiced, grouped per account and month; cancel and credit follow", async () => {
    const a = await newAccount()
    const b = await newAccount()
    const twelve = await newPlan(a.id)
    const three = await newPlan(a.id, { lines: [line("Pallet rack", "3", "100", "0.200000")], terms: { period: "MONTHLY", number_of_periods: 3 } })
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
      [twelve.instalments[0].id, three.instalments[0].id].sort()
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
    expect(tooMuch.body).toMatchObject({ error_code: "INVALID_STATE", error_details: invoicedTwelve })
    const credited = await credit(twelve.id, "50.00", "GBP", "c-2")
    expect(credited.status).toBe(201)
    expect(credited.body).toEqual({ id: expect.stringMatching(/^crd_[0-9a-f]{32}$/), plan_id: twelve.id, amount: "50.00", currency: "GBP" })
    const rest = new BigNumber(invoicedTwelve).minus(50).toFixed(2)
    expect((await credit(twelve.id, plusCent(rest), "GBP", "c-3")).status).toBe(409)
    expect((await credit(twelve.id, "1.00", "EUR", "c-4")).status).toBe(400)
    expect((await credit(twelve.id, "0.00", "GBP", "c-5")).status).toBe(400)
    expect((await credit(twelve.id, rest, "GBP", "c-6")).status).toBe(201)
    expect((await status(twelve.id)).credited_amount).toBe(invoicedTwelve)

    // Cancellation: what is not invoiced is cancelled; nothing more is invoiced for that plan.
    const cancelled = await cancel(twelve.id, "returned", "x-1")
    expect(cancelled.status).toBe(200)
    const plan = RepaymentPlan.parse(cancelled.body)
    expect(plan.instalments.map((i) => i.status)).toEqual([...Array(2).fill("INVOICED"), ...Array(10).fill("CANCELLED")])
    expect(await status(twelve.id)).toMatchObject({
      invoiced_amount: invoicedTwelve,
      cancelled_amount: sum(twelve.instalments.slice(2).map((i) => i.repayment_amount)),
    })
    const again = await cancel(twelve.id, "again", "x-2")
    expect(again.status).toBe(200)
    expect(again.body).toEqual(cancelled.body)
    expect((await repay("PUT", "/fulfilment", { plan_id: twelve.id }, "x-3")).status).toBe(409)
    const badDate = await cancel(three.id, "x", "x-4", "yesterday")
    expect(badDate.status).toBe(400)

    now = (await control(sim, "GET", "/clock")).body.now as string
    await control(sim, "POST", "/clock/advance", { ms: msUntil(now, twelve.instalments[5].invoice_issue_date) })
    expect(three.total_repayment_amount).toBe("360.00")
    expect((await status(three.id)).invoiced_amount).toBe("360.00")
    expect((await status(twelve.id)).invoiced_amount).toBe(invoicedTwelve)
    const allOfA = (await control(sim, "GET", `/repayment/invoices?account_id=${a.id}`)).body.items
    expect(allOfA.map((i: { instalments: unknown[] }) => i.instalments.length)).toEqual([2, 2, 1])
    const nothingLeft = await cancel(three.id, "late", "x-5")
    expect(nothingLeft.status).toBe(409)
  })
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
    const update = await call(sim, "PUT", `/repay/v1/account/${created.body.id}`, { ...other, body: accountBody(), idempotencyKey: "k-3" })
    expect(update.status).toBe(404)
    expect((await call(sim, "POST", "/repay/v1/plan", { ...other, body: planBody(created.body.id), idempotencyKey: "k-2" })).status).toBe(404)
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
    sim = await startSimulator({ repaymentFundingDelayMs: 100, repaymentFulfilmentDelayMs: 50, webhookRetryDelaysMs: [50] })
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

  it("funding: decided after the delay, deterministic, with a signed repayment.plan.funding_decided webhook", async () => {
    const hooks = await webhookReceiver()
    try {
      await control(sim, "PUT", "/webhook", { url: hooks.url })
      const acme = await newAccount()
      const risky = await newAccount({ buyer_company: declinedCompany })
      const small = await newAccount({
        buyer_company: { ...declinedCompany, trade_name: "PENNYWORTH STATIONERS LTD", national_identifier: "12345678" },
      })
      const accepted = await newPlan(acme.id)
      const tooRisky = await newPlan(risky.id)
      const overLimit = await newPlan(small.id)
      const bigInstalment = await newPlan(acme.id, {
        lines: [line("Packaging machine", "1", "33333.33", "0.200000")],
        terms: { period: "MONTHLY", number_of_periods: 1 },
      })
      expect(bigInstalment.total_repayment_amount).toBe("40000.00")

      expect(await decided(accepted.id)).toMatchObject({ funding_status: "ACCEPTED", credit_decline_reason: null })
      const shown = (await control(sim, "GET", `/plans/${accepted.id}`)).body
      expect(shown.funding).toMatchObject({ decidedBy: "service" })
      expect(Date.parse(shown.funding.decidedAt) - Date.parse(shown.created_at)).toBeGreaterThanOrEqual(100)
      expect(await decided(tooRisky.id)).toMatchObject({ funding_status: "REJECTED", credit_decline_reason: "TOO_HIGH_RISK" })
      expect(await decided(overLimit.id)).toMatchObject({ funding_status: "REJECTED", credit_decline_reason: "BUYER_LIMIT_EXCEEDED" })
      expect(await decided(bigInstalment.id)).toMatchObject({
        funding_status: "REJECTED",
        credit_decline_reason: "INSTALMENT_LIMIT_EXCEEDED",
      })

      const events = await waitFor(() => (hooks.received.length >= 4 ? hooks.received : undefined))
      const verifier = new Webhook(SIMULATOR_WEBHOOK_SECRET)
      const byPlan = new Map(
        events.map((event) => {
          const payload = FundingDecidedEvent.parse(verifier.verify(event.body, event.headers as Record<string, string>))
          expect(payload.id).toBe(event.headers["webhook-id"])
          return [payload.data.plan_id, payload.data.funding_status]
        })
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
  })

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

import { Webhook } from "standardwebhooks"
import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { main as _cliMain, parseArgs } from "../cli"
import { SIMULATOR_WEBHOOK_SECRET, startSimulator, type RunningSimulator } from "../index"
import { PROFILE_ENV } from "../profile"
import { SIGNUP_SCRIPT } from "../routes/signup-script"
import { type Answer, call, control, line, orderBody, waitFor } from "./helpers"
import { accountBody, planBody, webhookReceiver } from "./repayment-fixtures"
import { proposalBody, uniqueKey } from "./registration-fixtures"

/**
 * The minimal profile (README "The minimal profile", issue 36): answers as narrow as the seed and the published
 * documents allow together, errors without codes, published event names and envelopes, funding decided later,
 * a signup popup that posts nothing, step-up verification of some one-click orders, and tracking_ids checked.
 */

let sim: RunningSimulator
let full: RunningSimulator
let published: PublishedDocuments
let hooks: Awaited<ReturnType<typeof webhookReceiver>>
/** Every 2xx answer of the service's API the tests got, to validate against the published documents. */
const answers: { method: string; path: string; answer: Answer }[] = []

async function api(method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer> {
  const answer = await call(sim, method, path, options)
  answers.push({ method, path, answer })
  return answer
}

/** Whether an object holds a key at any depth. */
const hasKeyDeep = (value: unknown, key: string): boolean =>
  !!value &&
  typeof value === "object" &&
  (key in (value as object) || Object.values(value as object).some((v) => hasKeyDeep(v, key)))

const customerBody = (id: string) => ({
  merchant_customer_id: id,
  canonical_id: "cmpgb08123456",
  contact_persons: [
    { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
  ],
  invoice_email_addresses: ["ap@acme.example"],
  trade_name: "Acme Industrial",
})
const userBody = (id: string) => ({
  merchant_user_id: id,
  email: `${id}@acme.example`,
  first_name: "Grace",
  last_name: "Hopper",
})

/** An intent for the order body's buyer and lines; its tracking_id. */
async function intentFor(body: ReturnType<typeof orderBody>): Promise<string> {
  const intent = await api("POST", "/v1/order_intent", {
    body: { gross_amount: body.gross_amount, currency: body.currency, buyer: body.buyer, line_items: body.line_items },
  })
  expect(intent.status).toBe(201)
  return intent.body.tracking_id
}

beforeAll(async () => {
  hooks = await webhookReceiver()
  sim = await startSimulator({ port: 0, profile: "minimal", webhookUrl: hooks.url, webhookRetryDelaysMs: [50] })
  full = await startSimulator({ port: 0, profile: "full" })
  published = await loadPublished()
})
afterAll(async () => {
  await sim?.close()
  await full?.close()
  await hooks?.close()
})

describe("simulator: the minimal profile", () => {
  it("is chosen by the option, the environment variable or the CLI; the default stays full", async () => {
    expect(sim.profile).toBe("minimal")
    expect(full.profile).toBe("full")
    expect((await control(sim, "GET", "/profile")).body).toMatchObject({ profile: "minimal", funding_delay_ms: 2000 })
    const before = process.env[PROFILE_ENV]
    try {
      process.env[PROFILE_ENV] = "minimal"
      const fromEnv = await startSimulator({ port: 0 })
      expect(fromEnv.profile).toBe("minimal")
      await fromEnv.close()
      const overridden = await startSimulator({ port: 0, profile: "full" })
      expect(overridden.profile).toBe("full")
      await overridden.close()
      process.env[PROFILE_ENV] = "narrow"
      await expect(startSimulator({ port: 0 })).rejects.toThrow(/must be one of full, minimal/)
      delete process.env[PROFILE_ENV]
      const byDefault = await startSimulator({ port: 0 })
      expect(byDefault.profile).toBe("full")
      await byDefault.close()
    } finally {
      if (before === undefined) delete process.env[PROFILE_ENV]
      else process.env[PROFILE_ENV] = before
    }
    expect(parseArgs(["--profile", "minimal"]).profile).toBe("minimal")
    expect(parseArgs(["--profile=full"]).profile).toBe("full")
    expect(() => parseArgs(["--profile", "wide"])).toThrow(/--profile must be one of/)
    expect(typeof _cliMain).toBe("function")
  })

  it(
    "answers an order in the narrowest shape: required fields, the seed's promises, nullable ones null, " +
      "unknown fields added",
    async () => {
      const body = orderBody()
      const tracking_id = await intentFor(body)
      const created = await api("POST", "/v1/order", { body: { ...body, tracking_id } })
      expect(created.status).toBe(201)
      const order = created.body
      // The seed's promises, with their values.
      expect(order).toMatchObject({
        state: "UNVERIFIED",
        status: "APPROVED",
        payment_url: expect.stringMatching(/^http/),
        id: expect.any(String),
      })
      // Required by the published schema but nullable: null.
      expect(order).toMatchObject({ payable_amount: null, invoice_amount: null, prepaid_amount: null })
      // Optional in the published schema, not promised: gone.
      for (const field of [
        "tracking_id",
        "merchant_reference",
        "decline_reason",
        "merchant_urls",
        "tax_subtotals",
        "date_created",
        "invoice_url",
      ]) {
        expect(order).not.toHaveProperty(field)
      }
      // Kept on purpose (CONTRACT_KEPT, docs/service-contract-notes.md): what the plugin still needs to tell what was
      // invoiced and refunded.
      expect(order.fulfilments).toEqual([])
      expect(order.refunds).toEqual([])
      expect(order.line_items[0]).not.toHaveProperty("line_item_reference")
      expect(order.buyer).not.toHaveProperty("representative")
      // Fields the service may add: at the top and nested.
      expect(order.x_sim_extra).toEqual(
        expect.objectContaining({ nested: expect.objectContaining({ x_sim_unknown: true }) }),
      )
      expect(order.billing_address.x_sim_unknown).toEqual(expect.any(String))
      // The full profile answers everything, as always.
      const wide = await call(full, "POST", "/v1/order", { body: orderBody() })
      expect(wide.body).toMatchObject({
        tracking_id: null,
        merchant_urls: expect.any(Object),
        payable_amount: expect.any(String),
      })
      expect(wide.body).not.toHaveProperty("x_sim_extra")

      const id = order.id
      expect((await api("GET", `/v1/order/${id}`)).body).not.toHaveProperty("merchant_urls")
      const list = await api("GET", `/v1/order/merchant-order-id/${body.merchant_order_id}`)
      expect(list.body).toHaveLength(1)
      expect(list.body[0]).toMatchObject({ id, state: "UNVERIFIED", x_sim_extra: expect.any(Object) })
      expect((await control(sim, "POST", `/orders/${id}/verify`, { approve: true })).status).toBe(200)
      const confirmed = await api("POST", `/v1/order/${id}/confirm`)
      expect(confirmed.body).toMatchObject({ state: "CONFIRMED", payment_url: expect.any(String) })
      const fulfilled = await api("POST", `/v1/order/${id}/fulfilled`)
      expect(fulfilled.status).toBe(200)
      expect(fulfilled.body).toEqual({
        fulfilled_order: { id: expect.any(String), x_sim_unknown: expect.any(String) },
        x_sim_extra: expect.any(Object),
      })
      const refund = await api("POST", `/v1/order/${id}/refund`, {
        body: { reason: "goodwill", refund_reference: uniqueKey("r") },
      })
      expect(refund.status).toBe(201)
      expect(refund.body).toMatchObject({ id: expect.any(String), amount: expect.any(String), refund_no: 1 })
      expect(refund.body).not.toHaveProperty("credit_note_url")
      expect(refund.body).not.toHaveProperty("line_items")

      const other = await api("POST", "/v1/order", { body: orderBody() })
      const cancelled = await api("POST", `/v1/order/${other.body.id}/cancel`)
      // Published without a body: nothing but the unknown field.
      expect(cancelled.body).toEqual({ x_sim_extra: expect.any(Object) })
    },
  )

  it(
    "keeps the intent's tracking_id and approval, and refuses an order naming a tracking_id of no intent of its " +
      "merchant",
    async () => {
      const body = orderBody()
      const intent = await api("POST", "/v1/order_intent", {
        body: {
          gross_amount: body.gross_amount,
          currency: body.currency,
          buyer: body.buyer,
          line_items: body.line_items,
        },
      })
      expect(intent.body).toMatchObject({
        approved: true,
        tracking_id: expect.any(String),
        approved_on_recourse: false,
        approved_with_conditions: [],
      })
      expect(intent.body).not.toHaveProperty("decline_reason")
      expect(intent.body).not.toHaveProperty("id")

      const unknown = await api("POST", "/v1/order", { body: { ...orderBody(), tracking_id: "trk_of_nobody" } })
      expect(unknown.status).toBe(400)
      expect(unknown.body).toEqual({ message: expect.stringContaining("tracking_id") })
      // An intent of the full simulator (another service, another merchant's intent) does not count either.
      const foreign = await call(full, "POST", "/v1/order_intent", {
        body: {
          gross_amount: body.gross_amount,
          currency: body.currency,
          buyer: body.buyer,
          line_items: body.line_items,
        },
      })
      expect(
        (await api("POST", "/v1/order", { body: { ...orderBody(), tracking_id: foreign.body.tracking_id } })).status,
      ).toBe(400)
      expect(
        (await api("POST", "/v1/order", { body: { ...orderBody(), tracking_id: intent.body.tracking_id } })).status,
      ).toBe(201)
      // Without a tracking_id an order is made as before; the full profile never checks.
      expect((await api("POST", "/v1/order", { body: orderBody() })).status).toBe(201)
      expect(
        (await call(full, "POST", "/v1/order", { body: { ...orderBody(), tracking_id: "trk_of_nobody" } })).status,
      ).toBe(201)
    },
  )

  it("answers errors without a code: the status decides", async () => {
    const notFound = await api("GET", "/v1/order/nope")
    expect(notFound.status).toBe(404)
    expect(notFound.body).toEqual({ message: expect.any(String) })
    const noKey = await call(sim, "GET", "/v1/order/nope", { key: null })
    expect(noKey.status).toBe(401)
    expect(noKey.body).toEqual({ message: expect.any(String) })
    const invalid = await api("POST", "/v1/order", { body: { merchant_order_id: "x" } })
    expect(invalid.status).toBe(400)
    expect(Object.keys(invalid.body)).toEqual(["message"])
    // The repayment and company documents require `description` in their Error: kept, without `code`.
    const plan = await api("GET", "/repay/v1/status?plan_id=00000000-0000-4000-8000-000000000000")
    expect(plan.status).toBe(404)
    expect(plan.body).toEqual({ description: expect.any(String) })
    const company = await api("GET", "/companies/v2/company/nope")
    expect(company.status).toBe(404)
    expect(company.body).toEqual({ description: expect.any(String) })
    const validation = await api("POST", "/repay/v1/credit-check", { body: {} })
    expect(validation.status).toBe(422)
    expect(validation.body).toEqual({ description: expect.any(String) })
    // Injected faults too; and a replayed key's conflict.
    await control(sim, "POST", "/faults", {
      path: "/v1/order",
      times: 1,
      fault: { type: "status", status: 503, retry_after: 1 },
    })
    const injected = await call(sim, "POST", "/v1/order", { body: orderBody() })
    expect(injected.status).toBe(503)
    expect(injected.headers.get("retry-after")).toBe("1")
    expect(injected.body).toEqual({ message: expect.any(String) })
    const key = uniqueKey("idem")
    expect((await api("POST", "/v1/order", { body: orderBody(), idempotencyKey: key })).status).toBe(201)
    const conflict = await call(sim, "POST", "/v1/order", { body: orderBody(), idempotencyKey: key })
    expect(conflict.status).toBe(409)
    expect(conflict.body).not.toHaveProperty("error_code")
    for (const { answer } of answers.filter((a) => a.answer.status >= 400)) {
      expect(hasKeyDeep(answer.body, "code") || hasKeyDeep(answer.body, "error_code")).toBe(false)
    }
  })

  it("decides a plan's funding a few seconds later (the control API still at once), announced by webhook", async () => {
    const account = await api("POST", "/repay/v1/account", { body: accountBody(), idempotencyKey: uniqueKey("acc") })
    expect(account.status).toBe(201)
    expect(account.body).toMatchObject({ id: expect.any(String) })
    expect(account.body).not.toHaveProperty("invoice_cc_emails")
    const credit = await api("POST", "/repay/v1/credit-check", {
      body: {
        country_code: "GB",
        national_identifier: "08123456",
        company_name: "ACME INDUSTRIAL SUPPLIES LTD",
        amount: "1020.00",
        currency: "GBP",
      },
    })
    expect(credit.status).toBe(200)
    expect(credit.body).toMatchObject({
      decision: "APPROVED",
      minimum_instalments: expect.any(Number),
      maximum_instalments: expect.any(Number),
    })
    const body = planBody(account.body.id)
    const preview = await api("POST", "/repay/v1/preview", {
      body: {
        total_repayment_amount: body.total_repayment_amount,
        tax_subtotals: body.tax_subtotals,
        terms: body.terms,
      },
    })
    expect(preview.status).toBe(200)
    expect(preview.body.instalments[0]).toEqual(
      expect.objectContaining({
        invoice_issue_date: expect.any(String),
        repayment_amount: expect.any(String),
        tax_subtotals: expect.any(Array),
      }),
    )
    // Even with the full profile's delay at 0, the minimal profile's service takes its 2 s.
    sim.state.repayment.fundingDelayMs = 0
    try {
      const started = Date.now()
      const plan = await api("POST", "/repay/v1/plan", { body, idempotencyKey: uniqueKey("plan") })
      expect(plan.status).toBe(201)
      expect(plan.body).toMatchObject({ id: expect.any(String), terms: { period: "MONTHLY", number_of_periods: 12 } })
      expect(plan.body).not.toHaveProperty("instalments")
      const status = await api("GET", `/repay/v1/status?plan_id=${plan.body.id}`)
      expect(status.body).toMatchObject({ funding_status: "PENDING", fulfilment_status: "NOT_INITIATED" })
      const decided = await waitFor(async () => {
        const now = await api("GET", `/repay/v1/status?plan_id=${plan.body.id}`)
        return now.body.funding_status === "PENDING" ? undefined : now.body
      }, 10_000)
      expect(decided.funding_status).toBe("ACCEPTED")
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900)
      const event = await waitFor(() =>
        hooks.received.map((r) => JSON.parse(r.body)).find((e) => e.data?.plan_id === plan.body.id),
      )
      expect(event).toMatchObject({
        type: "repayment.plan.funding_decided",
        data: { plan_id: plan.body.id, funding_status: "ACCEPTED" },
      })
      expect(event).not.toHaveProperty("specversion")
      const fulfilment = await api("PUT", "/repay/v1/fulfilment", { body: { plan_id: plan.body.id } })
      expect(fulfilment.status).toBe(202)
      expect(fulfilment.body).toEqual({ x_sim_extra: expect.any(Object) })

      // The control API decides at once.
      const second = await api("POST", "/repay/v1/plan", {
        body: planBody(account.body.id),
        idempotencyKey: uniqueKey("plan"),
      })
      expect((await control(sim, "POST", `/plans/${second.body.id}/funding`, { status: "ACCEPTED" })).status).toBe(200)
      expect((await api("GET", `/repay/v1/status?plan_id=${second.body.id}`)).body.funding_status).toBe("ACCEPTED")
      const cancelled = await api("PUT", `/repay/v1/plan/${second.body.id}/cancellation`, {
        body: { cancelled_at: new Date().toISOString() },
        idempotencyKey: uniqueKey("cancel"),
      })
      expect(cancelled.status).toBe(200)
      expect(cancelled.body).toEqual({ cancelled_at: expect.any(String), x_sim_extra: expect.any(Object) })
    } finally {
      sim.state.repayment.fundingDelayMs = 2000
    }
    // Configurable through the control API.
    expect((await control(sim, "PUT", "/profile", { funding_delay_ms: 3000 })).body.funding_delay_ms).toBe(3000)
    await control(sim, "POST", "/reset")
    expect((await control(sim, "GET", "/profile")).body.funding_delay_ms).toBe(2000)
    await control(sim, "PUT", "/webhook", { url: hooks.url })
  })

  it("sends events by their published names and envelopes with only their required data, signed", async () => {
    hooks.received.length = 0
    const order = await api("POST", "/v1/order", { body: orderBody() })
    expect((await control(sim, "POST", `/orders/${order.body.id}/verify`, { approve: true })).status).toBe(200)
    const verified = await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).type === "order.verified.v1"))
    const event = JSON.parse(verified.body)
    expect(Object.keys(event).sort()).toEqual(["data", "id", "source", "time", "type", "x_sim_extra"])
    expect(event.data).not.toHaveProperty("state")
    expect(event.data).not.toHaveProperty("status")
    expect(event.data).toMatchObject({
      order_id: order.body.id,
      merchant_order_id: expect.any(String),
      gross_amount: expect.any(String),
    })
    expect(published.event(event.type, event)).toEqual([])
    // Signed as before (standardwebhooks).
    expect(() =>
      new Webhook(SIMULATOR_WEBHOOK_SECRET).verify(verified.body, verified.headers as Record<string, string>),
    ).not.toThrow()

    // enrollment.approved is business_registry.approved.v1 with its three required fields.
    const proposal = await api("POST", "/registry/v1/proposal", {
      body: proposalBody({ email: "minimal.approved@plumbing.example" }),
      idempotencyKey: uniqueKey("p"),
    })
    expect(proposal.status).toBe(202)
    expect(proposal.body).toMatchObject({ id: expect.any(String), status: "DRAFT" })
    const submitted = await api("POST", `/registry/v1/proposal/${proposal.body.id}/submission`, { body: {} })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ initiation_method: "SKIP" })
    await control(sim, "POST", `/registration/proposals/${proposal.body.id}/decision`, { status: "ACCEPTED" })
    const approved = JSON.parse(
      (await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).type === "business_registry.approved.v1")))
        .body,
    )
    expect(Object.keys(approved.data).sort()).toEqual([
      "merchant_id",
      "organization_number",
      "proposal_id",
      "x_sim_unknown",
    ])
    expect(published.event(approved.type, approved)).toEqual([])
    expect(hooks.received.some((r) => JSON.parse(r.body).type === "enrollment.approved")).toBe(false)
    // The control API finds it by either name.
    expect((await control(sim, "GET", "/webhooks?type=enrollment.approved")).body.items).toHaveLength(1)
    const read = await api("GET", `/registry/v1/proposal/${proposal.body.id}`)
    expect(read.body).toMatchObject({
      status: "ACCEPTED",
      enrolled_business: { organization_number: approved.data.organization_number },
    })
  })

  it("sends some orders of verified trade-account users to verification, by a rule the control API sets", async () => {
    const cid = uniqueKey("cus")
    const customer = await api("POST", "/trade-account/v3/customer", {
      body: customerBody(cid),
      idempotencyKey: uniqueKey("k"),
    })
    expect(customer.status).toBe(201)
    expect(customer.body).not.toHaveProperty("id")
    const uid = uniqueKey("usr")
    const user = await api("POST", `/trade-account/v3/customer/${cid}/user`, {
      body: userBody(uid),
      idempotencyKey: uniqueKey("k"),
    })
    expect(user.body).toMatchObject({ merchant_user_id: uid, verified: false })
    const link = await api("POST", `/trade-account/v3/user/${uid}/verification/url`, {
      body: { return_url: "https://shop.example/back" },
    })
    expect(link.status).toBe(201)
    expect(link.body.redirect_url).toMatch(/^http/)
    const svcUser = (await control(sim, "GET", `/trade-accounts/users/${uid}`)).body
    await control(sim, "POST", `/trade-accounts/users/${svcUser.user?.id ?? svcUser.id}/verify`, {})
    const trade_account = { customer_id: cid, user_id: uid }
    const oneClick = async (lines?: ReturnType<typeof orderBody>["line_items"], merchant_order_id?: string) => {
      const body = orderBody({ lines, ...(merchant_order_id && { merchant_order_id }) })
      const answer = await api("POST", "/v1/order", { body: { ...body, buyer: { ...body.buyer, trade_account } } })
      expect(answer.status).toBe(201)
      return answer.body
    }
    // The default rule: 5000.00 or more (gross) is verified at the service's page; below it, one click.
    expect(await oneClick()).toMatchObject({ state: "VERIFIED", status: "APPROVED", payment_url: null })
    const big = await oneClick([line("Excavator part", "1", "4500")])
    expect(big).toMatchObject({ state: "UNVERIFIED", status: "APPROVED", payment_url: expect.stringMatching(/^http/) })
    // Every second one-click order, or a merchant_order_id pattern.
    await control(sim, "PUT", "/profile", { step_up: { every_nth: 2 } })
    expect((await oneClick()).state).toBe("VERIFIED")
    expect((await oneClick()).state).toBe("UNVERIFIED")
    await control(sim, "PUT", "/profile", { step_up: { merchant_order_id_pattern: "^stepup_" } })
    expect((await oneClick(undefined, uniqueKey("stepup_"))).state).toBe("UNVERIFIED")
    expect((await oneClick()).state).toBe("VERIFIED")
    await control(sim, "PUT", "/profile", { step_up: null })
    expect((await oneClick([line("Excavator part", "1", "4500")])).state).toBe("VERIFIED")
    await control(sim, "POST", "/reset")
    await control(sim, "PUT", "/webhook", { url: hooks.url })
    expect((await control(sim, "GET", "/profile")).body.step_up).toEqual({
      min_gross_amount: "5000.00",
      every_nth: null,
      merchant_order_id_pattern: null,
    })
  })

  it("the full profile steps up no order until the control API sets a rule", async () => {
    const cid = uniqueKey("cus")
    expect(
      (
        await call(full, "POST", "/trade-account/v3/customer", {
          body: customerBody(cid),
          idempotencyKey: uniqueKey("k"),
        })
      ).status,
    ).toBe(201)
    const uid = uniqueKey("usr")
    expect(
      (
        await call(full, "POST", `/trade-account/v3/customer/${cid}/user`, {
          body: userBody(uid),
          idempotencyKey: uniqueKey("k"),
        })
      ).status,
    ).toBe(201)
    const svcUser = (await control(full, "GET", `/trade-accounts/users/${uid}`)).body
    await control(full, "POST", `/trade-accounts/users/${svcUser.user?.id ?? svcUser.id}/verify`, {})
    const oneClick = async () => {
      const body = orderBody({ lines: [line("Excavator part", "1", "4500")] })
      const answer = await call(full, "POST", "/v1/order", {
        body: { ...body, buyer: { ...body.buyer, trade_account: { customer_id: cid, user_id: uid } } },
      })
      expect(answer.status).toBe(201)
      return answer.body
    }
    expect((await control(full, "GET", "/profile")).body).toMatchObject({ profile: "full", step_up: null })
    expect(await oneClick()).toMatchObject({ state: "VERIFIED", status: "APPROVED" })
    await control(full, "PUT", "/profile", { step_up: { min_gross_amount: "5000.00" } })
    expect(await oneClick()).toMatchObject({
      state: "UNVERIFIED",
      status: "APPROVED",
      payment_url: expect.stringMatching(/^http/),
    })
    await control(full, "POST", "/reset")
    expect((await control(full, "GET", "/profile")).body.step_up).toBeNull()
  })

  it("the signup popup saves to autofill and closes without a message to its opener", async () => {
    const registry = await api("POST", "/registry/v1/delegation", {
      body: { verify_returning_buyer: true, create_proposal: true },
    })
    const autofill = await api("POST", "/autofill/v1/delegation", {
      body: { read_current_buyer: true, write_current_buyer: true },
    })
    const TOKEN = "Service-Delegated-Authority-Token"
    const query = new URLSearchParams({
      authToken: registry.headers.get(TOKEN)!,
      autofillToken: autofill.headers.get(TOKEN)!,
    })
    const config = async (target: RunningSimulator, q: URLSearchParams) => {
      const html = await (await fetch(`${target.url}/soletrader/signup?${q}`)).text()
      return JSON.parse(/<script type="application\/json" id="signup-config">(.*?)<\/script>/s.exec(html)![1])
    }
    expect((await config(sim, query)).postToOpener).toBe(false)
    const fullRegistry = await call(full, "POST", "/registry/v1/delegation", {
      body: { verify_returning_buyer: true, create_proposal: true },
    })
    const fullAutofill = await call(full, "POST", "/autofill/v1/delegation", {
      body: { read_current_buyer: true, write_current_buyer: true },
    })
    const fullQuery = new URLSearchParams({
      authToken: fullRegistry.headers.get(TOKEN)!,
      autofillToken: fullAutofill.headers.get(TOKEN)!,
    })
    expect((await config(full, fullQuery)).postToOpener).toBe(true)
    // The script posts only when told to, and closes the window either way.
    expect(SIGNUP_SCRIPT).toContain("config.postToOpener !== false && window.opener")
    expect(SIGNUP_SCRIPT).toContain("window.close()")

    // Autofill: the delegation answers, the write, the read (the seed's fields kept), the delete.
    const token = { [TOKEN]: autofill.headers.get(TOKEN)! }
    const write = await api("POST", "/autofill/v1/buyer/current", {
      key: null,
      headers: token,
      body: {
        persistent: true,
        company_name: "Jane Smith Plumbing",
        country_code: "GB",
        organization_number: "ST123456",
        first_name: "Jane",
        email: "jane@x.example",
      },
    })
    expect(write.status).toBe(200)
    const saved = await api("GET", "/autofill/v1/buyer/current", { key: null, headers: token })
    expect(saved.body).toMatchObject({
      company_name: "Jane Smith Plumbing",
      country_code: "GB",
      organization_number: "ST123456",
    })
    expect(saved.body).not.toHaveProperty("first_name")
    expect(saved.body).not.toHaveProperty("email")
  })

  it("answers companies and search with what the documents and the seed give (canonical_id kept)", async () => {
    const search = await api("GET", "/companies/v2/company?country=GB&q=acme")
    expect(search.status).toBe(200)
    const item = search.body.items[0]
    expect(item).toMatchObject({
      name: expect.any(String),
      lookup_id: expect.any(String),
      canonical_id: expect.any(String),
      highlight: expect.any(String),
    })
    expect(item).not.toHaveProperty("national_identifier")
    const details = await api("GET", `/companies/v2/company/${item.canonical_id}`)
    expect(details.status).toBe(200)
    // A bare `type: object` in the document: the business's identity only (the seed's "identify the business").
    expect(details.body).toEqual({
      canonical_id: item.canonical_id,
      organization_number: expect.any(String),
      country: "GB",
      name: expect.any(String),
      x_sim_extra: expect.any(Object),
    })
  })

  it("every 2xx answer above validates against the published documents", () => {
    const checked = answers.filter(
      ({ method, path, answer }) => answer.status < 300 && published.operation(method, path) && answer.text,
    )
    expect(checked.length).toBeGreaterThan(40)
    const failures = checked.flatMap(({ method, path, answer }) =>
      published
        .response(method, path, answer.status, answer.body, answer.headers.get("content-type") ?? undefined)
        .map((v) => `${method} ${path} ${answer.status}: ${v}`),
    )
    expect(failures).toEqual([])
  })
})

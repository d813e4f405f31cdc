import { Modules } from "@medusajs/framework/utils"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { pollEnrollments } from "../../../src/jobs/poll-enrollments"
import { ENROLLMENT_EVENTS, type EnrollmentEventData } from "../../../src/workflows/enrollment/enrollment-events"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, pointWebhooksAt, WEBHOOK_PATH } from "../../helpers/simulator"
import { signedDelivery } from "../../helpers/webhooks"
import { BUYER_ADDRESS, createCheckoutCart } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { recordLogs, waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const BASE = "/store/trade-credit/soletrader"
const FORGED_SECRET = "whsec_" + Buffer.from("a secret that is not the merchant's").toString("base64")
const waitFor = <T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 40_000): Promise<T> =>
  waitUntil(what, check, { timeoutMs, intervalMs: 250 })
/** What the app logs: the sync pipeline reports each delivery it handled. */
let logs: string[] = []
/** The Medusa events `trade-credit.enrollment.approved|declined` the plugin emitted (a store's subscriber would get them). */
const decisions: { name: string; data: EnrollmentEventData }[] = []
const decisionsOf = (proposalId: string) => decisions.filter((d) => d.data.proposal_id === proposalId)

/** A sole trader's proposal body as a storefront sends it. */
const proposalBody = (tradingName: string, overrides: Record<string, unknown> = {}) => ({
  proposed_business: {
    business_type: "SOLE_TRADER",
    country_code: "GB",
    trading_name: tradingName,
    email: "jo@joinery.example",
    phone: "+447400123456",
    business_address: { building: "Unit 2", street: "5 Mill Lane", postal_code: "M4 1AB", city: "Manchester", country_code: "GB" },
    proprietor_details: {
      first_name: "Jo",
      last_name: "Bloggs",
      date_of_birth: "1980-04-02",
      email: "jo@joinery.example",
      phone: "+447400123456",
      address_history: [{ building: "9", street: "Oak Road", postal_code: "M20 2AB", city: "Manchester", country_code: "GB", date_from: "2015-01-01" }],
    },
    ...overrides,
  },
})


/** A multipart body with one file in the field `file`. */
function multipart(fileName: string, contentType: string, data: Buffer) {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])

export default areaPart("sole-traders", ({ api, getContainer }) => {
  let seed: any
  let customers = 0

  /** A registered customer with an address, logged in as a storefront does; `call` carries the key and the token. */
  async function loginCustomer(country = "gb") {
    const email = `sole.trader.${++customers}@example.com`
    const password = "sole-trader-pw"
    const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    const { data: created } = await api.post(
      "/store/customers",
      { email, first_name: "Jo", last_name: "Bloggs", phone: "07400 123456" },
      { headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` } }
    )
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const headers = { ...keyHeaders, authorization: `Bearer ${login.token}` }
    const call = async (method: string, url: string, data?: unknown, extra: Record<string, string> = {}) =>
      api.request({ method, url, data, headers: { ...headers, ...extra }, validateStatus: () => true, transformRequest: Buffer.isBuffer(data) ? [(d: unknown) => d] : undefined })
    const ok = async (method: string, url: string, data?: unknown) => {
      const res = await call(method, url, data)
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
      return res.data
    }
    await ok("POST", "/store/customers/me/addresses", { ...BUYER_ADDRESS, country_code: country, is_default_billing: true })
    return { id: created.customer.id as string, email, call, ok }
  }
  type Customer = Awaited<ReturnType<typeof loginCustomer>>

  const enrollmentOf = async (customer: Customer) => (await customer.call("GET", `${BASE}/enrollment`)).data.enrollment
  const webhookRows = async (filter: Record<string, unknown>) => await (getContainer().resolve("tradeCredit") as any).listWebhookEvents(filter)
  /** The pipeline's record of a proposal's webhook, once handled (its outcome no longer `processing`). */
  const handledRow = (type: string, proposalId: string) =>
    waitFor(`the pipeline to record ${type} for ${proposalId}`, async () =>
      (await webhookRows({ type })).find((r: any) => r.outcome !== "processing" && r.outcome.startsWith(`proposal ${proposalId} `))
    )
  const postHook = (raw: string | Buffer, headers: Record<string, string>) =>
    api.post(WEBHOOK_PATH, raw, { headers, validateStatus: () => true, transformRequest: [(d: unknown) => d] })
  const upload = (customer: Customer, proposalId: string, file: ReturnType<typeof multipart>) =>
    customer.call("POST", `${BASE}/proposals/${proposalId}/evidence`, file.body, { "content-type": file.contentType })

  beforeAll(async () => {
    logs = recordLogs(getContainer().resolve("logger"))
    const bus = getContainer().resolve(Modules.EVENT_BUS)
    for (const name of Object.values(ENROLLMENT_EVENTS)) {
      bus.subscribe(name, async (event) => void decisions.push({ name, data: event.data as EnrollmentEventData }), {
        subscriberId: `test-sole-traders-${name}`,
      })
    }
    const adminHeaders = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, adminHeaders))
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    await pointWebhooksAt(simulator.url, api.defaults.baseURL)
  })

  it("registers a sole trader through the direct flow; the webhook enrols the customer; checkout uses the organization number", async () => {
    const customer = await loginCustomer()
    expect((await customer.call("GET", `${BASE}/enrollment`)).data.code).toBe("TRADE_CREDIT_NOT_ENROLLED")

    const created = await customer.call("POST", `${BASE}/proposals`, proposalBody("Mill Lane Joinery"))
    expect(created.status).toBe(201)
    const proposal = created.data.proposal
    expect(proposal.status).toBe("DRAFT")
    expect(created.data.enrollment).toMatchObject({ status: "DRAFT", proposal_id: proposal.id, country_code: "GB", company_name: "Mill Lane Joinery" })

    // Evidence: a PNG is taken; a text file is 415; more than 10 MB is 413.
    const evidence = await upload(customer, proposal.id, multipart("licence.png", "image/png", PNG))
    expect(evidence.status).toBe(201)
    expect(evidence.data.evidence).toMatchObject({ proposal_id: proposal.id, content_type: "image/png", size: PNG.length })
    const text = await upload(customer, proposal.id, multipart("notes.pdf", "application/pdf", Buffer.from("just text, not a PDF")))
    expect([text.status, text.data.code]).toEqual([415, "TRADE_CREDIT_EVIDENCE_TYPE"])
    const huge = await upload(customer, proposal.id, multipart("scan.pdf", "application/pdf", Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 1)])))
    expect([huge.status, huge.data.code]).toEqual([413, "TRADE_CREDIT_EVIDENCE_TOO_LARGE"])

    // Withdrawing a DRAFT is refused, and says why.
    const early = await customer.call("DELETE", `${BASE}/proposals/${proposal.id}`)
    expect(early.status).toBe(409)
    expect(early.data).toEqual({
      type: "conflict",
      code: "TRADE_CREDIT_PROPOSAL_STATE",
      message: "A proposal can only be withdrawn while SUBMITTED or IN_REVIEW; it is DRAFT",
    })

    // Another customer cannot see or touch it.
    const stranger = await loginCustomer()
    expect((await stranger.call("GET", `${BASE}/proposals/${proposal.id}`)).status).toBe(404)
    expect((await stranger.call("POST", `${BASE}/proposals/${proposal.id}/submission`)).data.code).toBe("TRADE_CREDIT_PROPOSAL_NOT_FOUND")

    const submitted = await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    expect(["SUBMITTED", "ACCEPTED"]).toContain(submitted.proposal.status)

    // Evidence after submission: 409, explained.
    const late = await upload(customer, proposal.id, multipart("late.png", "image/png", PNG))
    expect(late.status).toBe(409)
    expect(late.data.code).toBe("TRADE_CREDIT_PROPOSAL_STATE")
    expect(late.data.message).toMatch(/^Evidence can only be uploaded while the proposal is DRAFT; it is (SUBMITTED|IN_REVIEW|ACCEPTED)$/)

    // The service accepts it and says so by webhook: the enrollment gets the organization number.
    const enrolled = await waitFor("the enrollment to be accepted", async () => {
      const enrollment = await enrollmentOf(customer)
      return enrollment?.status === "ACCEPTED" ? enrollment : undefined
    })
    expect(enrolled).toMatchObject({ proposal_id: proposal.id, enrolled: true, country_code: "GB", organization_number: expect.any(String) })
    // The sync pipeline read the proposal back (or found the decision already recorded by a route that read it first),
    // and the decision was announced on Medusa's event bus once, after the enrollment recorded it.
    const row = await handledRow("enrollment.approved", proposal.id)
    expect(row.outcome).toMatch(new RegExp(`^proposal ${proposal.id} is ACCEPTED at the service; enrollment \\S+ is ACCEPTED; (updated status.*; emitted trade-credit.enrollment.approved|already up to date)$`))
    expect(await webhookRows({ type: "enrollment.approved" })).toHaveLength(1)
    await waitFor("the approval's Medusa event", async () => decisionsOf(proposal.id).length > 0)
    expect(decisionsOf(proposal.id)).toEqual([
      { name: "trade-credit.enrollment.approved", data: expect.objectContaining({ proposal_id: proposal.id, type: "enrollment.approved", customer_id: customer.id, status: "ACCEPTED" }) },
    ])
    // The row holds no personal data (the proprietor's name, email, birth date and phone stay at the service).
    const [enrollmentRow] = await (getContainer().resolve("tradeCredit") as any).listEnrollments({ customer_id: customer.id })
    expect(JSON.stringify(enrollmentRow)).not.toMatch(/Bloggs|jo@joinery|1980-04-02|\+44/)
    // The service redacted the proprietor once decided (null, or left out: the published proposal answer does not
    // require it), and no personal detail is left in the proposal.
    const read = await customer.ok("GET", `${BASE}/proposals/${proposal.id}`)
    expect(read.proposal.proposed_business?.proprietor_details ?? null).toBeNull()
    expect(JSON.stringify(read.proposal)).not.toMatch(/Bloggs|1980-04-02/)
    expect(read.proposal.enrolled_business).toMatchObject({ trading_name: "Mill Lane Joinery", organization_number: enrolled.organization_number })

    // Enrolled: no second proposal.
    expect((await customer.call("POST", `${BASE}/proposals`, proposalBody("Another Name"))).data.code).toBe("TRADE_CREDIT_ALREADY_ENROLLED")

    // Checkout without naming a company: the enrollment's is used, and the service accepts the order.
    const cart = await createCheckoutCart({ call: customer.call, ok: customer.ok } as any, seed, { promotion: null, quantities: [1] })
    expect(cart.customer_id).toBe(customer.id)
    const { payment_collection } = await customer.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const session = await customer.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: "pp_trade-credit_default",
      data: {},
    })
    expect(session.status).toBe(200)
    const started = session.data.payment_collection.payment_sessions[0]
    expect(started.data.company).toEqual({ company_name: enrolled.company_name, country_prefix: "GB", organization_number: enrolled.organization_number })
    expect(started.data.tracking_id).toEqual(expect.any(String))
    expect((await customer.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
    const { cart: pending } = await customer.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const pendingSession = pending.payment_collection.payment_sessions[0]
    await approveAtPaymentUrl(pendingSession.data.payment_url)
    const completed = await customer.call("POST", `/store/carts/${cart.id}/complete`)
    expect(completed.status).toBe(200)
    expect(completed.data.type).toBe("order")
    const order = (await control(simulator.url, "GET", `/_sim/orders/${pendingSession.data.order_id}`)).order
    expect(order.buyer.company).toMatchObject({ organization_number: enrolled.organization_number, country_prefix: "GB" })
  })

  it("with webhooks cut, the polling job records the decision; withdrawal works while in review", async () => {
    await pointWebhooksAt(simulator.url, null)
    const customer = await loginCustomer()
    const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody("Review Me Carpentry"))
    await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    await waitFor("the service to put it in review", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "IN_REVIEW")

    // The job asks the service: IN_REVIEW is recorded.
    let poll = await pollEnrollments(getContainer())
    expect(poll.outcomes).toEqual(expect.arrayContaining([expect.objectContaining({ proposal_id: proposal.id, status: "IN_REVIEW", changed: true })]))
    await control(simulator.url, "POST", `/_sim/registration/proposals/${proposal.id}/decision`, { status: "ACCEPTED" })
    // The service sent its event nowhere (webhooks are cut): only the job can bring the decision.
    await waitFor("the decision's event, sent nowhere", async () =>
      (await control(simulator.url, "GET", "/_sim/webhooks")).items.some((d: any) => d.payload?.data?.proposal_id === proposal.id && d.state === "no_url")
    )
    expect((await enrollmentOf(customer)).status).toBe("IN_REVIEW")
    poll = await pollEnrollments(getContainer())
    expect(poll.outcomes).toEqual(expect.arrayContaining([expect.objectContaining({ proposal_id: proposal.id, status: "ACCEPTED", changed: true })]))
    const enrollment = await enrollmentOf(customer)
    expect(enrollment).toMatchObject({ status: "ACCEPTED", enrolled: true, organization_number: expect.any(String) })
    // Nothing left to poll for this customer; a second run changes nothing.
    expect((await pollEnrollments(getContainer())).outcomes.filter((o) => o.proposal_id === proposal.id)).toEqual([])

    // Another customer withdraws while in review; a declined one is recorded as declined.
    const other = await loginCustomer()
    const second = (await other.ok("POST", `${BASE}/proposals`, proposalBody("Review Then Withdraw"))).proposal
    await other.ok("POST", `${BASE}/proposals/${second.id}/submission`)
    const withdrawn = await other.ok("DELETE", `${BASE}/proposals/${second.id}`)
    expect(withdrawn.proposal.status).toBe("WITHDRAWN")
    expect(withdrawn.enrollment).toMatchObject({ status: "WITHDRAWN", enrolled: false })
    const again = await other.call("DELETE", `${BASE}/proposals/${second.id}`)
    expect(again.status).toBe(200) // the same withdrawal replayed (same Idempotency-Key): still WITHDRAWN
    // A withdrawn proposal may be replaced by a new one.
    const third = (await other.ok("POST", `${BASE}/proposals`, proposalBody("Decline This Trader"))).proposal
    await other.ok("POST", `${BASE}/proposals/${third.id}/submission`)
    await waitFor("the decline", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${third.id}`)).proposal.status === "DECLINED")
    await pollEnrollments(getContainer())
    expect(await enrollmentOf(other)).toMatchObject({ status: "DECLINED", proposal_id: third.id, organization_number: null, enrolled: false })
  })

  it("refuses countries other than GB and US, bad bodies, and strangers", async () => {
    const customer = await loginCustomer()
    const french = await customer.call("POST", `${BASE}/proposals`, proposalBody("Le Menuisier", { country_code: "FR" }))
    expect([french.status, french.data.code]).toEqual([400, "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED"])
    expect(french.data.message).toMatch(/GB.*US/)
    // The service refuses it as well.
    const direct = await fetch(`${simulator.url}/registry/v1/proposal`, {
      method: "POST",
      headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": "test-fr-proposal" },
      body: JSON.stringify(proposalBody("Le Menuisier", { country_code: "FR", business_address: { street: "1 rue", postal_code: "75001", city: "Paris", country_code: "FR" } })),
    })
    // The status decides: the service's documents show no error code (the full simulator adds its SCHEMA_ERROR).
    expect(direct.status).toBe(400)
    expect([undefined, "SCHEMA_ERROR"]).toContain((await direct.json()).error_code)

    const signup = await customer.call("POST", `${BASE}/signup`, { country: "DE" })
    expect([signup.status, signup.data.code]).toEqual([400, "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED"])
    const noProprietor = await customer.call("POST", `${BASE}/proposals`, { proposed_business: { ...proposalBody("X").proposed_business, proprietor_details: undefined } })
    expect([noProprietor.status, noProprietor.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_PROPOSAL"])
    expect(noProprietor.data.message).toMatch(/proprietor_details/)
    const badCode = await customer.call("POST", `${BASE}/returning-buyer/verification/code`, { email: "a@b.example", code: "12" })
    expect([badCode.status, badCode.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_VERIFICATION"])

    // Without a customer login: 401, and nothing reaches the service.
    const anonymous = await api.request({
      method: "POST",
      url: `${BASE}/signup`,
      data: {},
      headers: { "x-publishable-api-key": seed.publishableKey },
      validateStatus: () => true,
    })
    expect(anonymous.status).toBe(401)

    // The signup route: tokens issued server-side, the popup URL pre-filled; no API key anywhere in it.
    const started = await customer.ok("POST", `${BASE}/signup`, {})
    const url = new URL(started.popup_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${simulator.url}/soletrader/signup`)
    expect(url.searchParams.get("country")).toBe("GB")
    expect(JSON.parse(url.searchParams.get("autofillData")!)).toMatchObject({ first_name: "Jo", last_name: "Bloggs", email: customer.email, phone_number: "+447400123456", country_code: "GB" })
    expect(started.popup_url).not.toContain(SIMULATOR_API_KEY)
    expect(Date.parse(started.expires_at)).toBeGreaterThan(Date.now() + 29 * 60_000)
    // Asked again within the half hour: the same tokens (idempotent).
    expect((await customer.ok("POST", `${BASE}/signup`, { country: "GB" })).popup_url).toBe(started.popup_url)
    expect((await customer.call("GET", `${BASE}/buyer`)).data.code).toBe("TRADE_CREDIT_AUTOFILL_EMPTY")
  })

  it("verifies a returning buyer by email code; wrong codes, unknown emails and a token beyond its flags are explained", async () => {
    const customer = await loginCustomer()
    const unknown = await customer.call("POST", `${BASE}/returning-buyer/verification`, { email: "nobody@example.com" })
    expect([unknown.status, unknown.data.code]).toEqual([404, "TRADE_CREDIT_RETURNING_BUYER_NOT_FOUND"])

    expect((await customer.call("POST", `${BASE}/returning-buyer/verification`, { email: "returning.buyer@example.com" })).status).toBe(201)
    const { items } = await control(simulator.url, "GET", "/_sim/registration/codes?email=returning.buyer@example.com")
    const code = items[items.length - 1].code as string
    const wrong = await customer.call("POST", `${BASE}/returning-buyer/verification/code`, { email: "returning.buyer@example.com", code: code === "000000" ? "111111" : "000000" })
    expect([wrong.status, wrong.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_CODE"])
    const verified = await customer.ok("POST", `${BASE}/returning-buyer/verification/code`, { email: "returning.buyer@example.com", code })
    expect(verified.business).toEqual({ company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" })
    expect(verified.enrollment).toMatchObject({ status: "VERIFIED", source: "returning_buyer", organization_number: "08123456", enrolled: true })

    // A token used beyond its flags: the service answers 403 ...
    const delegation = await fetch(`${simulator.url}/registry/v1/delegation`, {
      method: "POST",
      headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": "test-verify-only-token" },
      body: JSON.stringify({ verify_returning_buyer: true, create_proposal: false, buyer_reference: customer.id }),
    })
    const token = delegation.headers.get("service-delegated-authority-token")!
    const beyond = await fetch(`${simulator.url}/registry/v1/proposal`, {
      method: "POST",
      headers: { "service-delegated-authority-token": token, "content-type": "application/json", "idempotency-key": "test-beyond-flags" },
      body: JSON.stringify(proposalBody("Beyond Flags")),
    })
    expect(beyond.status).toBe(403)
    expect([undefined, "FORBIDDEN"]).toContain((await beyond.json()).error_code)
    // ... and our route, given that answer, says so with its own code (never a 500).
    await control(simulator.url, "POST", "/_sim/faults", { method: "POST", path: "/proposal/returning-buyer/verification", fault: { type: "status", status: 403 } })
    const forbidden = await customer.call("POST", `${BASE}/returning-buyer/verification`, { email: "returning.buyer@example.com" })
    expect([forbidden.status, forbidden.data.code]).toEqual([403, "TRADE_CREDIT_DELEGATION_FORBIDDEN"])
    expect(forbidden.data.message).toMatch(/delegation token does not grant it/)
    // A rate limit is passed on with its Retry-After.
    await control(simulator.url, "POST", "/_sim/faults", { method: "POST", path: "/proposal/returning-buyer/verification", fault: { type: "status", status: 429, retry_after: 60 } })
    const limited = await customer.call("POST", `${BASE}/returning-buyer/verification`, { email: "returning.buyer@example.com" })
    expect([limited.status, limited.data.code, limited.headers["retry-after"]]).toEqual([429, "TRADE_CREDIT_RATE_LIMITED", "60"])
  })

  it("refuses forged, stale and malformed deliveries; a replay or an event ahead of the service changes nothing", async () => {
    await pointWebhooksAt(simulator.url, null)
    const customer = await loginCustomer()
    const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody("Review Forgery Target"))
    await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    await waitFor("the service to put it in review", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "IN_REVIEW")
    const approved = {
      id: "msg_forged_approval",
      specversion: "1.0",
      source: simulator.url,
      type: "enrollment.approved",
      time: new Date().toISOString(),
      data: { proposal_id: proposal.id, merchant_id: "simulated-merchant", organization_number: "SOLE-GB-00000001", company_name: "Forged Ltd", country_code: "GB" },
    }
    const rows = async () => await (getContainer().resolve("tradeCredit") as any).listWebhookEvents({ event_id: approved.id })

    const forged = signedDelivery(approved, { secret: FORGED_SECRET })
    const forgedAnswer = await postHook(forged.raw, forged.headers)
    expect([forgedAnswer.status, forgedAnswer.data.code]).toEqual([401, "TRADE_CREDIT_WEBHOOK_SIGNATURE"])
    const stale = signedDelivery(approved, { at: new Date(Date.now() - 10 * 60_000) })
    expect((await postHook(stale.raw, stale.headers)).status).toBe(401)
    const malformed = signedDelivery("{not json", { id: "msg_malformed" })
    expect([(await postHook(malformed.raw, malformed.headers)).status]).toEqual([400])
    const badEnvelope = signedDelivery({ id: "msg_bad_envelope", type: "enrollment.approved", time: "now", data: {} })
    expect((await postHook(badEnvelope.raw, badEnvelope.headers)).data.code).toBe("TRADE_CREDIT_WEBHOOK_MALFORMED")
    const newer = signedDelivery({ id: "msg_newer", type: "buyer.updated", time: new Date().toISOString(), data: {} })
    expect((await postHook(newer.raw, newer.headers)).data).toEqual({ received: true, handled: false })
    expect(await rows()).toHaveLength(0)

    // Correctly signed, but the proposal is not accepted at the service: the pipeline reads it back and changes
    // nothing. Both deliveries are queued (the request only verifies); the pipeline acts on the event id once.
    const genuine = signedDelivery(approved)
    expect((await postHook(genuine.raw, genuine.headers)).data).toEqual({ received: true, handled: true })
    const replay = await postHook(genuine.raw, genuine.headers)
    expect(replay.data).toEqual({ received: true, handled: true })
    // The pipeline's report that it read the proposal back (and changed nothing), and that the replay was dropped.
    const label = `enrollment.approved ${approved.id} (proposal ${proposal.id})`
    await waitFor("the pipeline's report", async () => logs.some((l) => l.includes(`${label}: proposal ${proposal.id} is IN_REVIEW at the service`)))
    await waitFor("the replay to be dropped", async () => logs.some((l) => l.includes(`${label} was handled before`)))
    const enrollment = await enrollmentOf(customer)
    expect(enrollment).toMatchObject({ status: "IN_REVIEW", organization_number: null, company_name: "Review Forgery Target" })
    expect((await rows()).map((r: any) => r.outcome)).toEqual([
      expect.stringMatching(new RegExp(`^proposal ${proposal.id} is IN_REVIEW at the service; enrollment \\S+ is IN_REVIEW; (updated status|already up to date)$`)),
    ])
    expect(decisionsOf(proposal.id)).toEqual([])
  })
  it("enrollment.declined by webhook: the customer record, the admin widget's route and the storefront's message say declined", async () => {
    const customer = await loginCustomer()
    const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody("Decline By Webhook"))
    await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    const declined = await waitFor("the webhook to record the decline", async () => {
      const enrollment = await enrollmentOf(customer)
      return enrollment?.status === "DECLINED" ? enrollment : undefined
    })
    expect(declined).toMatchObject({ proposal_id: proposal.id, enrolled: false, organization_number: null, decided_at: expect.any(String) })
    expect(declined.message).toMatch(/not accepted.*another payment method/)
    const row = await handledRow("enrollment.declined", proposal.id)
    expect(row.outcome).toMatch(new RegExp(`^proposal ${proposal.id} is DECLINED at the service; enrollment \\S+ is DECLINED; (updated status.*; emitted trade-credit.enrollment.declined|already up to date)$`))
    await waitFor("the decline's Medusa event", async () => decisionsOf(proposal.id).length > 0)
    expect(decisionsOf(proposal.id)).toEqual([
      { name: "trade-credit.enrollment.declined", data: expect.objectContaining({ proposal_id: proposal.id, type: "enrollment.declined", customer_id: customer.id, status: "DECLINED" }) },
    ])
    // The admin customer widget reads this route.
    const admin = await api.get(`/admin/trade-credit/customers/${customer.id}/enrollment`, { headers: await loginAdmin(getContainer(), api) })
    expect(admin.data.enrollment).toMatchObject({ status: "DECLINED", proposal_id: proposal.id, organization_number: null })
    // Nothing to poll for it any more; checkout has no business to use.
    expect((await pollEnrollments(getContainer())).outcomes.filter((o) => o.proposal_id === proposal.id)).toEqual([])
    expect((await customer.call("GET", `${BASE}/buyer`)).data.code).toBe("TRADE_CREDIT_AUTOFILL_EMPTY")
  })

  it("enrollment.declined by polling (webhooks cut): the same record and message", async () => {
    await pointWebhooksAt(simulator.url, null)
    const customer = await loginCustomer()
    const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody("Decline By Polling"))
    await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    await waitFor("the service's decline", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "DECLINED")
    expect((await enrollmentOf(customer)).status).toBe("SUBMITTED")
    const poll = await pollEnrollments(getContainer())
    expect(poll.outcomes).toEqual(expect.arrayContaining([expect.objectContaining({ proposal_id: proposal.id, status: "DECLINED", changed: true })]))
    const enrollment = await enrollmentOf(customer)
    expect(enrollment).toMatchObject({ status: "DECLINED", enrolled: false })
    expect(enrollment.message).toMatch(/not accepted/)
    const admin = await api.get(`/admin/trade-credit/customers/${customer.id}/enrollment`, { headers: await loginAdmin(getContainer(), api) })
    expect(admin.data.enrollment.status).toBe("DECLINED")
    // The poll announces the decision as the webhook would, with no service event to name.
    await waitFor("the decline's Medusa event", async () => decisionsOf(proposal.id).length > 0)
    expect(decisionsOf(proposal.id)).toEqual([{ name: "trade-credit.enrollment.declined", data: expect.objectContaining({ event_id: null, status: "DECLINED" }) }])
  })

  it("a webhook delivered twice and a poll, all at once, act once (one lock per proposal); the webhook and the poll record the same", async () => {
    await pointWebhooksAt(simulator.url, null)
    /** A customer whose proposal is in review at the service and here. */
    const inReview = async (name: string) => {
      const customer = await loginCustomer()
      const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody(name))
      await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
      await waitFor("the service to put it in review", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "IN_REVIEW")
      return { customer, proposal }
    }
    const [webhookCustomer, pollCustomer] = [await inReview("Review Race Webhook Joinery"), await inReview("Review Race Poll Joinery")]
    await pollEnrollments(getContainer())
    /** The service accepts it; the enrollment still says IN_REVIEW (no webhook came). */
    const accept = async ({ customer, proposal }: Awaited<ReturnType<typeof inReview>>) => {
      expect((await enrollmentOf(customer)).status).toBe("IN_REVIEW")
      const decided = await control(simulator.url, "POST", `/_sim/registration/proposals/${proposal.id}/decision`, { status: "ACCEPTED" })
      return { customer, proposal, business: decided.proposal.enrolled_business }
    }
    const viaWebhook = await accept(webhookCustomer)
    const viaPoll = await accept(pollCustomer)
    const approval = signedDelivery({
      id: `msg_race_${viaWebhook.proposal.id}`,
      specversion: "1.0",
      source: simulator.url,
      type: "enrollment.approved",
      time: new Date().toISOString(),
      data: { proposal_id: viaWebhook.proposal.id, merchant_id: "simulated-merchant", organization_number: "SOLE-GB-RACE", company_name: "Race Webhook Joinery", country_code: "GB" },
    })
    const label = `enrollment.approved msg_race_${viaWebhook.proposal.id} (proposal ${viaWebhook.proposal.id})`
    const mark = logs.length

    // The service's delivery, its redelivery and the poll (which asks about both proposals) race for the proposal.
    const [first, second, poll] = await Promise.all([postHook(approval.raw, approval.headers), postHook(approval.raw, approval.headers), pollEnrollments(getContainer())])
    expect([first.data, second.data]).toEqual([
      { received: true, handled: true },
      { received: true, handled: true },
    ])
    const row = await handledRow("enrollment.approved", viaWebhook.proposal.id)
    await waitFor("the second delivery to be dropped", async () => logs.slice(mark).some((l) => l.includes(`${label} was handled before`)))
    expect(logs.slice(mark).filter((l) => l.includes(label))).toHaveLength(2)

    // Exactly one of the webhook and the poll recorded the decision; the other found it recorded.
    const polled = poll.outcomes.find((o) => o.proposal_id === viaWebhook.proposal.id)
    const webhookRecorded = /; updated status/.test(row.outcome)
    expect([webhookRecorded, polled?.changed ?? false].filter(Boolean)).toHaveLength(1)
    expect(row.outcome).toMatch(webhookRecorded ? /; emitted trade-credit\.enrollment\.approved$/ : /; already up to date$/)
    // One Medusa event per decision: the webhook's proposal announced once (naming the event only if the webhook won),
    // the poll's once.
    await waitFor("both approvals announced", async () => decisionsOf(viaWebhook.proposal.id).length > 0 && decisionsOf(viaPoll.proposal.id).length > 0)
    expect(decisionsOf(viaWebhook.proposal.id)).toEqual([
      { name: "trade-credit.enrollment.approved", data: expect.objectContaining({ event_id: webhookRecorded ? `msg_race_${viaWebhook.proposal.id}` : null }) },
    ])
    expect(decisionsOf(viaPoll.proposal.id)).toEqual([{ name: "trade-credit.enrollment.approved", data: expect.objectContaining({ event_id: null }) }])

    // The webhook's path and the poll's give the same record (the organization number is the service's, never the event's).
    const byWebhook = await enrollmentOf(viaWebhook.customer)
    const byPoll = await enrollmentOf(viaPoll.customer)
    const shape = (e: any) => ({ status: e.status, source: e.source, enrolled: e.enrolled, country_code: e.country_code, decided: !!e.decided_at, message: e.message })
    expect(shape(byWebhook)).toEqual(shape(byPoll))
    expect(shape(byWebhook)).toEqual({ status: "ACCEPTED", source: "proposal", enrolled: true, country_code: "GB", decided: true, message: expect.any(String) })
    expect(byWebhook.organization_number).not.toBe("SOLE-GB-RACE")
    expect(byWebhook.organization_number).toBe(viaWebhook.business.organization_number)

    // Later runs change nothing and announce nothing.
    expect((await pollEnrollments(getContainer())).outcomes.filter((o) => [viaWebhook.proposal.id, viaPoll.proposal.id].includes(o.proposal_id))).toEqual([])
    expect(decisionsOf(viaWebhook.proposal.id)).toHaveLength(1)
  })

  it("popup step 1: a read-only autofill token; the browser's read is 404 for a new buyer, 200 for a known one, which the buyer route records", async () => {
    const customer = await loginCustomer()
    const step1 = await customer.ok("POST", `${BASE}/autofill-token`)
    const url = new URL(step1.buyer_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${simulator.url}/autofill/v1/buyer/current`)
    expect(url.searchParams.get("Service-Delegated-Authority-Token")).toBe(step1.token)
    expect(step1.buyer_url).not.toContain(SIMULATOR_API_KEY)
    // As a browser reads it: no key, the token in the query, CORS allowed.
    const unknown = await fetch(step1.buyer_url, { headers: { origin: "http://shop.example" } })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get("access-control-allow-origin")).toBe("*")
    // The token reads and does nothing else.
    const write = await fetch(`${simulator.url}/autofill/v1/buyer/current`, {
      method: "POST",
      headers: { "service-delegated-authority-token": step1.token, "content-type": "application/json", "idempotency-key": `w-${customer.id}` },
      body: JSON.stringify({ persistent: true, company_name: "Nope" }),
    })
    expect(write.status).toBe(403)

    // The service knows this buyer (saved earlier, e.g. in another shop's popup).
    const saved = await fetch(`${simulator.url}/autofill/v1/buyer/current?buyer_reference=${customer.id}`, {
      method: "POST",
      headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": `known-${customer.id}` },
      body: JSON.stringify({ persistent: true, company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" }),
    })
    expect(saved.status).toBe(200)
    const known = await fetch(step1.buyer_url)
    expect(known.status).toBe(200)
    expect(await known.json()).toMatchObject({ organization_number: "08123456" })
    const { buyer } = await customer.ok("GET", `${BASE}/buyer`)
    expect(buyer).toEqual({ company_name: "ACME INDUSTRIAL SUPPLIES LTD", country_code: "GB", organization_number: "08123456" })
    expect(await enrollmentOf(customer)).toMatchObject({ status: "VERIFIED", source: "autofill", enrolled: true })
  })

  it("a returning buyer with several businesses chooses one; nothing is enrolled before; a business outside the matches is refused", async () => {
    const customer = await loginCustomer()
    const email = "two.businesses@example.com"
    expect((await customer.call("POST", `${BASE}/returning-buyer/verification`, { email })).status).toBe(201)
    const { items } = await control(simulator.url, "GET", `/_sim/registration/codes?email=${encodeURIComponent(email)}`)
    const verified = await customer.ok("POST", `${BASE}/returning-buyer/verification/code`, { email, code: items[items.length - 1].code })
    expect(verified).toMatchObject({ business: null, total_matches: 2, enrollment: null })
    expect(verified.matches.map((m: any) => m.organization_number)).toEqual(["11223344", "12345678"])
    expect(JSON.stringify(verified)).not.toContain("sdat_") // the matches token stays on the server
    expect((await customer.call("GET", `${BASE}/enrollment`)).data.code).toBe("TRADE_CREDIT_NOT_ENROLLED")

    // Another customer has nothing to choose from.
    const stranger = await loginCustomer()
    const early = await stranger.call("POST", `${BASE}/returning-buyer/choice`, { organization_number: "12345678", country_code: "GB" })
    expect([early.status, early.data.code]).toEqual([409, "TRADE_CREDIT_VERIFY_AGAIN"])
    const outside = await customer.call("POST", `${BASE}/returning-buyer/choice`, { organization_number: "08123456", country_code: "GB" })
    expect([outside.status, outside.data.code]).toEqual([400, "TRADE_CREDIT_NOT_A_MATCH"])

    const chosen = await customer.ok("POST", `${BASE}/returning-buyer/choice`, { organization_number: "12345678", country_code: "GB" })
    expect(chosen.business).toEqual({ company_name: "PENNYWORTH STATIONERS LTD", country_code: "GB", organization_number: "12345678" })
    expect(chosen.enrollment).toMatchObject({ status: "VERIFIED", source: "returning_buyer", organization_number: "12345678", enrolled: true })
    // The choice is used up.
    expect((await customer.call("POST", `${BASE}/returning-buyer/choice`, { organization_number: "11223344", country_code: "GB" })).data.code).toBe("TRADE_CREDIT_VERIFY_AGAIN")
  })
})

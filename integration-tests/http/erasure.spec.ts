import { createHash } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createTradeCreditClient, type TradeCreditClient } from "../../src/client"
import { SIMULATOR_API_KEY, SIMULATOR_WEBHOOK_SECRET, startSimulator } from "trade-credit-simulator"
import { accountBody } from "../../packages/simulator/src/__tests__/repayment-fixtures"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { control, findCompanyId, type RunningSimulator, STOREFRONT_URL } from "../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
import { waitUntil } from "../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(240_000)

/**
 * Right to erasure end to end (issue #7): the admin API, the workflow, the
 * plugin's own data and the customer-deleted option, against a simulator that
 * holds two merchants (this store is merchant A; merchant B holds the same
 * person through its own key).
 */
const OTHER_KEY = "secret_test_" + "SecondMerchantOfTheErasureSpec0000000000000"
const sim: { it?: RunningSimulator; url: string } = { url: "" }
let merchantA: TradeCreditClient
let merchantB: TradeCreditClient

beforeAll(async () => {
  sim.it = await startSimulator({
    port: 0,
    webhookRetryDelaysMs: [200, 500],
    merchants: [
      { apiKey: SIMULATOR_API_KEY, name: "Merchant A" },
      { apiKey: OTHER_KEY, name: "Merchant B" },
    ],
  })
  sim.url = sim.it.url
  Object.assign(process.env, {
    TRADE_CREDIT_API_KEY: SIMULATOR_API_KEY,
    TRADE_CREDIT_BASE_URL: sim.url,
    TRADE_CREDIT_CHECKOUT_URL: sim.url,
    TRADE_CREDIT_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
    TRADE_CREDIT_STOREFRONT_URL: STOREFRONT_URL,
    TRADE_CREDIT_TIMEOUT_MS: "2000",
    TRADE_CREDIT_MAX_RETRIES: "1",
    TRADE_CREDIT_BACKGROUND_JOBS: "off",
    TRADE_CREDIT_ERASURE_ON_CUSTOMER_DELETE: "true",
  })
  const client = (apiKey: string) => createTradeCreditClient({ apiKey, environment: "sandbox", baseUrl: sim.url, timeoutMs: 5000 })
  merchantA = client(SIMULATOR_API_KEY)
  merchantB = client(OTHER_KEY)
})

afterAll(async () => {
  await merchantA?.close()
  await merchantB?.close()
  await sim.it?.close()
})

let counter = 0
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`
const sha256 = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex")
const person = (email: string) => ({ first_name: "Pat", last_name: "Sole", phone_number: "+447700900555", email })
const erasureCalls = async () => (await control(sim.url, "GET", "/_sim/requests?path_prefix=/gdpr/v1")).items as any[]
const submissions = async () => (await erasureCalls()).filter((r) => r.method === "POST" && r.path === "/gdpr/v1/erasure")
const audit = async (reference: string) =>
  (await control(sim.url, "GET", `/_sim/erasure/requests?reference=${encodeURIComponent(reference)}`)).items as any[]
const accountsOf = async (merchant: string) =>
  (await control(sim.url, "GET", `/_sim/repayment/accounts?merchant=${merchant}`)).items.map((i: any) => i.account)

/** An account without a plan at a merchant: an erasable record of the person there. */
const erasableRecord = (client: TradeCreditClient, email: string) =>
  client.repayment.createAccount(accountBody({ account_representative: person(email) }), { idempotencyKey: unique("acct") })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let seed: any
    let adminHeaders: Record<string, string>
    let admin: ReturnType<typeof adminRequester>
    let companyId: string

    /** An admin call whose status the test looks at. */
    const adminCall = (method: string, url: string, data?: unknown) =>
      api.request({ method, url, data, headers: adminHeaders, validateStatus: () => true })
    const createCustomer = async (email: string) =>
      (await admin("POST", "/admin/customers", { email, first_name: "Pat", last_name: "Sole", phone: "+447700900555" })).customer

    beforeAll(async () => {
      adminHeaders = await loginAdmin(getContainer(), api)
      admin = adminRequester(api, adminHeaders)
      seed = await seedStore(admin)
      companyId = await findCompanyId(sim.url, "GB", "acme")
      await control(sim.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}/hooks/payment/trade-credit_default` })
    })

    beforeEach(async () => {
      await control(sim.url, "DELETE", "/_sim/faults")
    })

    it("ERASABLE for a customer: submitted once, the person erased at merchant A only, the plugin's copies anonymised with amounts and ids kept", async () => {
      const email = `${unique("pat")}@sole-trader.example`
      const customer = await createCustomer(email)
      // At the service: the person is on an account without a plan at merchant A, and at merchant B too.
      const ours = await erasableRecord(merchantA, email)
      const theirs = await erasableRecord(merchantB, email)

      // In Medusa: an order of the customer paid by invoice, whose buyer representative is a colleague and
      // whose invoices go to the accounts mailbox (so the service's order does not hold the customer's address).
      const store = storeClient(api, seed.publishableKey)
      const cart = await createCheckoutCart(store, seed, { promotion: null })
      await store.ok("POST", `/store/carts/${cart.id}`, { email })
      const colleague = { email: `${unique("colleague")}@acme-office.example`, first_name: "Grace", last_name: "Hopper", phone_number: "+447400123456" }
      const started = await startTradeCreditSession(store, cart.id, {
        company: { company_canonical_id: companyId },
        representative: colleague,
        invoice_emails: [`${unique("ap")}@acme-office.example`],
        return_url: `${STOREFRONT_URL}/checkout/return`,
      })
      expect(started.status).toBe(200)
      expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
      const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
      await approveAtPaymentUrl(pending.payment_collection.payment_sessions[0].data.payment_url)
      const placed = await store.call("POST", `/store/carts/${cart.id}/complete`)
      expect(placed.status).toBe(200)
      const orderId = placed.data.order.id
      const orderPayments = async () =>
        (await admin("GET", `/admin/orders/${orderId}?fields=customer_id,*payment_collections.payments,*payment_collections.payment_sessions`))
          .order
      const before = await orderPayments()
      expect(before.customer_id).toBeTruthy()
      const paymentBefore = before.payment_collections[0].payments[0]
      const sessionBefore = before.payment_collections[0].payment_sessions[0]
      expect(paymentBefore.data.representative).toEqual(colleague)

      // A sole-trader enrollment of the customer (when the model is there): its trading name is the person's.
      const tradeCredit: any = getContainer().resolve("tradeCredit")
      const enrollment =
        typeof tradeCredit.createEnrollments === "function"
          ? await tradeCredit.createEnrollments({
              customer_id: customer.id,
              status: "ACCEPTED",
              source: "proposal",
              country_code: "GB",
              company_name: "Pat Sole Trading",
              organization_number: "ST123456",
            })
          : null
      // A returning sole trader's kept matches token (their verified email, for 15 minutes): deleted by the erasure.
      await tradeCredit.keepMatchesToken(customer.id, { email, token: "matches-token-of-pat" }, 15 * 60_000)
      expect(await tradeCredit.listMatchesTokens({ customer_id: [customer.id] })).toHaveLength(1)

      const sentBefore = (await submissions()).length
      const res = await adminCall("POST", "/admin/trade-credit/erasure-requests", { customer_id: customer.id, reference: "DPR-2026-0001" })
      expect(res.status).toBe(201)
      const request = res.data.erasure_request
      expect(request).toMatchObject({
        id: expect.stringMatching(/^tcera_/),
        reference: "DPR-2026-0001",
        case: "ERASABLE",
        status: "submitted",
        source: "admin",
        customer_id: customer.id,
        requested_by: expect.stringMatching(/^user_/),
        email_hash: sha256(email),
        submitted_at: expect.any(String),
        anonymised_at: expect.any(String),
        error: null,
      })
      expect(request.anonymised).toMatchObject({ payment: 1, payment_session: 1, matches_token: 1, ...(enrollment ? { enrollment: 1 } : {}) })
      expect(JSON.stringify(res.data)).not.toContain(email)
      expect(await tradeCredit.listMatchesTokens({ customer_id: [customer.id] })).toEqual([])

      // The service: one lookup, one erasure, carrying the Idempotency-Key made from the request's id.
      const sent = await submissions()
      expect(sent.length - sentBefore).toBe(1)
      expect(sent[sent.length - 1]).toMatchObject({ status: 202, idempotency_key: `erasure-${request.id}`, merchant: "merchant-a" })
      expect((await audit("DPR-2026-0001"))[0]).toMatchObject({ merchant: "merchant-a", case: "ERASABLE", erased: { repayment_accounts: 1 } })
      const erasedAccount = (await accountsOf("merchant-a")).find((a: any) => a.id === ours.id)
      expect(erasedAccount.account_representative).toMatchObject({ first_name: "Erased", email: expect.stringMatching(/@erased\.invalid$/) })
      // Merchant B's record of the same person is left intact.
      expect((await accountsOf("merchant-b")).find((a: any) => a.id === theirs.id).account_representative).toEqual(person(email))
      expect((await merchantB.erasure.lookup(email)).case).toBe("ERASABLE")

      // The plugin's own copies: personal fields replaced; amounts, ids, states and the order kept.
      const after = await orderPayments()
      const payment = after.payment_collections[0].payments[0]
      const session = after.payment_collections[0].payment_sessions[0]
      for (const data of [payment.data, session.data]) {
        expect(data.representative).toEqual({
          email: expect.stringMatching(/^erased-[0-9a-f]{12}@erased\.invalid$/),
          first_name: "Erased",
          last_name: "Erased",
          phone_number: "+10000000000",
        })
        expect(data.invoice_emails).toEqual([data.representative.email])
        expect(JSON.stringify(data)).not.toContain(email)
        expect(JSON.stringify(data)).not.toContain(colleague.email)
      }
      expect(payment.id).toBe(paymentBefore.id)
      expect(payment.amount).toEqual(paymentBefore.amount)
      expect(session.amount).toEqual(sessionBefore.amount)
      for (const field of ["order_id", "merchant_order_id", "gross_amount", "currency", "state", "status", "tracking_id", "company"]) {
        expect(payment.data[field]).toEqual(paymentBefore.data[field])
        expect(session.data[field]).toEqual(sessionBefore.data[field])
      }
      const serviceOrder = (await control(sim.url, "GET", `/_sim/orders/${paymentBefore.data.order_id}`)).order
      expect(serviceOrder.buyer.representative.email).toBe(colleague.email)
      if (enrollment) {
        const [row] = await tradeCredit.listEnrollments({ id: enrollment.id })
        expect(row).toMatchObject({ company_name: "Erased", organization_number: "ST123456", status: "ACCEPTED" })
      }

      // The same reference again: the recorded request, nothing sent.
      const again = await adminCall("POST", "/admin/trade-credit/erasure-requests", { customer_id: customer.id, reference: "DPR-2026-0001" })
      expect(again.status).toBe(200)
      expect(again.data).toMatchObject({ replayed: true, erasure_request: { id: request.id, status: "submitted" } })
      expect((await submissions()).length - sentBefore).toBe(1)
      expect((await audit("DPR-2026-0001"))[0].submissions).toBe(1)

      // Listed with its case; readable by id.
      const list = await admin("GET", "/admin/trade-credit/erasure-requests?case=ERASABLE")
      expect(list.erasure_requests.map((r: any) => r.reference)).toContain("DPR-2026-0001")
      expect((await admin("GET", `/admin/trade-credit/erasure-requests/${request.id}`)).erasure_request).toMatchObject({
        reference: "DPR-2026-0001",
        case: "ERASABLE",
        status: "submitted",
      })
      const missing = await adminCall("GET", "/admin/trade-credit/erasure-requests/tcera_unknown")
      expect(missing.status).toBe(404)
      expect(missing.data.code).toBe("TRADE_CREDIT_ERASURE_REQUEST_NOT_FOUND")

      // The colleague's address is on the service's order: RETAINED, submitted, nothing erased there or here.
      const retained = await admin("POST", "/admin/trade-credit/erasure-requests", { email: colleague.email, reference: "DPR-2026-0002" })
      expect(retained.erasure_request).toMatchObject({ case: "RETAINED", status: "submitted", anonymised_at: null, customer_id: null })
      expect((await audit("DPR-2026-0002"))[0]).toMatchObject({ case: "RETAINED", erased: null })
      expect((await control(sim.url, "GET", `/_sim/orders/${paymentBefore.data.order_id}`)).order.buyer.representative).toEqual(colleague)
    })

    it("NO_RECORDS is recorded and submitted; a failed submission is recorded and retried under the same reference", async () => {
      const nobody = `${unique("nobody")}@nowhere.example`
      const none = await admin("POST", "/admin/trade-credit/erasure-requests", { email: nobody, reference: "DPR-NONE-1" })
      expect(none.erasure_request).toMatchObject({ case: "NO_RECORDS", status: "submitted", anonymised_at: null })
      expect((await audit("DPR-NONE-1"))[0]).toMatchObject({ case: "NO_RECORDS", erased: null, email_hash: sha256(nobody) })

      const email = `${unique("retry")}@buyer.example`
      await erasableRecord(merchantA, email)
      await control(sim.url, "POST", "/_sim/faults", { method: "POST", path: "/gdpr/v1/erasure", times: 2, fault: { type: "status", status: 503 } })
      const failed = await adminCall("POST", "/admin/trade-credit/erasure-requests", { email, reference: "DPR-RETRY-1" })
      expect(failed.status).toBe(503)
      expect(failed.data).toMatchObject({ type: "unavailable", code: "TRADE_CREDIT_UNAVAILABLE" })
      const [recorded] = (await admin("GET", "/admin/trade-credit/erasure-requests?reference=DPR-RETRY-1")).erasure_requests
      expect(recorded).toMatchObject({ case: "ERASABLE", status: "failed", error: expect.stringContaining("UNAVAILABLE"), submitted_at: null })
      expect(await audit("DPR-RETRY-1")).toEqual([])

      const retried = await admin("POST", "/admin/trade-credit/erasure-requests", { email, reference: "DPR-RETRY-1" })
      expect(retried.erasure_request).toMatchObject({ id: recorded.id, status: "submitted", error: null })
      expect((await audit("DPR-RETRY-1"))[0]).toMatchObject({ case: "ERASABLE", erased: { repayment_accounts: 1 } })
    })

    it("refuses bad input with a 4xx and a code, and sends nothing to the service", async () => {
      const customer = await createCustomer(`${unique("bad")}@buyer.example`)
      await admin("POST", "/admin/trade-credit/erasure-requests", { email: "taken@buyer.example", reference: "DPR-TAKEN" })
      const before = (await erasureCalls()).length
      const cases: [unknown, number, string][] = [
        [{ email: "not-an-email", reference: "DPR-1" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", reference: "" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", reference: "D".repeat(101) }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", reference: "<script>alert(1)</script>" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", reference: "DPR 1" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ reference: "DPR-1" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", customer_id: customer.id, reference: "DPR-1" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "a@b.example", reference: "DPR-1", extra: true }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ customer_id: "cus_does_not_exist", reference: "DPR-1" }, 404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"],
        [{ customer_id: "../etc", reference: "DPR-1" }, 400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"],
        [{ email: "someone.else@buyer.example", reference: "DPR-TAKEN" }, 409, "TRADE_CREDIT_ERASURE_REFERENCE_CONFLICT"],
      ]
      for (const [body, status, code] of cases) {
        const res = await adminCall("POST", "/admin/trade-credit/erasure-requests", body)
        expect({ body, status: res.status, code: res.data?.code }).toEqual({ body, status, code })
      }
      const badQuery = await adminCall("GET", "/admin/trade-credit/erasure-requests?status=done")
      expect(badQuery.status).toBe(400)
      expect(badQuery.data.code).toBe("TRADE_CREDIT_INVALID_QUERY")
      expect((await erasureCalls()).length).toBe(before)
      expect((await admin("GET", "/admin/trade-credit/erasure-requests?reference=DPR-1")).count).toBe(0)
    })

    it("with erasureOnCustomerDelete, deleting a customer submits the erasure under customer-deleted:<id>", async () => {
      const email = `${unique("leaving")}@buyer.example`
      const customer = await createCustomer(email)
      await erasableRecord(merchantA, email)
      await admin("DELETE", `/admin/customers/${customer.id}`)
      const reference = `customer-deleted:${customer.id}`
      const recorded = await waitUntil("the erasure request submitted", async () => {
        const [request] = (await admin("GET", `/admin/trade-credit/erasure-requests?customer_id=${customer.id}`)).erasure_requests
        return request?.status === "submitted" && request
      }, { timeoutMs: 10_000, intervalMs: 200 })
      expect(recorded).toMatchObject({
        reference,
        case: "ERASABLE",
        status: "submitted",
        source: "customer_deleted",
        requested_by: null,
        customer_id: customer.id,
        email_hash: sha256(email),
      })
      expect((await audit(reference))[0]).toMatchObject({ case: "ERASABLE", erased: { repayment_accounts: 1 } })
      expect((await merchantA.erasure.lookup(email)).case).toBe("NO_RECORDS")
    })
  },
})

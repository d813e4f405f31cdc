import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { STOREFRONT_URL } from "../../helpers/simulator"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * The admin routes the customer widget uses, against the simulator: the
 * sole-trader enrollment of a customer (`GET /admin/trade-credit/customers/:id/enrollment`,
 * new), and the existing routes it calls with a customer (trade account,
 * onboarding, verification link by the Medusa customer id, erasure requests
 * filtered by customer), with their answers to bad input (4xx with a code).
 */
const simulator = areaSimulator()
const PASSWORD = "customer-widget-password-1"
let counter = 0

export default areaPart("admin-customer-routes", ({ api, getContainer }) => {
  let headers: Record<string, string>
  let seed: any

  const call = (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })
  const tradeCredit = () => getContainer().resolve(TRADE_CREDIT_MODULE) as any

  /** A customer registered at the storefront (the widget's subject). */
  async function registerCustomer(first_name: string, extra: Record<string, string> = {}) {
    const email = `${first_name.toLowerCase()}.${Date.now().toString(36)}${++counter}@widget.example`
    const pk = { "x-publishable-api-key": seed.publishableKey }
    const registered = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
    const { data } = await api.post(
      "/store/customers",
      { email, first_name, last_name: "Okafor", phone: "07400 123456", ...extra },
      { headers: { ...pk, authorization: `Bearer ${registered.data.token}` } }
    )
    return { id: data.customer.id as string, email }
  }

  beforeAll(async () => {
    headers = await loginAdmin(getContainer(), api)
    seed = await seedStore(adminRequester(api, headers))
  })

  it("answers a customer's sole-trader enrollment, null without one, and refuses unknown customers and bad input with a code", async () => {
    const plain = await registerCustomer("Plain")
    const none = await call("GET", `/admin/trade-credit/customers/${plain.id}/enrollment`)
    expect(none.status).toBe(200)
    expect(none.data).toEqual({ enrollment: null })

    const trader = await registerCustomer("Trader")
    const decidedAt = new Date("2025-03-04T10:20:30.000Z")
    const [row] = await tradeCredit().createEnrollments([
      {
        customer_id: trader.id,
        proposal_id: "svc_proposal_widget_1",
        status: "ACCEPTED",
        source: "proposal",
        country_code: "GB",
        company_name: "Mill Lane Joinery",
        organization_number: "SOLE-GB-12345",
        decided_at: decidedAt,
      },
    ])
    const read = await call("GET", `/admin/trade-credit/customers/${trader.id}/enrollment`)
    expect(read.status).toBe(200)
    expect(read.data.enrollment).toEqual({
      id: row.id,
      status: "ACCEPTED",
      source: "proposal",
      proposal_id: "svc_proposal_widget_1",
      country_code: "GB",
      company_name: "Mill Lane Joinery",
      organization_number: "SOLE-GB-12345",
      decided_at: decidedAt.toISOString(),
      enrolled: true,
      message: "Your business is registered: you can pay by trade credit.",
      last_polled_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })

    // A proposal still in review: not enrolled, not decided.
    const reviewed = await registerCustomer("Reviewed")
    await tradeCredit().createEnrollments([
      { customer_id: reviewed.id, proposal_id: "svc_proposal_widget_2", status: "IN_REVIEW", source: "proposal", country_code: "US", company_name: "Review Me" },
    ])
    const inReview = (await call("GET", `/admin/trade-credit/customers/${reviewed.id}/enrollment`)).data.enrollment
    expect(inReview).toMatchObject({ status: "IN_REVIEW", enrolled: false, decided_at: null, organization_number: null, country_code: "US", message: expect.stringMatching(/being reviewed/) })

    // Unknown customer: 404 with a code. Malformed id or any query parameter: 400 with a code, never a 500.
    const unknown = await call("GET", "/admin/trade-credit/customers/cus_01NOSUCHCUSTOMER000000000/enrollment")
    expect([unknown.status, unknown.data.code]).toEqual([404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"])
    expect(unknown.data.message).toContain("cus_01NOSUCHCUSTOMER000000000")
    for (const id of ["bad.id", "a%20b", "x".repeat(101), "%27%3B--"]) {
      const bad = await call("GET", `/admin/trade-credit/customers/${id}/enrollment`)
      expect([bad.status, bad.data.code, id]).toEqual([400, "TRADE_CREDIT_INVALID_PARAMETERS", id])
    }
    const query = await call("GET", `/admin/trade-credit/customers/${trader.id}/enrollment?fields=*`)
    expect([query.status, query.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_PARAMETERS"])
    expect(query.data.message).toContain("fields")

    // Admin only.
    const anonymous = await api.get(`/admin/trade-credit/customers/${trader.id}/enrollment`, { validateStatus: () => true })
    expect(anonymous.status).toBe(401)
  })

  it("onboards a customer from the widget's form, sends the link by customer id, and lists the customer's erasure requests", async () => {
    const grace = await registerCustomer("Grace")
    const other = await registerCustomer("Other")

    // Not onboarded yet: both null.
    expect((await call("GET", `/admin/trade-credit/customers/${grace.id}/trade-account`)).data).toEqual({ trade_account: null, user: null })

    // The form's refusals, said with their code: no company name and no trade name; a number the service does not know.
    const noName = await call("POST", "/admin/trade-credit/trade-accounts", { customer_id: grace.id, company: { country_code: "GB", organization_number: "09876543" } })
    expect([noName.status, noName.data.code]).toEqual([400, "TRADE_CREDIT_TRADE_NAME_MISSING"])
    const unknownNumber = await call("POST", "/admin/trade-credit/trade-accounts", {
      customer_id: grace.id,
      company: { country_code: "GB", organization_number: "00000001" },
      trade_name: "Nobody Ltd",
    })
    expect([unknownNumber.status, unknownNumber.data.code]).toEqual([400, "TRADE_CREDIT_REFUSED"])
    expect(unknownNumber.data.message).toContain("no such company in the registry")

    // The corrected form as the widget sends it (after that refusal: the refused body's idempotency key is not
    // reused): country (lower case is fine), organization number and a trade name.
    const onboarded = await call("POST", "/admin/trade-credit/trade-accounts", {
      customer_id: grace.id,
      company: { country_code: "gb", organization_number: "09876543" },
      trade_name: "Brightwater Office Solutions",
    })
    expect([onboarded.status, onboarded.status === 201 ? null : onboarded.data]).toEqual([201, null])
    const view = (await call("GET", `/admin/trade-credit/customers/${grace.id}/trade-account`)).data
    expect(view.trade_account).toMatchObject({ id: onboarded.data.trade_account.id, trade_name: "Brightwater Office Solutions", organization_number: "09876543" })
    expect(view.user).toMatchObject({ customer_id: grace.id, verified: false })

    // "Send verification link": the user named by the Medusa customer id, as the widget does.
    const link = await call("POST", `/admin/trade-credit/trade-accounts/${view.trade_account.id}/users/${grace.id}/verification-link`, {})
    expect(link.status).toBe(200)
    expect(link.data).toMatchObject({ redirect_url: expect.stringMatching(/^http/), return_url: `${STOREFRONT_URL}/account/trade-account` })
    expect(JSON.stringify(link.data)).not.toContain(process.env.TRADE_CREDIT_API_KEY as string)
    // A customer who is no user of that account: 4xx with a code.
    const stranger = await call("POST", `/admin/trade-credit/trade-accounts/${view.trade_account.id}/users/${other.id}/verification-link`, {})
    expect(stranger.status).toBeGreaterThanOrEqual(400)
    expect(stranger.status).toBeLessThan(500)
    expect(stranger.data.code).toEqual(expect.any(String))

    // Erasure: requested for Grace by customer id; the list filtered by customer shows hers only.
    const requested = await call("POST", "/admin/trade-credit/erasure-requests", { reference: "DSR-WIDGET-1", customer_id: grace.id })
    expect(requested.status).toBe(201)
    expect(requested.data.erasure_request).toMatchObject({ reference: "DSR-WIDGET-1", customer_id: grace.id, status: "submitted" })
    expect(["NO_RECORDS", "RETAINED", "ERASABLE"]).toContain(requested.data.erasure_request.case)
    await call("POST", "/admin/trade-credit/erasure-requests", { reference: "DSR-WIDGET-2", customer_id: other.id })
    const listed = await call("GET", `/admin/trade-credit/erasure-requests?customer_id=${grace.id}&limit=20`)
    expect(listed.status).toBe(200)
    expect(listed.data.erasure_requests.map((r: any) => r.reference)).toEqual(["DSR-WIDGET-1"])
    expect(JSON.stringify(listed.data)).not.toContain(grace.email)
    // The same reference again: nothing sent again (200, replayed); for another customer: 409 with its code.
    const again = await call("POST", "/admin/trade-credit/erasure-requests", { reference: "DSR-WIDGET-1", customer_id: grace.id })
    expect([again.status, again.data.replayed]).toEqual([200, true])
    const conflict = await call("POST", "/admin/trade-credit/erasure-requests", { reference: "DSR-WIDGET-1", customer_id: other.id })
    expect([conflict.status, conflict.data.code]).toEqual([409, "TRADE_CREDIT_ERASURE_REFERENCE_CONFLICT"])
    // Bad input the widget could send: an empty reference, a malformed customer filter.
    const empty = await call("POST", "/admin/trade-credit/erasure-requests", { reference: "", customer_id: grace.id })
    expect([empty.status, empty.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_ERASURE_REQUEST"])
    const badFilter = await call("GET", "/admin/trade-credit/erasure-requests?customer_id=not%20an%20id")
    expect([badFilter.status, badFilter.data.code]).toEqual([400, "TRADE_CREDIT_INVALID_QUERY"])
    // Unknown customers: 404 with a code on the trade account and erasure routes too.
    const ghost = "cus_01NOSUCHCUSTOMER000000000"
    expect((await call("GET", `/admin/trade-credit/customers/${ghost}/trade-account`)).data.code).toBe("TRADE_CREDIT_CUSTOMER_NOT_FOUND")
    const ghostErasure = await call("POST", "/admin/trade-credit/erasure-requests", { reference: "DSR-WIDGET-3", customer_id: ghost })
    expect([ghostErasure.status, ghostErasure.data.code]).toEqual([404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"])
  })
})

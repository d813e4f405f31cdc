import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, pointWebhooksAt, WEBHOOK_PATH } from "../../helpers/simulator"
import { signedDelivery } from "../../helpers/webhooks"
import { BUYER_ADDRESS } from "../../helpers/storefront"
import { waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * Issue 36: a real `enrollment.approved` carries what the published EnrollmentApprovedEventData requires and nothing
 * more: `proposal_id`, `merchant_id` (nullable), `organization_number`; no `company_name`, no `country_code`. Under the
 * seed's name (`enrollment.approved`) and the published one (`business_registry.approved.v1`), signed as the simulator
 * signs, it enrols the sole trader: the plugin reads the proposal back (the business, its organization number, trading
 * name and country are the service's). The simulator's own deliveries are cut, so only these events can act.
 */

const simulator = areaSimulator()
const BASE = "/store/trade-credit/soletrader"

/** A sole trader's proposal body as a storefront sends it; a trading name with "Review" stays in review at the simulator. */
const proposalBody = (tradingName: string) => ({
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
  },
})

export default areaPart("published-enrollment-events", ({ api, getContainer }) => {
  let seed: any
  let customers = 0
  const waitFor = <T>(what: string, check: () => Promise<T | undefined | null | false>) => waitUntil(what, check, { timeoutMs: 40_000, intervalMs: 250 })

  /** A registered, logged-in customer with an address. */
  async function loginCustomer() {
    const email = `published.events.${++customers}@example.com`
    const password = "published-events-pw"
    const keyHeaders = { "x-publishable-api-key": seed.publishableKey }
    const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
    await api.post("/store/customers", { email, first_name: "Jo", last_name: "Bloggs" }, { headers: { ...keyHeaders, authorization: `Bearer ${registration.token}` } })
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    const headers = { ...keyHeaders, authorization: `Bearer ${login.token}` }
    const call = async (method: string, url: string, data?: unknown) => api.request({ method, url, data, headers, validateStatus: () => true })
    const ok = async (method: string, url: string, data?: unknown) => {
      const res = await call(method, url, data)
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
      return res.data
    }
    await ok("POST", "/store/customers/me/addresses", { ...BUYER_ADDRESS, country_code: "gb", is_default_billing: true })
    return { email, call, ok }
  }

  const postHook = (payload: unknown) => {
    const { raw, headers } = signedDelivery(payload)
    return api.post(WEBHOOK_PATH, raw, { headers, validateStatus: () => true, transformRequest: [(d: unknown) => d] })
  }
  const webhookRows = async (filter: Record<string, unknown>) => await (getContainer().resolve("tradeCredit") as any).listWebhookEvents(filter)

  beforeAll(async () => {
    seed = await seedStore(adminRequester(api, await loginAdmin(getContainer(), api)))
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    // The simulator's own approval is sent nowhere: only the event below can bring the decision (no poll runs here).
    await pointWebhooksAt(simulator.url, null)
  })

  it.each([["business_registry.approved.v1"], ["enrollment.approved"]])(
    "%s with only proposal_id, merchant_id and organization_number enrols the sole trader from the proposal read back",
    async (type) => {
      const customer = await loginCustomer()
      const name = `Review ${type === "enrollment.approved" ? "Seed Name" : "Published Name"} Joinery`
      const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody(name))
      await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
      await waitFor("the service to put it in review", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "IN_REVIEW")
      const decided = await control(simulator.url, "POST", `/_sim/registration/proposals/${proposal.id}/decision`, { status: "ACCEPTED" })
      const business = decided.proposal.enrolled_business
      expect(business.organization_number).toEqual(expect.any(String))
      const before = (await customer.call("GET", `${BASE}/enrollment`)).data.enrollment
      expect(before?.status).not.toBe("ACCEPTED")

      const event = {
        id: `msg_published_${type}_${proposal.id}`,
        source: simulator.url,
        type,
        time: new Date().toISOString(),
        data: { proposal_id: proposal.id, merchant_id: null, organization_number: business.organization_number },
      }
      const answer = await postHook(event)
      expect([answer.status, answer.data]).toEqual([200, { received: true, handled: true }])

      const enrolled = await waitFor("the enrollment to be accepted", async () => {
        const enrollment = (await customer.call("GET", `${BASE}/enrollment`)).data.enrollment
        return enrollment?.status === "ACCEPTED" ? enrollment : undefined
      })
      expect(enrolled).toMatchObject({
        proposal_id: proposal.id,
        enrolled: true,
        organization_number: business.organization_number,
        company_name: business.trading_name,
        country_code: "GB",
      })
      // Recorded under the seed's name whichever name it came by, and read back from the service.
      const row = await waitFor("the pipeline's record", async () => {
        const [found] = await webhookRows({ event_id: event.id })
        return found && found.outcome !== "processing" ? found : undefined
      })
      expect(row.type).toBe("enrollment.approved")
      expect(row.outcome).toMatch(new RegExp(`^proposal ${proposal.id} is ACCEPTED at the service; enrollment \\S+ is ACCEPTED; updated status`))
    }
  )

  it("business_registry.rejected.v1 with its required data only records the decline from the proposal read back", async () => {
    const customer = await loginCustomer()
    const { proposal } = await customer.ok("POST", `${BASE}/proposals`, proposalBody("Review Published Rejection"))
    await customer.ok("POST", `${BASE}/proposals/${proposal.id}/submission`)
    await waitFor("the service to put it in review", async () => (await control(simulator.url, "GET", `/_sim/registration/proposals/${proposal.id}`)).proposal.status === "IN_REVIEW")
    await control(simulator.url, "POST", `/_sim/registration/proposals/${proposal.id}/decision`, { status: "DECLINED" })
    const event = {
      id: `msg_published_rejected_${proposal.id}`,
      source: simulator.url,
      type: "business_registry.rejected.v1",
      time: new Date().toISOString(),
      data: { proposal_id: proposal.id, merchant_id: null, rejection_reason: "NOT_ELIGIBLE" },
    }
    expect((await postHook(event)).data).toEqual({ received: true, handled: true })
    const declined = await waitFor("the enrollment to be declined", async () => {
      const enrollment = (await customer.call("GET", `${BASE}/enrollment`)).data.enrollment
      return enrollment?.status === "DECLINED" ? enrollment : undefined
    })
    expect(declined).toMatchObject({ proposal_id: proposal.id, enrolled: false, organization_number: null })
  })
})

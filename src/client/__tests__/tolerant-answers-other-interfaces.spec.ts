import { type TradeCreditClient } from ".."
import { accountBody } from "../../../packages/simulator/src/__tests__/repayment-fixtures"
import { type ScriptedServer, useScriptedClient } from "./scripted-server"

/**
 * Issue 36, every interface but the order interface: answers the published documents allow, over the real transport
 * (the property tests in src/service/__tests__/client-answers.property.spec.ts generate them; these are the cases the
 * plugin derives something from). Each failed on the code before the issue.
 */

const scripted = useScriptedClient()
let server: ScriptedServer
let client: TradeCreditClient
beforeAll(() => ({ server, client } = scripted))

const key = { idempotencyKey: "k-36" }
const planId = "3f1d7a52-9a55-4c8e-8a59-2b4f59c3a0c1"

describe("company search and details", () => {
  it("reads a result without country or identifier as in the searched country", async () => {
    server.script({
      status: 200,
      body: {
        items: [
          { name: "ACME LTD", canonical_id: "GB01234567", lookup_id: "lk_1", highlight: "ACME", country: null },
          { name: "B", canonical_id: "B1", lookup_id: "lk_2", highlight: "B" },
        ],
      },
    })
    const result = await client.companies.search({ country: "NO", q: "acme" })
    expect(result.items.map((i) => [i.canonical_id, i.country, i.national_identifier])).toEqual([
      ["GB01234567", "NO", null],
      ["B1", "NO", null],
    ])
  })

  it("refuses a result without canonical_id (the seed's promise, what an order names)", async () => {
    server.script({ status: 200, body: { items: [{ name: "ACME LTD", lookup_id: "lk_1", highlight: "ACME" }] } })
    await expect(client.companies.search({ country: "GB" })).rejects.toMatchObject({ code: "CONTRACT_VIOLATION" })
  })

  it("reads details without addresses, and keeps only whole addresses", async () => {
    server.script({
      status: 200,
      body: { canonical_id: "GB1", name: "Acme", country: "gb", organization_number: "01234567" },
    })
    expect(await client.companies.get("GB1")).toEqual({
      canonical_id: "GB1",
      name: "Acme",
      country: "GB",
      organization_number: "01234567",
      addresses: [],
    })
    server.script({
      status: 200,
      body: {
        canonical_id: "GB1",
        name: "Acme",
        country: "GB",
        organization_number: "1",
        addresses: [
          { city: "London" },
          { street_address: "1 Road", city: "London", postal_code: "E1 6AN", country: "gb" },
        ],
        extra: 1,
      },
    })
    expect((await client.companies.get("GB1")).addresses).toEqual([
      { street_address: "1 Road", city: "London", postal_code: "E1 6AN", country: "GB" },
    ])
  })
})

describe("repayment", () => {
  it(
    "reads a status without plan_id or amounts: the plan asked about, nothing " +
      "invoiced before fulfilment, unknown after",
    async () => {
      server.script(
        {
          status: 200,
          body: {
            funding_status: "PENDING",
            fulfilment_status: "NOT_INITIATED",
            total_repayment_amount: "1221.5",
            on_recourse: false,
          },
        },
        {
          status: 200,
          body: {
            funding_status: "ACCEPTED",
            fulfilment_status: "SUCCEEDED",
            total_repayment_amount: "1221.50",
            on_recourse: true,
          },
        },
      )
      expect(await client.repayment.getStatus(planId)).toEqual({
        plan_id: planId,
        funding_status: "PENDING",
        fulfilment_status: "NOT_INITIATED",
        total_repayment_amount: "1221.50",
        on_recourse: false,
        invoiced_amount: "0.00",
        cancelled_amount: null,
        credited_amount: "0.00",
      })
      expect(await client.repayment.getStatus(planId)).toMatchObject({
        plan_id: planId,
        invoiced_amount: null,
        credited_amount: null,
        cancelled_amount: null,
      })
    },
  )

  it("reads the published fulfilment answer `{}` by reading the status back", async () => {
    server.script(
      { status: 202, body: {} },
      {
        status: 200,
        body: {
          funding_status: "ACCEPTED",
          fulfilment_status: "PENDING",
          total_repayment_amount: "100.00",
          on_recourse: false,
          invoiced_amount: "0",
        },
      },
    )
    expect(await client.repayment.fulfil(planId, key)).toMatchObject({
      plan_id: planId,
      fulfilment_status: "PENDING",
      invoiced_amount: "0.00",
    })
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "PUT /repay/v1/fulfilment",
      `GET /repay/v1/status?plan_id=${planId}`,
    ])
  })

  it("keeps money exact: more than two decimals as sent, a sign kept", async () => {
    server.script({
      status: 200,
      body: {
        decision: "APPROVED",
        minimum_instalments: 3,
        maximum_instalments: 48,
        maximum_instalment_amount: "-0.125",
        currency: "GBP",
      },
    })
    const check = await client.repayment.creditCheck(
      { country_code: "GB", national_identifier: "01234567", company_name: "Acme", amount: "100.00" },
      key,
    )
    expect(check).toEqual({
      decision: "APPROVED",
      minimum_instalments: 3,
      maximum_instalments: 48,
      maximum_instalment_amount: "-0.125",
      currency: "GBP",
    })
  })

  it("reads an account answer with only the published required fields (an id the seed promises)", async () => {
    const body = accountBody()
    const { invoice_cc_emails: _cc, ...required } = body
    server.script({
      status: 201,
      body: {
        ...required,
        id: "acct_1",
        account_representative: { ...body.account_representative, phone_number: "07700 900123" },
      },
    })
    expect((await client.repayment.createAccount(body, key)).id).toBe("acct_1")
  })
})

describe("trade accounts", () => {
  it("names a customer and a user by the merchant's id when the answer carries no id of the service", async () => {
    server.script(
      {
        status: 201,
        body: { merchant_customer_id: "cus_1", contact_persons: [], use_billing_address_for_shipping: false },
      },
      {
        status: 200,
        body: { merchant_user_id: "u1", email: "a@b.co", first_name: "A", last_name: "B", verified: false },
      },
      {
        status: 200,
        body: {
          id: "svc_u1",
          customer_id: "svc_c1",
          merchant_user_id: "u1",
          email: "a@b.co",
          first_name: "A",
          last_name: "B",
          verified: true,
        },
      },
      {
        status: 200,
        body: { id: "7f3c", merchant_user_id: "u1", email: "a@b.co", first_name: "A", last_name: "B", verified: true },
      },
    )
    const customer = await client.tradeAccount.getCustomer("cus_1")
    expect([customer.id, customer.service_id]).toEqual(["cus_1", undefined])
    const user = await client.tradeAccount.getUser("u1")
    expect([user.id, user.service_id, user.customer_id]).toEqual(["u1", undefined, null])
    expect((await client.tradeAccount.getUser("u1")).id).toBe("svc_u1")
    // An id of another format would be read as a merchant's id in a path: the merchant's own is used.
    expect(await client.tradeAccount.getUser("u1")).toMatchObject({ id: "u1", service_id: "7f3c" })
  })
})

describe("registration and delegation", () => {
  it(
    "reads REVIEWING as IN_REVIEW and UNVERIFIED as SUBMITTED, a government " +
      "department's proposal, no enrolled business",
    async () => {
      const proposed = {
        business_type: "GOVERNMENT_DEPARTMENT",
        country_code: "GB",
        trading_name: "Dept",
        email: "d@gov.uk",
        phone: "+441",
        business_address: { building: "1", street: "S", postal_code: "P", city: "C", country_code: "GB" },
      }
      server.script(
        { status: 200, body: { id: "p1", status: "REVIEWING", proposed_business: proposed } },
        { status: 200, body: { id: "p1", status: "UNVERIFIED", proposed_business: proposed, enrolled_business: null } },
      )
      expect(await client.registry.getProposal("p1")).toMatchObject({
        id: "p1",
        status: "IN_REVIEW",
        enrolled_business: null,
      })
      expect((await client.registry.getProposal("p1")).status).toBe("SUBMITTED")
    },
  )

  it("reads a submission answer without proposal_id or method as the proposal submitted, SKIP", async () => {
    server.script(
      { status: 200, body: {} },
      { status: 200, body: { initiation_method: "REDIRECT", proposal_id: "p1", redirect_url: null } },
    )
    expect(await client.registry.submitProposal("p1", key)).toEqual({ initiation_method: "SKIP", proposal_id: "p1" })
    expect(await client.registry.submitProposal("p1", key)).toEqual({
      initiation_method: "REDIRECT",
      proposal_id: "p1",
    })
  })

  it(
    "reads any JSON object as a delegation answer (nothing is published for " + "it): the token is the header",
    async () => {
      server.script(
        {
          status: 200,
          headers: { "Service-Delegated-Authority-Token": "tok_r" },
          body: { token_type: "delegated", expires_in: 3600, scopes: null },
        },
        { status: 200, headers: { "Service-Delegated-Authority-Token": "tok_a" }, body: {} },
      )
      expect(await client.registry.createDelegationToken({}, key)).toEqual({ token: "tok_r" })
      expect(await client.autofill.createDelegationToken({}, key)).toEqual({ token: "tok_a" })
    },
  )
})

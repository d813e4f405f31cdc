import type { TradeCreditClient } from ".."
import { createOrderBody } from "./fixtures"
import { failure, type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * The trade account client (contract section 4) end to end against the
 * simulator over real HTTP: onboarding, reads by either kind of id, the svc_
 * rule, duplicates, the verification link, and one-click orders.
 */

let sim: Simulator
let client: TradeCreditClient
let n = 0
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`
const key = (what: string) => ({ idempotencyKey: uniq(what) })

const customerInput = (merchantCustomerId: string) => ({
  merchant_customer_id: merchantCustomerId,
  canonical_id: "cmpgb08123456",
  contact_persons: [
    { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
  ],
  trade_name: "Acme Industrial",
})
const userInput = (merchantUserId: string) => ({
  merchant_user_id: merchantUserId,
  email: "grace@acme.example",
  first_name: "Grace",
  last_name: "Hopper",
  phone_number: "+447700900002",
})

beforeAll(async () => {
  ;({ sim, client } = await startSimulatorClient())
})
afterAll(async () => {
  await client?.close()
  await sim?.close()
})
beforeEach(async () => {
  await simulatorControl(sim, "POST", "/reset")
})

describe("trade account client", () => {
  it("onboards a customer and a user; reads both by the service's id and by the merchant's id", async () => {
    const customer = await client.tradeAccount.createCustomer(customerInput("cus_medusa_1"), key("tac"))
    const { canonical_id: _canonicalId, ...sent } = customerInput("cus_medusa_1")
    expect(customer).toEqual({
      id: expect.stringMatching(/^svc_/),
      ...sent,
      company: {
        country_prefix: "GB",
        organization_number: "08123456",
        company_name: expect.any(String),
        company_canonical_id: expect.any(String),
      },
      invoice_email_addresses: [],
      invoice_billing_address: null,
      use_billing_address_for_shipping: false,
    })
    expect(await client.tradeAccount.getCustomer(customer.id)).toEqual(customer)
    expect(await client.tradeAccount.getCustomer("cus_medusa_1")).toEqual(customer)

    const user = await client.tradeAccount.createUser("cus_medusa_1", userInput("cus_medusa_2"), key("tau"))
    expect(user).toEqual({
      id: expect.stringMatching(/^svc_/),
      customer_id: customer.id,
      verified: false,
      ...userInput("cus_medusa_2"),
    })
    expect(await client.tradeAccount.getUser(user.id)).toEqual(user)
    expect(await client.tradeAccount.getUser("cus_medusa_2")).toEqual(user)
    // A user's phone is optional (the service answers null).
    const { phone_number: _phone, ...noPhone } = userInput("cus_medusa_3")
    expect(await client.tradeAccount.createUser(customer.id, noPhone, key("tau"))).toMatchObject({
      merchant_user_id: "cus_medusa_3",
      phone_number: null,
    })
    expect(await failure(client.tradeAccount.getUser("svc_unknown"))).toMatchObject({ code: "NOT_FOUND", status: 404 })
    expect(await failure(client.tradeAccount.getCustomer("nobody"))).toMatchObject({ code: "NOT_FOUND", status: 404 })
  })

  it(
    "a duplicate is 409 INVALID_STATE with the existing id in details; a retry " +
      "with the same key is the first answer",
    async () => {
      const idem = key("tac")
      const customer = await client.tradeAccount.createCustomer(customerInput("cus_dup"), idem)
      expect(await client.tradeAccount.createCustomer(customerInput("cus_dup"), idem)).toEqual(customer)
      const duplicate = await failure(client.tradeAccount.createCustomer(customerInput("cus_dup"), key("tac")))
      expect(duplicate).toMatchObject({ code: "INVALID_STATE", status: 409, details: customer.id, retryable: false })
      const user = await client.tradeAccount.createUser(customer.id, userInput("usr_dup"), key("tau"))
      const dupUser = await failure(client.tradeAccount.createUser(customer.id, userInput("usr_dup"), key("tau")))
      expect(dupUser).toMatchObject({ code: "INVALID_STATE", details: user.id })
    },
  )

  it("a merchant id beginning with svc_ never leaves the client (INVALID_REQUEST, nothing sent)", async () => {
    const customer = await client.tradeAccount.createCustomer(customerInput("cus_ok"), key("tac"))
    const calls = client.stats().calls
    const bad = await failure(client.tradeAccount.createCustomer(customerInput("svc_mine"), key("tac")))
    expect(bad.code).toBe("INVALID_REQUEST")
    expect(bad.message).toContain("merchant_customer_id")
    const badUser = await failure(client.tradeAccount.createUser(customer.id, userInput("svc_user"), key("tau")))
    expect(badUser.code).toBe("INVALID_REQUEST")
    // The business at the top level: canonical_id alone, or country_code with organization_number (section 8).
    const { canonical_id: _id, ...noCompany } = customerInput("cus_x")
    for (const body of [
      { ...noCompany, company: { canonical_id: "cmpgb08123456" } },
      noCompany,
      { ...noCompany, country_code: "GB" },
      { ...customerInput("cus_x"), organization_number: "08123456" },
      { ...customerInput("cus_x"), contact_persons: [] },
    ]) {
      expect(await failure(client.tradeAccount.createCustomer(body as any, key("tac")))).toMatchObject({
        code: "INVALID_REQUEST",
      })
    }
    const badUrl = await failure(
      client.tradeAccount.createVerificationUrl("x", { return_url: "/relative" }, key("tav")),
    )
    expect(badUrl.code).toBe("INVALID_REQUEST")
    expect(client.stats().calls).toBe(calls)
    const { items } = await simulatorControl(sim, "GET", "/trade-accounts")
    expect(items).toHaveLength(1)
  })

  it("a verification link verifies the user; the user's orders are then VERIFIED at creation", async () => {
    const customer = await client.tradeAccount.createCustomer(customerInput("cus_v"), key("tac"))
    const user = await client.tradeAccount.createUser(customer.id, userInput("usr_v"), key("tau"))
    const ref = { customer_id: customer.id, user_id: user.id }
    const first = createOrderBody({ company_canonical_id: "cmpgb08123456" }, uniq("ord"))
    const waiting = await client.orders.create({ ...first, buyer: { ...first.buyer, trade_account: ref } }, key("ord"))
    expect(waiting).toMatchObject({ state: "UNVERIFIED", payment_url: expect.any(String) })

    const { redirect_url } = await client.tradeAccount.createVerificationUrl(
      user.id,
      { return_url: "https://shop.example.com/account" },
      key("tav"),
    )
    const res = await fetch(redirect_url, {
      method: "POST",
      body: new URLSearchParams({ decision: "verify" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    })
    expect(res.status).toBe(303)
    expect(res.headers.get("location")).toBe("https://shop.example.com/account?trade_account_verification=verified")
    expect((await client.tradeAccount.getUser(user.id)).verified).toBe(true)

    const body = createOrderBody({ company_canonical_id: "cmpgb08123456" }, uniq("ord"))
    const oneClick = await client.orders.create({ ...body, buyer: { ...body.buyer, trade_account: ref } }, key("ord"))
    expect(oneClick).toMatchObject({ state: "VERIFIED", status: "APPROVED", payment_url: null })
    const other = createOrderBody({ company_canonical_id: "cmpgb08123456" }, uniq("ord"))
    const refused = await failure(
      client.orders.create(
        { ...other, buyer: { ...other.buyer, trade_account: { customer_id: customer.id, user_id: "nobody" } } },
        key("ord"),
      ),
    )
    expect(refused).toMatchObject({ code: "SCHEMA_ERROR", status: 400 })
  })
})

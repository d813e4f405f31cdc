import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import type { SimTradeAccountCustomerCreate } from "../contract/trade-account"
import { startSimulator, type RunningSimulator } from "../index"
import { call, control, orderBody } from "./helpers"

/**
 * The simulator's trade account interface (contract section 4) over real HTTP:
 * id resolution, the svc_ rule, duplicates, the hosted verification page, and
 * one-click orders for verified users.
 */

let sim: RunningSimulator
let published: PublishedDocuments
let n = 0
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`

/**
 * The business at the top level: `canonical_id`, or `country_code` with `organization_number` (a broken mix in the
 * refusal tests).
 */
type CustomerBusiness = Pick<SimTradeAccountCustomerCreate, "canonical_id" | "country_code" | "organization_number">
const customerBody = (merchantCustomerId: string, company: CustomerBusiness = { canonical_id: "cmpgb08123456" }) => ({
  merchant_customer_id: merchantCustomerId,
  ...company,
  contact_persons: [
    { first_name: "Ada", last_name: "Lovelace", phone_number: "+447700900001", email: "ada@acme.example" },
  ],
  invoice_email_addresses: ["ap@acme.example"],
  trade_name: "Acme Industrial",
})
const userBody = (merchantUserId: string) => ({
  merchant_user_id: merchantUserId,
  email: `${merchantUserId}@acme.example`,
  first_name: "Grace",
  last_name: "Hopper",
  phone_number: "+447700900002",
})

async function onboard(customerId = uniq("cus"), userId = uniq("usr")) {
  const customer = await call(sim, "POST", "/trade-account/v3/customer", {
    body: customerBody(customerId),
    idempotencyKey: uniq("k"),
  })
  expect(customer.status).toBe(201)
  const user = await call(sim, "POST", `/trade-account/v3/customer/${customer.body.id}/user`, {
    body: userBody(userId),
    idempotencyKey: uniq("k"),
  })
  expect(user.status).toBe(201)
  return { customer: customer.body, user: user.body }
}

/** What the user's browser does at the link: load the page, press a button, follow the 303. */
async function decideAtLink(redirectUrl: string, decision: "verify" | "cancel") {
  const page = await fetch(redirectUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain(`value="${decision}"`)
  const res = await fetch(redirectUrl, {
    method: "POST",
    body: new URLSearchParams({ decision }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  })
  expect(res.status).toBe(303)
  return res.headers.get("location") as string
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 })
  published = await loadPublished()
})
afterAll(async () => {
  await sim?.close()
})
beforeEach(async () => {
  await control(sim, "POST", "/reset")
})

describe("simulator: trade account customers and users", () => {
  it("creates a customer and a user, readable by either kind of id", async () => {
    const { customer, user } = await onboard("medusa-cus_1", "medusa-usr_1")
    expect(customer).toEqual({
      id: expect.stringMatching(/^svc_cus_/),
      merchant_customer_id: "medusa-cus_1",
      company: {
        country_prefix: "GB",
        organization_number: "08123456",
        company_name: expect.any(String),
        company_canonical_id: expect.any(String),
      },
      contact_persons: customerBody("x").contact_persons,
      invoice_email_addresses: ["ap@acme.example"],
      invoice_billing_address: null,
      use_billing_address_for_shipping: false,
      trade_name: "Acme Industrial",
    })
    expect(user).toEqual({
      id: expect.stringMatching(/^svc_usr_/),
      customer_id: customer.id,
      verified: false,
      ...userBody("medusa-usr_1"),
    })
    // The answers against the service's published document (trade-account-v3-api.yaml).
    expect(published.response("POST", "/trade-account/v3/customer", 201, customer)).toEqual([])
    expect(published.response("POST", `/trade-account/v3/customer/${customer.id}/user`, 201, user)).toEqual([])
    for (const cid of [customer.id, "medusa-cus_1"]) {
      expect((await call(sim, "GET", `/trade-account/v3/customer/${cid}`)).body).toEqual(customer)
    }
    for (const uid of [user.id, "medusa-usr_1"]) {
      expect((await call(sim, "GET", `/trade-account/v3/user/${uid}`)).body).toEqual(user)
    }
    // A user created through the merchant's customer id belongs to the same customer.
    const second = await call(sim, "POST", "/trade-account/v3/customer/medusa-cus_1/user", {
      body: userBody("medusa-usr_2"),
      idempotencyKey: "k2",
    })
    expect(second.body.customer_id).toBe(customer.id)
    const listed = (await control(sim, "GET", "/trade-accounts")).body.items
    expect(listed).toHaveLength(1)
    expect(listed[0].users.map((u: any) => u.merchant_user_id)).toEqual(["medusa-usr_1", "medusa-usr_2"])
    expect(listed[0].canonical_id).toBe("cmpgb08123456")
  })

  it("unknown ids are 404; duplicates are 409 INVALID_STATE with the existing id", async () => {
    const { customer, user } = await onboard("dup-cus", "dup-usr")
    for (const path of ["/customer/svc_cus_nope", "/customer/nope", "/user/svc_usr_nope", "/user/nope"]) {
      const res = await call(sim, "GET", `/trade-account/v3${path}`)
      expect(res.status).toBe(404)
      expect(res.body.error_code).toBe("NOT_FOUND")
    }
    const again = await call(sim, "POST", "/trade-account/v3/customer", {
      body: customerBody("dup-cus"),
      idempotencyKey: "other",
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error_code: "INVALID_STATE", error_details: customer.id })
    const userAgain = await call(sim, "POST", `/trade-account/v3/customer/${customer.id}/user`, {
      body: userBody("dup-usr"),
      idempotencyKey: "other-2",
    })
    expect(userAgain.status).toBe(409)
    expect(userAgain.body).toMatchObject({ error_code: "INVALID_STATE", error_details: user.id })
    // The same Idempotency-Key with the same body answers the first answer again.
    const body = customerBody("idem-cus")
    const first = await call(sim, "POST", "/trade-account/v3/customer", { body, idempotencyKey: "same" })
    const replay = await call(sim, "POST", "/trade-account/v3/customer", { body, idempotencyKey: "same" })
    expect(replay.status).toBe(201)
    expect(replay.body).toEqual(first.body)
  })

  it(
    "refuses a merchant id beginning with svc_ (400 SCHEMA_ERROR), " + "an unknown company, and keeps nothing",
    async () => {
      const bad = await call(sim, "POST", "/trade-account/v3/customer", {
        body: customerBody("svc_mine"),
        idempotencyKey: "a",
      })
      expect(bad.status).toBe(400)
      expect(bad.body.error_code).toBe("SCHEMA_ERROR")
      expect(bad.body.error_json[0].loc).toEqual(["merchant_customer_id"])
      const unknown = await call(sim, "POST", "/trade-account/v3/customer", {
        body: customerBody("fine", { country_code: "GB", organization_number: "99999999" }),
        idempotencyKey: "b",
      })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error_json[0].loc).toEqual(["organization_number"])
      const { customer } = await onboard()
      const badUser = await call(sim, "POST", `/trade-account/v3/customer/${customer.id}/user`, {
        body: userBody("svc_u"),
        idempotencyKey: "c",
      })
      expect(badUser.status).toBe(400)
      expect(badUser.body.error_json[0].loc).toEqual(["merchant_user_id"])
      // By organization number works too.
      const byNumber = await call(sim, "POST", "/trade-account/v3/customer", {
        body: customerBody("by-number", { country_code: "GB", organization_number: "09876543" }),
        idempotencyKey: "d",
      })
      expect(byNumber.status).toBe(201)
      expect(byNumber.body.company).toMatchObject({ country_prefix: "GB", organization_number: "09876543" })
      const items = (await control(sim, "GET", "/trade-accounts")).body.items
      expect(items.map((i: any) => i.customer.merchant_customer_id).sort()).toEqual(
        ["by-number", customer.merchant_customer_id].sort(),
      )
      expect(
        items.find((i: any) => i.customer.merchant_customer_id === customer.merchant_customer_id).users,
      ).toHaveLength(1)
    },
  )
})

describe("simulator: the customer and user bodies of section 4 (strict)", () => {
  const post = (body: unknown) => call(sim, "POST", "/trade-account/v3/customer", { body, idempotencyKey: uniq("k") })
  const locOf = (res: { body: any }) => res.body.error_json.map((e: any) => e.loc)

  it(
    "refuses the business nested under company, " + "a mix of identifiers, none, and a body without contact persons",
    async () => {
      const { canonical_id: _id, ...noCompany } = customerBody("x1")
      const nested = await post({ ...noCompany, company: { canonical_id: "cmpgb08123456" } })
      expect(nested.status).toBe(400)
      expect(nested.body.error_code).toBe("SCHEMA_ERROR")
      expect(locOf(nested)).toEqual([["company"]])
      expect(locOf(await post(noCompany))).toEqual([["canonical_id"]])
      expect(locOf(await post({ ...customerBody("x2"), country_code: "GB" }))).toEqual([["country_code"]])
      expect(locOf(await post(customerBody("x3", { country_code: "GB" })))).toEqual([["organization_number"]])
      const { contact_persons: _c, ...noContacts } = customerBody("x4")
      expect(locOf(await post(noContacts))).toEqual([["contact_persons"]])
      expect(locOf(await post({ ...customerBody("x5"), contact_persons: [] }))).toEqual([["contact_persons"]])
      const noPhone = await post({
        ...customerBody("x6"),
        contact_persons: [{ first_name: "A", last_name: "B", email: "a@b.example" }],
      })
      expect(locOf(noPhone)).toEqual([["contact_persons", 0, "phone_number"]])
      expect((await control(sim, "GET", "/trade-accounts")).body.items).toEqual([])
    },
  )

  it("takes trade_name as optional, and the billing address and shipping flag", async () => {
    const { trade_name: _t, ...body } = customerBody("addr")
    const address = { street_address: "1 Lombard St", city: "London", postal_code: "EC3V 9AA", country: "GB" }
    const res = await post({ ...body, invoice_billing_address: address, use_billing_address_for_shipping: true })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      trade_name: null,
      invoice_billing_address: { ...address, region: null },
      use_billing_address_for_shipping: true,
    })
    const badAddress = await post({
      ...customerBody("addr2"),
      invoice_billing_address: { street_address: "", city: "London", country: "gb" },
    })
    expect(locOf(badAddress)).toEqual([
      ["invoice_billing_address", "street_address"],
      ["invoice_billing_address", "country"],
    ])
  })

  it("a user's phone_number is optional (answered null) but must be E.164 when given", async () => {
    const { customer } = await onboard()
    const { phone_number: _p, ...noPhone } = userBody("no-phone")
    const user = await call(sim, "POST", `/trade-account/v3/customer/${customer.id}/user`, {
      body: noPhone,
      idempotencyKey: uniq("k"),
    })
    expect(user.status).toBe(201)
    expect(user.body).toMatchObject({ merchant_user_id: "no-phone", phone_number: null, verified: false })
    const bad = await call(sim, "POST", `/trade-account/v3/customer/${customer.id}/user`, {
      body: { ...userBody("bad-phone"), phone_number: "07700 900002" },
      idempotencyKey: uniq("k"),
    })
    expect(bad.status).toBe(400)
    expect(locOf(bad)).toEqual([["phone_number"]])
  })
})

describe("simulator: verification link and one-click orders", () => {
  it("the hosted page verifies the user and sends the browser back with the result", async () => {
    const { customer, user } = await onboard()
    const link = await call(sim, "POST", `/trade-account/v3/user/${user.id}/verification/url`, {
      body: { return_url: "https://shop.example/account/trade?x=1" },
      idempotencyKey: uniq("k"),
    })
    expect(link.status).toBe(201)
    expect(published.response("POST", `/trade-account/v3/user/${user.id}/verification/url`, 201, link.body)).toEqual([])
    expect(link.body.redirect_url).toMatch(new RegExp(`^${sim.url}/trade-account-verification/`))

    // An unverified user's order waits for the buyer as usual.
    const before = await call(sim, "POST", "/v1/order", {
      body: {
        ...orderBody(),
        buyer: { ...orderBody().buyer, trade_account: { customer_id: customer.id, user_id: user.id } },
      },
    })
    expect(before.body).toMatchObject({ state: "UNVERIFIED", payment_url: expect.any(String) })

    const back = await decideAtLink(link.body.redirect_url, "verify")
    expect(back).toBe("https://shop.example/account/trade?x=1&trade_account_verification=verified")
    expect((await call(sim, "GET", `/trade-account/v3/user/${user.id}`)).body.verified).toBe(true)
    // The link is used: the page shows the outcome; posting again just goes back.
    expect(await (await fetch(link.body.redirect_url)).text()).toContain("Trade account verified")

    // Now orders naming the user (by either kind of id) are VERIFIED at creation, without payment_url or webhook.
    for (const ref of [
      { customer_id: customer.id, user_id: user.id },
      { customer_id: customer.merchant_customer_id, user_id: user.merchant_user_id },
    ]) {
      const base = orderBody()
      const order = await call(sim, "POST", "/v1/order", {
        body: { ...base, buyer: { ...base.buyer, trade_account: ref } },
      })
      expect(order.status).toBe(201)
      expect(order.body).toMatchObject({ state: "VERIFIED", status: "APPROVED", payment_url: null })
    }
    expect((await control(sim, "GET", "/webhooks?type=order.verified")).body.items).toEqual([])
  })

  it("cancel at the page changes nothing; the control API verifies and un-verifies directly", async () => {
    const { user } = await onboard()
    const link = await call(sim, "POST", `/trade-account/v3/user/${user.merchant_user_id}/verification/url`, {
      body: { return_url: "https://shop.example/back" },
      idempotencyKey: uniq("k"),
    })
    expect(await decideAtLink(link.body.redirect_url, "cancel")).toBe(
      "https://shop.example/back?trade_account_verification=cancelled",
    )
    expect((await call(sim, "GET", `/trade-account/v3/user/${user.id}`)).body.verified).toBe(false)
    const verified = await control(sim, "POST", `/trade-accounts/users/${user.id}/verify`, {})
    expect(verified.body.user.verified).toBe(true)
    const unverified = await control(sim, "POST", `/trade-accounts/users/${user.id}/verify`, { verified: false })
    expect(unverified.body.user.verified).toBe(false)
    const bad = await call(sim, "POST", `/trade-account/v3/user/${user.id}/verification/url`, {
      body: { return_url: "javascript:alert(1)" },
      idempotencyKey: uniq("k"),
    })
    expect(bad.status).toBe(400)
    expect((await fetch(`${sim.url}/trade-account-verification/unknown-token`)).status).toBe(404)
  })

  it(
    "an order naming an unknown trade account, or a user of another customer, " +
      "is 400 SCHEMA_ERROR and nothing is kept",
    async () => {
      const a = await onboard()
      const b = await onboard()
      await control(sim, "POST", `/trade-accounts/users/${b.user.id}/verify`, {})
      const cases: [Record<string, string>, string, string][] = [
        [{ customer_id: "svc_cus_nope", user_id: a.user.id }, "customer_id", "trade_account_customer_not_found"],
        [{ customer_id: a.customer.id, user_id: "nope" }, "user_id", "trade_account_user_not_found"],
        [{ customer_id: a.customer.id, user_id: b.user.id }, "user_id", "trade_account_user_of_another_customer"],
      ]
      for (const [ref, field, type] of cases) {
        const base = orderBody()
        const res = await call(sim, "POST", "/v1/order", {
          body: { ...base, buyer: { ...base.buyer, trade_account: ref } },
        })
        expect(res.status).toBe(400)
        expect(res.body.error_code).toBe("SCHEMA_ERROR")
        expect(res.body.error_json[0]).toMatchObject({ loc: ["buyer", "trade_account", field], type })
      }
      expect((await control(sim, "GET", "/orders")).body.items).toEqual([])
    },
  )
})

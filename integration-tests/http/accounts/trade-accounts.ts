import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, STOREFRONT_URL } from "../../helpers/simulator"
import { TRADE_CREDIT_MODULE } from "../../../src/modules/trade-credit"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { areaPart, areaSimulator } from "../../helpers/area"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { waitForValue } from "../../helpers/wait"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { cartReference, merchantOrderIdOf } from "../../../src/core/order/merchant-reference"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const simulator = areaSimulator()
const PASSWORD = "trade-account-password-1"
let counter = 0

/** Trade account calls the service received (the simulator's request log). */
const serviceCalls = async () =>
  (await control(simulator.url, "GET", "/_sim/requests?path_prefix=/trade-account")).items.filter((r: any) => r.method !== "GET")

/**
 * The id that names a record at the service, as the plugin keeps it: the service's own (`svc_...`) where its answer
 * gives one, else the merchant's id, which the service resolves as well (identifier resolution, rules 1 and 2). The
 * published customer and user answers carry no id of the service (the simulator's minimal profile leaves it out).
 */
const serviceIdOf = (merchantId: string) => expect.stringMatching(new RegExp(`^(svc_\\S+|${merchantId})$`))

/** What the user's browser does with the verification link: load the page, press "Verify", follow the redirect. */
async function verifyAtLink(redirectUrl: string): Promise<string> {
  const page = await fetch(redirectUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toMatch(/<button[^>]*value="verify"[^>]*>Verify<\/button>/)
  const res = await fetch(redirectUrl, {
    method: "POST",
    body: new URLSearchParams({ decision: "verify" }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  })
  expect(res.status).toBe(303)
  return res.headers.get("location") as string
}

export default areaPart("trade-accounts", ({ api, getContainer }) => {
  let seed: any
  let adminHeaders: Record<string, string>
  let admin: ReturnType<typeof adminRequester>
  let companyId: string

  /** A call to the admin API that returns the status and body, whatever the status. */
  const adminCall = async (method: string, url: string, data?: unknown) =>
    api.request({ method, url, data, headers: adminHeaders, validateStatus: () => true })

  /** A customer who registers and logs in at the storefront; returns its id and a store client with its session. */
  async function registerCustomer(first_name: string, extra: Record<string, string> = {}) {
    const email = `${first_name.toLowerCase()}.${Date.now().toString(36)}${++counter}@acme-office.example`
    const pk = { "x-publishable-api-key": seed.publishableKey }
    const registered = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
    const { data } = await api.post(
      "/store/customers",
      { email, first_name, last_name: "Hopper", phone: "07400 123456", company_name: "Acme Office Supplies Ltd", ...extra },
      { headers: { ...pk, authorization: `Bearer ${registered.data.token}` } }
    )
    const login = await api.post("/auth/customer/emailpass", { email, password: PASSWORD })
    const headers = { ...pk, authorization: `Bearer ${login.data.token}` }
    const call = async (method: string, url: string, body?: unknown) => api.request({ method, url, data: body, headers, validateStatus: () => true })
    const ok = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, body)
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.data)}`)
      return res.data
    }
    return { id: data.customer.id as string, email, store: { call, ok } }
  }

  /** A logged-in customer's checkout by trade credit, naming no company (the trade account's is used). */
  async function checkout(buyer: Awaited<ReturnType<typeof registerCustomer>>) {
    const cart = await createCheckoutCart(buyer.store, seed)
    expect(cart.customer_id).toBe(buyer.id)
    const started = await startTradeCreditSession(buyer.store, cart.id, { return_url: `${STOREFRONT_URL}/checkout/return` })
    expect(started.status).toBe(200)
    const complete = await buyer.store.call("POST", `/store/carts/${cart.id}/complete`)
    const { cart: after } = await buyer.store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
    const session = after.payment_collection.payment_sessions[0]
    const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
    const createBody = items.find((r: any) => r.path === "/v1/order" && r.body?.merchant_order_id === merchantOrderIdOf(cart.id, session.id))?.body
    return { cart, complete, session, createBody }
  }

  beforeAll(async () => {
    adminHeaders = await loginAdmin(getContainer(), api)
    admin = adminRequester(api, adminHeaders)
    seed = await seedStore(admin)
    companyId = await findCompanyId(simulator.url, "GB", "acme")
  })

  it("onboards through the admin API, verifies through the link, and checks out in one click; a second user orders for the business", async () => {
    const grace = await registerCustomer("Grace")
    const alan = await registerCustomer("Alan")

    // Onboard Grace's company: the business and Grace as its first user, with the service's ids kept.
    const onboarded = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: grace.id, company: { canonical_id: companyId } })
    expect(onboarded.status).toBe(201)
    const account = onboarded.data.trade_account
    expect(account).toMatchObject({
      id: expect.stringMatching(/^tcta_/),
      service_customer_id: serviceIdOf(grace.id),
      merchant_customer_id: grace.id,
      trade_name: "Acme Office Supplies Ltd",
      canonical_id: companyId,
    })
    expect(account.users).toHaveLength(1)
    expect(account.users[0]).toMatchObject({ customer_id: grace.id, service_user_id: serviceIdOf(grace.id), verified: false })
    const { items: atService } = await control(simulator.url, "GET", "/_sim/trade-accounts")
    expect(atService).toHaveLength(1)
    // The plugin names the business by the service's id or by the merchant's, whichever the service's answer gave.
    expect([atService[0].customer.id, atService[0].customer.merchant_customer_id]).toContain(account.service_customer_id)
    expect(atService[0].customer).toMatchObject({
      merchant_customer_id: grace.id,
      contact_persons: [{ first_name: "Grace", last_name: "Hopper", phone_number: "+447400123456", email: grace.email }],
      invoice_email_addresses: [grace.email],
    })
    expect(atService[0].users[0]).toMatchObject({ merchant_user_id: grace.id, email: grace.email })
    // The body the service got (section 8): the business's identifiers at the top level, not nested under `company`.
    const sent = (await serviceCalls()).find((r: any) => r.path === "/trade-account/v3/customer")
    expect(sent.body).toMatchObject({ merchant_customer_id: grace.id, canonical_id: companyId, use_billing_address_for_shipping: false })
    expect(sent.body).not.toHaveProperty("company")

    // Onboarding twice is harmless: the same account, nothing new at the service.
    const again = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: grace.id, company: { canonical_id: companyId } })
    expect(again.status).toBe(200)
    expect(again.data).toMatchObject({ onboarded: false, trade_account: { id: account.id, service_customer_id: account.service_customer_id } })
    expect((await control(simulator.url, "GET", "/_sim/trade-accounts")).items).toHaveLength(1)

    // The account reads the same by the plugin's id, the service's id (svc_, where the service gave one) and the Medusa customer id.
    for (const id of [account.id, account.service_customer_id, grace.id]) {
      const read = await admin("GET", `/admin/trade-credit/trade-accounts/${id}`)
      expect(read.trade_account.id).toBe(account.id)
    }
    const listed = await admin("GET", "/admin/trade-credit/trade-accounts")
    expect(listed.trade_accounts.map((a: any) => a.id)).toContain(account.id)

    // Alan joins as a second user of the business.
    const added = await admin("POST", `/admin/trade-credit/trade-accounts/${account.id}/users`, { customer_ids: [alan.id] })
    expect(added.added).toEqual([alan.id])
    expect(added.trade_account.users.map((u: any) => u.customer_id).sort()).toEqual([alan.id, grace.id].sort())
    const alanView = await admin("GET", `/admin/trade-credit/customers/${alan.id}/trade-account`)
    expect(alanView.trade_account.id).toBe(account.id)
    expect(alanView.user).toMatchObject({ customer_id: alan.id, verified: false, customer: { email: alan.email } })

    // An unverified user is redirected to verify the order, as usual.
    const waiting = await checkout(alan)
    expect(waiting.complete.status).toBe(400)
    expect(waiting.session.status).toBe("requires_more")
    expect(waiting.session.data.payment_url).toMatch(new RegExp(`^${simulator.url}/`))
    expect(waiting.createBody.buyer.trade_account).toEqual({ customer_id: account.service_customer_id, user_id: alanView.user.service_user_id })
    expect(waiting.createBody.buyer.company).toEqual({ company_canonical_id: companyId })

    // The admin sends Grace the verification link; she verifies at the service's page and returns to the storefront.
    const link = await admin("POST", `/admin/trade-credit/trade-accounts/${account.id}/users/${grace.id}/verification-link`, {
      return_url: `${STOREFRONT_URL}/account/trade-account`,
    })
    expect(link).toMatchObject({ redirect_url: expect.stringMatching(new RegExp(`^${simulator.url}/`)), event: "trade-credit.trade-account.verification-link" })
    const back = await verifyAtLink(link.redirect_url)
    expect(back).toBe(`${STOREFRONT_URL}/account/trade-account?trade_account_verification=verified`)
    const graceView = await admin("GET", `/admin/trade-credit/customers/${grace.id}/trade-account`)
    expect(graceView.user).toMatchObject({ customer_id: grace.id, verified: true })

    // One-click checkout: the order is created VERIFIED and placed at the first completion (no redirect), the buyer
    // waiting for that one call; the order is confirmed at the service once Medusa placed it (order.placed).
    const oneClick = await checkout(grace)
    expect(oneClick.complete.status).toBe(200)
    expect(oneClick.complete.data.type).toBe("order")
    expect(oneClick.session.data.payment_url ?? null).toBeNull()
    expect(oneClick.createBody.buyer.trade_account).toEqual({ customer_id: account.service_customer_id, user_id: graceView.user.service_user_id })
    const serviceOrderId = oneClick.session.data.order_id
    const serviceOrder = await waitForValue(
      "the one-click order confirmed after its placement",
      async () => (await control(simulator.url, "GET", `/_sim/orders/${serviceOrderId}`)).order,
      (order: any) => order.state === "CONFIRMED"
    )
    expect(serviceOrder).toMatchObject({ state: "CONFIRMED", payment_url: null })
    // Confirmed once, under the key every confirm of the order shares; the payment's data says so.
    const confirms = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=${encodeURIComponent(`/v1/order/${serviceOrderId}/confirm`)}`)
    expect(confirms.items.map((r: any) => [r.status, r.idempotency_key])).toEqual([[200, `confirm-${serviceOrderId}`]])
    const placedPayment = await waitForValue(
      "the payment's data to show the confirmed order",
      async () => (await admin("GET", `/admin/orders/${oneClick.complete.data.order.id}?fields=*payment_collections.payments`)).order.payment_collections[0].payments[0],
      (payment: any) => payment.data?.state === "CONFIRMED"
    )
    expect(placedPayment.data).toMatchObject({ order_id: serviceOrderId, state: "CONFIRMED" })

    // The second user, verified too, orders on the business's behalf in one click.
    await control(simulator.url, "POST", `/_sim/trade-accounts/users/${alanView.user.service_user_id}/verify`, {})
    const second = await checkout(alan)
    expect(second.complete.status).toBe(200)
    expect(second.complete.data.type).toBe("order")
    expect(second.createBody.buyer.trade_account.customer_id).toBe(account.service_customer_id)
    expect((await admin("GET", `/admin/trade-credit/customers/${alan.id}/trade-account`)).user.verified).toBe(true)
  })

  it("sends a verified user to verify when the service steps the order up (UNVERIFIED with a payment_url), and places it on return", async () => {
    // "The service may add extra verification steps for certain orders" (interfaces.md, identifier resolution rule 4):
    // a verified user's order may come back UNVERIFIED with a payment_url, as any buyer's. The simulator steps up
    // orders by a rule the control API sets (in either profile); here, every one-click order of the merchant.
    const hal = await registerCustomer("Hal")
    const onboarded = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: hal.id, company: { canonical_id: companyId } })
    expect(onboarded.status).toBe(201)
    const account = onboarded.data.trade_account
    await control(simulator.url, "POST", `/_sim/trade-accounts/users/${account.users[0].service_user_id}/verify`, {})
    expect((await admin("GET", `/admin/trade-credit/customers/${hal.id}/trade-account`)).user.verified).toBe(true)

    const rule = (await control(simulator.url, "GET", "/_sim/profile")).step_up
    await control(simulator.url, "PUT", "/_sim/profile", { step_up: { every_nth: 1 } })
    try {
      // The completion is not refused as a failure: the session requires more, its payment_url the service's page.
      const stepped = await checkout(hal)
      expect(stepped.createBody.buyer.trade_account).toEqual({ customer_id: account.service_customer_id, user_id: account.users[0].service_user_id })
      expect(stepped.complete.status).toBe(400)
      expect(stepped.complete.data.type).not.toBe("order")
      expect(stepped.session.status).toBe("requires_more")
      expect(stepped.session.data.payment_url).toMatch(new RegExp(`^${simulator.url}/`))
      const orderId = stepped.session.data.order_id
      expect((await control(simulator.url, "GET", `/_sim/orders/${orderId}`)).order).toMatchObject({ state: "UNVERIFIED", status: "APPROVED" })

      // Hal verifies at the service's page and comes back: the one completion confirms the order and places it.
      const back = new URL(await approveAtPaymentUrl(stepped.session.data.payment_url))
      expect([`${back.origin}${back.pathname}`, back.searchParams.get("trade_credit"), back.searchParams.get("cart_id")]).toEqual([
        `${STOREFRONT_URL}/checkout/return`,
        "verified",
        stepped.cart.id,
      ])
      const placed = await hal.store.call("POST", `/store/carts/${stepped.cart.id}/complete`)
      expect(placed.status).toBe(200)
      expect(placed.data.type).toBe("order")
      expect((await control(simulator.url, "GET", `/_sim/orders/${orderId}`)).order.state).toBe("CONFIRMED")
    } finally {
      await control(simulator.url, "PUT", "/_sim/profile", { step_up: rule })
    }

    // No rule matches the next order: one click again, no redirect.
    await control(simulator.url, "PUT", "/_sim/profile", { step_up: null })
    try {
      const oneClick = await checkout(hal)
      expect(oneClick.complete.status).toBe(200)
      expect(oneClick.complete.data.type).toBe("order")
      expect(oneClick.session.data.payment_url ?? null).toBeNull()
    } finally {
      await control(simulator.url, "PUT", "/_sim/profile", { step_up: rule })
    }
  })

  it("never orders in a trade account's name from a guest checkout, even with the email of a user's guest record", async () => {
    // A merchant onboards a customer record that has no account (made in the admin, as Medusa makes one for a guest),
    // and the service verifies the user: a logged-in user of it would order in one click.
    const email = `guest.${Date.now().toString(36)}@acme-office.example`
    const { customer } = await admin("POST", "/admin/customers", { email, first_name: "Gus", last_name: "Hopper", company_name: "Acme Office Supplies Ltd", phone: "07400 123456" })
    expect(customer.has_account).toBe(false)
    const onboarded = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: customer.id, company: { canonical_id: companyId } })
    expect(onboarded.status).toBe(201)
    const user = onboarded.data.trade_account.users[0]
    await control(simulator.url, "POST", `/_sim/trade-accounts/users/${user.service_user_id}/verify`, {})

    // Anyone who types that email at a guest checkout is that customer record in Medusa.
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    await store.ok("POST", `/store/carts/${cart.id}`, { email })
    expect((await store.ok("GET", `/store/carts/${cart.id}?fields=id,customer.id,customer.email`)).cart.customer).toMatchObject({ id: customer.id, email })
    const started = await startTradeCreditSession(store, cart.id, { company: { company_canonical_id: companyId }, return_url: `${STOREFRONT_URL}/checkout/return` })
    expect(started.status).toBe(200)
    const complete = await store.call("POST", `/store/carts/${cart.id}/complete`)

    // The order names no trade account: the buyer must verify at the service as any guest does.
    expect(complete.status).toBe(400)
    const { items } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
    const createBody = items.find((r: any) => r.path === "/v1/order" && r.body?.merchant_reference === cartReference(cart.id))?.body
    expect(createBody.buyer.company).toEqual({ company_canonical_id: companyId })
    expect(createBody.buyer).not.toHaveProperty("trade_account")
  })

  it("refuses bad input with a 4xx and a code, and sends nothing to the service", async () => {
    const ada = await registerCustomer("Ada")
    const bob = await registerCustomer("Bob")
    const cyd = await registerCustomer("Cyd", { phone: "" })
    const first = await adminCall("POST", "/admin/trade-credit/trade-accounts", {
      customer_id: ada.id,
      company: { country_code: "gb", organization_number: "09876543" },
      trade_name: "Brightwater",
    })
    expect(first.status).toBe(201)
    const accountA = first.data.trade_account
    expect(accountA.company).toEqual({ country_code: "GB", organization_number: "09876543" })
    const second = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: bob.id, company: { canonical_id: companyId } })
    expect(second.status).toBe(201)
    const accountB = second.data.trade_account

    const before = (await serviceCalls()).length
    const refusals: [string, string, unknown, number, string][] = [
      // A merchant id beginning with svc_ is reserved for the service's ids.
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: "svc_123", company: { canonical_id: companyId } }, 400, "TRADE_CREDIT_RESERVED_ID"],
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users`, { customer_ids: ["svc_user"] }, 400, "TRADE_CREDIT_RESERVED_ID"],
      // An unknown customer.
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: "cus_unknown", company: { canonical_id: companyId } }, 404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"],
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users`, { customer_ids: ["cus_unknown"] }, 404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"],
      // A user of another business.
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users`, { customer_ids: [bob.id] }, 400, "TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS"],
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users/${bob.id}/verification-link`, {}, 400, "TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS"],
      // The same customer onboarding another company, a customer without a phone, a malformed body.
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: ada.id, company: { canonical_id: companyId } }, 400, "TRADE_CREDIT_TRADE_ACCOUNT_EXISTS"],
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: cyd.id, company: { canonical_id: companyId } }, 400, "TRADE_CREDIT_CUSTOMER_DETAILS_MISSING"],
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: cyd.id, company: { canonical_id: "cmp_gb_unknown" } }, 400, "TRADE_CREDIT_COMPANY_NOT_FOUND"],
      ["POST", "/admin/trade-credit/trade-accounts", { customer_id: cyd.id, company: { canonical_id: companyId }, extra: 1 }, 400, "TRADE_CREDIT_INVALID_BODY"],
      // A return URL off the storefront (no open redirect).
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users/${ada.id}/verification-link`, { return_url: "https://evil.example/x" }, 400, "INVALID_RETURN_URL"],
      // Unknown accounts and users, by either kind of id.
      ["GET", "/admin/trade-credit/trade-accounts/svc_unknown", undefined, 404, "TRADE_CREDIT_TRADE_ACCOUNT_NOT_FOUND"],
      ["POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users/svc_unknown/verification-link`, {}, 404, "TRADE_CREDIT_TRADE_ACCOUNT_USER_NOT_FOUND"],
      ["GET", "/admin/trade-credit/customers/cus_unknown/trade-account", undefined, 404, "TRADE_CREDIT_CUSTOMER_NOT_FOUND"],
    ]
    for (const [method, url, body, status, code] of refusals) {
      const res = await adminCall(method, url, body)
      expect({ url, body, status: res.status, code: res.data.code }).toEqual({ url, body, status, code })
    }
    expect((await serviceCalls()).length).toBe(before)
    // Nothing changed in Medusa either.
    expect((await admin("GET", `/admin/trade-credit/trade-accounts/${accountA.id}`)).trade_account.users.map((u: any) => u.customer_id)).toEqual([ada.id])
    expect((await admin("GET", `/admin/trade-credit/trade-accounts/${accountB.id}`)).trade_account.users.map((u: any) => u.customer_id)).toEqual([bob.id])
    expect((await admin("GET", `/admin/trade-credit/customers/${cyd.id}/trade-account`))).toEqual({ trade_account: null, user: null })

    // The link with no return_url goes back to the first storefront origin; the service's user is found by its svc_ id too.
    const link = await admin("POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users/${accountA.users[0].service_user_id}/verification-link`, {})
    expect(link.return_url).toBe(`${STOREFRONT_URL}/account/trade-account`)

    // A user's phone is optional at the service: Cyd (no phone) joins, and the body carries none; an unreadable phone
    // is refused naming the field, before anything is sent.
    const joined = await admin("POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users`, { customer_ids: [cyd.id] })
    expect(joined.added).toEqual([cyd.id])
    const cydBody = (await serviceCalls()).find((r: any) => r.path.endsWith("/user") && r.body?.merchant_user_id === cyd.id)?.body
    expect(cydBody).toMatchObject({ merchant_user_id: cyd.id, email: cyd.email })
    expect(cydBody).not.toHaveProperty("phone_number")
    const eve = await registerCustomer("Eve", { phone: "12" })
    const calls = (await serviceCalls()).length
    const badPhone = await adminCall("POST", `/admin/trade-credit/trade-accounts/${accountA.id}/users`, { customer_ids: [eve.id] })
    expect([badPhone.status, badPhone.data.code]).toEqual([400, "TRADE_CREDIT_CUSTOMER_DETAILS_MISSING"])
    expect(badPhone.data.message).toContain("phone number")
    expect((await serviceCalls()).length).toBe(calls)
  })

  it("adopts the service's records when the plugin lost its own rows (a 409 or a replayed key names them)", async () => {
    const dee = await registerCustomer("Dee")
    const onboarded = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: dee.id, company: { canonical_id: companyId } })
    expect(onboarded.status).toBe(201)
    const lost = onboarded.data.trade_account
    // The plugin's rows vanish (a restore from an older backup): the service still has the business and its user.
    const module = getContainer().resolve(TRADE_CREDIT_MODULE) as any
    await module.deleteTradeAccountUsers(lost.users.map((u: any) => u.id))
    await module.deleteTradeAccounts([lost.id])
    // Onboarding again with another trade name: the key's body differs, the service refuses, the plugin reads its record back.
    const res = await adminCall("POST", "/admin/trade-credit/trade-accounts", { customer_id: dee.id, company: { canonical_id: companyId }, trade_name: "Renamed" })
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ onboarded: false, adopted: true })
    expect(res.data.trade_account.service_customer_id).toBe(lost.service_customer_id)
    // The trade name is the service's where its answer gives one (the published customer answer may leave it out:
    // then the one asked for stands).
    const atService = await fetch(`${simulator.url}/trade-account/v3/customer/${encodeURIComponent(dee.id)}`, { headers: { "x-api-key": SIMULATOR_API_KEY } })
    expect(atService.status).toBe(200)
    const serviceName = ((await atService.json()) as { trade_name?: string | null }).trade_name ?? null
    expect(serviceName === null || serviceName === lost.trade_name).toBe(true)
    expect(res.data.trade_account.trade_name).toBe(serviceName ?? "Renamed")
    expect(res.data.trade_account.users[0].service_user_id).toBe(lost.users[0].service_user_id)
    expect((await control(simulator.url, "GET", "/_sim/trade-accounts")).items.filter((i: any) => i.customer.merchant_customer_id === dee.id)).toHaveLength(1)
  })
})

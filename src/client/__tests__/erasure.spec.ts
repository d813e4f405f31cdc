import { createHash } from "node:crypto"
import { createTradeCreditClient, type TradeCreditClient } from ".."
import type { RequestEvent } from "../options"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { orderBody } from "../../../packages/simulator/src/__tests__/helpers"
import { accountBody, planBody, unique } from "../../../packages/simulator/src/__tests__/repayment-fixtures"
import { failure, type Simulator, simulatorControl, startSimulatorClient } from "./simulator-client"

/**
 * The erasure client (contract section 6; interfaces.md rules 1-7) end to end
 * against the simulator, over real HTTP, with two merchants: the lookup's three
 * cases, the erasure's rules (202 in every case, nothing done for NO_RECORDS
 * and RETAINED, placeholders in place when ERASABLE, irreversible, a reference
 * erases once, another merchant's records untouched) and no address in logs.
 */

const OTHER_KEY = "secret_test_" + "OtherMerchantKeyForErasureTests000000000000"

let sim: Simulator
let client: TradeCreditClient
let other: TradeCreditClient
const logLines: string[] = []
const events: RequestEvent[] = []

const control = (method: string, path: string, body?: unknown) => simulatorControl(sim, method, path, body)
const key = (what: string) => ({ idempotencyKey: unique(what) })
const sha256 = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex")
const erasureAudit = async (reference: string) =>
  (await control("GET", `/erasure/requests?reference=${encodeURIComponent(reference)}`)).items as any[]
const serviceRequests = async (prefix: string) =>
  (await control("GET", `/requests?path_prefix=${encodeURIComponent(prefix)}`)).items as any[]

beforeAll(async () => {
  const push = (line: string) => logLines.push(line)
  ;({ sim, client } = await startSimulatorClient(
    {
      merchants: [
        { apiKey: SIMULATOR_API_KEY, name: "Merchant A" },
        { apiKey: OTHER_KEY, name: "Merchant B" },
      ],
    },
    {
      logger: { debug: push, info: push, warn: push, error: push },
      onRequest: (e) => events.push(e),
      retryBaseDelayMs: 10,
    },
  ))
  other = createTradeCreditClient({ apiKey: OTHER_KEY, environment: "sandbox", baseUrl: sim.url, timeoutMs: 5000 })
})

afterAll(async () => {
  await client?.close()
  await other?.close()
  await sim?.close()
})

beforeEach(async () => {
  await control("POST", "/reset")
})

describe("lookup", () => {
  it(
    "answers NO_RECORDS for an address the merchant does not hold, and refuses " + "a malformed one before sending",
    async () => {
      expect(await client.erasure.lookup("nobody@unknown.example")).toEqual({
        email: "nobody@unknown.example",
        case: "NO_RECORDS",
      })
      const before = (await serviceRequests("/gdpr")).length
      expect(await failure(client.erasure.lookup("not-an-email"))).toMatchObject({ code: "INVALID_REQUEST" })
      expect(
        await failure(client.erasure.submit({ email: "a@b.example", reference: "bad reference!" }, key("e"))),
      ).toMatchObject({
        code: "INVALID_REQUEST",
      })
      expect(
        await failure(client.erasure.submit({ email: "a@b.example", reference: "x".repeat(101) }, key("e"))),
      ).toMatchObject({
        code: "INVALID_REQUEST",
      })
      expect((await serviceRequests("/gdpr")).length).toBe(before)
    },
  )

  it(
    "the simulator answers 400 SCHEMA_ERROR to a malformed address or reference " + "(a malformed body is still a 400)",
    async () => {
      const lookup = await fetch(`${sim.url}/gdpr/v1/lookup?email=nope`, {
        headers: { "x-api-key": SIMULATOR_API_KEY },
      })
      expect(lookup.status).toBe(400)
      expect((await lookup.json()).error_code).toBe("SCHEMA_ERROR")
      const erasure = await fetch(`${sim.url}/gdpr/v1/erasure`, {
        method: "POST",
        headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": unique("k") },
        body: JSON.stringify({ email: "a@b.example", reference: "" }),
      })
      expect(erasure.status).toBe(400)
    },
  )
})

describe("RETAINED: financial records are kept", () => {
  it("an address on an order: 202, nothing erased, the order unchanged", async () => {
    const body = orderBody()
    const email = body.buyer.representative.email
    const order = await client.orders.create(body, key("order"))
    // The same address on an erasable record too: the order still decides.
    await client.repayment.createAccount(
      accountBody({ account_representative: { ...accountBody().account_representative, email } }),
      key("a"),
    )
    expect(await client.erasure.lookup(email.toUpperCase())).toEqual({ email: email.toUpperCase(), case: "RETAINED" })

    expect(await client.erasure.submit({ email, reference: "DPR-ORDER-1" }, key("erase"))).toEqual({
      reference: "DPR-ORDER-1",
    })
    const [entry] = await erasureAudit("DPR-ORDER-1")
    expect(entry).toMatchObject({ merchant: "merchant-a", case: "RETAINED", erased: null, email_hash: sha256(email) })
    expect((await client.orders.get(order.id)).buyer.representative).toEqual(body.buyer.representative)
    const { items: accounts } = await control("GET", "/repayment/accounts")
    expect(accounts[0].account.account_representative.email).toBe(email)
  })

  it("an address on a repayment account with a plan: RETAINED, the account kept", async () => {
    const account = await client.repayment.createAccount(accountBody(), key("acct"))
    await client.repayment.createPlan(planBody(account.id), key("plan"))
    const email = account.account_representative.email
    expect((await client.erasure.lookup(email)).case).toBe("RETAINED")
    await client.erasure.submit({ email, reference: "DPR-PLAN-1" }, key("erase"))
    const { items } = await control("GET", "/repayment/accounts")
    expect(items[0].account.account_representative).toEqual(account.account_representative)
    expect((await erasureAudit("DPR-PLAN-1"))[0]).toMatchObject({ case: "RETAINED", erased: null })
  })
})

describe("ERASABLE", () => {
  it(
    "replaces names, emails and phones in place, once per reference, and never " + "another merchant's records",
    async () => {
      const email = "Pat.Person@Buyer.example"
      const person = { first_name: "Pat", last_name: "Person", phone_number: "+447700900555", email }
      // Merchant A: a repayment account without a plan (representative and an invoice copy) ...
      const account = await client.repayment.createAccount(
        accountBody({
          account_representative: person,
          invoice_cc_emails: ["finance@acme.example", email.toLowerCase()],
        }),
        key("acct"),
      )
      // ... and a trade account whose contact person and user are the same person.
      const tradeCustomer = await call("POST", "/trade-account/v3/customer", SIMULATOR_API_KEY, {
        merchant_customer_id: unique("cus"),
        country_code: "GB",
        organization_number: "08123456",
        contact_persons: [
          person,
          { first_name: "Other", last_name: "Contact", phone_number: "+447700900777", email: "other@buyer.example" },
        ],
        invoice_email_addresses: [email],
        trade_name: "ACME",
      })
      expect(tradeCustomer.status).toBe(201)
      const user = await call("POST", `/trade-account/v3/customer/${tradeCustomer.body.id}/user`, SIMULATOR_API_KEY, {
        merchant_user_id: unique("usr"),
        ...person,
      })
      expect(user.status).toBe(201)
      // Merchant B holds the same person (a record "shared" with another merchant).
      const theirs = await other.repayment.createAccount(accountBody({ account_representative: person }), key("acct-b"))

      expect(await client.erasure.lookup(email)).toEqual({ email, case: "ERASABLE" })
      expect((await client.erasure.submit({ email, reference: "DPR-2026-0042" }, key("erase"))).reference).toBe(
        "DPR-2026-0042",
      )

      const [entry] = await erasureAudit("DPR-2026-0042")
      expect(entry).toMatchObject({
        merchant: "merchant-a",
        case: "ERASABLE",
        erased: { orders: 0, repayment_accounts: 1, trade_accounts: 2 },
        submissions: 1,
        email_hash: sha256(email),
      })
      expect(JSON.stringify(entry).toLowerCase()).not.toContain(email.toLowerCase())

      // In place: ids, company and the other people stay; the person is a placeholder.
      const { items: accounts } = await control("GET", "/repayment/accounts?merchant=merchant-a")
      const erased = accounts.find((a: any) => a.account.id === account.id).account
      const placeholder = erased.account_representative.email
      expect(placeholder).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/)
      expect(erased.account_representative).toEqual({
        first_name: "Erased",
        last_name: "Erased",
        phone_number: "+10000000000",
        email: placeholder,
      })
      expect(erased.invoice_cc_emails).toEqual(["finance@acme.example", placeholder])
      expect(erased.invoice_email).toBe("accounts@acme.example")
      expect(erased.buyer_company).toEqual(account.buyer_company)
      const customer = await call("GET", `/trade-account/v3/customer/${tradeCustomer.body.id}`, SIMULATOR_API_KEY)
      expect(customer.body.contact_persons[0]).toEqual({
        first_name: "Erased",
        last_name: "Erased",
        phone_number: "+10000000000",
        email: placeholder,
      })
      expect(customer.body.contact_persons[1].email).toBe("other@buyer.example")
      expect(customer.body.invoice_email_addresses).toEqual([placeholder])
      const erasedUser = await control("GET", `/trade-accounts/users/${user.body.id}?merchant=merchant-a`)
      expect(erasedUser.user).toMatchObject({
        id: user.body.id,
        first_name: "Erased",
        last_name: "Erased",
        phone_number: "+10000000000",
        email: placeholder,
      })
      const tradeAccounts = await control("GET", "/trade-accounts?merchant=merchant-a")
      expect(JSON.stringify(tradeAccounts).toLowerCase()).not.toContain(email.toLowerCase())

      // Irreversible: the address is gone from merchant A's records.
      expect((await client.erasure.lookup(email)).case).toBe("NO_RECORDS")

      // Merchant B's record of the same person is untouched, and B can still look it up.
      const { items: theirAccounts } = await control("GET", "/repayment/accounts?merchant=merchant-b")
      expect(theirAccounts.find((a: any) => a.account.id === theirs.id).account.account_representative).toEqual(person)
      expect((await other.erasure.lookup(email)).case).toBe("ERASABLE")

      // The same reference again (another key): the same 202, nothing erased twice.
      await client.repayment.createAccount(accountBody({ account_representative: person }), key("acct-again"))
      expect(await client.erasure.submit({ email, reference: "DPR-2026-0042" }, key("erase-again"))).toEqual({
        reference: "DPR-2026-0042",
      })
      expect((await erasureAudit("DPR-2026-0042"))[0]).toMatchObject({ submissions: 2, erased: entry.erased })
      expect((await client.erasure.lookup(email)).case).toBe("ERASABLE")
      // A new reference erases the new record.
      await client.erasure.submit({ email, reference: "DPR-2026-0043" }, key("erase-new"))
      expect((await client.erasure.lookup(email)).case).toBe("NO_RECORDS")
    },
  )

  it("erases an autofill record (the registration store's eraser): names replaced, email and phone gone", async () => {
    const email = "sole.trader@buyer.example"
    const who = { buyerReference: unique("cus") }
    await client.autofill.writeCurrentBuyer(
      {
        persistent: true,
        company_name: "Sole Trader Co",
        country_code: "GB",
        organization_number: "ST000001",
        first_name: "Sam",
        last_name: "Sole",
        email,
        phone_number: "+447700900888",
      },
      who,
      key("autofill"),
    )
    expect((await client.erasure.lookup(email)).case).toBe("ERASABLE")
    await client.erasure.submit({ email, reference: "DPR-AUTOFILL" }, key("erase"))
    expect((await erasureAudit("DPR-AUTOFILL"))[0]).toMatchObject({ case: "ERASABLE", erased: { registration: 1 } })
    const erased = await client.autofill.readCurrentBuyer(who)
    expect(erased).toMatchObject({
      company_name: "Sole Trader Co",
      organization_number: "ST000001",
      email: null,
      phone_number: null,
    })
    expect(erased?.first_name).not.toBe("Sam")
    expect((await client.erasure.lookup(email)).case).toBe("NO_RECORDS")
  })

  it("a replayed Idempotency-Key answers the first 202 again", async () => {
    const email = "replay@buyer.example"
    await client.repayment.createAccount(
      accountBody({
        account_representative: { first_name: "R", last_name: "P", phone_number: "+447700900111", email },
      }),
      key("acct"),
    )
    const idempotency = key("erase")
    await client.erasure.submit({ email, reference: "DPR-REPLAY" }, idempotency)
    await client.erasure.submit({ email, reference: "DPR-REPLAY" }, idempotency)
    expect((await erasureAudit("DPR-REPLAY"))[0]).toMatchObject({ submissions: 1, case: "ERASABLE" })
  })

  it("answers 202 for NO_RECORDS and records that nothing was done", async () => {
    await client.erasure.submit({ email: "ghost@nowhere.example", reference: "DPR-GHOST" }, key("erase"))
    expect((await erasureAudit("DPR-GHOST"))[0]).toMatchObject({ case: "NO_RECORDS", erased: null })
  })
})

describe("privacy of the address", () => {
  it("never writes the address into a log line, a request event or an error", async () => {
    const email = "secret.person@private.example"
    await client.erasure.lookup(email)
    await client.erasure.submit({ email, reference: "DPR-LOG" }, key("erase"))
    await control("POST", "/faults", { path: "/gdpr/v1/lookup", times: 5, fault: { type: "status", status: 503 } })
    const error = await failure(client.erasure.lookup(email))
    expect(error.code).toBe("UNAVAILABLE")
    const seen = [...logLines, JSON.stringify(events), error.message, JSON.stringify(error.toJSON())]
      .join("\n")
      .toLowerCase()
    expect(logLines.some((l) => l.includes("/gdpr/v1/lookup"))).toBe(true)
    expect(seen).not.toContain("secret.person")
    expect(seen).not.toContain("private.example")
  })
})

/** A raw call of the service as a merchant (for records the client has no module for yet). */
async function call(method: string, path: string, apiKey: string, body?: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      "x-api-key": apiKey,
      ...(body === undefined ? {} : { "content-type": "application/json", "idempotency-key": unique("raw") }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

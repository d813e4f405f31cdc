import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { CompanyDetails } from "../../service/schemas/company"
import { TtlCache } from "../../utils/ttl-cache"
import type { ServiceCall } from "../deps"
import { COMPANY_IDENTITY_MS, CompanyIdentities, PlanCheckReuse } from "../plan-check-reuse"
import { offerPlan, type PlanOfferDeps, type PlanOfferInput } from "../plan-offer"
import { fakeClient, fakeCompanyCredits, fakeKeptChecks, serviceUnavailable } from "./fakes"

/**
 * Issue 39: what the buyer waits for. A company the checkout's search named is credit-checked while its registry
 * details are read (both at once), and the check is kept only when the registry names the same company; an approved
 * check of an unchanged cart is reused; a miss of either cache calls as before.
 */

const ACME = { company_canonical_id: "cmpgb08123456" }
const DETAILS = {
  canonical_id: "cmpgb08123456",
  name: "ACME Office Supplies Ltd",
  country: "GB",
  organization_number: "08123456",
  addresses: [],
} as CompanyDetails
const SEARCHED = { canonical_id: "cmpgb08123456", name: "ACME Office Supplies Ltd", country: "GB" }

function cart(quantity = 1) {
  return {
    ...medusaCart({
      id: "cart_01TOGETHER",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    region: null,
  }
}

const APPROVED = {
  decision: "APPROVED",
  minimum_instalments: 3,
  maximum_instalments: 12,
  maximum_instalment_amount: "1000.00",
  currency: "GBP",
}

/** A step that answers when told to: its start is seen before its end. */
function deferred<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void }
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle }
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  expect(condition()).toBe(true)
}

function setUp() {
  const client = fakeClient()
  const steps: string[] = []
  const call: ServiceCall = async (action, step) => {
    steps.push(action)
    try {
      return await step()
    } catch {
      throw new Error(`failed: ${action}`)
    }
  }
  const deps: PlanOfferDeps = { client, options: { captureOn: "shipment" }, call, companyCredits: fakeCompanyCredits() }
  const identities = new CompanyIdentities(fakeKeptChecks())
  const companies = new TtlCache<CompanyDetails>(60_000)
  const input = (fields: Partial<PlanOfferInput> = {}): PlanOfferInput => ({
    cart: cart(),
    company: ACME,
    periods: [3],
    scope: "payses_01",
    companies,
    identities,
    ...fields,
  })
  return { client, steps, deps, input, identities, companies }
}

describe("offerPlan: the company read and the credit check at once", () => {
  it("checks a company the search named while its details are read", async () => {
    const { client, deps, input, identities } = setUp()
    await identities.rememberSearch([{ ...SEARCHED, national_identifier: { type: "CRN", id: "08123456" } }])
    const read = deferred<CompanyDetails>()
    const check = deferred<typeof APPROVED>()
    client.companies.get.mockReturnValue(read.promise as never)
    client.repayment.creditCheck.mockReturnValue(check.promise as never)

    const outcome = offerPlan(deps, input())
    // Both asked before either answered.
    await until(
      () => client.companies.get.mock.calls.length === 1 && client.repayment.creditCheck.mock.calls.length === 1,
    )
    expect(client.repayment.creditCheck.mock.calls[0][0]).toMatchObject({
      country_code: "GB",
      national_identifier: "08123456",
      company_name: "ACME Office Supplies Ltd",
    })
    check.resolve(APPROVED)
    read.resolve(DETAILS)
    expect(await outcome).toMatchObject({ outcome: "offer", company: { company_name: "ACME Office Supplies Ltd" } })
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(1)
  })

  it("checks again, as the registry names it, a company the search named otherwise", async () => {
    const { client, deps, input, identities } = setUp()
    await identities.rememberSearch([
      { ...SEARCHED, name: "ACME (old name)", national_identifier: { type: "CRN", id: "08123456" } },
    ])
    client.companies.get.mockResolvedValue(DETAILS as never)
    client.repayment.creditCheck.mockResolvedValue(APPROVED as never)

    expect(await offerPlan(deps, input())).toMatchObject({ outcome: "offer" })
    expect(client.repayment.creditCheck.mock.calls.map(([body]) => body.company_name)).toEqual([
      "ACME (old name)",
      "ACME Office Supplies Ltd",
    ])
  })

  it("answers the company read's failure first (as alone), and the check's when the read succeeds", async () => {
    const { client, deps, input, identities } = setUp()
    await identities.rememberSearch([{ ...SEARCHED, national_identifier: { type: "CRN", id: "08123456" } }])
    client.companies.get.mockRejectedValue(serviceUnavailable())
    client.repayment.creditCheck.mockRejectedValue(serviceUnavailable())
    await expect(offerPlan(deps, input())).rejects.toThrow("failed: read the buyer's company")

    client.companies.get.mockResolvedValue(DETAILS as never)
    await expect(offerPlan(deps, input())).rejects.toThrow("failed: check the buyer's credit")
  })

  it("reads, then checks, a company searched without identifier; checks one whose details are held", async () => {
    const { client, steps, deps, input, identities, companies } = setUp()
    await identities.rememberSearch([{ ...SEARCHED, national_identifier: null }])
    const read = deferred<CompanyDetails>()
    client.companies.get.mockReturnValue(read.promise as never)
    client.repayment.creditCheck.mockResolvedValue(APPROVED as never)

    const outcome = offerPlan(deps, input())
    await until(() => client.companies.get.mock.calls.length === 1)
    expect(client.repayment.creditCheck).not.toHaveBeenCalled()
    read.resolve(DETAILS)
    expect(await outcome).toMatchObject({ outcome: "offer" })
    expect(steps).toEqual(["read the buyer's company", "check the buyer's credit"])

    // Details held (a returning company): nothing read, one check.
    companies.set(ACME.company_canonical_id, DETAILS)
    await identities.rememberSearch([{ ...SEARCHED, national_identifier: { type: "CRN", id: "08123456" } }])
    expect(await offerPlan(deps, input())).toMatchObject({ outcome: "offer" })
    expect(client.companies.get).toHaveBeenCalledTimes(1)
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(2)
  })

  it("reuses an approved check of an unchanged cart and company (session refreshed, restarted)", async () => {
    const { client, deps, input } = setUp()
    const checks = new PlanCheckReuse(fakeKeptChecks())
    client.companies.get.mockResolvedValue(DETAILS as never)
    client.repayment.creditCheck.mockResolvedValue(APPROVED as never)

    expect(await offerPlan(deps, input({ checks, scope: "payses_01" }))).toMatchObject({ outcome: "offer" })
    expect(await offerPlan(deps, input({ checks, scope: "payses_02" }))).toMatchObject({ outcome: "offer" })
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(1)

    // Another total is another check; the keys are fresh per request (a fixed one would replay a stale decision).
    expect(await offerPlan(deps, input({ checks, cart: cart(2), periods: [6] }))).toMatchObject({
      outcome: "offer",
    })
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(2)
    const [first, second] = client.repayment.creditCheck.mock.calls.map(([, options]) => options.idempotencyKey)
    expect(first).not.toBe(second)
  })
})

describe("CompanyIdentities", () => {
  it("keeps what a search answered of a company by canonical id, when it names the company whole", async () => {
    const kept = fakeKeptChecks()
    const identities = new CompanyIdentities(kept)
    await identities.rememberSearch([
      { ...SEARCHED, national_identifier: { type: "CRN", id: "08123456" } },
      { canonical_id: "cmpgbnone", name: "No Number Ltd", country: "GB", national_identifier: null },
    ])
    expect(await identities.get("cmpgb08123456")).toEqual({
      country: "GB",
      national_identifier: "08123456",
      name: SEARCHED.name,
    })
    expect(await identities.get("cmpgbnone")).toBeUndefined()
    // Until COMPANY_IDENTITY_MS has gone by.
    kept.advance(COMPANY_IDENTITY_MS)
    expect(await identities.get("cmpgb08123456")).toBeUndefined()
  })
})

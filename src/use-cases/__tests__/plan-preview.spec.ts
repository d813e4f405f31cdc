import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { ServiceCall } from "../deps"
import { previewPlans, type PlanPreviewDeps } from "../plan-preview"
import { PlanCheckReuse } from "../plan-check-reuse"
import { fakeClient, fakeCompanyCredits, fakeKeptChecks, fakeQuery, serviceUnavailable } from "./fakes"

/**
 * The store's instalment preview: the cart (one Query), the company (the request's, else the instalment session's),
 * the plan offer, then one preview a number of months. Every refusal is a code and the buyer's words.
 */

const COMPANY = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }

function storeCart(fields: Record<string, unknown> = {}) {
  return {
    ...medusaCart({
      id: "cart_01PREVIEW",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity: 1, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    completed_at: null,
    ...fields,
  }
}

const session = (provider_id: string, company: unknown) => ({ provider_id, data: { company } })

function setUp(cart: Record<string, unknown> | null = storeCart()) {
  const client = fakeClient()
  const query = fakeQuery({ cart: cart ? [cart] : [] })
  const call: ServiceCall = async (_action, step) => await step()
  const deps: PlanPreviewDeps = {
    query,
    client,
    options: { captureOn: "shipment" },
    call,
    companyCredits: fakeCompanyCredits(),
  }
  client.repayment.creditCheck.mockResolvedValue({
    decision: "APPROVED",
    minimum_instalments: 3,
    maximum_instalments: 12,
    maximum_instalment_amount: "1000.00",
    currency: "GBP",
  } as never)
  client.repayment.preview.mockImplementation(async (body) => ({
    terms: body.terms,
    instalments: [{ invoice_issue_date: "2027-01-01", repayment_amount: "480.00", tax_subtotals: [] }],
    total_repayment_amount: body.total_repayment_amount,
    tax_subtotals: [],
  }))
  return { client, query, deps }
}

describe("previewPlans", () => {
  it("previews each number of months asked, with the check's limits", async () => {
    const { client, query, deps } = setUp()

    const outcome = await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3, 6], company: COMPANY })

    expect(outcome).toEqual({
      outcome: "preview",
      preview: {
        cart_id: "cart_01PREVIEW",
        total_repayment_amount: "1440.00",
        currency: "GBP",
        limits: expect.objectContaining({ minimum_instalments: 3, maximum_instalments: 12 }),
        schedules: [3, 6].map((n) => ({
          number_of_periods: n,
          period: "MONTHLY",
          instalments: [{ invoice_issue_date: "2027-01-01", repayment_amount: "480.00", tax_subtotals: [] }],
        })),
      },
    })
    expect(query.graph).toHaveBeenCalledTimes(1)
    expect(client.repayment.preview).toHaveBeenCalledTimes(2)
  })

  it("takes the company of the cart's instalment session when the request names none", async () => {
    const invoiceCompany = { company_canonical_id: "not-this-one" }
    const cart = storeCart({
      payment_collection: {
        payment_sessions: [
          session("pp_trade-credit_default", invoiceCompany),
          session("pp_trade-credit-plan_default", COMPANY),
        ],
      },
    })
    const { client, deps } = setUp(cart)

    expect(await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3] })).toMatchObject({ outcome: "preview" })
    expect(client.repayment.creditCheck).toHaveBeenCalledWith(
      expect.objectContaining({ company_name: "Acme Ltd", national_identifier: "01234567" }),
      expect.anything(),
    )
  })

  it("refuses a cart that is not there, one already completed, and one without a company", async () => {
    expect(await previewPlans(setUp(null).deps, { cart_id: "cart_01GONE", periods: [3] })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_CART_NOT_FOUND",
      message: expect.stringContaining("cart_01GONE"),
    })
    const completed = setUp(storeCart({ completed_at: "2026-11-01T10:00:00Z" })).deps
    expect(await previewPlans(completed, { cart_id: "cart_01PREVIEW", periods: [3] })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_CART_COMPLETED",
    })
    const { client, deps } = setUp()
    expect(await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3] })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_PREVIEW",
      message: expect.stringMatching(/^Invalid instalment preview: company is required/),
    })
    expect(client.repayment.creditCheck).not.toHaveBeenCalled()
  })

  it("says which months the region offers, as the preview's own refusal", async () => {
    const cart = storeCart({ region: { trade_credit_region_setting: { instalment_periods: { periods: [6] } } } })
    const { deps } = setUp(cart)

    expect(await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_INVALID_PERIODS",
      message: "Invalid instalment preview: periods: 3 monthly instalments are not offered here: choose 6",
    })
  })

  it("answers no schedule when the buyer is declined or the months do not fit (previews dropped)", async () => {
    const { client, deps } = setUp()
    expect(await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [24], company: COMPANY })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS",
    })
    client.repayment.creditCheck.mockResolvedValue({ decision: "DECLINED" } as never)
    // A preview failing at the same time is not the answer: the decline is.
    client.repayment.preview.mockRejectedValue(serviceUnavailable())
    expect(await previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_DECLINED",
    })
  })

  it("asks for the previews while the credit check is under way, not after it", async () => {
    const { client, deps } = setUp()
    let approve!: () => void
    client.repayment.creditCheck.mockImplementation(
      () =>
        new Promise((resolve) => {
          approve = () =>
            resolve({
              decision: "APPROVED",
              minimum_instalments: 3,
              maximum_instalments: 12,
              maximum_instalment_amount: "1000.00",
              currency: "GBP",
            } as never)
        }),
    )
    const outcome = previewPlans(deps, { cart_id: "cart_01PREVIEW", periods: [3, 6], company: COMPANY })
    await waitFor(() => client.repayment.preview.mock.calls.length === 2)
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(1)
    approve()
    expect(await outcome).toMatchObject({ outcome: "preview", preview: { schedules: [{}, {}] } })
  })

  it("answers the check's failure first when both fail, and a preview's failure when the check approves", async () => {
    const { client, deps } = setUp()
    const failing: ServiceCall = async (action, step) => {
      try {
        return await step()
      } catch {
        throw new Error(`failed: ${action}`)
      }
    }
    const withCall = { ...deps, call: failing }
    client.repayment.preview.mockRejectedValue(serviceUnavailable())
    await expect(previewPlans(withCall, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })).rejects.toThrow(
      "failed: preview the instalments",
    )
    client.repayment.creditCheck.mockRejectedValue(serviceUnavailable())
    await expect(previewPlans(withCall, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })).rejects.toThrow(
      "failed: check the buyer's credit",
    )
  })

  it("reuses the approved check of an unchanged cart held in `checks`, never a decline", async () => {
    const { client, deps } = setUp()
    const withChecks = { ...deps, checks: new PlanCheckReuse(fakeKeptChecks()) }
    const ask = () => previewPlans(withChecks, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })
    expect(await ask()).toMatchObject({ outcome: "preview" })
    expect(await ask()).toMatchObject({ outcome: "preview" })
    expect(client.repayment.creditCheck).toHaveBeenCalledTimes(1)
    expect(client.repayment.preview).toHaveBeenCalledTimes(2)

    const other = { ...setUp().deps, checks: new PlanCheckReuse(fakeKeptChecks()) }
    const otherClient = other.client as ReturnType<typeof fakeClient>
    otherClient.repayment.creditCheck.mockResolvedValue({ decision: "DECLINED" } as never)
    const declinedTwice = async () =>
      await previewPlans(other, { cart_id: "cart_01PREVIEW", periods: [3], company: COMPANY })
    expect(await declinedTwice()).toMatchObject({ code: "TRADE_CREDIT_DECLINED" })
    expect(await declinedTwice()).toMatchObject({ code: "TRADE_CREDIT_DECLINED" })
    expect(otherClient.repayment.creditCheck).toHaveBeenCalledTimes(2)
  })
})

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  expect(condition()).toBe(true)
}

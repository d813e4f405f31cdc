import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { ServiceCall } from "../deps"
import { declineText } from "../errors"
import { offerPlan, type PlanOfferDeps, type PlanOfferInput } from "../plan-offer"
import { fakeClient, fakeCompanyCredits, serviceUnavailable } from "./fakes"

/**
 * The plan offer, written once for the instalment provider's session and the store's preview: the region's rules
 * first (nothing asked of the service for what is not offered), then the company and the credit check through the
 * edge's `call`, then the months that fit. Each refusal is an outcome with its code and the buyer's words.
 */

const COMPANY = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }

/** A GBP cart of 1,200.00 before tax (1,440.00 with it), in a region with the given trade credit settings. */
function cart(setting?: Record<string, unknown>) {
  return {
    ...medusaCart({
      id: "cart_01OFFER",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity: 1, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    region: setting ? { trade_credit_region_setting: setting } : null,
  }
}

const approved = (fields: Record<string, unknown> = {}) => ({
  decision: "APPROVED",
  minimum_instalments: 3,
  maximum_instalments: 12,
  maximum_instalment_amount: "1000.00",
  currency: "GBP",
  ...fields,
})

function setUp() {
  const client = fakeClient()
  const steps: string[] = []
  // The edge's adapter: here it only records which steps reached the service.
  const call: ServiceCall = async (action, step) => {
    steps.push(action)
    return await step()
  }
  const deps: PlanOfferDeps = { client, options: { captureOn: "shipment" }, call, companyCredits: fakeCompanyCredits() }
  const input = (fields: Partial<PlanOfferInput> = {}): PlanOfferInput => ({
    cart: cart(),
    company: COMPANY,
    periods: [3, 6],
    scope: "payses_01",
    ...fields,
  })
  return { client, steps, deps, input }
}

describe("offerPlan", () => {
  it("offers the cart's lines, the region, the company and the check's limits when the months asked fit", async () => {
    const { client, steps, deps, input } = setUp()
    client.repayment.creditCheck.mockResolvedValue(approved() as never)

    const offer = await offerPlan(deps, input())

    expect(offer).toMatchObject({
      outcome: "offer",
      currency: "GBP",
      lines: { gross_amount: "1440.00" },
      region: { region_id: "reg_01", instalments_offered: true },
      company: { company_name: "Acme Ltd", country_code: "GB", national_identifier: "01234567" },
      limits: { minimum_instalments: 3, maximum_instalments: 12, maximum_instalment_amount: "1000.00" },
    })
    expect(steps).toEqual(["read the buyer's company", "check the buyer's credit"])
    expect(client.repayment.creditCheck).toHaveBeenCalledWith(
      expect.objectContaining({ amount: "1440.00", currency: "GBP", instalment_period: "MONTHLY" }),
      expect.objectContaining({ idempotencyKey: expect.any(String) }),
    )
  })

  it("asks nothing of the service for a region that does not offer instalments", async () => {
    const { client, steps, deps, input } = setUp()

    const offer = await offerPlan(deps, input({ cart: cart({ instalments_offered: false }) }))

    expect(offer).toMatchObject({
      outcome: "not_offered",
      code: "TRADE_CREDIT_NOT_OFFERED",
      region: { region_id: "reg_01" },
    })
    expect(offer.outcome === "not_offered" && offer.reason).toBe("instalments are off in the region")
    expect(steps).toEqual([])
    expect(client.repayment.creditCheck).not.toHaveBeenCalled()
  })

  it("refuses a number of months the region does not offer before anything is asked", async () => {
    const { steps, deps, input } = setUp()

    const offer = await offerPlan(
      deps,
      input({ cart: cart({ instalment_periods: { periods: [6, 12] } }), periods: [6, 3] }),
    )

    expect(offer).toEqual({
      outcome: "periods_not_offered",
      code: "TRADE_CREDIT_INVALID_PERIODS",
      number_of_periods: 3,
      message: "3 monthly instalments are not offered here: choose 6, 12",
    })
    expect(steps).toEqual([])
  })

  it("is declined, in the buyer's words, when the service declines or allows no plan duration", async () => {
    const { client, deps, input } = setUp()
    client.repayment.creditCheck.mockResolvedValue(approved({ decision: "DECLINED" }) as never)

    const offer = await offerPlan(deps, input())

    const reason = "monthly instalments of 1440.00 GBP are not offered to Acme Ltd"
    expect(offer).toEqual({ outcome: "declined", code: "TRADE_CREDIT_DECLINED", reason, message: declineText(reason) })
  })

  it("refuses months outside the check's limits, and an instalment above its monthly maximum", async () => {
    const { client, deps, input } = setUp()
    client.repayment.creditCheck.mockResolvedValue(approved() as never)

    expect(await offerPlan(deps, input({ periods: [3, 24] }))).toMatchObject({
      outcome: "periods_outside_limits",
      code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS",
      number_of_periods: 24,
      limits: { maximum_instalments: 12 },
    })
    client.repayment.creditCheck.mockResolvedValue(approved({ maximum_instalment_amount: "400.00" }) as never)
    expect(await offerPlan(deps, input({ periods: [3] }))).toMatchObject({
      outcome: "periods_outside_limits",
      code: "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT",
      number_of_periods: 3,
    })
  })

  it("asks for the limits alone when no number of months is given", async () => {
    const { client, deps, input } = setUp()
    client.repayment.creditCheck.mockResolvedValue(approved() as never)

    expect(await offerPlan(deps, input({ periods: [] }))).toMatchObject({ outcome: "offer" })
  })

  it("leaves a failed step to the edge's call (its failure is thrown as the edge made it)", async () => {
    const { client, deps, input } = setUp()
    client.repayment.creditCheck.mockRejectedValue(serviceUnavailable())
    const edge = new Error("the edge's answer")
    const call: ServiceCall = async (action, step) => {
      try {
        return await step()
      } catch {
        throw edge
      }
    }

    await expect(offerPlan({ ...deps, call }, input())).rejects.toBe(edge)
  })
})

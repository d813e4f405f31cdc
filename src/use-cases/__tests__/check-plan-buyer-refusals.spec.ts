import { MedusaError } from "@medusajs/framework/utils"
import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import { TtlCache } from "../../utils/ttl-cache"
import { checkPlanBuyer } from "../check-plan-buyer"
import { declineText } from "../errors"
import { fakes, rejection } from "./fakes"

/**
 * The instalment provider's session over the plan offer (plan-offer.ts): each refusal of the offer becomes the error
 * Medusa's payment routes answer, with the code, type and message the provider has always given, logged as before.
 */

const COMPANY = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }

function setUp(setting?: Record<string, unknown>) {
  const cart = {
    ...medusaCart({
      id: "cart_01SESSION",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity: 1, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    region: setting ? { trade_credit_region_setting: setting } : null,
  }
  const f = fakes({ cart })
  f.client.repayment.creditCheck.mockResolvedValue({
    decision: "APPROVED",
    minimum_instalments: 3,
    maximum_instalments: 12,
    maximum_instalment_amount: "1000.00",
    currency: "GBP",
  } as never)
  f.client.repayment.createAccount.mockResolvedValue({ id: "acc_1" } as never)
  const check = (given: Record<string, unknown>) =>
    checkPlanBuyer(f.deps, {
      sessionId: "payses_01",
      given: { company: COMPANY, ...given },
      amount: undefined,
      buyer: {},
      companies: new TtlCache(60_000),
    })
  return { ...f, check }
}

describe("checkPlanBuyer's refusals", () => {
  it("answers the offer with the session's data: the account, the limits and the region's months", async () => {
    const { check, client } = setUp({ instalment_periods: { periods: [3, 6] } })

    expect(await check({ number_of_periods: 6 })).toMatchObject({
      session_id: "payses_01",
      account_id: "acc_1",
      gross_amount: "1440.00",
      minimum_instalments: 3,
      maximum_instalments: 12,
      offered_periods: [3, 6],
      number_of_periods: 6,
    })
    expect(client.repayment.createAccount).toHaveBeenCalledTimes(1)
  })

  it("refuses a region without instalments (NOT_ALLOWED, the region's code), the reason logged", async () => {
    const { check, logger, client } = setUp({ instalments_offered: false })

    const error = await rejection(check({}))

    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "TRADE_CREDIT_NOT_OFFERED" })
    expect(logger.at("info")).toEqual([
      "trade-credit: instalments not offered for session payses_01 (cart cart_01SESSION): " +
        "instalments are off in the region payment_session_id=payses_01 cart_id=cart_01SESSION region_id=reg_01 " +
        "code=TRADE_CREDIT_NOT_OFFERED",
    ])
    expect(client.repayment.creditCheck).not.toHaveBeenCalled()
  })

  it("refuses months the region does not offer (INVALID_DATA, TRADE_CREDIT_INVALID_PERIODS)", async () => {
    const { check } = setUp({ instalment_periods: { periods: [6, 12] } })

    expect(await rejection(check({ number_of_periods: 3 }))).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      code: "TRADE_CREDIT_INVALID_PERIODS",
      message: "3 monthly instalments are not offered here: choose 6, 12",
    })
  })

  it("declines with the buyer's words, logged as the failed credit check", async () => {
    const { check, client, logger } = setUp()
    client.repayment.creditCheck.mockResolvedValue({ decision: "DECLINED" } as never)

    const error = await rejection(check({}))

    expect(error).toMatchObject({
      type: MedusaError.Types.NOT_ALLOWED,
      code: "TRADE_CREDIT_DECLINED",
      message: declineText("monthly instalments of 1440.00 GBP are not offered to Acme Ltd"),
    })
    expect(logger.at("warn").join("\n")).toMatch(/could not check the buyer's credit: TRADE_CREDIT_DECLINED/)
    expect(client.repayment.createAccount).not.toHaveBeenCalled()
  })

  it("refuses months outside the check's limits as invalid session data", async () => {
    const { check } = setUp()

    expect(await rejection(check({ number_of_periods: 24 }))).toMatchObject({
      code: "INVALID_SESSION_DATA",
      message:
        "Invalid trade credit details: 24 monthly instalments are not offered for this purchase: choose from 3 to 12",
    })
  })
})

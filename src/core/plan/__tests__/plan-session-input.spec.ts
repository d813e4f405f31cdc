import { PayloadError } from "../../order/errors"
import { assertWithinLimits, parsePlanSessionInput, storefrontInputOf } from "../plan-session-input"

const COMPANY = { company_canonical_id: "cmp_gb_08123456" }

const codeOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return { code: (error as PayloadError).code, path: (error as PayloadError).path, message: (error as Error).message }
  }
  return undefined
}

describe("plan session input", () => {
  it("reads the company and the number of periods, ignoring unknown keys", () => {
    expect(
      parsePlanSessionInput({ company: COMPANY, number_of_periods: 12, period: "MONTHLY", plan_id: "plan_x" }),
    ).toEqual({
      company: COMPANY,
      number_of_periods: 12,
    })
  })

  it("leaves the number of periods optional until it is required", () => {
    expect(parsePlanSessionInput({ company: COMPANY })).toEqual({ company: COMPANY })
    const missing = codeOf(() => parsePlanSessionInput({ company: COMPANY }, { requirePeriods: true }))
    expect(missing).toMatchObject({ code: "INVALID_SESSION_DATA", path: "number_of_periods" })
    expect(missing?.message).toMatch(/number_of_periods is required/)
  })

  it.each([0, 1, 2, 37, 2.5, -1, "12", null, Number.NaN])(
    "refuses number_of_periods %p with TRADE_CREDIT_INVALID_PERIODS",
    (value) => {
      const error = codeOf(() => parsePlanSessionInput({ company: COMPANY, number_of_periods: value }))
      expect(error).toMatchObject({ code: "TRADE_CREDIT_INVALID_PERIODS", path: "number_of_periods" })
      expect(error?.message).toMatch(/number_of_periods must be a whole number of months from 3 to 36/)
    },
  )

  it.each(["WEEKLY", "monthly", "QUARTERLY", 1])("refuses the cadence %p", (period) => {
    const error = codeOf(() => parsePlanSessionInput({ company: COMPANY, number_of_periods: 12, period }))
    expect(error).toMatchObject({ code: "INVALID_SESSION_DATA", path: "period" })
    expect(error?.message).toMatch(/MONTHLY/)
  })

  it("requires the company unless told otherwise", () => {
    expect(codeOf(() => parsePlanSessionInput({ number_of_periods: 3 }))).toMatchObject({
      code: "INVALID_SESSION_DATA",
      path: "company",
    })
    expect(parsePlanSessionInput({ number_of_periods: 3 }, { requireCompany: false })).toEqual({ number_of_periods: 3 })
  })

  it("keeps only the storefront's keys of session data", () => {
    expect(
      storefrontInputOf({
        company: COMPANY,
        number_of_periods: 6,
        plan_id: "plan_forged",
        account_id: "acct_forged",
        funding_status: "ACCEPTED",
        maximum_instalment_amount: "999999.00",
        invoice_emails: ["ap@example.com"],
      }),
    ).toEqual({ company: COMPANY, number_of_periods: 6, invoice_emails: ["ap@example.com"] })
  })
})

describe("assertWithinLimits", () => {
  const LIMITS = {
    minimum_instalments: 3,
    maximum_instalments: 12,
    maximum_instalment_amount: "100.00",
    currency: "GBP",
  }

  it(
    "passes a number of months the check allows, and refuses another as INVALID_SESSION_DATA " + "on number_of_periods",
    () => {
      expect(() => assertWithinLimits("600.00", 6, LIMITS)).not.toThrow()
      for (const [total, n] of [
        ["600.00", 24],
        ["600.00", 3],
      ] as const) {
        try {
          assertWithinLimits(total, n, LIMITS)
          throw new Error("not refused")
        } catch (error) {
          expect(error).toMatchObject({ code: "INVALID_SESSION_DATA", path: "number_of_periods" })
          expect((error as Error).message).toMatch(/^Invalid trade credit details: /)
        }
      }
    },
  )
})

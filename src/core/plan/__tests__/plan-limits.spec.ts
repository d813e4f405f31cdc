import { checkPeriodsWithinLimits, isPlanDuration, largestInstalment, limitsOf } from "../plan-limits"

const LIMITS = {
  minimum_instalments: 3,
  maximum_instalments: 24,
  maximum_instalment_amount: "1000.01",
  currency: "GBP",
}

describe("plan limits", () => {
  it("reads the limits of an APPROVED check, within the seed's plan duration of 3 to 36 months", () => {
    expect(
      limitsOf({
        decision: "APPROVED",
        minimum_instalments: 1,
        maximum_instalments: 36,
        maximum_instalment_amount: "16666.66",
        currency: "GBP",
      }),
    ).toEqual({
      minimum_instalments: 3,
      maximum_instalments: 36,
      maximum_instalment_amount: "16666.66",
      currency: "GBP",
    })
    expect(
      limitsOf({
        decision: "APPROVED",
        minimum_instalments: 4,
        maximum_instalments: 12,
        maximum_instalment_amount: "500.00",
        currency: "GBP",
      }),
    ).toEqual({ minimum_instalments: 4, maximum_instalments: 12, maximum_instalment_amount: "500.00", currency: "GBP" })
    // Only 1 or 2 instalments allowed: nothing the plan duration allows, so nothing is offered.
    expect(
      limitsOf({
        decision: "APPROVED",
        minimum_instalments: 1,
        maximum_instalments: 2,
        maximum_instalment_amount: "16666.66",
        currency: "GBP",
      }),
    ).toBeUndefined()
    expect(
      limitsOf({
        decision: "DECLINED",
        minimum_instalments: 0,
        maximum_instalments: 0,
        maximum_instalment_amount: "0.00",
        currency: "GBP",
      }),
    ).toBeUndefined()
  })

  it("a plan lasts 3 to 36 whole months", () => {
    expect([1, 2, 3, 36, 37, 2.5].map(isPlanDuration)).toEqual([false, false, true, true, false, false])
  })

  it("takes the largest instalment from the service's split (the last one carries the remainder)", () => {
    expect(largestInstalment("100.00", 3)).toBe("33.34")
    expect(largestInstalment("2000.03", 2)).toBe("1000.02")
    expect(largestInstalment("12.00", 12)).toBe("1.00")
  })

  it("accepts periods within the limits", () => {
    expect(checkPeriodsWithinLimits("1500.00", [3, 12, 24], LIMITS)).toEqual({ ok: true })
  })

  it("refuses 1, 2 or 37 months with TRADE_CREDIT_INVALID_PERIODS, naming the field and the range", () => {
    for (const n of [1, 2, 37]) {
      const result = checkPeriodsWithinLimits("1500.00", [12, n], {
        ...LIMITS,
        minimum_instalments: 1,
        maximum_instalments: 36,
      })
      expect(result).toMatchObject({ ok: false, code: "TRADE_CREDIT_INVALID_PERIODS", number_of_periods: n })
      expect(!result.ok && result.message).toMatch(/number_of_periods must be a whole number of months from 3 to 36/)
    }
  })

  it("refuses periods outside the credit check's minimum and maximum, naming the allowed range", () => {
    const below = checkPeriodsWithinLimits("1500.00", [12, 3], { ...LIMITS, minimum_instalments: 4 })
    expect(below).toMatchObject({ ok: false, code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS", number_of_periods: 3 })
    expect(!below.ok && below.message).toMatch(/from 4 to 24/)
    expect(checkPeriodsWithinLimits("1500.00", [36], LIMITS)).toMatchObject({ ok: false, number_of_periods: 36 })
  })

  it("refuses a term whose last instalment, by a cent, is above the monthly maximum", () => {
    // 3000.04 / 3 = 1000.01, 1000.01 and 1000.02: the last is above 1000.01.
    const result = checkPeriodsWithinLimits("3000.04", [3], LIMITS)
    expect(result).toMatchObject({ ok: false, code: "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT", number_of_periods: 3 })
    expect(!result.ok && result.message).toMatch(/1000\.02 GBP/)
    expect(checkPeriodsWithinLimits("3000.03", [3], LIMITS)).toEqual({ ok: true })
  })
})

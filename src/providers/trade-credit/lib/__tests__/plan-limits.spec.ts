import { checkPeriodsWithinLimits, largestInstalment, limitsOf } from "../plan-limits"

const LIMITS = { minimum_instalments: 2, maximum_instalments: 24, maximum_instalment_amount: "1000.01", currency: "GBP" }

describe("plan limits", () => {
  it("reads the limits of an APPROVED check only", () => {
    expect(
      limitsOf({ decision: "APPROVED", minimum_instalments: 1, maximum_instalments: 36, maximum_instalment_amount: "16666.66", currency: "GBP" })
    ).toEqual({ minimum_instalments: 1, maximum_instalments: 36, maximum_instalment_amount: "16666.66", currency: "GBP" })
    expect(
      limitsOf({ decision: "DECLINED", minimum_instalments: null, maximum_instalments: null, maximum_instalment_amount: null, currency: "GBP" })
    ).toBeUndefined()
  })

  it("takes the largest instalment from the service's split (the last one carries the remainder)", () => {
    expect(largestInstalment("100.00", 3)).toBe("33.34")
    expect(largestInstalment("2000.03", 2)).toBe("1000.02")
    expect(largestInstalment("12.00", 12)).toBe("1.00")
  })

  it("accepts periods within the limits", () => {
    expect(checkPeriodsWithinLimits("1500.00", [2, 12, 24], LIMITS)).toEqual({ ok: true })
  })

  it("refuses periods outside the minimum and maximum, naming the allowed range", () => {
    const below = checkPeriodsWithinLimits("1500.00", [12, 1], LIMITS)
    expect(below).toMatchObject({ ok: false, code: "TRADE_CREDIT_PERIODS_OUTSIDE_LIMITS", number_of_periods: 1 })
    expect(!below.ok && below.message).toMatch(/from 2 to 24/)
    expect(checkPeriodsWithinLimits("1500.00", [36], LIMITS)).toMatchObject({ ok: false, number_of_periods: 36 })
  })

  it("refuses a term whose last instalment, by a cent, is above the monthly maximum", () => {
    // 2000.03 / 2 = 1000.01 and 1000.02: the second is above 1000.01.
    const result = checkPeriodsWithinLimits("2000.03", [2], LIMITS)
    expect(result).toMatchObject({ ok: false, code: "TRADE_CREDIT_INSTALMENT_ABOVE_LIMIT", number_of_periods: 2 })
    expect(!result.ok && result.message).toMatch(/1000\.02 GBP/)
    expect(checkPeriodsWithinLimits("2000.02", [2], LIMITS)).toEqual({ ok: true })
  })
})

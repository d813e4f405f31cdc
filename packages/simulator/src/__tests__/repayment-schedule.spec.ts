import BigNumber from "bignumber.js"
import fc from "fast-check"
import * as client from "../../../../src/service/repayment-schedule"
import type { TaxSubtotal } from "../contract/repayment"
import * as simulator from "../repayment/schedule"
import { planBody, planLine } from "./repayment-fixtures"

/**
 * The instalment rules of contract section 3, exact to the cent, as the simulator computes them
 * (src/simulator/repayment/schedule.ts); the client's own split of the amount (src/service/repayment-schedule.ts, the
 * plugin's check against the largest instalment) must give the same amounts.
 */

const bn = (v: BigNumber.Value) => new BigNumber(v)
const cents = (money: string) => bn(money).times(100)
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), bn(0))
const money = (c: bigint) => bn(c.toString()).div(100).toFixed(2)

/** 1 to 4 distinct rates, each with a taxable and a tax amount in cents (up to 10^11 cents: a billion). */
const subtotalsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 4 })
  .chain((rates) =>
    fc.tuple(
      ...rates.map((rate) =>
        fc
          .tuple(
            fc.oneof(fc.bigInt({ min: 0n, max: 500n }), fc.bigInt({ min: 0n, max: 100_000_000_000n })),
            fc.oneof(fc.bigInt({ min: 0n, max: 500n }), fc.bigInt({ min: 0n, max: 25_000_000_000n })),
          )
          .map(([taxable, tax]): TaxSubtotal => ({
            tax_rate: bn(rate).div(1_000_000).toFixed(6),
            taxable_amount: money(taxable),
            tax_amount: money(tax),
          })),
      ),
    ),
  )

const planArb = fc
  .record({ subtotals: subtotalsArb, periods: fc.integer({ min: 1, max: 36 }) })
  .filter(({ subtotals, periods }) =>
    sum(subtotals.map((t) => bn(t.taxable_amount).plus(t.tax_amount).toFixed(2)))
      .times(100)
      .gte(periods),
  )

const dateArb = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2200-12-31T23:59:59Z"),
  noInvalidDate: true,
})

describe("the simulator's schedule", () => {
  const { instalmentIssueDates, scheduleInstalments, splitRepaymentAmount, splitTaxSubtotals } = simulator
  describe("repayment schedule: issue dates", () => {
    it("the 1st of each month, starting the month after creation (UTC)", () => {
      expect(instalmentIssueDates(new Date("2026-01-15T10:00:00Z"), 3)).toEqual([
        "2026-02-01",
        "2026-03-01",
        "2026-04-01",
      ])
      expect(instalmentIssueDates(new Date("2026-11-30T23:59:59Z"), 3)).toEqual([
        "2026-12-01",
        "2027-01-01",
        "2027-02-01",
      ])
      expect(instalmentIssueDates(new Date("2026-03-01T00:00:00Z"), 1)).toEqual(["2026-04-01"])
      expect(instalmentIssueDates(new Date("2026-12-31T23:59:59.999Z"), 2)).toEqual(["2027-01-01", "2027-02-01"])
      expect(instalmentIssueDates(new Date("2024-01-31T12:00:00Z"), 36).at(-1)).toEqual("2027-01-01")
    })

    it("property: n dates, each on the 1st, one month apart, the first in the month after creation", () => {
      fc.assert(
        fc.property(dateArb, fc.integer({ min: 1, max: 36 }), (createdAt, n) => {
          const dates = instalmentIssueDates(createdAt, n)
          expect(dates).toHaveLength(n)
          const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1
          const created = createdAt.getUTCFullYear() * 12 + createdAt.getUTCMonth()
          dates.forEach((date, i) => {
            expect(date).toMatch(/^\d{4}-\d{2}-01$/)
            expect(monthIndex(date)).toBe(created + 1 + i)
          })
        }),
      )
    })

    it("refuses a number of periods outside 1..36 or not an integer", () => {
      for (const n of [0, 37, 2.5, -1, Number.NaN]) {
        expect(() => instalmentIssueDates(new Date(), n)).toThrow(RangeError)
        expect(() => splitRepaymentAmount("100.00", n)).toThrow(RangeError)
      }
    })
  })

  describe("repayment schedule: amounts", () => {
    it("splits to the cent with the remainder on the last instalment", () => {
      expect(splitRepaymentAmount("100.00", 3)).toEqual(["33.33", "33.33", "33.34"])
      expect(splitRepaymentAmount("1000.00", 36).slice(-2)).toEqual(["27.77", "28.05"])
      expect(splitRepaymentAmount("0.05", 5)).toEqual(["0.01", "0.01", "0.01", "0.01", "0.01"])
      expect(splitRepaymentAmount("12.34", 1)).toEqual(["12.34"])
    })

    it(
      "property: sums exact, all but the last equal (the total over n rounded down), " + "the remainder on the last",
      () => {
        fc.assert(
          fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 1, max: 36 }), (totalCents, n) => {
            const total = money(totalCents)
            const amounts = splitRepaymentAmount(total, n)
            expect(amounts).toHaveLength(n)
            expect(sum(amounts).toFixed(2)).toBe(total)
            const base = cents(total).idiv(n)
            amounts.slice(0, -1).forEach((a) => expect(cents(a).eq(base)).toBe(true))
            const remainder = cents(amounts[n - 1]).minus(base)
            expect(remainder.gte(0) && remainder.lt(n)).toBe(true)
            amounts.forEach((a) => expect(a).toMatch(/^\d+\.\d{2}$/))
          }),
        )
      },
    )
  })

  describe("repayment schedule: tax subtotals", () => {
    it("splits each rate in proportion, every instalment adding up to its amount", () => {
      const split = splitTaxSubtotals(
        [{ tax_rate: "0.200000", taxable_amount: "83.33", tax_amount: "16.67" }],
        ["33.33", "33.33", "33.34"],
      )
      expect(split).toEqual([
        [{ tax_rate: "0.200000", taxable_amount: "27.77", tax_amount: "5.56" }],
        [{ tax_rate: "0.200000", taxable_amount: "27.77", tax_amount: "5.56" }],
        [{ tax_rate: "0.200000", taxable_amount: "27.79", tax_amount: "5.55" }],
      ])
    })

    it("keeps every rate, even one with nothing to split, in the plan's order", () => {
      const subtotals = [
        { tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" },
        { tax_rate: "0.000000", taxable_amount: "0.00", tax_amount: "0.00" },
      ]
      const split = splitTaxSubtotals(subtotals, ["60.00", "60.00"])
      expect(split.map((row) => row.map((t) => t.tax_rate))).toEqual([
        ["0.200000", "0.000000"],
        ["0.200000", "0.000000"],
      ])
      expect(split[0][1]).toEqual({ tax_rate: "0.000000", taxable_amount: "0.00", tax_amount: "0.00" })
    })

    it(
      "leaves a whole share as it is (found by the property below: " +
        "0.08 over 29 instalments gave 0.02 for a share of 0.01)",
      () => {
        const subtotals = [
          { tax_rate: "0.267905", taxable_amount: "0.08", tax_amount: "0.09" },
          { tax_rate: "0.580368", taxable_amount: "0.30", tax_amount: "1.77" },
        ]
        const amounts = splitRepaymentAmount("2.24", 29)
        const split = splitTaxSubtotals(subtotals, amounts)
        split.forEach((row, i) => {
          subtotals.forEach((plan, r) => {
            for (const field of ["taxable_amount", "tax_amount"] as const) {
              const exact = bn(plan[field]).times(amounts[i]).div("2.24")
              expect(bn(row[r][field]).minus(exact).abs().lt("0.01")).toBe(true)
            }
          })
        })
        expect(split.at(-1)?.[0].taxable_amount).toBe("0.01")
      },
    )

    it("refuses amounts that do not add up to the subtotals", () => {
      expect(() =>
        splitTaxSubtotals([{ tax_rate: "0.200000", taxable_amount: "10.00", tax_amount: "2.00" }], ["6.00", "6.01"]),
      ).toThrow(RangeError)
    })

    it("property: per rate exact, per instalment exact, every share within a cent of proportional", () => {
      fc.assert(
        fc.property(planArb, dateArb, ({ subtotals, periods }, createdAt) => {
          const total = sum(subtotals.map((t) => bn(t.taxable_amount).plus(t.tax_amount).toFixed(2))).toFixed(2)
          const schedule = scheduleInstalments({
            total_repayment_amount: total,
            tax_subtotals: subtotals,
            number_of_periods: periods,
            createdAt,
          })
          expect(schedule).toHaveLength(periods)
          expect(sum(schedule.map((i) => i.repayment_amount)).toFixed(2)).toBe(total)
          for (const instalment of schedule) {
            const own = sum(instalment.tax_subtotals.flatMap((t) => [t.taxable_amount, t.tax_amount]))
            expect(own.toFixed(2)).toBe(instalment.repayment_amount)
            expect(instalment.tax_subtotals.map((t) => t.tax_rate)).toEqual(subtotals.map((t) => t.tax_rate))
          }
          subtotals.forEach((plan, r) => {
            for (const field of ["taxable_amount", "tax_amount"] as const) {
              const shares = schedule.map((i) => i.tax_subtotals[r][field])
              expect(sum(shares).toFixed(2)).toBe(plan[field])
              schedule.forEach((instalment, i) => {
                const exact = cents(plan[field]).times(instalment.repayment_amount).div(total)
                const off = cents(shares[i]).minus(exact).abs()
                expect(off.lt(1)).toBe(true)
                expect(bn(shares[i]).gte(0)).toBe(true)
              })
            }
          })
        }),
        { numRuns: 200 },
      )
    })
  })
})

describe("the client's split of the amount", () => {
  it("refuses a number of periods out of range as the service does", () => {
    for (const n of [0, 37, 1.5]) expect(() => client.splitRepaymentAmount("100.00", n)).toThrow(RangeError)
  })

  it("property: the same amounts as the service's (the simulator's) split", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 36n, max: 10_000_000_000n }),
        fc.integer({ min: 1, max: 36 }),
        (totalCents, periods) => {
          const total = money(totalCents)
          expect(client.splitRepaymentAmount(total, periods)).toEqual(simulator.splitRepaymentAmount(total, periods))
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe("repayment schedule: the client's plan checks", () => {
  const { checkPlanAmounts, checkRepaymentTotals } = client
  const body = planBody("acct")
  const plan = { ...body, terms: { number_of_periods: 12 } }

  it("accepts a plan whose subtotals are its lines' net and tax per rate", () => {
    expect(body.total_repayment_amount).toBe("1221.00")
    expect(checkPlanAmounts(plan)).toEqual({ ok: true })
  })

  it("a line's net is quantity x (unit price - unit discount), the taxable amount within 0.01 a line", () => {
    const [battery, manual] = body.line_items
    const discounted = { ...battery, unit_price_amount: "1000.01", unit_discount_amount: "0.02" }
    expect(checkPlanAmounts({ ...plan, line_items: [discounted, manual] })).toEqual({ ok: true })
    const off = { ...battery, unit_discount_amount: "0.02" }
    expect(checkPlanAmounts({ ...plan, line_items: [off, manual] })).toMatchObject({
      ok: false,
      loc: ["tax_subtotals", 1, "taxable_amount"],
    })
  })

  it("names the failing rule", () => {
    const badTotal = checkPlanAmounts({ ...plan, total_repayment_amount: "1221.01" })
    expect(badTotal).toMatchObject({
      ok: false,
      code: "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
      loc: ["tax_subtotals"],
    })
    const missingRate = checkPlanAmounts({ ...plan, tax_subtotals: [body.tax_subtotals[1]] })
    expect(missingRate).toMatchObject({ ok: false, loc: ["tax_subtotals"] })
    const badTax = checkPlanAmounts({
      ...plan,
      line_items: [planLine("Forklift", "1", "1000")],
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "1000.00", tax_amount: "200.03" }],
      total_repayment_amount: "1200.03",
    })
    expect(badTax).toMatchObject({ ok: false, loc: ["tax_subtotals", 0, "tax_amount"] })
  })

  it("preview totals: subtotals add up, one per rate, at least a cent per instalment", () => {
    const subtotals = [{ tax_rate: "0.200000", taxable_amount: "0.20", tax_amount: "0.04" }]
    expect(checkRepaymentTotals({ total_repayment_amount: "0.24", tax_subtotals: subtotals }, [24])).toEqual({
      ok: true,
    })
    expect(checkRepaymentTotals({ total_repayment_amount: "0.24", tax_subtotals: subtotals }, [3, 25])).toMatchObject({
      ok: false,
      loc: ["total_repayment_amount"],
    })
    expect(checkRepaymentTotals({ total_repayment_amount: "0.25", tax_subtotals: subtotals })).toMatchObject({
      ok: false,
      loc: ["tax_subtotals"],
    })
    expect(
      checkRepaymentTotals({
        total_repayment_amount: "0.48",
        tax_subtotals: [subtotals[0], { ...subtotals[0], tax_rate: "0.2" }],
      }),
    ).toMatchObject({ ok: false, loc: ["tax_subtotals", 1] })
  })
})

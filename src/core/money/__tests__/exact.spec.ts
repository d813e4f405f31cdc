import { BigNumber as MedusaBigNumber } from "@medusajs/framework/utils"
import BigNumber from "bignumber.js"
import fc from "fast-check"
import { Exact, NotANumberError } from "../exact"

describe("Exact: quantities, rates and shares", () => {
  it("reads Medusa's shapes and the wire's decimals exactly", () => {
    expect(Exact.fromMedusa(3).toString()).toBe("3")
    expect(Exact.fromMedusa({ value: "2.500", precision: 20 }).toString()).toBe("2.5")
    expect(Exact.fromMedusa(new MedusaBigNumber("0.200000")).toString()).toBe("0.2")
    expect(Exact.fromDecimal("0.200000").toFixed(6)).toBe("0.200000")
    expect(Exact.isMedusaNumber("1.5")).toBe(true)
    expect(Exact.isMedusaNumber("one")).toBe(false)
    expect(() => Exact.fromMedusa("one", "quantity")).toThrow(/^quantity is not a number: one/)
    expect(() => Exact.fromDecimal("1e3")).toThrow(NotANumberError)
  })

  it("works exactly, and knows its decimals", () => {
    expect(Exact.fromDecimal("2.5").plus("0.5").isInteger()).toBe(true)
    expect(Exact.fromDecimal("2.5").minus("3").isNegative()).toBe(true)
    expect(Exact.fromDecimal("1.250").decimalPlaces()).toBe(2)
    expect(Exact.fromDecimal("20").dividedBy(100n).toString()).toBe("0.2")
    expect(Exact.fromDecimal("20").times(Exact.fromDecimal("0.5")).toString()).toBe("10")
    expect(Exact.sum([Exact.of(1), Exact.fromDecimal("0.5")]).toString()).toBe("1.5")
    expect(Exact.min(Exact.of(2), Exact.of(1)).toString()).toBe("1")
    expect(Exact.of(125, 2).toString()).toBe("1.25")
    expect(Exact.fromDecimal("7.5").roundTo(0).toString()).toBe("8")
    expect(Exact.fromDecimal("-7.5").roundTo(0).toString()).toBe("-8")
    expect(Exact.fromDecimal("0.33").abs().negated().toString()).toBe("-0.33")
  })

  it("gives its units at a scale exactly, and refuses a scale with fewer decimals than it has", () => {
    expect(Exact.fromMedusa(new BigNumber("14.5714")).unitsAt(6)).toBe(14571400n)
    expect(Exact.fromMedusa(new BigNumber("-0.005")).unitsAt(3)).toBe(-5n)
    expect(Exact.fromMedusa(new BigNumber("1e-7")).unitsAt(7)).toBe(1n)
    expect(Exact.fromMedusa(new BigNumber("12345678901234567890.12")).unitsAt(2)).toBe(1234567890123456789012n)
    expect(Exact.fromMedusa(new BigNumber("1e30")).unitsAt(2)).toBe(10n ** 32n)
    expect(Exact.fromMedusa(0.1 + 0.2).unitsAt(17)).toBe(30000000000000004n)
    expect(() => Exact.fromMedusa(new BigNumber("0.125")).unitsAt(2)).toThrow(RangeError)
    expect(() => Exact.fromMedusa(new BigNumber(NaN))).toThrow(NotANumberError)
  })

  const decimalValue = fc
    .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
    .map(([n, decimals]) => new BigNumber(n.toString()).shiftedBy(-decimals))

  it("reads a bignumber.js value's units exactly as its fixed-decimal text gives them", () => {
    fc.assert(
      fc.property(decimalValue, fc.integer({ min: 0, max: 8 }), (value, extra) => {
        const exact = Exact.fromMedusa(value)
        expect(exact.decimalPlaces()).toBe(value.decimalPlaces() ?? 0)
        const decimals = exact.decimalPlaces() + extra
        expect(exact.unitsAt(decimals)).toBe(BigInt(value.toFixed(decimals).replace(".", "")))
        if (exact.decimalPlaces() > 0) expect(() => exact.unitsAt(exact.decimalPlaces() - 1)).toThrow(RangeError)
        expect(exact.toString()).toBe(value.toFixed())
      }),
      { numRuns: 3000 },
    )
  })

  it("compares, adds and multiplies as bignumber.js does", () => {
    fc.assert(
      fc.property(decimalValue, decimalValue, (a, b) => {
        const x = Exact.fromMedusa(a)
        const y = Exact.fromMedusa(b)
        expect(x.compare(y)).toBe(a.comparedTo(b))
        expect(x.plus(y).toString()).toBe(a.plus(b).toFixed())
        expect(x.minus(y).toString()).toBe(a.minus(b).toFixed())
        expect(x.times(y).toString()).toBe(a.times(b).toFixed())
      }),
      { numRuns: 2000 },
    )
  })
})

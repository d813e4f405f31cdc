import BigNumber from "bignumber.js"
import fc from "fast-check"
import { decimalsOf, divideRounded, formatUnits, formatUnitsShortest, parseUnits, rescale, unitsOf } from "../units"

describe("units: exact decimals as whole units", () => {
  it("reads plain decimal strings at a number of decimals, and nothing else", () => {
    expect(parseUnits("12.5", 2)).toBe(1250n)
    expect(parseUnits("12.50", 2)).toBe(1250n)
    expect(parseUnits("-3", 2)).toBe(-300n)
    expect(parseUnits("0.200000", 6)).toBe(200000n)
    expect(parseUnits("0.123", 2)).toBeUndefined() // would not be exact
    for (const text of ["", "1e3", "1.", ".5", "+1", "1,5", " 1", "NaN", "0x10"])
      expect(parseUnits(text, 2)).toBeUndefined()
  })

  it("reads bignumber.js values exactly, and refuses a value with more decimals than asked", () => {
    expect(unitsOf(new BigNumber("14.5714"), 6)).toBe(14571400n)
    expect(unitsOf(new BigNumber("-0.005"), 3)).toBe(-5n)
    expect(unitsOf(new BigNumber("1e-7"), 7)).toBe(1n)
    expect(unitsOf(new BigNumber("12345678901234567890.12"), 2)).toBe(1234567890123456789012n)
    expect(() => unitsOf(new BigNumber("0.125"), 2)).toThrow(RangeError)
    expect(decimalsOf([new BigNumber("1.5"), undefined, new BigNumber("0.33333333333333333333")], 6)).toBe(20)
    expect(decimalsOf([new BigNumber("1.5")], 6)).toBe(6)
  })

  it("formats with exactly the decimals asked, never -0", () => {
    expect(formatUnits(1250n, 2)).toBe("12.50")
    expect(formatUnits(5n, 2)).toBe("0.05")
    expect(formatUnits(0n, 2)).toBe("0.00")
    expect(formatUnits(-5n, 2)).toBe("-0.05")
    expect(formatUnits(200000n, 6)).toBe("0.200000")
    expect(formatUnits(7n, 0)).toBe("7")
    expect(formatUnitsShortest(2500000n, 6)).toBe("2.5")
    expect(formatUnitsShortest(3000000n, 6)).toBe("3")
    expect(formatUnitsShortest(100000000n, 6)).toBe("100")
    expect(formatUnitsShortest(0n, 6)).toBe("0")
  })

  const decimalText = fc
    .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
    .map(([n, decimals]) => new BigNumber(n.toString()).shiftedBy(-decimals))

  it("reads a value's units from its digits exactly as its fixed-decimal text gives them", () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (value, extra) => {
        const decimals = (value.decimalPlaces() ?? 0) + extra
        expect(unitsOf(value, decimals)).toBe(BigInt(value.toFixed(decimals).replace(".", "")))
        if ((value.decimalPlaces() ?? 0) > 0)
          expect(() => unitsOf(value, (value.decimalPlaces() ?? 0) - 1)).toThrow(RangeError)
      }),
      { numRuns: 3000 },
    )
    expect(unitsOf(new BigNumber("1e30"), 2)).toBe(10n ** 32n)
    expect(unitsOf(new BigNumber(0.1 + 0.2), 17)).toBe(30000000000000004n)
    expect(() => unitsOf(new BigNumber(NaN), 2)).toThrow(RangeError)
  })

  it("rounds half away from zero exactly as bignumber.js ROUND_HALF_UP does", () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 6 }), (value, to) => {
        const from = Math.max(value.decimalPlaces() ?? 0, to)
        const rounded = rescale(unitsOf(value, from), from, to)
        expect(formatUnits(rounded, to)).toBe(value.decimalPlaces(to, BigNumber.ROUND_HALF_UP).toFixed(to))
      }),
      { numRuns: 2000 },
    )
  })

  it("divides rounding half away from zero, whatever the signs", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        (n, d) => {
          fc.pre(d !== 0n)
          const expected = new BigNumber(n.toString()).dividedBy(d.toString()).integerValue(BigNumber.ROUND_HALF_UP)
          expect(divideRounded(n, d).toString()).toBe(expected.toFixed())
        },
      ),
      { numRuns: 2000 },
    )
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError)
  })
})

import BigNumber from "bignumber.js"
import fc from "fast-check"
import { Exact } from "../exact"
import {
  divideFloor,
  divideRounded,
  formatCents,
  formatUnits,
  formatUnitsShortest,
  parseUnits,
  readNumberText,
  readWireDecimal,
  rescale,
} from "../units"

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

  it("reads the wire's decimals, and numbers as JavaScript and bignumber.js write them", () => {
    expect(readWireDecimal("12.50")).toEqual({ units: 1250n, scale: 2 })
    expect(readWireDecimal("-3")).toEqual({ units: -3n, scale: 0 })
    expect(readWireDecimal("7.")).toEqual({ units: 7n, scale: 0 })
    for (const text of ["", "1e3", ".5", "+1", "1,5", " 1", "NaN", "0x10"])
      expect(readWireDecimal(text)).toBeUndefined()
    expect(readNumberText(" 12.5 ")).toEqual({ units: 125n, scale: 1 })
    expect(readNumberText("1e-7")).toEqual({ units: 1n, scale: 7 })
    expect(readNumberText("-1.5e+3")).toEqual({ units: -1500n, scale: 0 })
    expect(readNumberText(".5")).toEqual({ units: 5n, scale: 1 })
    expect(readNumberText("+2.")).toEqual({ units: 2n, scale: 0 })
    for (const text of ["", ".", "e5", "1e", "1e99999", "NaN", "Infinity", "0x10", "1,5", "1 2"])
      expect(readNumberText(text)).toBeUndefined()
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
    expect(formatCents(1234n)).toBe("12.34")
    expect(formatCents(-1n)).toBe("-0.01")
  })

  const decimalText = fc
    .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
    .map(([n, decimals]) => new BigNumber(n.toString()).shiftedBy(-decimals))

  it("rounds half away from zero exactly as bignumber.js ROUND_HALF_UP does", () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 6 }), (value, to) => {
        const from = Math.max(value.decimalPlaces() ?? 0, to)
        const rounded = rescale(Exact.fromMedusa(value).unitsAt(from), from, to)
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

  it("divides rounding down (towards minus infinity), whatever the signs", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        (n, d) => {
          fc.pre(d !== 0n)
          const expected = new BigNumber(n.toString()).dividedBy(d.toString()).integerValue(BigNumber.ROUND_FLOOR)
          expect(divideFloor(n, d).toString()).toBe(expected.toFixed())
        },
      ),
      { numRuns: 2000 },
    )
    expect(() => divideFloor(1n, 0n)).toThrow(RangeError)
  })
})

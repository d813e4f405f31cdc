import { BigNumber as MedusaBigNumber, MathBN } from "@medusajs/framework/utils"
import BigNumber from "bignumber.js"
import fc from "fast-check"
import { Exact, NotANumberError } from "../exact"
import { Money } from "../money"

describe("Money.fromMedusa reads every shape Medusa hands amounts in, exactly", () => {
  it.each([
    ["a number", 12.5, "12.5"],
    ["a float that is no exact binary fraction", 0.1 + 0.2, "0.30000000000000004"],
    ["a string", " 12.3456789 ", "12.3456789"],
    ["a raw value", { value: "12.34567890123456789", precision: 20 }, "12.34567890123456789"],
    ["a raw value holding a number", { value: 7 }, "7"],
    ["Medusa's BigNumber", new MedusaBigNumber("0.10000000000000000001"), "0.10000000000000000001"],
    [
      "Medusa's BigNumber from a raw value",
      new MedusaBigNumber({ value: "3.14159265358979323846" }),
      "3.14159265358979323846",
    ],
    ["a bignumber.js value", new BigNumber("1e-7"), "0.0000001"],
    ["a MathBN result", MathBN.div(10, 3), new BigNumber(10).dividedBy(3).toFixed()],
    ["an object with only a float", { numeric_: 4.2 }, "4.2"],
    [
      "Medusa's BigNumber after JSON and back",
      JSON.parse(JSON.stringify({ raw_: { value: "9.99" }, numeric_: 9.99 })),
      "9.99",
    ],
    ["an exponent", "1.5e+21", "1500000000000000000000"],
    ["Money itself", Money.fromDecimal("1.50"), "1.5"],
  ])("%s", (_, input, expected) => {
    expect(Money.isMedusaAmount(input)).toBe(true)
    expect(Money.fromMedusa(input).toString()).toBe(expected)
  })

  it("prefers the exact raw value over the float", () => {
    expect(Money.fromMedusa({ raw_: { value: "0.30000000000000000004" }, numeric_: 0.3 }).toFixed()).toBe(
      "0.30000000000000000004",
    )
  })

  it.each([[undefined], [null], [""], ["abc"], ["1e99999"], [Number.NaN], [Infinity], [{}], [{ value: "x" }], [[1]]])(
    "refuses %p, naming what it read",
    (input) => {
      expect(Money.isMedusaAmount(input)).toBe(false)
      expect(() => Money.fromMedusa(input, "amount")).toThrow(NotANumberError)
      expect(() => Money.fromMedusa(input, "amount")).toThrow(/^amount is not a number/)
    },
  )

  it("rounds to cents half up, whatever shape the amount came in (a provider's amount)", () => {
    expect(Money.fromMedusa(12.345).roundToCents().toFixed(2)).toBe("12.35")
    expect(Money.fromMedusa("100.005").roundToCents().toFixed(2)).toBe("100.01")
    const sum = Money.fromMedusa({ value: "0.1", precision: 20 }).roundToCents().plus(Money.fromMedusa("0.2"))
    expect(sum.eq("0.3")).toBe(true)
    expect(Money.fromMedusa(new BigNumber("99.994")).roundToCents().toFixed(2)).toBe("99.99")
    expect(() => Money.fromMedusa(undefined)).toThrow(/amount is not a number/)
  })
})

describe("Money.fromDecimal reads the service's decimal strings and nothing else", () => {
  it("reads them exactly", () => {
    expect(Money.fromDecimal("1250.00").toDecimal()).toBe("1250.00")
    expect(Money.fromDecimal("-0.50").toString()).toBe("-0.5")
    expect(Money.fromDecimal("7.").toDecimal()).toBe("7.00")
    expect(Money.fromDecimal("249.990000").toFixed(6)).toBe("249.990000")
    expect(Money.isDecimal("12.34")).toBe(true)
  })

  it.each([[""], [" 1"], ["1 "], ["+1"], [".5"], ["1e3"], ["1,5"], ["NaN"], ["Infinity"], ["0x10"], ["--1"]])(
    "refuses %p",
    (text) => {
      expect(Money.isDecimal(text)).toBe(false)
      expect(() => Money.fromDecimal(text, "gross_amount")).toThrow(NotANumberError)
      expect(() => Money.fromDecimal(text, "gross_amount")).toThrow(/^gross_amount is not a number/)
    },
  )

  it("refuses what is no string at all, and a malformed operand", () => {
    expect(() => Money.fromDecimal(12 as unknown as string)).toThrow(NotANumberError)
    expect(() => Money.ZERO.plus("1.2.3")).toThrow(NotANumberError)
  })
})

describe("Money.fromCents", () => {
  it("takes whole cents as a BigInt or a safe integer, and nothing else", () => {
    expect(Money.fromCents(1234n).toDecimal()).toBe("12.34")
    expect(Money.fromCents(-5).toDecimal()).toBe("-0.05")
    expect(Money.fromCents(0).eq(Money.ZERO)).toBe(true)
    expect(Money.fromCents(1234).toCents()).toBe(1234n)
    expect(() => Money.fromCents(1.5)).toThrow(RangeError)
    expect(() => Money.fromCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError)
  })
})

describe("Money's arithmetic is exact", () => {
  it("adds, subtracts and compares without floats", () => {
    const a = Money.fromMedusa(0.1)
    const b = Money.fromMedusa(0.2)
    expect(a.plus(b).toString()).toBe("0.3")
    expect(a.plus(b).eq("0.30")).toBe(true)
    expect(Money.fromDecimal("10.00").minus("0.01").toDecimal()).toBe("9.99")
    expect(Money.fromDecimal("1.10").compare("1.1")).toBe(0)
    expect(Money.fromDecimal("1.10").lt("1.11")).toBe(true)
    expect(Money.fromDecimal("-1").isNegative()).toBe(true)
    expect(Money.fromDecimal("0.00").isZero()).toBe(true)
    expect(Money.sum(["1.00", "2.50", Money.fromCents(1)]).toDecimal()).toBe("3.51")
    expect(Money.max(Money.fromCents(1), Money.fromCents(3), Money.fromCents(2)).toCents()).toBe(3n)
    expect(Money.min(Money.fromCents(1), Money.fromCents(3)).toCents()).toBe(1n)
  })

  it("multiplies by a quantity or a rate exactly, and divides rounding half up at the decimals asked", () => {
    expect(Money.fromDecimal("19.99").times(Exact.fromDecimal("3")).toDecimal()).toBe("59.97")
    expect(Money.fromDecimal("100.00").times(Exact.fromDecimal("0.200000")).toString()).toBe("20")
    expect(Money.fromDecimal("10.00").times(3n).toDecimal()).toBe("30.00")
    expect(Money.fromDecimal("10.00").dividedBy(Exact.of(3)).toString()).toBe("3.33333333333333333333")
    expect(Money.fromDecimal("20.00").dividedBy(3n).toString()).toBe("6.66666666666666666667")
    expect(Money.fromDecimal("10.00").dividedBy(Exact.of(3), 2).toDecimal()).toBe("3.33")
    expect(() => Money.fromDecimal("1").dividedBy(Exact.ZERO)).toThrow(RangeError)
  })

  it("divides as bignumber.js does at its 20 decimals", () => {
    const amount = fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n })
    const divisor = fc.bigInt({ min: 1n, max: 10n ** 9n })
    fc.assert(
      fc.property(amount, divisor, fc.integer({ min: 0, max: 6 }), (cents, d, decimals) => {
        const quotient = Money.fromCents(cents).dividedBy(Exact.of(d, decimals))
        const expected = new BigNumber(cents.toString())
          .shiftedBy(-2)
          .dividedBy(new BigNumber(d.toString()).shiftedBy(-decimals))
        expect(quotient.toString()).toBe(expected.toFixed())
      }),
      { numRuns: 1000 },
    )
  })

  it("equal values are equal objects (trailing zeros taken off)", () => {
    expect(Money.fromDecimal("12.50")).toEqual(Money.fromCents(1250))
    expect(Money.fromDecimal("12.50")).not.toEqual(Money.fromCents(1251))
    expect(JSON.stringify({ amount: Money.fromDecimal("12.50") })).toBe('{"amount":"12.5"}')
  })
})

describe("Money at the edge", () => {
  it("rounds half up, never shows -0.00", () => {
    expect(Money.fromDecimal("2.345").roundToCents().toString()).toBe("2.35")
    expect(Money.fromDecimal("2.3449999").roundToCents().toString()).toBe("2.34")
    expect(Money.fromDecimal("-2.345").roundToCents().toString()).toBe("-2.35")
    expect(Money.fromDecimal("1250").toDecimal()).toBe("1250.00")
    expect(Money.fromDecimal("-0.001").toDecimal()).toBe("0.00")
    expect(Money.fromDecimal("12.3456789").toFixed(6)).toBe("12.345679")
    expect(Money.fromDecimal("0.005").toFixed(2)).toBe("0.01")
  })

  it("gives whole cents only when it is whole cents", () => {
    expect(Money.fromDecimal("12.34").isWholeCents()).toBe(true)
    expect(Money.fromDecimal("12.345").isWholeCents()).toBe(false)
    expect(() => Money.fromDecimal("12.345").toCents()).toThrow(RangeError)
    expect(Money.fromDecimal("12.345").roundToCents().toCents()).toBe(1235n)
  })

  it("rounds and formats as bignumber.js ROUND_HALF_UP does", () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([n, decimals]) => new BigNumber(n.toString()).shiftedBy(-decimals).toFixed())
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 8 }), (text, decimals) => {
        const money = Money.fromDecimal(text)
        const expected = new BigNumber(text).decimalPlaces(decimals, BigNumber.ROUND_HALF_UP)
        expect(money.roundTo(decimals).toString()).toBe(expected.toFixed())
        if (!expected.isZero()) expect(money.toFixed(decimals)).toBe(expected.toFixed(decimals))
      }),
      { numRuns: 2000 },
    )
  })
})

describe("Money.split", () => {
  it("gives each part the total over the parts rounded down, the remainder on the last", () => {
    expect(
      Money.fromDecimal("100.00")
        .split(3)
        .map((m) => m.toDecimal()),
    ).toEqual(["33.33", "33.33", "33.34"])
    expect(
      Money.fromDecimal("0.02")
        .split(3)
        .map((m) => m.toDecimal()),
    ).toEqual(["0.00", "0.00", "0.02"])
    expect(() => Money.fromCents(1).split(0)).toThrow(RangeError)
  })

  it("property: the parts add up to the total exactly, and none is more than a part's share", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 1, max: 60 }), (cents, parts) => {
        const total = Money.fromCents(cents)
        const split = total.split(parts)
        expect(split).toHaveLength(parts)
        expect(Money.sum(split).eq(total)).toBe(true)
        for (const part of split.slice(0, -1)) expect(part.times(BigInt(parts)).lte(total)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})

describe("Money.allocate", () => {
  it("shares in proportion, the cents left to the largest remainders (ties: larger weight, then earlier)", () => {
    const shares = Money.fromDecimal("100.00").allocate(["31.10", "31.47", "125.94"].map((w) => Money.fromDecimal(w)))
    expect(shares.map((m) => m.toDecimal())).toEqual(["16.50", "16.69", "66.81"])
    const even = Money.fromDecimal("0.01").allocate([Money.fromCents(1), Money.fromCents(1)])
    expect(even.map((m) => m.toDecimal())).toEqual(["0.01", "0.00"])
    const larger = Money.fromDecimal("0.01").allocate([Money.fromCents(1), Money.fromCents(2), Money.fromCents(1)])
    expect(larger.map((m) => m.toDecimal())).toEqual(["0.00", "0.01", "0.00"])
    expect(() => Money.fromCents(1).allocate([Money.ZERO])).toThrow(RangeError)
  })

  const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => Money.fromCents(n))

  it("property: the shares add up to the amount exactly, each within a cent of its exact share", () => {
    fc.assert(
      fc.property(
        cents(10_000_000),
        fc.array(
          cents(1_000_000).filter((c) => c.isPositive()),
          { minLength: 1, maxLength: 8 },
        ),
        (amount, weights) => {
          const parts = amount.allocate(weights)
          expect(Money.sum(parts).toDecimal()).toBe(amount.toDecimal())
          const total = Money.sum(weights)
          parts.forEach((part, i) => {
            // amount x weight / total, exactly: compared at a scale where the division is exact enough.
            const exact = amount
              .times(Exact.fromDecimal(weights[i].toString()))
              .dividedBy(Exact.fromDecimal(total.toString()))
            expect(part.minus(exact).abs().lt("0.01")).toBe(true)
          })
        },
      ),
      { numRuns: 1000 },
    )
  })
})

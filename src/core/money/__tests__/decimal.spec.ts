import { BigNumber as MedusaBigNumber, MathBN } from "@medusajs/framework/utils"
import BigNumber from "bignumber.js"
import {
  DecimalError,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatTaxRate,
  formatUnitPrice,
  isDecimalLike,
  roundToCents,
  toDecimal,
  toDecimalOrUndefined,
} from "../decimal"
import { isAbsoluteHttpUrl } from "../../../utils/url"

describe("toDecimal reads every shape Medusa hands amounts in", () => {
  it.each([
    ["a number", 12.5, "12.5"],
    ["a string", " 12.3456789 ", "12.3456789"],
    ["a raw value", { value: "12.34567890123456789", precision: 20 }, "12.34567890123456789"],
    ["a raw value holding a number", { value: 7 }, "7"],
    ["Medusa's BigNumber", new MedusaBigNumber("0.10000000000000000001"), "0.10000000000000000001"],
    [
      "Medusa's BigNumber from a raw value",
      new MedusaBigNumber({ value: "3.14159265358979323846" }),
      "3.14159265358979323846",
    ],
    ["a bignumber.js value", new BigNumber("1e-7"), "1e-7"],
    ["a MathBN result", MathBN.div(10, 3), new BigNumber(10).dividedBy(3).toFixed()],
    ["an object with only a float", { numeric_: 4.2 }, "4.2"],
    [
      "Medusa's BigNumber after JSON and back",
      JSON.parse(JSON.stringify({ raw_: { value: "9.99" }, numeric_: 9.99 })),
      "9.99",
    ],
  ])("%s", (_, input, expected) => {
    expect(isDecimalLike(input)).toBe(true)
    expect(toDecimal(input).eq(expected)).toBe(true)
  })

  it("prefers the exact raw value over the float", () => {
    expect(toDecimal({ raw_: { value: "0.30000000000000000004" }, numeric_: 0.3 }).toFixed()).toBe(
      "0.30000000000000000004",
    )
  })

  it.each([[undefined], [null], [""], ["abc"], [Number.NaN], [Infinity], [{}], [{ value: "x" }], [[1]]])(
    "refuses %p",
    (input) => {
      expect(isDecimalLike(input)).toBe(false)
      expect(() => toDecimal(input, "amount")).toThrow(DecimalError)
      expect(() => toDecimal(input, "amount")).toThrow(/^amount is not a number/)
    },
  )

  it("toDecimalOrUndefined passes null and undefined through", () => {
    expect(toDecimalOrUndefined(null)).toBeUndefined()
    expect(toDecimalOrUndefined(undefined)).toBeUndefined()
    expect(toDecimalOrUndefined("1")!.eq(1)).toBe(true)
  })
})

describe("wire formats", () => {
  it("round half up, never show -0", () => {
    expect(roundToCents("2.345").toFixed()).toBe("2.35")
    expect(roundToCents("2.3449999").toFixed()).toBe("2.34")
    expect(formatMoney("1250")).toBe("1250.00")
    expect(formatMoney("-0.001")).toBe("0.00")
    expect(formatMoney(new BigNumber(-0))).toBe("0.00")
    expect(formatUnitPrice("12.3456789")).toBe("12.345679")
    expect(formatTaxRate("0.2")).toBe("0.200000")
    expect(formatTaxRate("0.0887512")).toBe("0.088751")
    expect(formatQuantity("2.50")).toBe("2.5")
    expect(formatPercent("7.5")).toBe("7.5")
  })
})

describe("isAbsoluteHttpUrl", () => {
  it.each([
    ["https://cdn.example/a.png", true],
    ["http://localhost:9000/static/a.png", true],
    ["/static/a.png", false],
    ["//cdn.example/a.png", false],
    ["data:image/png;base64,AAAA", false],
    ["javascript:alert(1)", false],
    ["https://cdn.example/a b.png", false],
    ["", false],
    [null, false],
  ])("%p → %p", (input, expected) => {
    expect(isAbsoluteHttpUrl(input)).toBe(expected)
  })
})

import { total } from "../read-medusa-state"

describe("Medusa's payment totals as the reconciliation reads them", () => {
  it("are exact: a computed total keeps its decimals (a capture above the payment's exact amount is refused)", () => {
    expect(total([{ raw_amount: { value: "1515.0876", precision: 20 } }])).toBe("1515.0876")
    expect(total([{ raw_amount: { value: "757.545", precision: 20 } }, { amount: 757.545 }])).toBe("1515.09")
  })

  it("add nothing up to 0", () => {
    expect(Number(total(undefined))).toBe(0)
    expect(Number(total([]))).toBe(0)
  })
})

import { total } from "../read-medusa-state"

describe("Medusa's payment totals as the reconciliation reads them", () => {
  it("are whole cents: a computed total Medusa kept with more decimals is not a cent short of the invoice", () => {
    expect(total([{ raw_amount: { value: "1515.0899999999999", precision: 20 } }])).toBe("1515.09")
    expect(total([{ raw_amount: { value: "757.545", precision: 20 } }, { amount: 757.545 }])).toBe("1515.09")
  })

  it("add nothing up to 0.00", () => {
    expect(total(undefined)).toBe("0.00")
    expect(total([])).toBe("0.00")
  })
})

import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { limitsOfData, storedFundingStatus, withCancelledInstalments } from "../plan-data"

const instalment = (id: string, repayment_amount: string) => ({
  id,
  invoice_issue_date: "2026-12-01",
  repayment_amount,
  status: "PENDING",
})

describe("a plan's session data", () => {
  it("answers the funding last read as Medusa's status, without a call", () => {
    expect(storedFundingStatus({ funding_status: "ACCEPTED" })).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(storedFundingStatus({ funding_status: "REJECTED" })).toBe(PaymentSessionStatus.ERROR)
    expect(storedFundingStatus({ funding_status: "PENDING" })).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
    expect(storedFundingStatus({})).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
  })

  it("marks the instalments invoiced up to the invoiced amount, in date order, and the rest cancelled", () => {
    const data = {
      plan_id: "plan_1",
      instalments: [instalment("i1", "33.33"), instalment("i2", "33.33"), instalment("i3", "33.34")],
    }
    expect(withCancelledInstalments(data, { invoiced_amount: "66.66" }).instalments?.map((i) => i.status)).toEqual([
      "INVOICED",
      "INVOICED",
      "CANCELLED",
    ])
    expect(withCancelledInstalments(data, { invoiced_amount: "0.00" }).instalments?.map((i) => i.status)).toEqual([
      "CANCELLED",
      "CANCELLED",
      "CANCELLED",
    ])
    // Exact cents: 33.33 + 33.33 + 33.34 is 100.00, every one invoiced.
    expect(withCancelledInstalments(data, { invoiced_amount: "100.00" }).instalments?.map((i) => i.status)).toEqual([
      "INVOICED",
      "INVOICED",
      "INVOICED",
    ])
    // Less than an instalment left: that one and the later ones are cancelled.
    expect(withCancelledInstalments(data, { invoiced_amount: "33.32" }).instalments?.map((i) => i.status)).toEqual([
      "CANCELLED",
      "CANCELLED",
      "CANCELLED",
    ])
    expect(withCancelledInstalments({ plan_id: "plan_2" }, { invoiced_amount: "10.00" })).toEqual({ plan_id: "plan_2" })
  })

  it("reads the credit check's limits back only when all four were kept", () => {
    const limits = {
      minimum_instalments: 3,
      maximum_instalments: 12,
      maximum_instalment_amount: "500.00",
      currency: "GBP",
    }
    expect(limitsOfData({ ...limits, session_id: "payses_1" })).toEqual(limits)
    expect(limitsOfData({ ...limits, currency: undefined })).toBeUndefined()
    expect(limitsOfData({ ...limits, maximum_instalment_amount: undefined })).toBeUndefined()
    expect(limitsOfData({ minimum_instalments: 3 })).toBeUndefined()
    expect(limitsOfData({})).toBeUndefined()
  })
})

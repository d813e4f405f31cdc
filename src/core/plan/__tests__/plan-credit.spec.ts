import BigNumber from "bignumber.js"
import fc from "fast-check"
import type { PlanStatus } from "../../../service/schemas"
import { creditableOf, hasCreditOf, planPlanCredit, withCredit } from "../plan-credit"

const status = (over: Partial<PlanStatus> = {}): PlanStatus => ({
  plan_id: "plan_1",
  funding_status: "ACCEPTED",
  fulfilment_status: "SUCCEEDED",
  total_repayment_amount: "300.00",
  on_recourse: false,
  invoiced_amount: "200.00",
  cancelled_amount: "0.00",
  credited_amount: "0.00",
  ...over,
})
const money = (c: number) => (c / 100).toFixed(2)

describe("a refund of a repayment plan", () => {
  it("knows a refund the data records already", () => {
    const data = { credits: [{ id: "cr_1", amount: "10.00", refund_reference: "ref_1" }] }
    expect(hasCreditOf(data, "ref_1")).toBe(true)
    expect(hasCreditOf(data, "ref_2")).toBe(false)
    expect(hasCreditOf({}, "ref_1")).toBe(false)
  })

  it("credits what was invoiced and not credited yet, and no more", () => {
    expect(creditableOf(status({ credited_amount: "50.00" }))?.toFixed(2)).toBe("150.00")
    expect(
      planPlanCredit({}, status(), { amount: new BigNumber("120.5"), refundId: "ref_1", currency: "GBP" }),
    ).toEqual({ action: "credit", amount: "120.50" })
    expect(
      planPlanCredit({}, status(), { amount: new BigNumber("200.00"), refundId: "ref_1", currency: "GBP" }),
    ).toEqual({ action: "credit", amount: "200.00" })
    const above = planPlanCredit({}, status({ credited_amount: "50.00" }), {
      amount: new BigNumber("150.01"),
      refundId: "ref_1",
      currency: "GBP",
    })
    expect(above).toEqual({
      action: "refuse",
      message:
        "Cannot refund 150.01 GBP of this repayment plan: 150.00 GBP is creditable (invoiced and not yet credited). " +
        "Instalments not yet invoiced are cancelled, not refunded.",
    })
    expect(planPlanCredit({}, status(), { amount: new BigNumber(0), refundId: "ref_1", currency: "GBP" }).action).toBe(
      "refuse",
    )
  })

  it(
    "adopts a credit whose answer was lost: credited at the service beyond " +
      "the data's credits by exactly this amount",
    () => {
      const data = { credits: [{ id: "cr_1", amount: "20.00", refund_reference: "ref_1" }] }
      const decision = planPlanCredit(data, status({ credited_amount: "50.00" }), {
        amount: new BigNumber("30"),
        refundId: "ref_2",
        currency: "GBP",
      })
      expect(decision).toMatchObject({ action: "adopt" })
      expect(decision.action === "adopt" && decision.data.credits).toEqual([
        { id: "cr_1", amount: "20.00", refund_reference: "ref_1" },
        { id: "unrecorded", amount: "30.00", refund_reference: "ref_2" },
      ])
      expect(decision.action === "adopt" && decision.data.credited_amount).toBe("50.00")
      // Another amount is a new credit.
      expect(
        planPlanCredit(data, status({ credited_amount: "50.00" }), {
          amount: new BigNumber("25"),
          refundId: "ref_2",
          currency: "GBP",
        }).action,
      ).toBe("credit")
    },
  )

  it("records a credit made, with the credited amount it adds up to", () => {
    const data = withCredit(
      { plan_id: "plan_1" },
      status({ credited_amount: "10.00" }),
      { id: "cr_2", amount: "15.50" },
      "ref_2",
    )
    expect(data.credited_amount).toBe("25.50")
    expect(data.credits).toEqual([{ id: "cr_2", amount: "15.50", refund_reference: "ref_2" }])
  })

  it("never credits more than was invoiced, over any sequence of refunds (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: -100, max: 6_000_000 }), { maxLength: 10 }),
        (invoiced, asks) => {
          let data = {}
          let credited = 0
          asks.forEach((ask, n) => {
            const now = status({ invoiced_amount: money(invoiced), credited_amount: money(credited) })
            const decision = planPlanCredit(data, now, {
              amount: new BigNumber(money(ask)),
              refundId: `ref_${n}`,
              currency: "GBP",
            })
            if (decision.action === "credit") {
              credited += Math.round(Number(decision.amount) * 100)
              data = withCredit(data, now, { id: `cr_${n}`, amount: decision.amount }, `ref_${n}`)
            } else if (decision.action === "adopt") {
              data = decision.data
            }
            expect(credited).toBeLessThanOrEqual(invoiced)
            if (decision.action === "credit") expect(ask).toBeGreaterThan(0)
          })
        },
      ),
    )
  })
})

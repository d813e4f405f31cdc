import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { planKeys } from "../../core/plan/plan-idempotency-keys"
import { creditPlan } from "../credit-plan"
import { fakes, PLAN_ID, planStatus, rejection, serviceError, serviceUnavailable, unreadableAnswer } from "./fakes"

const data: TradeCreditPlanData = {
  session_id: "payses_1",
  plan_id: PLAN_ID,
  currency: "GBP",
  funding_status: "ACCEPTED",
}

/** A plan fulfilled, 400.00 of it invoiced so far, `credited` credited. */
const invoiced = (credited: string | undefined = "0.00") =>
  planStatus({
    funding_status: "ACCEPTED",
    fulfilment_status: "SUCCEEDED",
    invoiced_amount: "400.00",
    credited_amount: credited,
  })

const credit = (amount: string) => ({ id: "crd_1", plan_id: PLAN_ID, amount, currency: "GBP" as const })

const refund = (amount: number) => ({ planId: PLAN_ID, refundId: "ref_1", currency: "GBP", amount, data })

describe("creditPlan", () => {
  it("reads the plan back, then credits the refund under a key of Medusa's refund id, and records it", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(invoiced())
    client.repayment.credit.mockResolvedValue(credit("100.00"))

    const stored = await creditPlan(deps, refund(100))

    expect(client.repayment.getStatus).toHaveBeenCalledWith(PLAN_ID)
    expect(client.repayment.credit).toHaveBeenCalledWith(PLAN_ID, "100.00", "GBP", "Medusa refund ref_1", {
      idempotencyKey: planKeys.credit("ref_1"),
    })
    expect(stored.credits).toEqual([{ id: "crd_1", amount: "100.00", refund_reference: "ref_1" }])
    expect(stored.credited_amount).toBe("100.00")
  })

  it("refuses, before any credit, more than was invoiced and not yet credited", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(invoiced())

    const error = await rejection(creditPlan(deps, refund(500)))

    expect(error.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
    expect(error.message).toMatch(/^Cannot refund 500\.00 GBP of this repayment plan: 400\.00 GBP is creditable/)
    expect(client.repayment.credit).not.toHaveBeenCalled()
  })

  it("adopts a credit whose answer was lost (credited at the service beyond what the data records)", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(invoiced("100.00"))

    const stored = await creditPlan(deps, refund(100))

    expect(client.repayment.credit).not.toHaveBeenCalled()
    expect(stored.credits).toEqual([{ id: "unrecorded", amount: "100.00", refund_reference: "ref_1" }])
  })

  it("a status that does not say what was invoiced leaves it to the service; its refusal in our words", async () => {
    const { deps, client, logger } = fakes()
    client.repayment.getStatus.mockResolvedValue(
      planStatus({ funding_status: "ACCEPTED", fulfilment_status: "SUCCEEDED" }),
    )
    client.repayment.credit.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(creditPlan(deps, refund(100)))

    expect(client.repayment.credit).toHaveBeenCalledTimes(1)
    expect(error.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
    expect(error.message).toMatch(/the service refused it as more than is creditable/)
    expect(logger.at("warn")).toEqual([
      expect.stringContaining(`refund_id=ref_1 plan_id=${PLAN_ID} code=TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE`),
    ])
  })

  it("an unreadable answer is asked once more with the same key and body, and the first credit adopted", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(invoiced())
    client.repayment.credit.mockRejectedValueOnce(unreadableAnswer()).mockResolvedValueOnce(credit("100.00"))

    const stored = await creditPlan(deps, refund(100))

    expect(client.repayment.credit).toHaveBeenCalledTimes(2)
    expect(client.repayment.credit.mock.calls[1]).toEqual(client.repayment.credit.mock.calls[0])
    expect(stored.credits).toHaveLength(1)
  })

  it("the service unavailable is mapped (credit the repayment plan)", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(invoiced())
    client.repayment.credit.mockRejectedValue(serviceUnavailable())

    const error = await rejection(creditPlan(deps, refund(100)))

    expect(error.message).toMatch(/^The trade credit service could not credit the repayment plan right now/)
  })

  it("a failed read-back is mapped (read the plan), and nothing is credited", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockRejectedValue(serviceUnavailable())

    const error = await rejection(creditPlan(deps, refund(100)))

    expect(error.message).toMatch(/^The trade credit service could not read the plan right now/)
    expect(client.repayment.credit).not.toHaveBeenCalled()
  })
})

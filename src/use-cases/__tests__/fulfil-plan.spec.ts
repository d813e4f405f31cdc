import { planKeys } from "../../core/plan/plan-idempotency-keys"
import { fulfilPlan } from "../fulfil-plan"
import { fakes, PLAN_ID, planStatus, rejection, serviceError, serviceUnavailable } from "./fakes"

/** Medusa's capture row of the plan's payment. */
const capture = (id: string, amount: string) => ({
  id,
  payment_id: "pay_1",
  amount: Number(amount),
  raw_amount: { value: amount, precision: 20 },
})

const refusedTwice = () => serviceError({ code: "INVALID_STATE", status: 409 })

describe("fulfilPlan", () => {
  it("fulfils the whole plan under a key of Medusa's capture id, and answers the plan's status", async () => {
    const { deps, client } = fakes({ captures: [capture("capt_1", "1200.00")] })
    const status = planStatus({ funding_status: "ACCEPTED", fulfilment_status: "PENDING" })
    client.repayment.fulfil.mockResolvedValue(status)

    await expect(fulfilPlan(deps, { planId: PLAN_ID, captureId: "capt_1", grossAmount: "1200.00" })).resolves.toBe(
      status,
    )
    expect(client.repayment.fulfil).toHaveBeenCalledWith(PLAN_ID, { idempotencyKey: planKeys.fulfil("capt_1") })
  })

  it("without a capture id (the reconciliation) the key is the plan's", async () => {
    const { deps, client, payments } = fakes()
    client.repayment.fulfil.mockResolvedValue(planStatus({ funding_status: "ACCEPTED", fulfilment_status: "PENDING" }))

    await fulfilPlan(deps, { planId: PLAN_ID, captureId: undefined, grossAmount: "1200.00" })

    expect(client.repayment.fulfil).toHaveBeenCalledWith(PLAN_ID, { idempotencyKey: planKeys.fulfil(PLAN_ID) })
    expect(payments.listCaptures).not.toHaveBeenCalled()
  })

  it("refuses, before any call, a capture of less than the plan's total: a plan is fulfilled whole", async () => {
    const { deps, client } = fakes({ captures: [capture("capt_1", "500.00")] })

    const error = await rejection(fulfilPlan(deps, { planId: PLAN_ID, captureId: "capt_1", grossAmount: "1200.00" }))

    expect(error.code).toBe("TRADE_CREDIT_PLAN_CAPTURE_WHOLE")
    expect(error.message).toBe("A repayment plan is fulfilled whole: capture the full 1200.00, not 500.00")
    expect(client.repayment.fulfil).not.toHaveBeenCalled()
  })

  it.each(["PENDING", "SUCCEEDED"])(
    "a plan the service refuses to fulfil again is read back; its fulfilment (%s) is adopted",
    async (fulfilment) => {
      const { deps, client } = fakes({ captures: [capture("capt_2", "1200.00")] })
      client.repayment.fulfil.mockRejectedValue(refusedTwice())
      const status = planStatus({ funding_status: "ACCEPTED", fulfilment_status: fulfilment })
      client.repayment.getStatus.mockResolvedValue(status)

      await expect(fulfilPlan(deps, { planId: PLAN_ID, captureId: "capt_2", grossAmount: "1200.00" })).resolves.toBe(
        status,
      )
      expect(client.repayment.getStatus).toHaveBeenCalledWith(PLAN_ID)
    },
  )

  it("a refusal the read-back does not explain is the fulfilment's failure, mapped and logged once", async () => {
    const { deps, client, logger } = fakes({ captures: [capture("capt_1", "1200.00")] })
    client.repayment.fulfil.mockRejectedValue(refusedTwice())
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "PENDING" }))

    const error = await rejection(fulfilPlan(deps, { planId: PLAN_ID, captureId: "capt_1", grossAmount: "1200.00" }))

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to fulfil the repayment plan (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([
      expect.stringContaining(`capture_id=capt_1 plan_id=${PLAN_ID} code=TRADE_CREDIT_REFUSED`),
    ])
  })

  it("the service unavailable: TRADE_CREDIT_UNAVAILABLE, nothing read back", async () => {
    const { deps, client } = fakes({ captures: [capture("capt_1", "1200.00")] })
    client.repayment.fulfil.mockRejectedValue(serviceUnavailable())

    const error = await rejection(fulfilPlan(deps, { planId: PLAN_ID, captureId: "capt_1", grossAmount: "1200.00" }))

    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(client.repayment.getStatus).not.toHaveBeenCalled()
  })
})

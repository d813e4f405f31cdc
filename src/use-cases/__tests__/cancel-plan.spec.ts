import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { planKeys } from "../../core/plan/plan-idempotency-keys"
import { cancelPlan, cancelPlanOfDeletedSession } from "../cancel-plan"
import {
  ACCOUNT_ID,
  fakes,
  PLAN_ID,
  type PlanSessionRow,
  planStatus,
  rejection,
  serviceError,
  serviceUnavailable,
} from "./fakes"

const SESSION = "payses_01PLAN"

const instalment = (month: number) => ({
  id: `inst-${month}`,
  invoice_issue_date: `2027-0${month}-01`,
  repayment_amount: "400.00",
  status: "PLANNED",
})

/** A funded plan's data: three instalments of 400.00. */
const planData = (extra: Partial<TradeCreditPlanData> = {}): TradeCreditPlanData => ({
  session_id: SESSION,
  plan_id: PLAN_ID,
  account_id: ACCOUNT_ID,
  funding_status: "ACCEPTED",
  instalments: [instalment(1), instalment(2), instalment(3)],
  ...extra,
})

const authorizedRow = (): PlanSessionRow => ({
  id: "tcrps_1",
  plan_id: PLAN_ID,
  session_id: SESSION,
  account_id: ACCOUNT_ID,
  amount: "1200.00",
  currency: "GBP",
  state: "authorized",
  funding_status: "ACCEPTED",
})

/** The cancellation as the service answers it (nothing of it is read: the plan's status is read back). */
const cancellation = {
  id: "cxl_1",
  cancelled_at: "2026-11-25T10:00:00Z",
  cancelled_repayment_amount: null,
  currency: null,
  cancel_reason: "TERMINATED",
}

describe("cancelPlan", () => {
  it("cancels the instalments not yet invoiced, marks the row, then reads the plan back", async () => {
    const { deps, client, plugin, logger } = fakes({ planSessions: [authorizedRow()] })
    client.repayment.cancel.mockResolvedValue(cancellation)
    client.repayment.getStatus.mockResolvedValue(
      planStatus({ funding_status: "ACCEPTED", fulfilment_status: "SUCCEEDED", invoiced_amount: "400.00" }),
    )

    const data = await cancelPlan(deps, planData(), PLAN_ID, "Cancelled in the shop")

    const [planId, reason, at, { idempotencyKey }] = client.repayment.cancel.mock.calls[0]
    expect([planId, reason]).toEqual([PLAN_ID, "TERMINATED"])
    expect(idempotencyKey).toBe(planKeys.cancel(PLAN_ID, { at }))
    expect(plugin.planSessions.rows[0].state).toBe("canceled")
    expect(client.repayment.getStatus).toHaveBeenCalledWith(PLAN_ID)
    expect(data).toMatchObject({ canceled: true, fulfilment_status: "SUCCEEDED", invoiced_amount: "400.00" })
    expect(data.instalments?.map((i) => i.status)).toEqual(["INVOICED", "CANCELLED", "CANCELLED"])
    expect(logger.at("info")).toEqual([
      `trade-credit: cancelled plan ${PLAN_ID}: Cancelled in the shop payment_session_id=${SESSION} plan_id=${PLAN_ID}`,
    ])
  })

  it("a plan invoiced in full (the service's 409) is to be refunded instead: nothing marked or read", async () => {
    const { deps, client, plugin } = fakes({ planSessions: [authorizedRow()] })
    client.repayment.cancel.mockRejectedValue(serviceError({ code: "CONFLICT", status: 409 }))

    const error = await rejection(cancelPlan(deps, planData(), PLAN_ID, "Cancelled in the shop"))

    expect(error.code).toBe("TRADE_CREDIT_CANCEL_AFTER_FULFILMENT")
    expect(error.message).toMatch(/refund it instead/)
    expect(plugin.planSessions.rows[0].state).toBe("authorized")
    expect(client.repayment.getStatus).not.toHaveBeenCalled()
  })

  it("any other failure is mapped and logged once, as `call` would (cancel the repayment plan)", async () => {
    const { deps, client, plugin, logger } = fakes({ planSessions: [authorizedRow()] })
    client.repayment.cancel.mockRejectedValue(serviceUnavailable())

    const error = await rejection(cancelPlan(deps, planData(), PLAN_ID, "Cancelled in the shop"))

    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(error.message).toBe(
      "The trade credit service could not cancel the repayment plan right now (TRADE_CREDIT_UNAVAILABLE). " +
        "Please try again.",
    )
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(/^trade-credit: could not cancel the repayment plan: SERVER_ERROR 503 /),
    ])
    expect(plugin.planSessions.rows[0].state).toBe("authorized")
  })

  it("a failed read-back after the cancellation is mapped (read the plan)", async () => {
    const { deps, client } = fakes({ planSessions: [authorizedRow()] })
    client.repayment.cancel.mockResolvedValue(cancellation)
    client.repayment.getStatus.mockRejectedValue(serviceUnavailable())

    const error = await rejection(cancelPlan(deps, planData(), PLAN_ID, "Cancelled in the shop"))

    expect(error.message).toMatch(/^The trade credit service could not read the plan right now/)
  })
})

describe("cancelPlanOfDeletedSession", () => {
  it("a session without a plan, or whose plan was cancelled, is left as it is: no call", async () => {
    const { deps, client } = fakes()
    const none = { session_id: SESSION }
    const cancelled = planData({ canceled: true })

    await expect(cancelPlanOfDeletedSession(deps, none)).resolves.toBe(none)
    await expect(cancelPlanOfDeletedSession(deps, cancelled)).resolves.toBe(cancelled)
    expect(client.repayment.getStatus).not.toHaveBeenCalled()
  })

  it("reads the plan first: a funded plan belongs to a payment and is not cancelled", async () => {
    const { deps, client } = fakes()
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "ACCEPTED" }))

    const data = await cancelPlanOfDeletedSession(deps, planData({ funding_status: "PENDING" }))

    expect(data.funding_status).toBe("ACCEPTED")
    expect(client.repayment.cancel).not.toHaveBeenCalled()
  })

  it("cancels a plan never funded nor fulfilled", async () => {
    const { deps, client } = fakes({ planSessions: [{ ...authorizedRow(), state: "pending" }] })
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "PENDING" }))
    client.repayment.cancel.mockResolvedValue(cancellation)

    const data = await cancelPlanOfDeletedSession(deps, planData({ funding_status: "PENDING" }))

    expect(client.repayment.cancel).toHaveBeenCalledTimes(1)
    expect(data.canceled).toBe(true)
  })

  it("best effort: a failure is logged with the ids, and the session goes regardless", async () => {
    const { deps, client, logger } = fakes()
    client.repayment.getStatus.mockRejectedValue(serviceUnavailable())
    const data = planData({ funding_status: "PENDING" })

    await expect(cancelPlanOfDeletedSession(deps, data)).resolves.toBe(data)
    expect(logger.at("warn")).toEqual([
      expect.stringContaining(`could not cancel plan ${PLAN_ID} of a deleted session`),
    ])
  })
})

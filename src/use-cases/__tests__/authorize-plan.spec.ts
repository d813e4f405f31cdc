import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { authorizePlan } from "../authorize-plan"
import {
  ACCOUNT_ID,
  CART_GROSS,
  checkoutCart,
  fakes,
  PLAN_ID,
  type PlanSessionRow,
  planStatus,
  rejection,
  repaymentPlan,
  serviceError,
  serviceUnavailable,
} from "./fakes"

const SESSION = "payses_01PLAN"

const checkedPlan = (extra: Partial<TradeCreditPlanData> = {}): TradeCreditPlanData => ({
  session_id: SESSION,
  company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
  number_of_periods: 3,
  account_id: ACCOUNT_ID,
  gross_amount: CART_GROSS,
  currency: "GBP",
  minimum_instalments: 3,
  maximum_instalments: 12,
  maximum_instalment_amount: "1000.00",
  ...extra,
})

/** The plugin's record of the plan, as createPlan left it. */
const pendingRow = (): PlanSessionRow => ({
  id: "tcrps_1",
  plan_id: PLAN_ID,
  session_id: SESSION,
  account_id: ACCOUNT_ID,
  amount: CART_GROSS,
  currency: "GBP",
  state: "pending",
  funding_status: "PENDING",
})

describe("authorizePlan", () => {
  it("creates the plan and places the order with the payment pending: no read of a funding just asked", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    client.repayment.createPlan.mockResolvedValue(repaymentPlan())

    const { status, data } = await authorizePlan(deps, SESSION, checkedPlan())

    expect(status).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
    expect(data).toMatchObject({ plan_id: PLAN_ID, funding_status: "PENDING", number_of_periods: 3 })
    expect(data.instalments).toHaveLength(3)
    expect(client.repayment.getStatus).not.toHaveBeenCalled()
  })

  it("a plan an earlier attempt made (its answer lost) has its funding read: ACCEPTED authorizes", async () => {
    const { deps, client, plugin } = fakes({ cart: checkoutCart() })
    client.repayment.createPlan.mockRejectedValue(
      serviceError({ code: "CONFLICT", status: 409, details: `reference held by plan ${PLAN_ID}` }),
    )
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "ACCEPTED" }))

    const { status, data } = await authorizePlan(deps, SESSION, checkedPlan())

    expect(status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(data).toMatchObject({ plan_id: PLAN_ID, funding_status: "ACCEPTED" })
    expect(client.repayment.getStatus).toHaveBeenCalledWith(PLAN_ID)
    expect(plugin.planSessions.rows[0]).toMatchObject({ state: "authorized", funding_status: "ACCEPTED" })
  })

  it("a plan whose funding is ACCEPTED authorizes the payment, and the plugin's row says so", async () => {
    const { deps, client, plugin } = fakes({ planSessions: [pendingRow()] })
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "ACCEPTED" }))

    const { status } = await authorizePlan(deps, SESSION, checkedPlan({ plan_id: PLAN_ID }))

    expect(status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(client.repayment.createPlan).not.toHaveBeenCalled()
    expect(plugin.planSessions.update).toHaveBeenCalledWith({
      id: "tcrps_1",
      state: "authorized",
      funding_status: "ACCEPTED",
    })
  })

  it("a funding REJECTED refuses with the reason in the buyer's words, and marks the row rejected", async () => {
    const { deps, client, plugin, logger } = fakes({ planSessions: [pendingRow()] })
    client.repayment.getStatus.mockResolvedValue(
      planStatus({ funding_status: "REJECTED", credit_decline_reason: "BUYER_LIMIT_EXCEEDED" }),
    )

    const error = await rejection(authorizePlan(deps, SESSION, checkedPlan({ plan_id: PLAN_ID })))

    expect(error.code).toBe("TRADE_CREDIT_DECLINED")
    expect(plugin.planSessions.rows[0]).toMatchObject({ state: "rejected", funding_status: "REJECTED" })
    expect(logger.at("info")).toEqual([expect.stringContaining(`plan_id=${PLAN_ID} code=TRADE_CREDIT_DECLINED`)])
  })

  it("a funding still PENDING stays pending: the webhook or the polling job decides later", async () => {
    const { deps, client, plugin } = fakes({ planSessions: [pendingRow()] })
    client.repayment.getStatus.mockResolvedValue(planStatus({ funding_status: "PENDING" }))

    const { status, data } = await authorizePlan(deps, SESSION, checkedPlan({ plan_id: PLAN_ID }))

    expect(status).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
    expect(data.funding_status).toBe("PENDING")
    expect(plugin.planSessions.update).not.toHaveBeenCalled()
  })

  it("a failed read of the funding is mapped (read the plan's funding)", async () => {
    const { deps, client } = fakes({ planSessions: [pendingRow()] })
    client.repayment.getStatus.mockRejectedValue(serviceUnavailable())

    const error = await rejection(authorizePlan(deps, SESSION, checkedPlan({ plan_id: PLAN_ID })))

    expect(error.message).toMatch(/^The trade credit service could not read the plan's funding right now/)
  })
})

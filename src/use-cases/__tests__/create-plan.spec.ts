import { CART_FIELDS } from "../../core/order/cart-fields"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { planKeys } from "../../core/plan/plan-idempotency-keys"
import { PlanRequest } from "../../service/schemas/repayment"
import { createPlan } from "../create-plan"
import {
  ACCOUNT_ID,
  CART_GROSS,
  checkoutCart,
  fakes,
  PLAN_ID,
  rejection,
  repaymentPlan,
  serviceError,
  serviceUnavailable,
} from "./fakes"

const SESSION = "payses_01PLAN"

/** The session data after the buyer's credit check (check-plan-buyer.ts), with the storefront's chosen months. */
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

describe("createPlan", () => {
  it("creates the plan from the cart read now, its reference the session, and records it with it", async () => {
    const { deps, client, readCart, plugin } = fakes({ cart: checkoutCart() })
    const plan = repaymentPlan()
    client.repayment.createPlan.mockResolvedValue(plan)

    await expect(createPlan(deps, SESSION, checkedPlan())).resolves.toBe(plan)

    expect(readCart).toHaveBeenCalledWith(SESSION, CART_FIELDS)
    const [body, { idempotencyKey }] = client.repayment.createPlan.mock.calls[0]
    expect(PlanRequest.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({
      reference: SESSION,
      account_id: ACCOUNT_ID,
      currency: "GBP",
      terms: { number_of_periods: 3, period: "MONTHLY" },
    })
    expect(idempotencyKey).toBe(planKeys.createPlan(SESSION, body))
    expect(plugin.planSessions.rows).toEqual([
      expect.objectContaining({
        plan_id: PLAN_ID,
        session_id: SESSION,
        account_id: ACCOUNT_ID,
        amount: CART_GROSS,
        currency: "GBP",
        state: "pending",
        funding_status: "PENDING",
      }),
    ])
  })

  it("a retry whose first answer was lost finds the plan by the service's 409 (the reference is held)", async () => {
    const { deps, client, plugin } = fakes({ cart: checkoutCart() })
    client.repayment.createPlan.mockRejectedValue(
      serviceError({ code: "CONFLICT", status: 409, details: `reference held by plan ${PLAN_ID}` }),
    )

    await expect(createPlan(deps, SESSION, checkedPlan())).resolves.toEqual({ id: PLAN_ID, existing: true })
    expect(plugin.planSessions.rows).toEqual([expect.objectContaining({ plan_id: PLAN_ID, session_id: SESSION })])
  })

  it("a plan recorded already (a retried completion) is not recorded twice", async () => {
    const row = {
      id: "tcrps_1",
      plan_id: PLAN_ID,
      session_id: SESSION,
      account_id: ACCOUNT_ID,
      amount: CART_GROSS,
      currency: "GBP",
      state: "pending" as const,
      funding_status: "PENDING" as const,
    }
    const { deps, client, plugin } = fakes({ cart: checkoutCart(), planSessions: [row] })
    client.repayment.createPlan.mockResolvedValue(repaymentPlan())

    await createPlan(deps, SESSION, checkedPlan())

    expect(plugin.planSessions.create).not.toHaveBeenCalled()
    expect(plugin.planSessions.rows).toHaveLength(1)
  })

  it("any other refusal is mapped, logged once with the session, as `call` would; nothing recorded", async () => {
    const { deps, client, logger, plugin } = fakes({ cart: checkoutCart() })
    client.repayment.createPlan.mockRejectedValue(serviceError({ code: "BAD_REQUEST", status: 400 }))

    const error = await rejection(createPlan(deps, SESSION, checkedPlan()))

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to create the repayment plan (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(
        /^trade-credit: could not create the repayment plan: BAD_REQUEST 400 .* payment_session_id=payses_01PLAN /,
      ),
    ])
    expect(plugin.planSessions.rows).toEqual([])
  })

  it("the service unavailable: TRADE_CREDIT_UNAVAILABLE", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    client.repayment.createPlan.mockRejectedValue(serviceUnavailable())

    await expect(createPlan(deps, SESSION, checkedPlan())).rejects.toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE" })
  })

  it("refuses a buyer who was not credit-checked, before reading anything", async () => {
    const { deps, client, readCart } = fakes({ cart: checkoutCart() })

    const error = await rejection(createPlan(deps, SESSION, checkedPlan({ account_id: undefined })))

    expect(error.code).toBe("INVALID_SESSION_DATA")
    expect(error.message).toMatch(/was not credit-checked/)
    expect(readCart).not.toHaveBeenCalled()
    expect(client.repayment.createPlan).not.toHaveBeenCalled()
  })

  it("refuses a number of months the credit check does not allow", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })

    const error = await rejection(createPlan(deps, SESSION, checkedPlan({ number_of_periods: 24 })))

    expect(error.code).toBe("INVALID_SESSION_DATA")
    expect(client.repayment.createPlan).not.toHaveBeenCalled()
  })

  it("refuses a cart that changed since the credit check (the session is started again)", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })

    const error = await rejection(createPlan(deps, SESSION, checkedPlan({ gross_amount: "40.00" })))

    expect(error.code).toBe("INVALID_AMOUNT")
    expect(error.message).toMatch(/the cart changed/)
    expect(client.repayment.createPlan).not.toHaveBeenCalled()
  })
})

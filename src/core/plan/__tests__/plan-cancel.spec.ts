import { planCancelOfCanceledOrder } from "../plan-cancel"

describe("planCancelOfCanceledOrder", () => {
  const pending = {
    orderStatus: "canceled",
    sessionData: { plan_id: "plan_1", funding_status: "PENDING" as const },
    rowState: "pending" as const,
    hasPayment: false,
  }

  it(
    "cancels the plan of a cancelled order that has no payment, its funding " +
      "pending or accepted after the cancellation",
    () => {
      expect(planCancelOfCanceledOrder(pending)).toEqual({ cancel: true, planId: "plan_1" })
      expect(
        planCancelOfCanceledOrder({
          ...pending,
          sessionData: { plan_id: "plan_1", funding_status: "ACCEPTED" },
          rowState: "authorized",
        }),
      ).toEqual({
        cancel: true,
        planId: "plan_1",
      })
      // No row (a plan recorded before the table existed): the session's plan still counts.
      expect(planCancelOfCanceledOrder({ ...pending, rowState: undefined })).toEqual({ cancel: true, planId: "plan_1" })
    },
  )

  it("leaves a live order, a session without a plan, a paid plan, a cancelled and a rejected plan alone", () => {
    expect(planCancelOfCanceledOrder({ ...pending, orderStatus: "pending" })).toMatchObject({
      cancel: false,
      why: expect.stringMatching(/not canceled/),
    })
    expect(planCancelOfCanceledOrder({ ...pending, orderStatus: undefined })).toMatchObject({ cancel: false })
    expect(planCancelOfCanceledOrder({ ...pending, sessionData: {} })).toMatchObject({
      cancel: false,
      why: "the session made no plan",
    })
    expect(planCancelOfCanceledOrder({ ...pending, hasPayment: true })).toMatchObject({
      cancel: false,
      why: expect.stringMatching(/has a payment/),
    })
    expect(planCancelOfCanceledOrder({ ...pending, rowState: "canceled" })).toMatchObject({
      cancel: false,
      why: expect.stringMatching(/cancelled already/),
    })
    expect(
      planCancelOfCanceledOrder({ ...pending, sessionData: { plan_id: "plan_1", cancelled: true } }),
    ).toMatchObject({ cancel: false })
    expect(planCancelOfCanceledOrder({ ...pending, rowState: "rejected" })).toMatchObject({
      cancel: false,
      why: expect.stringMatching(/rejected/),
    })
    expect(
      planCancelOfCanceledOrder({ ...pending, sessionData: { plan_id: "plan_1", funding_status: "REJECTED" } }),
    ).toMatchObject({ cancel: false })
  })
})

import type { PlanStatus } from "../../../service/schemas"
import { planDataDiffers, planInstalmentRepair } from "../plan-instalment-repair"
import type { MedusaPaymentState, PlanPaymentState } from "../types"

const status = (overrides: Partial<PlanStatus> = {}): PlanStatus => ({
  plan_id: "pln_1",
  funding_status: "ACCEPTED",
  fulfilment_status: "NOT_INITIATED",
  total_repayment_amount: "1200.00",
  on_recourse: false,
  invoiced_amount: "0.00",
  cancelled_amount: "0.00",
  credited_amount: "0.00",
  ...overrides,
})

const row = (state: PlanPaymentState["row"]["state"] = "pending"): PlanPaymentState["row"] => ({
  id: "tcpls_1",
  plan_id: "pln_1",
  session_id: "payses_1",
  state,
  amount: "1200.00",
})

/** The plan's session as Medusa has it, with the order placed while funding was pending (no payment yet). */
function medusa(overrides: Partial<MedusaPaymentState> = {}, sessionStatus = "pending"): MedusaPaymentState {
  return {
    session: { id: "payses_1", provider_id: "pp_trade-credit-plan_default", status: sessionStatus, data: {} },
    payment: null,
    cart: { id: "cart_1", completed_at: "2026-11-26T10:00:00Z" },
    order: { id: "order_1", status: "pending", live_fulfillments: 0 },
    ...overrides,
  }
}

/** An authorized, paid plan whose payment data matches `paid` status. */
function paid(s: PlanStatus, payment: Partial<NonNullable<MedusaPaymentState["payment"]>> = {}): MedusaPaymentState {
  const data = {
    plan_id: s.plan_id,
    funding_status: s.funding_status,
    fulfilment_status: s.fulfilment_status,
    invoiced_amount: s.invoiced_amount,
    credited_amount: s.credited_amount,
    cancelled_amount: s.cancelled_amount,
  }
  return medusa(
    { payment: { id: "pay_1", captured_at: null, canceled_at: null, data, captured: "0", refunded: "0", ...payment } },
    "authorized",
  )
}

describe("planInstalmentRepair (the instalment plans' case of the planner)", () => {
  it("does nothing while funding is pending", () => {
    expect(planInstalmentRepair({ row: row(), medusa: medusa() }, status({ funding_status: "PENDING" }))).toEqual({
      found: "funding pending at the service",
      actions: [],
      reports: [],
    })
  })

  it("authorizes an accepted plan's session and marks its row, once", () => {
    const first = planInstalmentRepair({ row: row(), medusa: medusa() }, status())
    expect(first.actions).toEqual([
      { type: "authorize_plan_session", amount: "1200.00" },
      { type: "mark_plan_row", state: "authorized" },
    ])
    // Authorized by the webhook, the row not marked yet (the poll's case): only the row.
    const marked = planInstalmentRepair({ row: row(), medusa: paid(status()) }, status())
    expect(marked.actions).toEqual([{ type: "mark_plan_row", state: "authorized" }])
    // Both done: in sync.
    expect(planInstalmentRepair({ row: row("authorized"), medusa: paid(status()) }, status())).toEqual({
      found: "in sync (funding accepted, fulfilment NOT_INITIATED)",
      actions: [],
      reports: [],
    })
  })

  it(
    "authorizes nothing when funding is accepted after the unpaid order or " +
      "the plan was cancelled (issue 36, defect 4)",
    () => {
      const canceledOrder = medusa({ order: { id: "order_1", status: "canceled", live_fulfillments: 0 } })
      // The plugin cancelled the plan at the service when the order was cancelled: nothing to do.
      expect(planInstalmentRepair({ row: row("canceled"), medusa: canceledOrder }, status())).toEqual({
        found: "funding accepted at the service after order order_1 was cancelled: nothing authorized",
        actions: [],
        reports: [],
      })
      // The order was cancelled but its plan is not cancelled at the service yet: still nothing authorized, and said.
      const notYet = planInstalmentRepair({ row: row(), medusa: canceledOrder }, status())
      expect(notYet.actions).toEqual([])
      expect(notYet.reports).toEqual([
        expect.stringMatching(
          /^plan pln_1 was funded after order order_1 was cancelled and is not cancelled at the service yet/,
        ),
      ])
      // The plan cancelled (its row, or the session's mark) while the order lives on: nothing authorized either.
      expect(planInstalmentRepair({ row: row("canceled"), medusa: medusa() }, status())).toMatchObject({
        actions: [],
        reports: [],
        found: expect.stringMatching(/after plan pln_1 was cancelled/),
      })
      const marked = medusa({
        session: {
          id: "payses_1",
          provider_id: "pp_trade-credit-plan_default",
          status: "pending",
          data: { canceled: true },
        },
      })
      expect(planInstalmentRepair({ row: row(), medusa: marked }, status()).actions).toEqual([])
      // A paid plan whose order was cancelled afterwards is the payment's case, as before (its data follows the plan).
      const paidThenCanceled = { ...paid(status()), order: { id: "order_1", status: "canceled", live_fulfillments: 0 } }
      expect(planInstalmentRepair({ row: row("authorized"), medusa: paidThenCanceled }, status()).found).toBe(
        "in sync (funding accepted, fulfilment NOT_INITIATED)",
      )
    },
  )

  it("fails a rejected plan's session and cancels its unpaid order, and leaves a rejected, settled plan alone", () => {
    const rejected = status({ funding_status: "REJECTED", credit_decline_reason: "TOO_HIGH_RISK" })
    expect(planInstalmentRepair({ row: row(), medusa: medusa() }, rejected).actions).toEqual([
      { type: "reject_plan_session", reason: "TOO_HIGH_RISK" },
      { type: "mark_plan_row", state: "rejected" },
    ])
    // The session failed but the order survived (a failure between the two): rejected again, which cancels it.
    expect(planInstalmentRepair({ row: row("rejected"), medusa: medusa({}, "error") }, rejected).actions).toEqual([
      { type: "reject_plan_session", reason: "TOO_HIGH_RISK" },
    ])
    const settled = medusa({ order: { id: "order_1", status: "canceled", live_fulfillments: 0 } }, "error")
    expect(planInstalmentRepair({ row: row("rejected"), medusa: settled }, rejected)).toMatchObject({
      actions: [],
      reports: [],
    })
  })

  it("reports a rejection after Medusa authorized the payment, and does not cancel anything", () => {
    const rejected = status({ funding_status: "REJECTED" })
    const plan = planInstalmentRepair({ row: row("authorized"), medusa: paid(status()) }, rejected)
    expect(plan.actions).toEqual([{ type: "mark_plan_row", state: "rejected" }])
    expect(plan.reports).toEqual([
      expect.stringContaining("rejected at the service after Medusa authorized its payment pay_1"),
    ])
  })

  it("retires the row of a plan whose session is gone, whatever the decision", () => {
    for (const funding_status of ["ACCEPTED", "REJECTED"] as const) {
      expect(planInstalmentRepair({ row: row(), medusa: undefined }, status({ funding_status })).actions).toEqual([
        { type: "mark_plan_row", state: "canceled" },
      ])
    }
  })

  it(
    "copies the plan's fulfilment and amounts into the payment's data, records " +
      "a fulfilment Medusa lacks, and reports what it cannot record",
    () => {
      const fulfilled = status({ fulfilment_status: "SUCCEEDED", invoiced_amount: "200.00" })
      // Fulfilled at the service, nothing captured in Medusa (the capture's answers were lost): data synced, the
      // capture recorded.
      const lost = planInstalmentRepair({ row: row("authorized"), medusa: paid(status()) }, fulfilled)
      expect(lost.actions).toEqual([
        {
          type: "sync_plan_payment_data",
          payment_id: "pay_1",
          data: expect.objectContaining({ fulfilment_status: "SUCCEEDED", invoiced_amount: "200.00" }),
        },
        { type: "record_plan_capture", payment_id: "pay_1", amount: "1200.00" },
      ])
      expect(lost.reports).toEqual([])
      // The payment's authorized amount when read; a PENDING fulfilment (payout under way) is the service's too.
      const pendingFulfilment = status({ fulfilment_status: "PENDING" })
      const authorized = paid(status())
      authorized.payment!.authorized = "1199.99"
      expect(
        planInstalmentRepair({ row: row("authorized"), medusa: authorized }, pendingFulfilment).actions,
      ).toContainEqual({
        type: "record_plan_capture",
        payment_id: "pay_1",
        amount: "1199.99",
      })
      // A cancelled Medusa order is not captured: reported for a person.
      const canceledOrder = paid(status())
      canceledOrder.order = { id: "order_1", status: "canceled", live_fulfillments: 0 }
      const left = planInstalmentRepair({ row: row("authorized"), medusa: canceledOrder }, fulfilled)
      expect(left.actions.map((a) => a.type)).toEqual(["sync_plan_payment_data"])
      expect(left.reports).toEqual([expect.stringContaining("Medusa has captured nothing")])
      // Captured in Medusa, never fulfilled at the service.
      const unfulfilled = planInstalmentRepair(
        { row: row("authorized"), medusa: paid(status(), { captured: "1200" }) },
        status(),
      )
      expect(unfulfilled.reports).toEqual([
        expect.stringContaining("Medusa captured 1200.00 but plan pln_1 is NOT_INITIATED"),
      ])
      // A credit made in the service's portal.
      const credited = status({ fulfilment_status: "SUCCEEDED", credited_amount: "50.00" })
      const portal = planInstalmentRepair(
        { row: row("authorized"), medusa: paid(credited, { captured: "1200", refunded: "0" }) },
        credited,
      )
      expect(portal).toMatchObject({
        actions: [],
        reports: [expect.stringContaining("credited 50.00 of plan pln_1 but Medusa recorded 0.00")],
      })
      // Everything matching: in sync.
      expect(
        planInstalmentRepair(
          { row: row("authorized"), medusa: paid(credited, { captured: "1200", refunded: "50" }) },
          credited,
        ),
      ).toMatchObject({
        actions: [],
        reports: [],
      })
    },
  )

  it("planDataDiffers compares funding, fulfilment and the three amounts", () => {
    const s = status()
    const data = {
      funding_status: "ACCEPTED" as const,
      fulfilment_status: "NOT_INITIATED" as const,
      invoiced_amount: "0.00",
      credited_amount: "0.00",
      cancelled_amount: "0.00",
    }
    expect(planDataDiffers(data, s)).toBe(false)
    expect(planDataDiffers({ ...data, cancelled_amount: "10.00" }, s)).toBe(true)
  })
})

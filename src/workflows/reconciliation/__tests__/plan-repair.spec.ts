import { orderAnswer } from "../../../client/__tests__/fixtures"
import type { Order } from "../../../service/schemas"
import { planAuthorization } from "../../../core/order/status"
import { paymentDataDiffers, planRepair } from "../plan-repair"
import type { MedusaPaymentState } from "../types"

const fulfilment = (id: string, gross_amount: string) => ({
  id,
  gross_amount,
  invoice_number: `INV-${id}`,
  invoice_url: `https://service.example/invoices/${id}.pdf`,
  line_items: [],
})
const refund = (id: string, amount: string): Order["refunds"][number] => ({
  id,
  amount,
  currency: "GBP",
  credit_note_number: `CN-${id}`,
  credit_note_url: `https://service.example/credit-notes/${id}.pdf`,
  refund_date: "2026-11-22T10:00:00Z",
  reason: null,
  refund_reference: null,
  line_items: [],
})

const order = (overrides: Partial<Order> = {}) =>
  orderAnswer({ id: "ord_1", merchant_order_id: "payses_1", ...overrides })

/** A session waiting for the buyer, with no payment, cart not completed. */
function waiting(overrides: Partial<MedusaPaymentState> = {}): MedusaPaymentState {
  return {
    session: {
      id: "payses_1",
      provider_id: "pp_trade-credit_default",
      status: "requires_more",
      data: { order_id: "ord_1", state: "UNVERIFIED" },
    },
    payment: null,
    cart: { id: "cart_1", completed_at: null },
    order: null,
    ...overrides,
  }
}

/** An authorized payment of a placed Medusa order, data in line with a CONFIRMED order. */
function placed(
  paymentOverrides: Partial<NonNullable<MedusaPaymentState["payment"]>> = {},
  orderOverrides = {},
): MedusaPaymentState {
  const data = {
    order_id: "ord_1",
    state: "CONFIRMED" as const,
    status: "APPROVED" as const,
    gross_amount: order().gross_amount,
    fulfilments: [],
    refunds: [],
  }
  return waiting({
    session: { id: "payses_1", provider_id: "pp_trade-credit_default", status: "authorized", data },
    payment: {
      id: "pay_1",
      captured_at: null,
      canceled_at: null,
      data,
      captured: "0",
      refunded: "0",
      ...paymentOverrides,
    },
    cart: { id: "cart_1", completed_at: "2026-11-21T10:00:00Z" },
    order: { id: "order_1", status: "pending", live_fulfillments: 0, ...orderOverrides },
  })
}

describe("planRepair: a session not authorized yet", () => {
  it(
    "decides a session as the buyer's return would: refused → cancelled session, " +
      "waiting → left, verified → the cart completed",
    () => {
      const STATES = [
        "UNVERIFIED",
        "VERIFIED",
        "CONFIRMED",
        "FULFILLING",
        "FULFILLED",
        "REFUNDED",
        "CANCELLED",
      ] as const
      for (const status of ["APPROVED", "REJECTED"] as const) {
        for (const state of STATES) {
          const answer = order({ state, status })
          const step = planAuthorization(answer)
          const actions = planRepair(
            waiting({ session: { ...waiting().session, status: "pending" } }),
            answer,
          ).actions.map((a) => a.type)
          const expected =
            step.type === "refuse"
              ? ["cancel_session"]
              : step.type === "wait"
                ? ["sync_session"]
                : state === "VERIFIED" || state === "CONFIRMED"
                  ? ["complete_cart"]
                  : []
          expect({ state, status, actions }).toEqual({ state, status, actions: expected })
        }
      }
    },
  )

  it("leaves a session waiting for verification alone", () => {
    const plan = planRepair(waiting(), order())
    expect(plan.actions).toEqual([])
    expect(plan.reports).toEqual([])
  })

  it("completes the cart when the service verified the order (a missed order.verified)", () => {
    for (const state of ["VERIFIED", "CONFIRMED"] as const) {
      const plan = planRepair(waiting(), order({ state }))
      expect(plan.actions).toEqual([{ type: "complete_cart", cart_id: "cart_1" }])
    }
  })

  it("reports instead of completing a cart that is already completed or placed", () => {
    expect(
      planRepair(waiting({ cart: { id: "cart_1", completed_at: "2026-11-21" } }), order({ state: "VERIFIED" })).actions,
    ).toEqual([])
    const canceled = planRepair(
      waiting({ order: { id: "order_1", status: "canceled", live_fulfillments: 0 } }),
      order({ state: "VERIFIED" }),
    )
    expect(canceled.actions).toEqual([])
    expect(canceled.reports[0]).toMatch(/order_1/)
  })

  it(
    "authorizes the session of a placed order that has no payment (completion " +
      "stopped between the order and the authorization)",
    () => {
      for (const state of ["VERIFIED", "CONFIRMED"] as const) {
        const plan = planRepair(
          waiting({ order: { id: "order_1", status: "pending", live_fulfillments: 0 } }),
          order({ state }),
        )
        expect(plan.actions).toEqual([
          { type: "authorize_order_payment", order_id: "order_1", amount: order().gross_amount },
        ])
        expect(plan.reports).toEqual([])
      }
    },
  )

  it("cancels the session of an order cancelled at the service, and sets it to error for a rejected one", () => {
    const cancelled = planRepair(waiting(), order({ state: "CANCELLED" }))
    expect(cancelled.actions).toEqual([
      {
        type: "cancel_session",
        status: "canceled",
        data: expect.objectContaining({ state: "CANCELLED", order_id: "ord_1" }),
      },
    ])
    const rejected = planRepair(waiting(), order({ status: "REJECTED" }))
    expect(rejected.actions).toEqual([expect.objectContaining({ type: "cancel_session", status: "error" })])
  })

  it("does nothing for a session already canceled (a repeated or late event)", () => {
    const state = waiting({ session: { ...waiting().session, status: "canceled" } })
    expect(planRepair(state, order({ state: "CANCELLED" })).actions).toEqual([])
  })

  it("stores the order on a session that never learnt it (stopped between the service's answer and the write)", () => {
    const state = waiting({
      session: {
        id: "payses_1",
        provider_id: "pp_trade-credit_default",
        status: "pending",
        data: { tracking_id: "trk_1" },
      },
    })
    const plan = planRepair(state, order())
    expect(plan.actions).toEqual([
      {
        type: "sync_session",
        status: "requires_more",
        data: expect.objectContaining({ order_id: "ord_1", tracking_id: "trk_1", payment_url: expect.any(String) }),
      },
    ])
  })

  it("has nothing to do when the service has no order, and reports an order id the service does not know", () => {
    const pending = waiting({
      session: {
        id: "payses_1",
        provider_id: "pp_trade-credit_default",
        status: "pending",
        data: { tracking_id: "t" },
      },
    })
    expect(planRepair(pending, null)).toEqual({ found: "no order at the service", actions: [], reports: [] })
    expect(planRepair(pending, null).discrepancy).toBeUndefined()
    expect(planRepair(waiting(), null).reports).toHaveLength(1)
  })

  it("counts an order the service answers 404 for as unknown at the service, with what the merchant can do", () => {
    // After a change of API key or environment: Medusa's payment names ord_1, the service has no such order.
    for (const state of [waiting(), placed()]) {
      const plan = planRepair(state, null)
      expect(plan).toEqual({
        found: "the service does not know order ord_1",
        actions: [],
        reports: [
          expect.stringMatching(
            /^the service answers that it has no order ord_1: check that the plugin's API key and environment/,
          ),
        ],
        discrepancy: "unknown_at_service",
      })
    }
  })

  it("reports an order invoiced at the service that Medusa never authorized", () => {
    const plan = planRepair(waiting(), order({ state: "FULFILLED" }))
    expect(plan.actions).toEqual([])
    expect(plan.reports).toHaveLength(1)
  })
})

describe("planRepair: the expiry of unverified orders (expireBefore)", () => {
  const created = new Date(order().date_created).getTime()
  const after = new Date(created + 1000)
  const before = new Date(created - 1000)

  it("expires an order still UNVERIFIED created before the cutoff, and leaves a younger one waiting", () => {
    expect(planRepair(waiting(), order({ state: "UNVERIFIED" }), { expireBefore: after }).actions).toEqual([
      { type: "expire_unverified", service_order_id: "ord_1", cancel_at_service: true },
    ])
    expect(planRepair(waiting(), order({ state: "UNVERIFIED" }), { expireBefore: before })).toMatchObject({
      found: "waiting for the buyer's verification",
      actions: [],
    })
    // Without the expiry, a reconciliation never expires.
    expect(planRepair(waiting(), order({ state: "UNVERIFIED" })).actions).toEqual([])
  })

  it("frees the cart of an order the service ended, without cancelling it again", () => {
    for (const ended of [order({ state: "CANCELLED" }), order({ state: "UNVERIFIED", status: "REJECTED" })]) {
      expect(planRepair(waiting(), ended, { expireBefore: before }).actions).toEqual([
        { type: "expire_unverified", service_order_id: "ord_1", cancel_at_service: false },
      ])
    }
  })

  it("leaves a verified order to completion, and a session with a Medusa order to the reconciliation", () => {
    expect(planRepair(waiting(), order({ state: "VERIFIED" }), { expireBefore: after }).actions).toEqual([
      { type: "complete_cart", cart_id: "cart_1" },
    ])
    const placed = waiting({ order: { id: "order_1", status: "pending", live_fulfillments: 0 } })
    expect(
      planRepair(placed, order({ state: "UNVERIFIED" }), { expireBefore: after }).actions.map((a) => a.type),
    ).not.toContain("expire_unverified")
  })
})

describe("planRepair: an authorized payment", () => {
  it("is in sync when state, invoices and credit notes match", () => {
    expect(planRepair(placed(), order({ state: "CONFIRMED", payment_url: null }))).toEqual({
      found: "in sync (CONFIRMED)",
      actions: [],
      reports: [],
    })
  })

  it("cancels the Medusa order when the service cancelled it and nothing was shipped or captured", () => {
    expect(planRepair(placed(), order({ state: "CANCELLED" })).actions).toEqual([
      { type: "cancel_order", order_id: "order_1" },
    ])
  })

  it("reports, and does not cancel, an order with fulfillments or captures", () => {
    for (const state of [placed({}, { live_fulfillments: 1 }), placed({ captured: "10.00" })]) {
      const plan = planRepair(state, order({ state: "CANCELLED" }))
      expect(plan.actions.map((a) => a.type)).toEqual(["sync_payment_data"])
      expect(plan.reports[0]).toMatch(/not cancelled automatically/)
    }
  })

  it("cancels a payment with no Medusa order, and does nothing more once the order is canceled", () => {
    expect(planRepair(placed({}, {}), order({ state: "CANCELLED" })).actions[0].type).toBe("cancel_order")
    const noOrder = { ...placed(), order: null }
    expect(planRepair(noOrder, order({ state: "CANCELLED" })).actions).toEqual([
      { type: "cancel_payment", payment_id: "pay_1" },
    ])
    const canceled = placed(
      {
        canceled_at: "2026-11-22",
        data: { order_id: "ord_1", state: "CANCELLED", status: "APPROVED", gross_amount: order().gross_amount },
      },
      { status: "canceled" },
    )
    expect(planRepair(canceled, order({ state: "CANCELLED" })).actions).toEqual([])
  })

  it("confirms an order only verified at the service", () => {
    expect(planRepair(placed(), order({ state: "VERIFIED" })).actions).toEqual([
      { type: "confirm_at_service", service_order_id: "ord_1", payment_id: "pay_1" },
    ])
  })

  it("copies invoices and credit notes into the data, and reports money Medusa has not recorded", () => {
    const service = order({
      state: "FULFILLED",
      fulfilments: [fulfilment("f1", "100.00")],
      refunds: [refund("r1", "20.00")],
    })
    const plan = planRepair(placed({ captured: "100" }), service)
    expect(plan.actions).toEqual([
      {
        type: "sync_payment_data",
        payment_id: "pay_1",
        data: expect.objectContaining({ state: "FULFILLED", fulfilments: [expect.objectContaining({ id: "f1" })] }),
      },
    ])
    expect(plan.reports).toEqual([expect.stringMatching(/refunded 20\.00 GBP but Medusa recorded 0\.00/)])

    // An invoice whose answer never reached Medusa: its capture is recorded (up to what was authorized).
    const uncaptured = planRepair(placed({ captured: "40.5", authorized: "100" }), service)
    expect(uncaptured.actions).toContainEqual({ type: "record_capture", payment_id: "pay_1", amount: "59.50" })
    // Medusa's order is canceled: nothing is captured, the difference is reported.
    const canceled = planRepair(placed({ captured: "40.5" }, { status: "canceled" }), service)
    expect(canceled.actions.map((a) => a.type)).not.toContain("record_capture")
    expect(canceled.reports[0]).toMatch(/invoiced 100\.00 GBP but Medusa captured 40\.50/)
  })

  it("reads Medusa's exact total as captured in whole cents: 1515.0876 captured is the 1515.09 invoiced", () => {
    const service = order({ state: "FULFILLED", fulfilments: [fulfilment("f1", "1515.09")] })
    const plan = planRepair(placed({ captured: "1515.0876", authorized: "1515.0876" }), service)
    expect(plan.reports).toEqual([])
    expect(plan.actions.map((a) => a.type)).not.toContain("record_capture")
    // Nothing captured yet: the capture recorded is Medusa's exact amount, which Medusa accepts.
    const uncaptured = planRepair(placed({ captured: "0", authorized: "1515.0876" }), service)
    expect(uncaptured.actions).toContainEqual({ type: "record_capture", payment_id: "pay_1", amount: "1515.09" })
  })

  it("records again a credit note the plugin asked for whose Medusa refund was rolled back, once", () => {
    const credited = { ...refund("r1", "20.00"), refund_reference: "ref_lost" }
    const service = order({ state: "FULFILLED", fulfilments: [fulfilment("f1", "100.00")], refunds: [credited] })
    const lost = planRepair(placed({ captured: "100", refund_ids: [] }), service)
    expect(lost.actions).toContainEqual({
      type: "record_refund",
      payment_id: "pay_1",
      amount: "20.00",
      refund_reference: "ref_lost",
    })
    expect(lost.reports).toEqual([])
    // Once recorded (under a new Medusa refund id), the totals agree: nothing more.
    const recorded = planRepair(placed({ captured: "100", refunded: "20", refund_ids: ["ref_new"] }), service)
    expect(recorded.actions.map((a) => a.type)).not.toContain("record_refund")
    expect(recorded.reports).toEqual([])
  })

  it(
    "drops a capture or refund row Medusa never finished (killed during the " +
      "call) and records the service's side again",
    () => {
      const credited = { ...refund("r1", "25.00"), refund_reference: "ref_killed" }
      const service = order({ state: "FULFILLED", fulfilments: [fulfilment("f1", "100.00")], refunds: [credited] })
      const killedCapture = planRepair(
        placed({
          captured: "100",
          authorized: "100",
          unbooked_captures: [{ id: "capt_1", amount: "100" }],
          unbooked_refunds: [],
        }),
        order({ state: "FULFILLED", fulfilments: [fulfilment("f1", "100.00")] }),
      )
      expect(killedCapture.actions.filter((a) => a.type !== "sync_payment_data")).toEqual([
        { type: "drop_unbooked_capture", payment_id: "pay_1", capture_id: "capt_1", amount: "100.00" },
        { type: "record_capture", payment_id: "pay_1", amount: "100.00" },
      ])
      const killedRefund = planRepair(
        placed({
          captured: "100",
          refunded: "25",
          refund_ids: ["ref_killed"],
          unbooked_captures: [],
          unbooked_refunds: [{ id: "ref_killed", amount: "25" }],
        }),
        service,
      )
      expect(killedRefund.actions.filter((a) => a.type !== "sync_payment_data")).toEqual([
        { type: "drop_unbooked_refund", payment_id: "pay_1", refund_id: "ref_killed", amount: "25.00" },
        { type: "record_refund", payment_id: "pay_1", amount: "25.00", refund_reference: "ref_killed" },
      ])
      expect(killedRefund.reports).toEqual([])
      // Killed before the service made anything: the row goes, and the admin is told to capture again.
      const neverSent = planRepair(
        placed({ captured: "40", unbooked_captures: [{ id: "capt_2", amount: "40" }] }),
        order({ state: "CONFIRMED" }),
      )
      expect(neverSent.actions).toEqual([
        { type: "drop_unbooked_capture", payment_id: "pay_1", capture_id: "capt_2", amount: "40.00" },
      ])
      expect(neverSent.reports[0]).toMatch(/never reached the service.*capture again/)
      // A canceled Medusa order: left alone.
      const onCanceled = planRepair(
        placed({ captured: "40", unbooked_captures: [{ id: "capt_2", amount: "40" }] }, { status: "canceled" }),
        order({ state: "CONFIRMED" }),
      )
      expect(onCanceled.actions).toEqual([])
    },
  )

  it(
    "cancels the payment of a canceled Medusa order whose cancellation at the " +
      "service failed (Medusa only logs it)",
    () => {
      const plan = planRepair(placed({}, { status: "canceled" }), order({ state: "CONFIRMED" }))
      expect(plan.actions).toContainEqual({ type: "cancel_payment", payment_id: "pay_1" })
      expect(
        planRepair(placed({ captured: "10" }, { status: "canceled" }), order({ state: "CONFIRMED" })).actions,
      ).not.toContainEqual(expect.objectContaining({ type: "cancel_payment" }))
    },
  )

  it("leaves alone a payment an order edit replaced: the service's order lives on in the new payment", () => {
    const replaced = placed({
      canceled_at: "2026-11-22",
      data: { ...placed().payment!.data, replaced_by_order_edit: "ordch_1" },
    })
    const plan = planRepair(replaced, order({ state: "FULFILLED" }))
    expect(plan.actions).toEqual([])
    expect(plan.reports).toEqual([])
    expect(plan.found).toMatch(/replaced after order edit ordch_1/)
  })

  it("reports a payment canceled in Medusa whose order lives on at the service", () => {
    const plan = planRepair(placed({ canceled_at: "2026-11-22" }), order({ state: "CONFIRMED" }))
    expect(plan.reports[0]).toMatch(/still CONFIRMED/)
  })
})

describe("paymentDataDiffers", () => {
  it("compares state, amounts and the ids of invoices and credit notes", () => {
    const o = order({ state: "FULFILLED", fulfilments: [fulfilment("f1", "1.00")] })
    const same = {
      order_id: "ord_1",
      state: "FULFILLED" as const,
      status: "APPROVED" as const,
      gross_amount: o.gross_amount,
      fulfilments: [{ id: "f1", gross_amount: "1.00", invoice_number: "x", invoice_url: "y" }],
      refunds: [],
    }
    expect(paymentDataDiffers(same, o)).toBe(false)
    expect(paymentDataDiffers({ ...same, fulfilments: [] }, o)).toBe(true)
    expect(paymentDataDiffers({ ...same, state: "CONFIRMED" }, o)).toBe(true)
  })
})

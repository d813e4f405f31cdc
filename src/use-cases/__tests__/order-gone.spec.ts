import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { BUYER_TEXTS } from "../../utils/buyer-texts"
import { authorizeOrder } from "../authorize-order"
import { authorizePlan } from "../authorize-plan"
import { acceptedOrder, findOrCreateOrder } from "../find-or-create-order"
import { IntentReuse } from "../intent-reuse"
import { isGoneAtService } from "../order-gone"
import {
  fakeKeptChecks,
  ACCOUNT_ID,
  CART_GROSS,
  fakes,
  PLAN_ID,
  rejection,
  serviceError,
  serviceOrder,
  serviceUnavailable,
} from "./fakes"

/** The order the authorization ends with (its data: the "confirm first" specs below). */
const authorize = (...args: Parameters<typeof authorizeOrder>) => authorizeOrder(...args).then((done) => done.order)

const SESSION = "payses_01GONE"

/** A session that holds its service order, waiting for the buyer at the service's page. */
const waiting = (extra: Partial<TradeCreditPaymentData> = {}): TradeCreditPaymentData => ({
  session_id: SESSION,
  company: { company_canonical_id: "GB01234567" },
  purchase_order_number: "PO-7",
  verify_before_completion: true,
  tracking_id: "trk_01",
  intent_id: "int_01",
  gross_amount: CART_GROSS,
  currency: "GBP",
  order_id: "ord_gone",
  merchant_order_id: "01FAKE-GONE",
  state: "UNVERIFIED",
  status: "APPROVED",
  decline_reason: null,
  payment_url: "https://checkout.trade-credit.example/verify/ord_gone",
  fulfilments: [],
  refunds: [],
  ...extra,
})

/** The service's answer for an order it does not know: 404 NOT_FOUND in its error body. */
const unknownOrder = () =>
  serviceError({
    code: "NOT_FOUND",
    status: 404,
    message: "Trade credit service: GET /v1/order/ord_gone answered 404 NOT_FOUND: Order ord_gone was not found",
  })

const GONE_WORDS = BUYER_TEXTS["order.gone"].en

describe("a session whose service order is gone (the service answers 404 for it)", () => {
  it("is only a definite 404: a 5xx, a 429, a timeout or a broken answer says nothing of the order", () => {
    expect(isGoneAtService(unknownOrder())).toBe(true)
    expect(isGoneAtService(serviceUnavailable())).toBe(false)
    expect(isGoneAtService(serviceError({ code: "RATE_LIMITED", status: 429, retryable: true }))).toBe(false)
    expect(isGoneAtService(serviceError({ code: "TIMEOUT", status: undefined, retryable: true }))).toBe(false)
    expect(isGoneAtService(serviceError({ code: "CONTRACT_VIOLATION", status: 200 }))).toBe(false)
    expect(isGoneAtService(serviceError({ code: "INVALID_STATE", status: 409 }))).toBe(false)
    expect(isGoneAtService(new Error("404"))).toBe(false)
  })

  it("findOrCreateOrder refuses it as TRADE_CREDIT_ORDER_GONE in plain words, never making another order", async () => {
    const { deps, client, logger, readCart } = fakes()
    client.orders.getSummary.mockRejectedValue(unknownOrder())

    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))

    expect(error).toMatchObject({ type: "not_allowed", code: "TRADE_CREDIT_ORDER_GONE", message: GONE_WORDS })
    // Nothing of the service's answer reaches the buyer: no path, no trace id, no code of the service.
    expect(error.message).not.toMatch(/\/v1|trace|NOT_FOUND|404/)
    expect(client.orders.create).not.toHaveBeenCalled()
    expect(readCart).not.toHaveBeenCalled()
    // The detail is for the merchant's log, once, with the session and the order.
    const warned = logger.at("warn")
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatch(/no longer knows/)
    expect(warned[0]).toMatch(/payses_01GONE/)
    expect(warned[0]).toMatch(/ord_gone/)
    expect(warned[0]).toMatch(/TRADE_CREDIT_ORDER_GONE/)
  })

  it("keeps a failure of the service retryable: TRADE_CREDIT_UNAVAILABLE, never gone", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockRejectedValue(serviceUnavailable())
    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))
    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(error.message).toMatch(/Please try again/)

    client.orders.getSummary.mockRejectedValue(serviceError({ code: "TIMEOUT", status: undefined, retryable: true }))
    expect((await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_UNAVAILABLE",
    )
  })

  it("a session updated with verify_before_completion reads the order it holds: gone is refused too", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockRejectedValue(unknownOrder())
    const error = await rejection(
      acceptedOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting({ state: "CANCELLED" })),
    )
    expect(error.code).toBe("TRADE_CREDIT_ORDER_GONE")
  })

  it("authorizeOrder refuses the completion and closes the session: canceled, no order, no payment_url", async () => {
    const { deps, client, payments } = fakes()
    // The buyer's return confirms first: refused (404), the read then finds the order gone.
    client.orders.confirm.mockRejectedValue(unknownOrder())
    client.orders.getSummary.mockRejectedValue(unknownOrder())

    const error = await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))

    expect(error.code).toBe("TRADE_CREDIT_ORDER_GONE")
    expect(client.orders.confirm.mock.calls).toEqual([["ord_gone", { idempotencyKey: "confirm-first-ord_gone" }]])
    expect(client.orders.getSummary).toHaveBeenCalledWith("ord_gone")
    expect(payments.updatePaymentSessions).toHaveBeenCalledTimes(1)
    const [written] = payments.updatePaymentSessions.mock.calls[0]
    expect(written.id).toBe(SESSION)
    expect(written.status).toBe(PaymentSessionStatus.CANCELED)
    // The buyer's input and the credit check stay; nothing names the dead order or its page but `gone_order_id`
    // (the order's keys are null: Medusa merges the written data into the stored one).
    expect(written.data).toEqual({
      session_id: SESSION,
      company: { company_canonical_id: "GB01234567" },
      purchase_order_number: "PO-7",
      verify_before_completion: true,
      tracking_id: "trk_01",
      intent_id: "int_01",
      gross_amount: CART_GROSS,
      currency: "GBP",
      order_id: null,
      merchant_order_id: null,
      state: null,
      status: null,
      decline_reason: null,
      payment_url: null,
      fulfilments: null,
      refunds: null,
      gone_order_id: "ord_gone",
    })
  })

  it("authorizeOrder still refuses in words when the session's row cannot be written (logged)", async () => {
    const { deps, client, payments, logger } = fakes()
    client.orders.confirm.mockRejectedValue(unknownOrder())
    client.orders.getSummary.mockRejectedValue(unknownOrder())
    payments.updatePaymentSessions.mockRejectedValue(new Error("connection terminated"))

    const error = await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))

    expect(error).toMatchObject({ code: "TRADE_CREDIT_ORDER_GONE", message: GONE_WORDS })
    expect(logger.at("warn").some((line) => /could not close the payment session/.test(line))).toBe(true)
  })

  it("authorizeOrder leaves the session alone when the service failed or the order is simply cancelled", async () => {
    const { deps, client, payments } = fakes()
    client.orders.confirm.mockRejectedValue(serviceUnavailable())
    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_UNAVAILABLE",
    )
    client.orders.confirm.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))
    client.orders.getSummary.mockRejectedValue(serviceUnavailable())
    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_UNAVAILABLE",
    )
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_gone", state: "CANCELLED", status: "APPROVED" }))
    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_ORDER_CANCELLED",
    )
    expect(payments.updatePaymentSessions).not.toHaveBeenCalled()
  })

  it("authorizePlan refuses a plan the service no longer knows the same way; a 5xx stays retryable", async () => {
    const plan: TradeCreditPlanData = {
      session_id: SESSION,
      company: { company_canonical_id: "GB01234567" },
      number_of_periods: 3,
      account_id: ACCOUNT_ID,
      gross_amount: CART_GROSS,
      currency: "GBP",
      plan_id: PLAN_ID,
      funding_status: "PENDING",
    }
    const { deps, client, plugin } = fakes()
    client.repayment.getStatus.mockRejectedValue(
      serviceError({ code: "NOT_FOUND", status: 404, message: "Trade credit service: GET /repay/v1/... answered 404" }),
    )
    const error = await rejection(authorizePlan(deps, SESSION, plan))
    expect(error).toMatchObject({ type: "not_allowed", code: "TRADE_CREDIT_ORDER_GONE", message: GONE_WORDS })
    expect(client.repayment.createPlan).not.toHaveBeenCalled()
    expect(plugin.planSessions.update).not.toHaveBeenCalled()

    client.repayment.getStatus.mockRejectedValue(serviceUnavailable())
    expect((await rejection(authorizePlan(deps, SESSION, plan))).code).toBe("TRADE_CREDIT_UNAVAILABLE")
  })
})

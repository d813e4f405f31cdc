import { MedusaError } from "@medusajs/framework/utils"
import { cancelOrder, cancelOrderOfDeletedSession } from "../cancel-order"
import { fakes, rejection, serviceError, serviceOrder, serviceUnavailable } from "./fakes"

describe("cancelOrder", () => {
  it("cancels the service order under a key of its id, and answers the order", async () => {
    const { deps, client } = fakes()
    const cancelled = serviceOrder({ id: "ord_1", state: "CANCELLED" })
    client.orders.cancel.mockResolvedValue({ order: cancelled, alreadyCancelled: false })

    await expect(cancelOrder(deps, "ord_1")).resolves.toBe(cancelled)
    expect(client.orders.cancel).toHaveBeenCalledWith("ord_1", { idempotencyKey: "cancel-ord_1" })
  })

  it("an order cancelled before (the service's 202) is answered the same", async () => {
    const { deps, client } = fakes()
    const cancelled = serviceOrder({ id: "ord_1", state: "CANCELLED" })
    client.orders.cancel.mockResolvedValue({ order: cancelled, alreadyCancelled: true })

    await expect(cancelOrder(deps, "ord_1")).resolves.toBe(cancelled)
  })

  it("an invoiced order (INVALID_STATE) is refunded instead: TRADE_CREDIT_CANCEL_AFTER_FULFILMENT", async () => {
    const { deps, client, logger } = fakes()
    client.orders.cancel.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(cancelOrder(deps, "ord_1"))

    expect(error).toBeInstanceOf(MedusaError)
    expect(error.code).toBe("TRADE_CREDIT_CANCEL_AFTER_FULFILMENT")
    expect(error.message).toMatch(/refund it instead/)
    expect(logger.lines).toEqual([])
  })

  it("any other refusal is mapped and logged once, as `call` maps a step's failure", async () => {
    const { deps, client, logger } = fakes()
    client.orders.cancel.mockRejectedValue(
      serviceError({
        code: "SCHEMA_ERROR",
        status: 422,
        errors: [{ loc: ["body", "order_id"], msg: "bad", type: "value_error" }],
      }),
    )

    const error = await rejection(cancelOrder(deps, "ord_1"))

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe(
      "The trade credit service refused to cancel the order: it refused the field order_id (TRADE_CREDIT_REFUSED).",
    )
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(/^trade-credit: could not cancel the order: SCHEMA_ERROR 422 .* code=TRADE_CREDIT_REFUSED/),
    ])
  })

  it("the service unavailable: TRADE_CREDIT_UNAVAILABLE, to be tried again", async () => {
    const { deps, client } = fakes()
    client.orders.cancel.mockRejectedValue(serviceUnavailable())

    const error = await rejection(cancelOrder(deps, "ord_1"))

    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(error.message).toMatch(/Please try again\.$/)
  })
})

describe("cancelOrderOfDeletedSession", () => {
  it("a session without an order, or with a confirmed one, is left as it is: no call", async () => {
    const { deps, client } = fakes()
    const none = { session_id: "payses_1" }
    const confirmed = { session_id: "payses_1", order_id: "ord_1", state: "CONFIRMED" as const }

    await expect(cancelOrderOfDeletedSession(deps, none)).resolves.toBe(none)
    await expect(cancelOrderOfDeletedSession(deps, confirmed)).resolves.toBe(confirmed)
    expect(client.orders.cancel).not.toHaveBeenCalled()
  })

  it.each(["UNVERIFIED", "VERIFIED"] as const)("cancels a %s order and records it", async (state) => {
    const { deps, client } = fakes()
    client.orders.cancel.mockResolvedValue({
      order: serviceOrder({ id: "ord_1", state: "CANCELLED" }),
      alreadyCancelled: false,
    })

    const data = await cancelOrderOfDeletedSession(deps, { session_id: "payses_1", order_id: "ord_1", state })

    expect(client.orders.cancel).toHaveBeenCalledWith("ord_1", { idempotencyKey: "cancel-ord_1" })
    expect(data).toMatchObject({ session_id: "payses_1", order_id: "ord_1", state: "CANCELLED", payment_url: null })
  })

  it("best effort: a failure is logged with the ids and the session goes regardless", async () => {
    const { deps, client, logger } = fakes()
    client.orders.cancel.mockRejectedValue(serviceUnavailable())
    const data = { session_id: "payses_1", order_id: "ord_1", state: "UNVERIFIED" as const }

    await expect(cancelOrderOfDeletedSession(deps, data)).resolves.toBe(data)
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(
        new RegExp(
          "^trade-credit: could not cancel order ord_1 of a deleted session: .* " +
            "payment_session_id=payses_1 service_order_id=ord_1 code=SERVER_ERROR",
        ),
      ),
    ])
  })
})

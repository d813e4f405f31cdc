import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { authorizeOrder } from "../authorize-order"
import { IntentReuse } from "../intent-reuse"
import { CART_GROSS, checkoutCart, fakes, rejection, serviceError, serviceOrder } from "./fakes"

const SESSION = "payses_01AUTH"

const checked = (extra: Partial<TradeCreditPaymentData> = {}): TradeCreditPaymentData => ({
  session_id: SESSION,
  company: { company_canonical_id: "GB01234567" },
  tracking_id: "trk_01",
  gross_amount: CART_GROSS,
  ...extra,
})

describe("authorizeOrder", () => {
  it("the first completion makes the order; the buyer verifies first (UNVERIFIED: nothing confirmed)", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    const created = serviceOrder({ id: "ord_1", state: "UNVERIFIED" })
    client.orders.create.mockResolvedValue(created)

    await expect(authorizeOrder(deps, new IntentReuse(), SESSION, checked())).resolves.toBe(created)
    expect(client.orders.create).toHaveBeenCalledWith(expect.anything(), { idempotencyKey: `order-${SESSION}` })
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("on the buyer's return reads the order back, and confirms a VERIFIED one under a key of its id", async () => {
    const { deps, client, readCart } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockResolvedValue(confirmed)

    const order = await authorizeOrder(deps, new IntentReuse(), SESSION, checked({ order_id: "ord_1" }))

    expect(order).toBe(confirmed)
    expect(client.orders.getSummary).toHaveBeenCalledWith("ord_1")
    expect(client.orders.confirm).toHaveBeenCalledWith("ord_1", { idempotencyKey: "confirm-ord_1" })
    expect(readCart).not.toHaveBeenCalled()
  })

  it("an order confirmed already (a retried completion) is answered as it is: no second confirm", async () => {
    const { deps, client } = fakes()
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.getSummary.mockResolvedValue(confirmed)

    await expect(authorizeOrder(deps, new IntentReuse(), SESSION, checked({ order_id: "ord_1" }))).resolves.toBe(
      confirmed,
    )
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("refuses a declined buyer with TRADE_CREDIT_DECLINED", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockResolvedValue(
      serviceOrder({ id: "ord_1", state: "CANCELLED", status: "REJECTED", decline_reason: "BUYER_NOT_FOUND" }),
    )

    const error = await rejection(authorizeOrder(deps, new IntentReuse(), SESSION, checked({ order_id: "ord_1" })))

    expect(error.code).toBe("TRADE_CREDIT_DECLINED")
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("refuses an order cancelled because the verification failed or expired", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CANCELLED", status: "APPROVED" }))

    const error = await rejection(authorizeOrder(deps, new IntentReuse(), SESSION, checked({ order_id: "ord_1" })))

    expect(error.code).toBe("TRADE_CREDIT_ORDER_CANCELLED")
    expect(error.message).toMatch(/Choose the payment method again/)
  })

  it("a refused confirm is mapped once, with the session and the service order in the log", async () => {
    const { deps, client, logger } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    client.orders.confirm.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(authorizeOrder(deps, new IntentReuse(), SESSION, checked({ order_id: "ord_1" })))

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to confirm the order (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([
      expect.stringContaining("payment_session_id=payses_01AUTH service_order_id=ord_1 code=TRADE_CREDIT_REFUSED"),
    ])
  })
})

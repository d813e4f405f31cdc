import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { authorizeOrder } from "../authorize-order"
import { IntentReuse } from "../intent-reuse"
import {
  fakeKeptChecks,
  CART_GROSS,
  checkoutCart,
  fakes,
  rejection,
  serviceError,
  serviceOrder,
  serviceUnavailable,
  unreadableAnswer,
} from "./fakes"

/** The order the authorization ends with (its data: the "confirm first" specs below). */
const authorize = (...args: Parameters<typeof authorizeOrder>) => authorizeOrder(...args).then((done) => done.order)

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

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())).resolves.toBe(created)
    expect(client.orders.create).toHaveBeenCalledWith(expect.anything(), { idempotencyKey: `order-${SESSION}` })
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("an order made VERIFIED by this completion (one click) is authorized unconfirmed", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    const created = serviceOrder({ id: "ord_1", state: "VERIFIED", payment_url: null })
    client.orders.create.mockResolvedValue(created)

    // One call while the buyer waits: the confirm follows the placement (confirm-placed-order.ts).
    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())).resolves.toBe(created)
    expect(client.orders.confirm).not.toHaveBeenCalled()
    expect(client.orders.getSummary).not.toHaveBeenCalled()
  })

  it("on the buyer's return reads the order back, and confirms a VERIFIED one under a key of its id", async () => {
    const { deps, client, readCart } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockResolvedValue(confirmed)

    const order = await authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked({ order_id: "ord_1" }))

    expect(order).toBe(confirmed)
    expect(client.orders.getSummary).toHaveBeenCalledWith("ord_1")
    expect(client.orders.confirm).toHaveBeenCalledWith("ord_1", { idempotencyKey: "confirm-ord_1" })
    expect(readCart).not.toHaveBeenCalled()
  })

  it("an order confirmed already (a retried completion) is answered as it is: no second confirm", async () => {
    const { deps, client } = fakes()
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.getSummary.mockResolvedValue(confirmed)

    await expect(
      authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked({ order_id: "ord_1" })),
    ).resolves.toBe(confirmed)
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("refuses a declined buyer with TRADE_CREDIT_DECLINED", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockResolvedValue(
      serviceOrder({ id: "ord_1", state: "CANCELLED", status: "REJECTED", decline_reason: "BUYER_NOT_FOUND" }),
    )

    const error = await rejection(
      authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked({ order_id: "ord_1" })),
    )

    expect(error.code).toBe("TRADE_CREDIT_DECLINED")
    expect(client.orders.confirm).not.toHaveBeenCalled()
  })

  it("refuses an order cancelled because the verification failed or expired", async () => {
    const { deps, client } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CANCELLED", status: "APPROVED" }))

    const error = await rejection(
      authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked({ order_id: "ord_1" })),
    )

    expect(error.code).toBe("TRADE_CREDIT_ORDER_CANCELLED")
    expect(error.message).toMatch(/Choose the payment method again/)
  })

  it("a refused confirm is mapped once, with the session and the service order in the log", async () => {
    const { deps, client, logger } = fakes()
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    client.orders.confirm.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(
      authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked({ order_id: "ord_1" })),
    )

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to confirm the order (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([
      expect.stringContaining("payment_session_id=payses_01AUTH service_order_id=ord_1 code=TRADE_CREDIT_REFUSED"),
    ])
  })
})

describe("authorizeOrder on the buyer's return: the confirm first", () => {
  /** A session holding its order, which its data last saw waiting for the buyer at the service's page. */
  const waiting = (extra: Partial<TradeCreditPaymentData> = {}) =>
    checked({
      order_id: "ord_1",
      state: "UNVERIFIED",
      status: "APPROVED",
      payment_url: "https://checkout.trade-credit.example/verify/ord_1",
      ...extra,
    })
  const notVerified = () => serviceError({ code: "INVALID_STATE", status: 409 })

  it("confirms first: the confirm's answer is the order as the service has it, nothing is read", async () => {
    const { deps, client, readCart } = fakes()
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockResolvedValue(confirmed)

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())).resolves.toBe(confirmed)

    expect(client.orders.confirm.mock.calls).toEqual([["ord_1", { idempotencyKey: "confirm-first-ord_1" }]])
    expect(client.orders.getSummary).not.toHaveBeenCalled()
    expect(readCart).not.toHaveBeenCalled()
  })

  it("a trade account's one-click order (VERIFIED at creation) is confirmed first too", async () => {
    const { deps, client } = fakes()
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockResolvedValue(confirmed)

    await expect(
      authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting({ state: "VERIFIED", payment_url: null })),
    ).resolves.toBe(confirmed)
    expect(client.orders.getSummary).not.toHaveBeenCalled()
  })

  it("refused (the buyer has not verified): the order is read, the session waits with its payment_url", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockRejectedValue(notVerified())
    const unverified = serviceOrder({ id: "ord_1", state: "UNVERIFIED" })
    client.orders.getSummary.mockResolvedValue(unverified)

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())).resolves.toBe(unverified)
    expect(client.orders.getSummary).toHaveBeenCalledWith("ord_1")
    expect(client.orders.confirm).toHaveBeenCalledTimes(1)
  })

  it("a refused first confirm is marked: the next return reads first, not the replayed refusal", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockRejectedValueOnce(notVerified())
    client.orders.getSummary.mockResolvedValueOnce(serviceOrder({ id: "ord_1", state: "UNVERIFIED" }))

    const waited = await authorizeOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())
    expect(waited.data).toMatchObject({ order_id: "ord_1", state: "UNVERIFIED", confirm_first: "refused" })

    // The buyer verified and comes back: a read and a confirm under the read's key; no confirm-first again.
    client.orders.getSummary.mockResolvedValueOnce(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockResolvedValueOnce(confirmed)
    const back = await authorizeOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waited.data)
    expect(back.order).toBe(confirmed)
    expect(client.orders.confirm.mock.calls).toEqual([
      ["ord_1", { idempotencyKey: "confirm-first-ord_1" }],
      ["ord_1", { idempotencyKey: "confirm-ord_1" }],
    ])
  })

  it("an accepted first confirm leaves no mark", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CONFIRMED" }))
    const done = await authorizeOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())
    expect(done.data.confirm_first).toBeUndefined()
    expect(done.data.state).toBe("CONFIRMED")
  })

  it("refused, the read finds it declined or cancelled: refused in words, nothing confirmed again", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockRejectedValue(notVerified())
    client.orders.getSummary.mockResolvedValue(
      serviceOrder({ id: "ord_1", state: "CANCELLED", status: "REJECTED", decline_reason: "TOO_HIGH_RISK" }),
    )
    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_DECLINED",
    )

    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CANCELLED", status: "APPROVED" }))
    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_ORDER_CANCELLED",
    )
    expect(client.orders.confirm).toHaveBeenCalledTimes(2)
  })

  it("refused, the read finds it gone (404): TRADE_CREDIT_ORDER_GONE", async () => {
    const { deps, client } = fakes()
    const unknown = () => serviceError({ code: "NOT_FOUND", status: 404 })
    client.orders.confirm.mockRejectedValue(unknown())
    client.orders.getSummary.mockRejectedValue(unknown())

    expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
      "TRADE_CREDIT_ORDER_GONE",
    )
  })

  it("refused, read VERIFIED (a replayed refusal, a late verification): confirmed under the read.s key", async () => {
    const { deps, client } = fakes()
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.confirm.mockRejectedValueOnce(notVerified()).mockResolvedValueOnce(confirmed)
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())).resolves.toBe(confirmed)
    expect(client.orders.confirm.mock.calls).toEqual([
      ["ord_1", { idempotencyKey: "confirm-first-ord_1" }],
      ["ord_1", { idempotencyKey: "confirm-ord_1" }],
    ])
  })

  it("refused as confirmed already (the webhook came first): read, authorized, no second confirm", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockRejectedValue(notVerified())
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.getSummary.mockResolvedValue(confirmed)

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())).resolves.toBe(confirmed)
    expect(client.orders.confirm).toHaveBeenCalledTimes(1)
  })

  it("a 2xx answer that cannot be read: the order is read back", async () => {
    const { deps, client } = fakes()
    client.orders.confirm.mockRejectedValue(unreadableAnswer())
    const confirmed = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.getSummary.mockResolvedValue(confirmed)

    await expect(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting())).resolves.toBe(confirmed)
  })

  it("a 5xx, a 429 or a timeout is TRADE_CREDIT_UNAVAILABLE (retryable), nothing read", async () => {
    for (const failure of [
      serviceUnavailable(),
      serviceError({ code: "RATE_LIMITED", status: 429, retryable: true }),
      serviceError({ code: "TIMEOUT", status: undefined, retryable: true }),
    ]) {
      const { deps, client } = fakes()
      client.orders.confirm.mockRejectedValue(failure)
      expect((await rejection(authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting()))).code).toBe(
        "TRADE_CREDIT_UNAVAILABLE",
      )
      expect(client.orders.getSummary).not.toHaveBeenCalled()
    }
  })

  it("a session whose data says declined, confirmed or further on is read first, as before", async () => {
    for (const extra of [
      { state: "UNVERIFIED" as const, status: "REJECTED" as const },
      { state: "CONFIRMED" as const },
      { state: "CANCELLED" as const },
    ]) {
      const { deps, client } = fakes()
      client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CONFIRMED" }))
      await authorize(deps, new IntentReuse(fakeKeptChecks()), SESSION, waiting(extra))
      expect(client.orders.confirm).not.toHaveBeenCalled()
      expect(client.orders.getSummary).toHaveBeenCalledTimes(1)
    }
  })
})

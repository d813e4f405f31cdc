import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { confirmPlacedPayments, type ConfirmPlacedDeps } from "../confirm-placed-order"
import { fakeClient, rejection, serviceError, serviceOrder, serviceUnavailable } from "./fakes"

const payment = (id: string, data: Partial<TradeCreditPaymentData>) => ({
  id,
  data: { session_id: `payses_${id}`, ...data } as TradeCreditPaymentData,
})

function setUp() {
  const client = fakeClient()
  const written = new Map<string, TradeCreditPaymentData>()
  const deps: ConfirmPlacedDeps = {
    client,
    writeData: async (id, data) => void written.set(id, data),
  }
  return { client, written, deps }
}

describe("confirmPlacedPayments", () => {
  it("confirms each VERIFIED order under the key every confirm of it shares, and writes the answer", async () => {
    const { client, written, deps } = setUp()
    client.orders.confirm.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CONFIRMED" }))

    const done = await confirmPlacedPayments(deps, [
      payment("pay_1", { order_id: "ord_1", state: "VERIFIED" }),
      payment("pay_2", { order_id: "ord_2", state: "CONFIRMED" }),
      payment("pay_3", { state: "VERIFIED" }),
    ])

    expect(done).toEqual([{ payment_id: "pay_1", service_order_id: "ord_1", state: "CONFIRMED" }])
    expect(client.orders.confirm).toHaveBeenCalledTimes(1)
    expect(client.orders.confirm).toHaveBeenCalledWith("ord_1", { idempotencyKey: "confirm-ord_1" })
    expect(written.get("pay_1")).toMatchObject({ order_id: "ord_1", state: "CONFIRMED", session_id: "payses_pay_1" })
    expect([...written.keys()]).toEqual(["pay_1"])
  })

  it("a refused confirm writes what the service has now (cancelled meanwhile)", async () => {
    const { client, written, deps } = setUp()
    client.orders.confirm.mockRejectedValue(serviceError({ status: 409, code: "INVALID_STATE" }))
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CANCELLED" }))

    const done = await confirmPlacedPayments(deps, [payment("pay_1", { order_id: "ord_1", state: "VERIFIED" })])

    expect(done).toEqual([{ payment_id: "pay_1", service_order_id: "ord_1", state: "CANCELLED" }])
    expect(written.get("pay_1")?.state).toBe("CANCELLED")
  })

  it("fails, writing nothing, when the order stays VERIFIED after a refusal or the service is down", async () => {
    const { client, written, deps } = setUp()
    const conflict = serviceError({ status: 409, code: "IDEMPOTENCY_CONFLICT" })
    client.orders.confirm.mockRejectedValueOnce(conflict)
    client.orders.getSummary.mockResolvedValue(serviceOrder({ id: "ord_1", state: "VERIFIED" }))
    const verified = [payment("pay_1", { order_id: "ord_1", state: "VERIFIED" })]
    expect(await rejection(confirmPlacedPayments(deps, verified))).toBe(conflict)

    client.orders.confirm.mockRejectedValueOnce(serviceUnavailable())
    expect((await rejection(confirmPlacedPayments(deps, verified))).message).toBeTruthy()
    expect(written.size).toBe(0)
  })
})

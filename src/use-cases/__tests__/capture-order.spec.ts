import { twoLines } from "../../client/__tests__/fixtures"
import type { Order } from "../../service/schemas/order"
import { captureOrder } from "../capture-order"
import { fakes, rejection, serviceError, serviceOrder } from "./fakes"

/** Medusa's capture row (made just before it calls the provider): its exact amount in `raw_amount`. */
const capture = (id: string, amount: string, paymentId = "pay_1") => ({
  id,
  payment_id: paymentId,
  amount: Number(amount),
  raw_amount: { value: amount, precision: 20 },
})

/** An invoice of the order (a fulfilment), as the service lists it. */
const invoice = (id: string, grossAmount: string): Order["fulfilments"][number] => ({
  id,
  gross_amount: grossAmount,
  invoice_number: `INV-${id}`,
  invoice_url: `https://service.example/invoices/${id}`,
  line_items: twoLines(),
})

const fulfilled = (order: Order) => ({ ...order, fulfilled_order: { id: "ful_1" }, remained_order: null })

describe("captureOrder", () => {
  it("reads the order first, then fulfils all of it (no capture row: the whole payment), order's key", async () => {
    const { deps, client, payments } = fakes()
    const order = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.get.mockResolvedValue(order)
    client.orders.fulfil.mockResolvedValue(fulfilled({ ...order, state: "FULFILLED" }))

    const answer = await captureOrder(deps, "ord_1", undefined)

    expect(answer.state).toBe("FULFILLED")
    expect(client.orders.get).toHaveBeenCalledWith("ord_1")
    expect(client.orders.fulfil).toHaveBeenCalledWith("ord_1", undefined, { idempotencyKey: "fulfil-ord_1" })
    expect(payments.listCaptures).not.toHaveBeenCalled()
  })

  it("confirms an order still VERIFIED (one click captured before its confirm), then fulfils", async () => {
    const { deps, client } = fakes()
    const verified = serviceOrder({ id: "ord_1", state: "VERIFIED" })
    const confirmed = { ...verified, state: "CONFIRMED" as const }
    client.orders.get.mockResolvedValueOnce(verified).mockResolvedValueOnce(confirmed)
    client.orders.confirm.mockResolvedValue(confirmed)
    client.orders.fulfil.mockResolvedValue(fulfilled({ ...confirmed, state: "FULFILLED" }))

    await captureOrder(deps, "ord_1", undefined)

    expect(client.orders.confirm).toHaveBeenCalledWith("ord_1", { idempotencyKey: "confirm-ord_1" })
    expect(client.orders.confirm.mock.invocationCallOrder[0]).toBeLessThan(
      client.orders.fulfil.mock.invocationCallOrder[0],
    )
    expect(client.orders.get).toHaveBeenCalledTimes(2)
  })

  it("a capture of part of the order fulfils that part, split over its tax rates, capture's key", async () => {
    const { deps, client } = fakes({ captures: [capture("capt_1", "100.00")] })
    const order = serviceOrder({ id: "ord_1", state: "CONFIRMED" })
    client.orders.get.mockResolvedValue(order)
    client.orders.fulfil.mockResolvedValue(fulfilled({ ...order, state: "FULFILLING" }))

    await captureOrder(deps, "ord_1", "capt_1")

    const [orderId, part, options] = client.orders.fulfil.mock.calls[0]
    expect(orderId).toBe("ord_1")
    expect(options).toEqual({ idempotencyKey: "fulfil-capt_1" })
    expect(part?.gross_amount).toBe("100.00")
    expect(part?.tax_subtotals.map((t) => t.tax_rate).sort()).toEqual(["0.050000", "0.200000"])
  })

  it("an order invoiced in full already asks nothing, and reads nothing of Medusa", async () => {
    const { deps, client, payments } = fakes({ captures: [capture("capt_1", "250.50")] })
    const order = serviceOrder({ id: "ord_1", state: "FULFILLED", fulfilments: [invoice("ful_1", "250.50")] })
    client.orders.get.mockResolvedValue(order)

    await expect(captureOrder(deps, "ord_1", "capt_1")).resolves.toEqual(order)
    expect(client.orders.fulfil).not.toHaveBeenCalled()
    expect(payments.listCaptures).not.toHaveBeenCalled()
  })

  it("adopts an invoice whose answer was lost (its capture rolled back): a retry makes no second one", async () => {
    // The service invoiced 100.00; Medusa records no other capture of the payment, and this one is of 100.00.
    const { deps, client } = fakes({ captures: [capture("capt_2", "100.00")] })
    const order = serviceOrder({ id: "ord_1", state: "CONFIRMED", fulfilments: [invoice("ful_1", "100.00")] })
    client.orders.get.mockResolvedValue(order)

    await expect(captureOrder(deps, "ord_1", "capt_2")).resolves.toEqual(order)
    expect(client.orders.fulfil).not.toHaveBeenCalled()
  })

  it("a refused fulfilment is mapped once (fulfil the order), with the capture and the order in the log", async () => {
    const { deps, client, logger } = fakes()
    client.orders.get.mockResolvedValue(serviceOrder({ id: "ord_1", state: "CONFIRMED" }))
    client.orders.fulfil.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(captureOrder(deps, "ord_1", undefined))

    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to fulfil the order (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([expect.stringContaining("service_order_id=ord_1 code=TRADE_CREDIT_REFUSED")])
  })
})

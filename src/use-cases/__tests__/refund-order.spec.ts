import { twoLines } from "../../client/__tests__/fixtures"
import type { Order, Refund } from "../../service/schemas/order"
import { refundOrder } from "../refund-order"
import { fakes, rejection, serviceError, serviceOrder, unreadableAnswer } from "./fakes"

/** Medusa's refund row (made before it calls the provider). */
const refundRow = (id: string, amount: string, paymentId = "pay_1") => ({
  id,
  payment_id: paymentId,
  amount: Number(amount),
  raw_amount: { value: amount, precision: 20 },
})

/** A credit note of the order as the service answers it. */
const creditNote = (id: string, amount: string, reference: string | null): Refund => ({
  id,
  amount,
  currency: "GBP",
  credit_note_number: `CN-${id}`,
  credit_note_url: `https://service.example/credit-notes/${id}`,
  refund_date: "2026-11-25",
  reason: null,
  refund_reference: reference,
  line_items: null,
})

/** An order invoiced in full (250.50 GBP), with the credit notes given. */
const invoicedOrder = (refunds: Refund[] = []): Order =>
  serviceOrder({
    id: "ord_1",
    state: "FULFILLED",
    fulfilments: [
      {
        id: "ful_1",
        gross_amount: "250.50",
        invoice_number: "INV-1",
        invoice_url: "https://service.example/invoices/ful_1",
        line_items: twoLines(),
      },
    ],
    refunds,
  })

/** Medusa's side of the refund: the refund rows, and the order it leads to (no returns: a plain refund). */
const medusa = (refunds = [refundRow("ref_2", "50.00")]) => ({
  refunds,
  query: {
    payment: [{ id: "pay_1", payment_collection: { order: { id: "order_1" } } }],
    order: [{ id: "order_1", returns: [], items: [] }],
  },
})

const refund = { orderId: "ord_1", refundId: "ref_2", amount: 50, data: { session_id: "payses_1" } }

describe("refundOrder", () => {
  it("reads the order first, then credits the amount split by the invoiced tax rates, refund's key", async () => {
    const { deps, client } = fakes(medusa())
    client.orders.get.mockResolvedValue(invoicedOrder())
    const note = creditNote("cn_1", "50.00", "ref_2")
    client.orders.refund.mockResolvedValue(note)

    const order = await refundOrder(deps, refund)

    expect(client.orders.get).toHaveBeenCalledWith("ord_1")
    const [orderId, body, options] = client.orders.refund.mock.calls[0]
    expect(orderId).toBe("ord_1")
    expect(options).toEqual({ idempotencyKey: "refund-ref_2" })
    expect(body).toMatchObject({ amount: "50.00", currency: "GBP", refund_reference: "ref_2" })
    expect(body && "tax_subtotals" in body && body.tax_subtotals.map((t) => t.tax_rate).sort()).toEqual([
      "0.050000",
      "0.200000",
    ])
    expect(order.refunds).toEqual([note])
  })

  it("a refund the service has under this id already is answered from the order: nothing is sent", async () => {
    const { deps, client } = fakes(medusa())
    const order = invoicedOrder([creditNote("cn_1", "50.00", "ref_2")])
    client.orders.get.mockResolvedValue(order)

    await expect(refundOrder(deps, refund)).resolves.toBe(order)
    expect(client.orders.refund).not.toHaveBeenCalled()
  })

  it("adopts a credit note whose Medusa refund was rolled back (its answer lost): no second one", async () => {
    // The service credited 50.00 under an earlier refund id Medusa no longer has; this retry is of 50.00 too.
    const { deps, client } = fakes(medusa())
    const order = invoicedOrder([creditNote("cn_1", "50.00", "ref_1")])
    client.orders.get.mockResolvedValue(order)

    await expect(refundOrder(deps, refund)).resolves.toEqual(order)
    expect(client.orders.refund).not.toHaveBeenCalled()
  })

  it("refuses, before any call, more than was invoiced and not yet refunded", async () => {
    const { deps, client } = fakes(medusa())
    client.orders.get.mockResolvedValue(invoicedOrder([creditNote("cn_1", "240.00", "ref_0")]))

    const error = await rejection(refundOrder(deps, refund))

    expect(error.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
    expect(error.message).toBe("Cannot refund 50.00 GBP: 10.50 is refundable (invoiced and not yet refunded)")
    expect(client.orders.refund).not.toHaveBeenCalled()
  })

  it("an unreadable answer is asked once more with the same key and body, and the first answer adopted", async () => {
    const { deps, client } = fakes(medusa())
    client.orders.get.mockResolvedValue(invoicedOrder())
    const note = creditNote("cn_1", "50.00", "ref_2")
    client.orders.refund.mockRejectedValueOnce(unreadableAnswer()).mockResolvedValueOnce(note)

    const order = await refundOrder(deps, refund)

    expect(order.refunds).toEqual([note])
    expect(client.orders.refund).toHaveBeenCalledTimes(2)
    expect(client.orders.refund.mock.calls[1]).toEqual(client.orders.refund.mock.calls[0])
  })

  it("a second unreadable answer is the call's failure: TRADE_CREDIT_BAD_RESPONSE, logged once", async () => {
    const { deps, client, logger } = fakes(medusa())
    client.orders.get.mockResolvedValue(invoicedOrder())
    client.orders.refund.mockRejectedValue(unreadableAnswer())

    const error = await rejection(refundOrder(deps, refund))

    expect(error.code).toBe("TRADE_CREDIT_BAD_RESPONSE")
    expect(client.orders.refund).toHaveBeenCalledTimes(2)
    expect(logger.at("error")).toEqual([
      expect.stringContaining("refund_id=ref_2 service_order_id=ord_1 code=TRADE_CREDIT_BAD_RESPONSE"),
    ])
  })

  it("the service's refusal is mapped (refund the order)", async () => {
    const { deps, client } = fakes(medusa())
    client.orders.get.mockResolvedValue(invoicedOrder())
    client.orders.refund.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))

    const error = await rejection(refundOrder(deps, refund))

    expect(error.message).toBe("The trade credit service refused to refund the order (TRADE_CREDIT_REFUSED).")
  })

  it("returns that cannot be read leave the amount split by tax rate (logged), and the refund goes", async () => {
    const { deps, client, logger, query } = fakes(medusa())
    query.graph.mockRejectedValue(new Error("Query is down"))
    client.orders.get.mockResolvedValue(invoicedOrder())
    client.orders.refund.mockResolvedValue(creditNote("cn_1", "50.00", "ref_2"))

    await refundOrder(deps, refund)

    expect(client.orders.refund).toHaveBeenCalledTimes(1)
    expect(logger.at("warn")).toEqual([expect.stringContaining("could not read the returns of refund ref_2")])
  })
})

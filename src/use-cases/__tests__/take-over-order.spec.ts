import { takeOverOrder } from "../take-over-order"
import type { OrderEditPaymentData } from "../../medusa/order-edit-payment"
import { fakes, rejection, serviceOrder, serviceUnavailable } from "./fakes"

const SESSION = "payses_01EDIT"

/** The replaced payment of the Medusa order, as Query reads it, and the new session in the order's new collection. */
function medusaRows({ replacedCanceled = true } = {}) {
  return {
    payment_session: [{ id: SESSION, payment_collection: { id: "paycol_2", order: { id: "order_1" } } }],
    order: [
      {
        id: "order_1",
        payment_collections: [
          {
            id: "paycol_1",
            created_at: "2026-11-20T10:00:00Z",
            payments: [
              {
                id: "pay_1",
                provider_id: "pp_trade-credit_default",
                data: { order_id: "ord_1", replaced_by_order_edit: "ordch_1" },
                canceled_at: replacedCanceled ? "2026-11-21T10:00:00Z" : null,
              },
            ],
          },
          { id: "paycol_2", created_at: "2026-11-21T10:00:00Z", payments: [] },
        ],
      },
    ],
  }
}

const data: OrderEditPaymentData = { replaces_payment_id: "pay_1", order_id: "ord_1" }

describe("takeOverOrder", () => {
  it("checks the session is the edited order's, then reads the service order: its total is the new one", async () => {
    const { deps, client, query } = fakes({ query: medusaRows() })
    const edited = serviceOrder({ id: "ord_1", state: "CONFIRMED", gross_amount: "250.50" })
    client.orders.get.mockResolvedValue(edited)

    await expect(takeOverOrder(deps, SESSION, data, 250.5)).resolves.toBe(edited)
    expect(query.graph.mock.calls.map(([input]) => input.entity)).toEqual(["payment_session", "order"])
    expect(client.orders.get).toHaveBeenCalledWith("ord_1")
  })

  it("refuses when the service does not have the edit (its total is not the session's amount)", async () => {
    const { deps, client } = fakes({ query: medusaRows() })
    client.orders.get.mockResolvedValue(serviceOrder({ id: "ord_1", gross_amount: "250.50", currency: "GBP" }))

    const error = await rejection(takeOverOrder(deps, SESSION, data, 300))

    expect(error.code).toBe("TRADE_CREDIT_AMOUNT_MISMATCH")
    expect(error.message).toBe(
      "The trade credit order is for 250.50 GBP, not the order's new total 300.00: the edit did not reach the service",
    )
  })

  it("refuses, before any call, a payment that was not replaced by an order edit", async () => {
    const { deps, client } = fakes({ query: medusaRows({ replacedCanceled: false }) })

    const error = await rejection(takeOverOrder(deps, SESSION, data, 250.5))

    expect(error.code).toBe("TRADE_CREDIT_INVALID_REATTACHMENT")
    expect(client.orders.get).not.toHaveBeenCalled()
  })

  it("a failed read is mapped (read the order)", async () => {
    const { deps, client } = fakes({ query: medusaRows() })
    client.orders.get.mockRejectedValue(serviceUnavailable())

    const error = await rejection(takeOverOrder(deps, SESSION, data, 250.5))

    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(error.message).toMatch(/^The trade credit service could not read the order right now/)
  })
})

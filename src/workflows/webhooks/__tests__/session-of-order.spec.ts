import type { MedusaContainer } from "@medusajs/framework/types"
import { merchantOrderIdOf } from "../../../core/order/merchant-reference"
import { TRADE_CREDIT_MODULE } from "../../../modules/trade-credit"
import { fakePluginModule, type OrderReferenceFakeRow } from "../../../use-cases/__tests__/fakes"
import { sessionOfOrder } from "../session-of-order"

const CART = "cart_01JABX3M5Q9ZP4T7KQ2M9X4"
const OLD = "payses_01JABX4C8N2V6R0W1Y3F8A"
const NEW = "payses_01JABX5D9P3W7S1X2Z4G9B"

/** A container whose plugin module holds these order references (what findOrCreateOrder recorded). */
function containerWith(orderReferences: OrderReferenceFakeRow[]) {
  const plugin = fakePluginModule({ orderReferences })
  const resolve = jest.fn((key: string) => {
    if (key !== TRADE_CREDIT_MODULE) throw new Error(`fake container: nothing registered as ${key}`)
    return plugin.service
  })
  return { container: { resolve } as unknown as MedusaContainer, plugin }
}

const referenceOf = (id: string, sessionId: string): OrderReferenceFakeRow => ({
  id,
  merchant_order_id: merchantOrderIdOf(CART, sessionId),
  session_id: sessionId,
  cart_id: CART,
})

describe("sessionOfOrder", () => {
  it("reads the session recorded for the merchant_order_id: one read by that id, no Query of the carts", async () => {
    const { container, plugin } = containerWith([referenceOf("tcord_1", OLD), referenceOf("tcord_2", NEW)])

    const event = { merchant_order_id: merchantOrderIdOf(CART, NEW) }
    expect(await sessionOfOrder(container, event)).toBe(NEW)
    expect(plugin.orderReferences.list).toHaveBeenCalledTimes(1)
    expect(plugin.orderReferences.list).toHaveBeenCalledWith({ merchant_order_id: "7KQ2M9X4-4G9B" }, { take: 1 })
  })

  it("takes an order made before 0.2.0 at its word: its merchant_order_id is the session id", async () => {
    const { container, plugin } = containerWith([])
    expect(await sessionOfOrder(container, { merchant_order_id: OLD })).toBe(OLD)
    expect(plugin.orderReferences.list).not.toHaveBeenCalled()
  })

  it("is null when no row holds the merchant_order_id (not an order the plugin made)", async () => {
    const { container } = containerWith([referenceOf("tcord_1", OLD)])
    expect(await sessionOfOrder(container, { merchant_order_id: "7KQ2M9X4-ZZZZ" })).toBeNull()
    expect(await sessionOfOrder(container, { merchant_order_id: "order 42" })).toBeNull()
  })
})

import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer } from "@medusajs/framework/utils"
import { readCartOfSession } from "../medusa-reader"

type Graph = { entity: string; fields: string[]; filters: { id: string } }

describe("readCartOfSession", () => {
  // The provider hands the reader its Query (src/use-cases/deps.ts); here, a fake one in a container of the test's own.
  const container = createMedusaContainer()
  const readCartOfSession_ = <T>(sessionId: string, fields: string[]) =>
    readCartOfSession<T>(container.resolve(ContainerRegistrationKeys.QUERY), sessionId, fields)
  const calls: Graph[] = []
  const carts = new Map<string, Record<string, unknown>>()
  const cartOfSession = new Map<string, string>()

  beforeAll(() => {
    container.register(
      ContainerRegistrationKeys.QUERY,
      asValue({
        graph: async (input: Graph) => {
          calls.push(input)
          if (input.entity === "payment_session") {
            const cartId = cartOfSession.get(input.filters.id)
            // The cart's fields through the link, as Query answers `payment_collection.cart.<field>`.
            const cart = cartId ? { id: cartId, ...carts.get(cartId) } : undefined
            return { data: cart ? [{ id: input.filters.id, payment_collection: { id: "paycol_1", cart } }] : [] }
          }
          // A copy: each read answers the cart as it is now.
          return { data: carts.has(input.filters.id) ? [{ ...carts.get(input.filters.id) }] : [] }
        },
      }),
    )
  })

  beforeEach(() => {
    calls.length = 0
  })

  it("reads the session's cart in one Query, then the cart by its id, as it is now, on every call", async () => {
    cartOfSession.set("payses_reader_1", "cart_reader_1")
    carts.set("cart_reader_1", { id: "cart_reader_1", total: 10 })

    const first = await readCartOfSession_<{ total: number }>("payses_reader_1", ["id", "total"])
    expect(first.total).toBe(10)
    expect(calls.map((c) => c.entity)).toEqual(["payment_session"])
    expect(calls[0].fields).toEqual([
      "id",
      "payment_collection.id",
      "payment_collection.cart.id",
      "payment_collection.cart.id",
      "payment_collection.cart.total",
    ])

    carts.set("cart_reader_1", { id: "cart_reader_1", total: 12 })
    const second = await readCartOfSession_<{ total: number }>("payses_reader_1", ["id", "total"])
    expect(second.total).toBe(12)
    expect(calls.map((c) => c.entity)).toEqual(["payment_session", "cart"])
    expect(calls[1].filters).toEqual({ id: "cart_reader_1" })
  })

  it("refuses a session that belongs to no cart, and does not keep the miss", async () => {
    await expect(readCartOfSession_("payses_reader_orphan", ["id"])).rejects.toMatchObject({
      code: "TRADE_CREDIT_CART_NOT_FOUND",
    })
    cartOfSession.set("payses_reader_orphan", "cart_reader_2")
    carts.set("cart_reader_2", { id: "cart_reader_2" })
    await expect(readCartOfSession_<{ id: string }>("payses_reader_orphan", ["id"])).resolves.toEqual({
      id: "cart_reader_2",
    })
    expect(calls.map((c) => c.entity)).toEqual(["payment_session", "payment_session"])
  })
})

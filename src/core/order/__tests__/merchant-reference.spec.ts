import { CreateOrderRequest } from "../../../service/schemas/order"
import { cartReference, cartReferenceOf, isSessionId, merchantOrderIdOf } from "../merchant-reference"

const CART = "cart_01JABX3M5Q9ZP4T7KQ2M9X4"
const SESSION = "payses_01JABX4C8N2V6R0W1Y3F8A"

describe("the buyer's reference of an order", () => {
  it("is short, readable and names the cart, not Medusa's ids", () => {
    expect(cartReference(CART)).toBe("7KQ2M9X4")
    expect(merchantOrderIdOf(CART, SESSION)).toBe("7KQ2M9X4-3F8A")
    expect(merchantOrderIdOf(CART, SESSION)).not.toMatch(/cart|payses|_/i)
  })

  it("is stable: every retry of a session, and every session of a cart, share the cart's reference", () => {
    expect(merchantOrderIdOf(CART, SESSION)).toBe(merchantOrderIdOf(CART, SESSION))
    const other = merchantOrderIdOf(CART, "payses_01JABX5D9P3W7S1X2Z4G9B")
    expect(other).toBe("7KQ2M9X4-4G9B")
    expect(other).not.toBe(merchantOrderIdOf(CART, SESSION))
    expect(other.startsWith(`${cartReference(CART)}-`)).toBe(true)
  })

  it.each([
    ["a ULID id", CART, SESSION],
    ["lower case and a short id", "cart_01fake", "payses_1"],
    ["ids without Medusa's prefix", "7f1c2d3e-aaaa-bbbb", "sess-42"],
    ["an id of underscores and symbols only", "__", "payses_"],
  ])("keeps to the contract's limits and to [0-9A-Z-] (%s)", (_, cartId, sessionId) => {
    const id = merchantOrderIdOf(cartId, sessionId)
    expect(id).toMatch(/^[0-9A-Z]*-[0-9A-Z]*$/)
    expect(id.length).toBeLessThanOrEqual(13)
    // The wire schema's limits: merchant_order_id 1 to 100 characters, merchant_reference at most 255.
    expect(CreateOrderRequest.shape.merchant_order_id.safeParse(id).success).toBe(true)
    expect(CreateOrderRequest.shape.merchant_reference.safeParse(cartReference(cartId)).success).toBe(true)
  })

  it("tells an order of before 0.2.0 (named by the session) from one named by the buyer's reference", () => {
    expect(isSessionId(SESSION)).toBe(true)
    expect(isSessionId(merchantOrderIdOf(CART, SESSION))).toBe(false)
  })

  it("gives the cart's reference back from a merchant order id (how an order event finds its cart)", () => {
    expect(cartReferenceOf(merchantOrderIdOf(CART, SESSION))).toBe(cartReference(CART))
    expect(cartReferenceOf(SESSION)).toBeNull()
    expect(cartReferenceOf("-YSES")).toBeNull()
  })
})

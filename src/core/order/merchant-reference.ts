/**
 * What the service shows the buyer for an order: its verification page and invoice name the order by
 * `merchant_order_id`, so it is a reference a buyer can read, not Medusa's payment session id (`payses_01M8…`).
 * Medusa's ids stay where the buyer never sees them: the Idempotency-Key (`order-{session}`) and the plugin's own
 * lookups (the session's data keeps the service order id; see docs/service-contract-notes.md).
 */

/** Characters of the id's tail kept: 8 of a ULID's random part (40 bits), enough to tell a merchant's carts apart. */
const CART_REFERENCE_LENGTH = 8
/** Characters of the session id's tail that tell one cart's sessions (tries) apart. */
const SESSION_TAG_LENGTH = 4

/** The id's own part (after Medusa's `cart_` or `payses_` prefix), letters and digits only, upper case. */
function tailOf(id: string, length: number): string {
  const own = id.slice(id.lastIndexOf("_") + 1).replace(/[^A-Za-z0-9]/g, "")
  return (own || id.replace(/[^A-Za-z0-9]/g, "")).slice(-length).toUpperCase()
}

/**
 * The cart's short display reference, e.g. `7KQ2M9X4` for `cart_01JA…7KQ2M9X4`: the same for every try of the cart,
 * sent as `merchant_reference`. Medusa's ids are ULIDs in Crockford base 32 (no I, L, O or U): it reads unambiguously.
 */
export function cartReference(cartId: string): string {
  return tailOf(cartId, CART_REFERENCE_LENGTH)
}

/**
 * The `merchant_order_id` of a session's order, e.g. `7KQ2M9X4-3F8A`: the cart's reference and a tag of the session.
 * Unique per try as the contract needs (a live order holds its `merchant_order_id`; a new session after a failed
 * verification is a new order) and the same for every retry of one session, so a lost answer is found again by it.
 * At most 13 characters of `[0-9A-Z-]` (the contract allows 100).
 */
export function merchantOrderIdOf(cartId: string, sessionId: string): string {
  return `${cartReference(cartId)}-${sessionTagOf(sessionId)}`
}

/** The cart's reference in a `merchant_order_id` (merchantOrderIdOf), or null when it is not one of these. */
export function cartReferenceOf(merchantOrderId: string): string | null {
  const match = /^([0-9A-Z]+)-[0-9A-Z]+$/.exec(merchantOrderId)
  return match ? match[1] : null
}

/** The session's part of its order's `merchant_order_id`: the tail of its id, e.g. `3F8A`. */
export function sessionTagOf(sessionId: string): string {
  return tailOf(sessionId, SESSION_TAG_LENGTH)
}

/** Orders created before 0.2.0 named the payment session itself (`payses_…`): their events and lookups still use it. */
export function isSessionId(merchantOrderId: string): boolean {
  return merchantOrderId.startsWith("payses_")
}

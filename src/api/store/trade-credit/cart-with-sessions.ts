import { CART_FIELDS } from "../../../core/order/cart-fields"
import type { MedusaCartInput } from "../../../core/order/medusa-cart"

/**
 * A cart as the store's trade credit routes read it (the pre-check, the instalment preview): the fields the payload
 * builder needs, whether it is completed, and its payment sessions' providers and data (where a session names the
 * buyer's company).
 */
export type CartWithSessions = MedusaCartInput & {
  completed_at?: string | null
  payment_collection?: {
    payment_sessions?: { provider_id?: string; data?: Record<string, unknown> | null }[] | null
  } | null
}

/** The Query fields of a CartWithSessions. */
export const CART_WITH_SESSIONS_FIELDS: string[] = [
  ...CART_FIELDS,
  "completed_at",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.data",
]

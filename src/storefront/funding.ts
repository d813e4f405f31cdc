// Where an instalment order's plan funding stands, for the order's confirmation: the service decides it after the
// order is placed (the funding webhook authorizes the payment, or cancels the order), so the page reads it again.

import { fundingStateOf, type SessionLike } from "./checkout"
import { isPlanProvider } from "./session-data"

export type FundingState = "pending" | "accepted" | "rejected"

/** An order read with `*payment_collections.payment_sessions` and/or `*payment_collections.payments`. */
export type FundingOrder =
  | {
      status?: string | null
      payment_collections?: { payment_sessions?: SessionLike[] | null; payments?: SessionLike[] | null }[] | null
    }
  | null
  | undefined

/** The fields `orderFundingStateOf` reads, for `sdk.store.order.retrieve(id, { fields })`. */
export const ORDER_FUNDING_FIELDS = "id,status,*payment_collections.payment_sessions,*payment_collections.payments"

/**
 * The funding of an order paid with an instalment plan: "pending", "accepted" or "rejected"; null when the order is
 * not paid that way; undefined when the order was read without its payment sessions and payments (read it again
 * with ORDER_FUNDING_FIELDS).
 */
export function orderFundingStateOf(order: FundingOrder): FundingState | null | undefined {
  const collections = order?.payment_collections ?? []
  const sessions = collections.flatMap((c) => c?.payment_sessions ?? [])
  const payments = collections.flatMap((c) => c?.payments ?? [])
  const planSessions = sessions.filter((s) => isPlanProvider(s.provider_id))
  const session = planSessions.find((s) => s.status !== "canceled") ?? planSessions[0]
  const payment = payments.find((p) => isPlanProvider(p.provider_id))
  if (!session && !payment) {
    const known = collections.some(
      (c) => Array.isArray(c?.payment_sessions) || (Array.isArray(c?.payments) && c.payments.length > 0),
    )
    return known ? null : undefined
  }
  // A payment exists once the funding authorized it (its data says ACCEPTED, or says nothing: funded all the same).
  const fromPayment = payment ? (fundingStateOf(payment) ?? "accepted") : undefined
  const fromSession = fundingStateOf(session)
  if (fromPayment === "rejected" || fromSession === "rejected") return "rejected"
  if (fromPayment === "accepted" || fromSession === "accepted") return "accepted"
  // Cancelled while pending: the service refused the plan (the webhook cancels the order).
  if (order?.status === "canceled") return "rejected"
  return session?.status === "authorized" || session?.status === "captured" ? "accepted" : "pending"
}

/**
 * The order's funding, read through the SDK (in a server action, a route handler or the browser): what FundingStatus's
 * `refresh` answers. Null when the order is not paid with an instalment plan.
 */
export async function retrieveOrderFunding({
  sdk,
  orderId,
  headers,
}: {
  sdk: {
    // The SDK's own types, which the kit does not import: `any` lets @medusajs/js-sdk's `store.order.retrieve` fit.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    store: { order: { retrieve(id: string, query?: Record<string, unknown>, headers?: any): Promise<{ order: any }> } }
  }
  orderId: string
  headers?: Record<string, string>
}): Promise<FundingState | null> {
  const { order } = await sdk.store.order.retrieve(orderId, { fields: ORDER_FUNDING_FIELDS }, headers)
  return orderFundingStateOf(order) ?? null
}

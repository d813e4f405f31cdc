import { createHash } from "node:crypto"

/**
 * Idempotency keys of every mutating call, derived from Medusa's own ids so that
 * a retry (by the transport, a workflow or a person) never makes a second order,
 * fulfilment or refund. A body that legitimately changes (an edit, a new intent
 * for a changed cart) adds a digest of the body, so the service never answers a
 * changed body with IDEMPOTENCY_CONFLICT.
 */
const digest = (body: unknown) =>
  createHash("sha256").update(JSON.stringify(body ?? null)).digest("base64url").slice(0, 16)

export const idempotencyKeys = {
  intent: (sessionId: string, body: unknown) => `intent-${sessionId}-${digest(body)}`,
  createOrder: (sessionId: string) => `order-${sessionId}`,
  confirm: (orderId: string) => `confirm-${orderId}`,
  edit: (orderId: string, body: unknown) => `edit-${orderId}-${digest(body)}`,
  cancel: (orderId: string) => `cancel-${orderId}`,
  fulfil: (captureId: string) => `fulfil-${captureId}`,
  refund: (refundId: string) => `refund-${refundId}`,
}

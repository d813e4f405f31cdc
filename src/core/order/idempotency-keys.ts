import { createHash } from "node:crypto"
import { jsonOf } from "../../utils/frozen-json"

/**
 * Digests of frozen bodies: the payload builders freeze what they build and
 * nothing changes it afterwards, so the intent's idempotency key and its reuse
 * key (lib/intent-reuse.ts) hash the body once between them.
 */
const digests = new WeakMap<object, string>()

/** A short digest of a body (96 bits of SHA-256 over its JSON). */
export function bodyDigest(body: unknown): string {
  const known = typeof body === "object" && body !== null && Object.isFrozen(body) ? digests.get(body) : undefined
  if (known) return known
  const digest = createHash("sha256").update(jsonOf(body)).digest("base64url").slice(0, 16)
  if (typeof body === "object" && body !== null && Object.isFrozen(body)) digests.set(body, digest)
  return digest
}

/**
 * Idempotency keys of every mutating call, derived from Medusa's own ids so that
 * a retry (by the transport, a workflow or a person) never makes a second order,
 * fulfilment or refund. A body that legitimately changes (an edit, a new intent
 * for a changed cart) adds a digest of the body, so the service never answers a
 * changed body with IDEMPOTENCY_CONFLICT.
 */
export const idempotencyKeys = {
  intent: (sessionId: string, body: unknown) => `intent-${sessionId}-${bodyDigest(body)}`,
  createOrder: (sessionId: string) => `order-${sessionId}`,
  /** The confirm of an order read back VERIFIED (and reconciliation's `confirm_at_service`). */
  confirm: (orderId: string) => `confirm-${orderId}`,
  /**
   * The confirm sent before any read, on the buyer's return (authorize-order.ts): it may be refused (the buyer has
   * not verified yet), and the service keeps a refusal under its key (section 0), so it never shares the key of the
   * confirm sent after a read: a refused first confirm cannot turn that one into a replayed 409.
   */
  confirmFirst: (orderId: string) => `confirm-first-${orderId}`,
  edit: (orderId: string, body: unknown) => `edit-${orderId}-${bodyDigest(body)}`,
  cancel: (orderId: string) => `cancel-${orderId}`,
  fulfil: (captureId: string) => `fulfil-${captureId}`,
  refund: (refundId: string) => `refund-${refundId}`,
}

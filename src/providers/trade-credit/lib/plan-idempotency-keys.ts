import { createHash, randomUUID } from "node:crypto"

/** A short, stable digest of a JSON value (object keys in the order they were built). */
export const digestOf = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value ?? null)).digest("base64url").slice(0, 16)

/**
 * Idempotency keys of the repayment calls, derived from Medusa's ids (at most
 * 100 visible ASCII characters). A body that legitimately differs on a retry
 * (a consent or cancellation time, a changed cart) gets a new key through its
 * digest, and the service's own rules then make the retry harmless: a plan's
 * `reference` is unique (409 names the plan), a second cancellation answers
 * the plan unchanged. A credit check and a preview change nothing at the
 * service but answer what holds now (limits, issue dates): each request is an
 * intent of its own (a fresh key; the transport's retries of it share it), so
 * an earlier answer is never replayed for a later question.
 */
export const planKeys = {
  creditCheck: (scope: string) => `plan-check-${scope.slice(0, 50)}-${randomUUID()}`,
  preview: (cartId: string) => `plan-preview-${cartId.slice(0, 50)}-${randomUUID()}`,
  createAccount: (reference: string, body: unknown) => `account-${digestOf(reference)}-${digestOf(body)}`,
  /** A PUT replaces the whole account: each update is an intent of its own (going back to an earlier body must not replay its old answer). */
  updateAccount: (accountId: string) => `account-${accountId.slice(0, 50)}-${randomUUID()}`,
  createPlan: (sessionId: string, body: unknown) => `plan-${sessionId}-${digestOf(body)}`,
  fulfil: (captureId: string) => `plan-fulfil-${captureId}`,
  cancel: (planId: string, body: unknown) => `plan-cancel-${planId}-${digestOf(body)}`,
  credit: (refundId: string) => `plan-credit-${refundId}`,
}

import { createHash, randomUUID } from "node:crypto"

/** A short, stable digest of a JSON value (object keys in the order they were built). */
export const digestOf = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value ?? null))
    .digest("base64url")
    .slice(0, 16)

/** Idempotency-Key is 1 to 36 characters under /repay/v1 (contract section 0). */
export const MAX_REPAYMENT_KEY = 36

/** `{kind}-{digest of the parts}`: stable for the same parts, within MAX_REPAYMENT_KEY. */
const keyOf = (kind: string, ...parts: unknown[]) =>
  `${kind}-${createHash("sha256").update(JSON.stringify(parts)).digest("base64url")}`.slice(0, MAX_REPAYMENT_KEY)

/**
 * Idempotency keys of the repayment calls, derived from Medusa's ids and
 * digested to fit the interface's 36 characters. A body that legitimately
 * differs on a retry (a consent date or cancellation time, a changed cart)
 * gets a new key through its digest, and the service's own rules then make
 * the retry harmless: a plan's `reference` is unique (the 409 names the plan),
 * a second cancellation answers the first. A credit check and a preview change
 * nothing at the service but answer what holds now (limits, issue dates): each
 * request is an intent of its own (a fresh key; the transport's retries of it
 * share it), so an earlier answer is never replayed for a later question.
 */
export const planKeys = {
  creditCheck: (_scope: string) => randomUUID(),
  preview: (_cartId: string) => randomUUID(),
  createAccount: (reference: string, body: unknown) => keyOf("acct", reference, body),
  /** Each update is an intent of its own (going back to an earlier body must not replay its old answer). */
  updateAccount: (_accountId: string) => randomUUID(),
  createPlan: (sessionId: string, body: unknown) => keyOf("plan", sessionId, body),
  fulfil: (captureId: string) => keyOf("ful", captureId),
  cancel: (planId: string, body: unknown) => keyOf("cxl", planId, body),
  credit: (refundId: string) => keyOf("crd", refundId),
}

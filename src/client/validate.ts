import { z } from "@medusajs/framework/zod"
import type { AmountCheck } from "../service/order-arithmetic"
import { invalidRequest } from "./errors"
import { describeZodIssue } from "./http-utils"
import { isValidated } from "../service/validated-bodies"

/**
 * Validates an outgoing body against the contract's request schema before
 * anything is sent: a bug in our own payload fails here with INVALID_REQUEST,
 * naming the first broken field, instead of reaching the service. Returns the
 * parsed body (defaults applied, unknown fields dropped): what was validated
 * is exactly what is sent.
 */
export function validateRequest<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  if (isValidated(schema, value)) return value
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw invalidRequest(`Trade credit ${what}: the request breaks the contract at ${describeZodIssue(parsed.error)}`)
  }
  return parsed.data
}

/**
 * Refuses a body whose amounts the service would decline (contract section 2).
 * A create with a mismatch would otherwise be answered REJECTED and burn its
 * merchant_order_id; the error names the service's code in `details`.
 */
export function assertAmounts(check: AmountCheck, what: string): void {
  if (check.ok) return
  throw invalidRequest(`Trade credit ${what}: ${check.message} (${check.loc.join(".")})`, { details: check.code })
}

/** Every mutating call of a module takes the Idempotency-Key the caller derived (same key on every retry). */
export type Idempotent = { idempotencyKey: string }

/** `validateRequest` and the amount check, or nothing when a builder did both (`markValidated`). */
export function validateBody<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  check: (valid: T) => AmountCheck,
): T {
  if (isValidated(schema, value)) return value
  const valid = validateRequest(schema, value, what)
  assertAmounts(check(valid), what)
  return valid
}

import type { z } from "@medusajs/framework/zod"

// The one mark shared by the body builders (src/core) and the client (src/client/validate.ts): a body checked
// against the contract where it was built is not checked again before it is sent. A WeakMap: a body that is gone
// takes its mark with it.

/** Bodies a builder already parsed with a request schema and checked against the service's arithmetic, by the schema.
 * */
const validatedBodies = new WeakMap<object, z.ZodType>()

/**
 * Marks a body that was just parsed with `schema` (its output, a fresh object)
 * and whose amounts passed the service's arithmetic, so the client does not
 * validate it a second time: the contract is checked once, where the body is
 * built from untrusted data (the cart, the session input). The body is frozen,
 * so what was validated is what is sent. Any other body is validated in full.
 */
export function markValidated<T extends object>(schema: z.ZodType, body: T): Readonly<T> {
  validatedBodies.set(body, schema)
  return Object.freeze(body)
}

/** True when `value` is a body marked by `markValidated` for this very schema. */
export function isValidated<T>(schema: z.ZodType<T>, value: unknown): value is T {
  return typeof value === "object" && value !== null && validatedBodies.get(value) === schema
}

/**
 * JSON of request bodies. A frozen body (the payload builders freeze what they
 * build, and nothing changes it afterwards) is serialised once, however many
 * digests (core/order/idempotency-keys.ts) and requests (client/transport.ts) use it.
 */
const texts = new WeakMap<object, string>()

export function jsonOf(value: unknown): string {
  const frozen = typeof value === "object" && value !== null && Object.isFrozen(value)
  const known = frozen ? texts.get(value) : undefined
  if (known !== undefined) return known
  const text = JSON.stringify(value ?? null)
  if (frozen) texts.set(value, text)
  return text
}

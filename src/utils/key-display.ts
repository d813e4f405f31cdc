import { createHash } from "node:crypto"

// How an API key may appear in text the plugin writes (logs, errors, the admin): its prefix and a fingerprint, never
// the secret part. The client (client/api-key.ts) and the log lines (log-line.ts) both use it.

const KNOWN_PREFIX = /^secret_(test|prod)_/

/** The prefix of a key when it has a known one ("secret_test_"), never any of the secret part. */
export function prefixOf(key: string): string | null {
  return KNOWN_PREFIX.exec(key)?.[0] ?? null
}

/**
 * A display form of a key that is safe to log or show in the admin: its prefix and a fingerprint, the first 8 hex
 * digits of the key's SHA-256 ("secret_test_…#1a2b3c4d"). No character of the secret part: the fingerprint only tells
 * keys apart (the two of a rotation, the one an operator holds). A string that does not look like a key shows nothing
 * of itself.
 */
export function describeKey(key: string): string {
  if (typeof key !== "string") return "[no key]"
  const prefix = prefixOf(key)
  if (!prefix) return "[redacted]"
  return `${prefix}…#${createHash("sha256").update(key).digest("hex").slice(0, 8)}`
}

/**
 * Replaces every occurrence of the key (and of its secret part alone) in a text
 * with its safe display form. The transport runs everything the service echoes
 * back through this before it reaches an error message or a log line.
 */
export function redactKey(text: string, key: string): string {
  if (!text || !key) return text
  let out = text.split(key).join(describeKey(key))
  const prefix = prefixOf(key)
  const secret = prefix ? key.slice(prefix.length) : ""
  if (secret.length >= 16) out = out.split(secret).join("[redacted]")
  return out
}

/** redactKey for each key a client holds (the current one and, during a rotation, the previous one). */
export function redactKeys(text: string, keys: readonly (string | undefined)[]): string {
  return keys.reduce<string>((out, key) => (key ? redactKey(out, key) : out), text)
}

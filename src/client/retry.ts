/**
 * When the transport retries, and how long it waits (contract section 0:
 * "429, 502, 503, 504 and dropped connections may be retried with the same
 * Idempotency-Key; other 4xx must not be retried").
 */

export { RETRYABLE_STATUSES } from "./errors"

/**
 * Error codes of a connection that failed or dropped. Retrying them is safe:
 * a GET has no effect, and every mutating call carries an Idempotency-Key, so
 * the service answers a repeat with its first answer.
 * ECONNREFUSED is included: nothing reached the service, so a retry (the
 * service restarting, a load balancer rotating) can only help.
 */
export const RETRYABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
])

/** The code of a network error, looking through undici's `cause` chain. */
export function networkCodeOf(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string" && code.length) return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

export function isRetryableNetworkError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string" && RETRYABLE_NETWORK_CODES.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Retry-After in milliseconds: delta-seconds ("2", "1.5") or an HTTP date.
 * Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined || raw.trim() === "") return null
  const text = raw.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return null
  return Math.max(0, date - now)
}

export type BackoffOptions = {
  retryBaseDelayMs: number
  retryMaxDelayMs: number
}

/**
 * The wait before retry number `retry` (1 for the first retry): exponential
 * (base x 2^(retry-1), capped at the maximum) with "equal jitter" (a random
 * point in the upper half), so clients that failed together do not come back
 * together, and the wait still grows with every retry.
 */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.retryMaxDelayMs, options.retryBaseDelayMs * 2 ** Math.max(0, retry - 1))
  const half = exponential / 2
  return Math.round(half + random() * half)
}

/**
 * The wait when the service sent Retry-After: never earlier than asked, plus
 * up to 10% (at most 250 ms) of jitter.
 */
export function retryAfterDelay(retryAfterMs: number, random: () => number = Math.random): number {
  return Math.round(retryAfterMs + random() * Math.min(250, retryAfterMs * 0.1))
}

// What the kit reads of a thrown value or a refusal: @medusajs/js-sdk's FetchError (`status`, `message`), a fetch
// answer's JSON (`code`, `message`), an axios-like `response` or a `body`. Anything else (a string, null) has none.
// Not part of the kit's exports (index.ts): its own steps share it.

/** The fields of a refusal the kit looks at, each optional. */
type ErrorFields = {
  code?: string
  message?: string
  status?: number
  body?: { code?: string; message?: string } | null
  response?: { status?: number; data?: { code?: string; message?: string } | null } | null
}

/** The refusal's fields; undefined for a value that is not an object. */
export const errorFields = (error: unknown): ErrorFields | undefined =>
  typeof error === "object" && error !== null ? (error as ErrorFields) : undefined

/** The error code: the refusal's own, else its answer's. */
export const codeOf = (error: unknown): string | undefined => {
  const e = errorFields(error)
  return e?.code ?? e?.response?.data?.code ?? e?.body?.code ?? undefined
}

/** The server's message: its answer's first, else the error's own. */
export const messageOf = (error: unknown): string | undefined => {
  const e = errorFields(error)
  return e?.response?.data?.message ?? e?.body?.message ?? e?.message ?? undefined
}

/** The HTTP status, where the error carries one. */
export const statusOf = (error: unknown): number | undefined => {
  const e = errorFields(error)
  return e?.status ?? e?.response?.status
}

/** Codes of a failure that passes: the service or the store was busy or down, not a refusal of the buyer. */
const PASSING_CODES = new Set([
  "TRADE_CREDIT_UNAVAILABLE",
  "TRADE_CREDIT_RATE_LIMITED",
  "TRADE_CREDIT_INTERNAL_ERROR",
  "TRADE_CREDIT_CONFLICT",
  "unknown_error",
])

/**
 * Whether a failed call is worth trying again rather than a refusal: a 5xx (Medusa's "An unknown error occurred."),
 * a timeout, a conflict (two starts at once), a rate limit, a network failure (no answer: no status, no code). A
 * decline or a field to fix is a 4xx with the server's words (the SDK keeps the status, not the code) or a code.
 */
export const isRetryable = (error: unknown): boolean => {
  const code = codeOf(error)
  const status = statusOf(error)
  if (code && PASSING_CODES.has(code)) return true
  if (messageOf(error) === "An unknown error occurred.") return true
  if (status === undefined) return code === undefined
  return status >= 500 || status === 404 || status === 408 || status === 409 || status === 429
}

// What the kit reads of a thrown value or a refusal: @medusajs/js-sdk's FetchError (`status`, `message`), a fetch
// answer's JSON (`code`, `message`), an axios-like `response` or a `body`. Anything else (a string, null) has none.
// Not part of the kit's exports (index.ts): its own steps share it.

/** The fields of a refusal the kit looks at, each optional. */
type ErrorFields = {
  code?: string
  message?: string
  status?: number
  statusText?: string
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

/**
 * The server's message: its answer's first, else the error's own when the server answered it (a status: the JS
 * SDK's FetchError) or it is an answer itself (a plain object). A thrown Error without a status (a network failure, a
 * bug) has none: its words are the runtime's, never the buyer's.
 */
export const messageOf = (error: unknown): string | undefined => {
  const e = errorFields(error)
  const own = error instanceof Error && statusOf(error) === undefined ? undefined : e?.message
  const message = e?.response?.data?.message ?? e?.body?.message ?? own ?? undefined
  // The status line ("Bad Gateway": the SDK's message when the answer had no words of its own) says nothing.
  return message !== undefined && message === e?.statusText ? undefined : message
}

/** The HTTP status, where the error carries one. */
export const statusOf = (error: unknown): number | undefined => {
  const e = errorFields(error)
  return e?.status ?? e?.response?.status
}

/** The kit's code for a request that got no answer (its words: "We couldn't reach the shop…"); a storefront that
 * maps its SDK's network failures to this code itself (the demo's SHOP_UNREACHABLE) gets the same words. */
export const SHOP_UNREACHABLE = "SHOP_UNREACHABLE"

/** What browsers and runtimes say when a request got no answer (Chromium, Firefox, Safari, Node, React Native). */
export const NO_ANSWER_WORDS = new RegExp(
  [
    "failed to fetch",
    "network ?error",
    "network request failed",
    "load failed",
    "fetch failed",
    "network connection was lost",
    "internet connection appears to be offline",
  ].join("|"),
  "i",
)

/**
 * Whether a failed request got no answer at all: the page's own SHOP_UNREACHABLE, or a thrown value with neither a
 * status nor a code that says so: fetch's TypeError ("Failed to fetch", "NetworkError when attempting to fetch
 * resource.", "Load failed", "fetch failed"), the JS SDK's FetchError without a status, or a request timed out
 * (`AbortSignal.timeout`: a TimeoutError). A TypeError of the page's own code (a bug) is not one.
 */
export const isNoAnswer = (error: unknown): boolean => {
  const code = codeOf(error)
  if (code === SHOP_UNREACHABLE) return true
  if (code !== undefined || statusOf(error) !== undefined) return false
  const e = errorFields(error) as (ErrorFields & { name?: unknown }) | undefined
  return e?.name === "TimeoutError" || NO_ANSWER_WORDS.test(String(e?.message ?? ""))
}

/** The code to word a failure by: its own, else SHOP_UNREACHABLE when the request got no answer. */
export const failureCodeOf = (error: unknown): string | undefined =>
  codeOf(error) ?? (isNoAnswer(error) ? SHOP_UNREACHABLE : undefined)

/** Codes of a failure that passes: the service or the store was busy or down, not a refusal of the buyer. */
const PASSING_CODES = new Set([
  "TRADE_CREDIT_UNAVAILABLE",
  "TRADE_CREDIT_RATE_LIMITED",
  "TRADE_CREDIT_INTERNAL_ERROR",
  "TRADE_CREDIT_CONFLICT",
  "unknown_error",
  SHOP_UNREACHABLE,
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

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

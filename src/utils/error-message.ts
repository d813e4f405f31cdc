/**
 * The message of whatever was thrown: an Error's message; the `message` of an error-like object (Medusa's workflow
 * engine rethrows a step's error as a plain object, which `String()` turns into "[object Object]"); else the value as
 * text (for outcomes and log lines).
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof Error) return error.message
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message
  return String(error)
}

"use client"
import type { ReactNode } from "react"

/** How a component shows what went wrong: the store's class names for it, or its own element. */
export type ErrorDisplayProps = {
  /**
   * Class names of the message (default "error"; it always has `trade-credit-error` too), e.g. the starter's
   * ErrorMessage's `text-rose-500 text-small-regular`.
   */
  errorClassName?: string
  /** Renders the message instead (the starter's `<ErrorMessage error={message} />`). */
  renderError?: (message: string) => ReactNode
}

/** A message for the buyer (a refusal, a failed verification), once, as the store styles its own errors. */
export function KitError({
  message,
  errorClassName,
  renderError,
  kind = "error",
  id,
}: ErrorDisplayProps & { message: string | undefined; kind?: "error" | "notice"; id?: string }) {
  if (!message) return null
  if (renderError) return <>{renderError(message)}</>
  return (
    <p className={`${errorClassName ?? kind} trade-credit-${kind}`} role="alert" id={id}>
      {message}
    </p>
  )
}

"use client"
import { type ReactNode, useEffect, useState } from "react"
import { type FundingOrder, type FundingState, orderFundingStateOf, retrieveOrderFunding } from "../funding"
import { textsOf, type TextProps } from "./texts"

type Read = FundingState | FundingOrder | null | undefined

export type FundingStatusProps = TextProps & {
  /** The order as the page has it (its payments or payment sessions tell an instalment order; else it is read). */
  order?: FundingOrder & { id?: string }
  orderId?: string
  /**
   * Reads the funding again: a state (`retrieveOrderFunding` in a server action, as the starter's order page does) or
   * the order. Without it, `sdk` reads the order (from the browser).
   */
  refresh?: () => Promise<Read>
  sdk?: Parameters<typeof retrieveOrderFunding>[0]["sdk"]
  /** How often to read while the funding is pending (default 3 s), and how many times at most (default 200). */
  intervalMs?: number
  maxReads?: number
  onDecided?: (state: "accepted" | "rejected") => void
  /** The block's heading (default the kit's "Instalment plan"); false for none. */
  title?: ReactNode | false
  /**
   * What the block says while it does not know yet where the funding stands (the order was read without its payments
   * and is being read again): default the kit's "Being set up with the credit provider…"; false for nothing.
   */
  placeholder?: ReactNode | false
  id?: string
  className?: string
}

const stateOf = (read: Read): FundingState | null | undefined =>
  read === "pending" || read === "accepted" || read === "rejected"
    ? read
    : read === null
      ? null
      : orderFundingStateOf(read as FundingOrder)

/**
 * The funding of an instalment order's plan, on its confirmation: the service decides it after the order is placed,
 * so a pending plan reads "being approved" and is read again every few seconds until it is accepted or rejected,
 * which it then says in plain words. While it is being read (the page's order says nothing of its funding yet) it says
 * the plan is being set up (`placeholder`), with `data-state="unknown"`. Renders nothing for an order not paid with an
 * instalment plan, nor for an unknown one it has no way to read.
 */
export function FundingStatus({
  order,
  orderId = order?.id,
  refresh,
  sdk,
  intervalMs = 3000,
  maxReads = 200,
  onDecided,
  title,
  placeholder,
  id,
  className,
  language,
  overrides,
}: FundingStatusProps) {
  const t = textsOf({ language, overrides })
  const [state, setState] = useState<FundingState | null | undefined>(() => orderFundingStateOf(order))

  useEffect(() => {
    if (state === null || state === "accepted" || state === "rejected") return
    const read = refresh ?? (sdk && orderId ? () => retrieveOrderFunding({ sdk, orderId }) : undefined)
    if (!read) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async (reads: number) => {
      const next = await read().then(stateOf, () => undefined)
      if (stopped) return
      if (next !== undefined) setState(next)
      if (next === "accepted" || next === "rejected") return onDecided?.(next)
      if (next === null || reads + 1 >= maxReads) return
      timer = setTimeout(() => poll(reads + 1), intervalMs)
    }
    // Unknown yet (the page's order has neither payments nor sessions): read at once; pending: after a pause.
    if (state === undefined) void poll(0)
    else timer = setTimeout(() => poll(0), intervalMs)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
    // Polls once per mount (and again if the order changes); the state it sets does not restart it.
  }, [orderId])

  const readable = Boolean(refresh ?? (sdk && orderId))
  if (state === null || (state === undefined && (!readable || placeholder === false))) return null
  return (
    <div
      className={["trade-credit-funding", className].filter(Boolean).join(" ")}
      id={id}
      data-state={state ?? "unknown"}
      role="status"
      aria-live="polite"
    >
      {title === false ? null : <strong>{title ?? t("funding.title")}: </strong>}
      {state ? t(`funding.${state}`) : (placeholder ?? t("funding.setup"))}
    </div>
  )
}

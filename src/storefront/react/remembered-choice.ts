import { useMemo, useSyncExternalStore } from "react"
import type { TradeCreditChoice } from "../session-data"

// What TradeCreditFields (the payment step) hands to TradeCreditPaymentButton (the review step): the starters render
// them in sibling components, so the buyer's choice is kept for the tab (sessionStorage), by cart, until the order is
// placed. Nothing in it is secret: it is what the session's data holds. The session's data on the server comes first
// (a reload, another tab); this is the fallback, and what the kit knows before a storefront's cached cart does.

const key = (cartId: string) => `medusa-payment-trade-credit:choice:${cartId}`
/** Dispatched on window when the tab's remembered choice changes (sessionStorage has no event within a tab). */
const CHANGED = "medusa-payment-trade-credit:choice"

const storage = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage
  } catch {
    return undefined // storage disabled
  }
}

const rawChoice = (cartId: string | undefined): string | null => {
  try {
    return (cartId && storage()?.getItem(key(cartId))) || null
  } catch {
    return null
  }
}

const parsed = (raw: string | null): TradeCreditChoice | undefined => {
  try {
    const value: unknown = raw ? JSON.parse(raw) : undefined
    return value && typeof value === "object" && !Array.isArray(value) ? (value as TradeCreditChoice) : undefined
  } catch {
    return undefined
  }
}

/** Keeps the buyer's choice for the cart in this tab; `undefined` forgets it (as the kit does once the order is
 * placed). */
export function rememberChoice(cartId: string, choice: TradeCreditChoice | undefined): void {
  const s = storage()
  if (!s) return
  const before = rawChoice(cartId)
  try {
    if (choice) s.setItem(key(cartId), JSON.stringify(choice))
    else s.removeItem(key(cartId))
  } catch {
    return // storage full or disabled: the session's data still holds the choice
  }
  if (rawChoice(cartId) !== before) window.dispatchEvent(new Event(CHANGED))
}

export function rememberedChoice(cartId: string): TradeCreditChoice | undefined {
  return parsed(rawChoice(cartId))
}

const subscribe = (onChange: () => void) => {
  if (typeof window === "undefined") return () => undefined
  window.addEventListener(CHANGED, onChange)
  return () => window.removeEventListener(CHANGED, onChange)
}

/**
 * The tab's remembered choice for the cart, kept up to date (a component re-renders when TradeCreditFields changes
 * it). Undefined while rendering on the server and before the first render in the browser (no mismatch).
 */
export function useRememberedChoice(cartId: string | undefined): TradeCreditChoice | undefined {
  const raw = useSyncExternalStore(
    subscribe,
    () => rawChoice(cartId),
    () => null,
  )
  return useMemo(() => parsed(raw), [raw])
}

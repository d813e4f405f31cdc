import type { TradeCreditChoice } from "../place-order"

// What TradeCreditFields (the payment step) hands to TradeCreditPaymentButton (the review step): the starters render
// them in sibling components, so the buyer's choice is kept for the tab (sessionStorage), by cart, until the order is
// placed. Nothing in it is secret: it is what the session's data will hold.

const key = (cartId: string) => `medusa-payment-trade-credit:choice:${cartId}`
const storage = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage
  } catch {
    return undefined // storage disabled
  }
}

export function rememberChoice(cartId: string, choice: TradeCreditChoice | undefined): void {
  const s = storage()
  if (!s) return
  if (choice) s.setItem(key(cartId), JSON.stringify(choice))
  else s.removeItem(key(cartId))
}

export function rememberedChoice(cartId: string): TradeCreditChoice | undefined {
  try {
    const raw = storage()?.getItem(key(cartId))
    return raw ? (JSON.parse(raw) as TradeCreditChoice) : undefined
  } catch {
    return undefined
  }
}

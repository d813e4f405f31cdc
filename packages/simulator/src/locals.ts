import type { Response } from "express"
import type { MerchantState } from "./state/merchants"

/** The merchant the auth middleware resolved from X-Api-Key. */
export function merchantOf(res: Response): MerchantState {
  const merchant = res.locals.merchant as MerchantState | undefined
  if (!merchant) throw new Error("simulator: route mounted without the auth middleware")
  return merchant
}

export function setMerchant(res: Response, merchant: MerchantState): void {
  res.locals.merchant = merchant
}

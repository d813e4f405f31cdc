import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { Placeholders } from "./placeholders"

/** How many of one merchant's records in one store hold an address. */
export type ErasureMatch = {
  /** Financial records (orders, repayment accounts with a plan): kept, and they make the case RETAINED. */
  retained: number
  /** Other records (autofill, proposals, trade account contacts and users, accounts without a plan). */
  erasable: number
}

/**
 * What one store of the simulator contributes to the erasure interface
 * (contract section 6). Each store that holds personal data has one eraser,
 * registered once with `registerEraser`; the lookup and the erasure ask every
 * registered eraser, so a store added later is covered by adding its eraser.
 *
 * Both functions see only the calling merchant's state (rules 2 and 6: a
 * record another merchant holds for the same person is that merchant's, and
 * stays). `email` is already trimmed and lower-cased.
 */
export type Eraser = {
  /** The store's name in the audit trail ("orders", "repayment_accounts", ...). */
  name: string
  find(merchant: MerchantState, email: string, ctx: SimulatorContext): ErasureMatch
  /**
   * Replaces, in place, the names, email addresses, phone numbers, dates of
   * birth and identity evidence of the person with this address in the
   * merchant's erasable records of the store; answers how many records changed.
   * Called only when no store holds a retained record of the address.
   */
  erase(merchant: MerchantState, email: string, placeholders: Placeholders, ctx: SimulatorContext): number
}

const erasers = new Map<string, Eraser>()

/** Adds a store's eraser (a second registration under the same name replaces the first). */
export function registerEraser(eraser: Eraser): void {
  erasers.set(eraser.name, eraser)
}

export function registeredErasers(): Eraser[] {
  return [...erasers.values()]
}

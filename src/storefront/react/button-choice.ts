import { sameCompany } from "../session-keys"
import type { TradeCreditChoice } from "../session-data"
import { defaultReturnUrl } from "./return-page"

/**
 * The choice the payment button places the order with: its props first, else what TradeCreditFields remembered for
 * the cart (the session's own data fills the rest, see placeTradeCreditOrder). The remembered check and label are of
 * the remembered company and method only, never of another company or method the props name.
 */
export function buttonChoice(
  given: Omit<TradeCreditChoice, "check">,
  remembered: TradeCreditChoice = {},
): TradeCreditChoice {
  const ofRemembered = !given.company || sameCompany(given.company, remembered.company)
  const sameMethod = !given.providerId || given.providerId === remembered.providerId
  return {
    providerId: given.providerId ?? remembered.providerId,
    company: given.company ?? remembered.company,
    companyLabel: given.companyLabel ?? (ofRemembered ? remembered.companyLabel : undefined),
    details: given.details ?? remembered.details,
    numberOfPeriods: given.numberOfPeriods ?? remembered.numberOfPeriods,
    returnUrl: given.returnUrl ?? remembered.returnUrl ?? defaultReturnUrl(),
    check: ofRemembered && sameMethod ? remembered.check : undefined,
  }
}

// Whether the buyer may go on from the payment step with trade credit: the storefront's "Continue to review" and its
// review step ask before they show the payment step as done, so a declined buyer stays where the decline is shown.

import { buyerMessage, type Overrides } from "./buyer-messages"
import type { CartLike } from "./checkout"
import { tradeCreditChoiceOf, tradeCreditSessionOfProvider } from "./session-choice"
import { sessionIsChecked, type TradeCreditChoice } from "./session-data"
import { sameCompany } from "./session-keys"
import { kitText } from "./texts"

/**
 * `ready`: the session passed its credit check (or the kit's check of the chosen company did); `declined`: the credit
 * check refused (a decline, or a detail to fix: the message says which); `needs_company`: no company chosen yet;
 * `checking`: the chosen company's check is under way. The message is in the buyer's words.
 */
export type TradeCreditReadiness =
  | { ready: true; status: "ready"; code?: undefined; message?: undefined }
  | { ready: false; status: "declined" | "needs_company" | "checking"; code: string | undefined; message: string }

const READY: TradeCreditReadiness = Object.freeze({ ready: true, status: "ready" })

/**
 * Whether the cart may go on to review and Place order with trade credit, from its trade credit session (the server's)
 * and, when given, the buyer's choice in this tab (TradeCreditFields' remembered choice: its company and the kit's
 * credit check of it, which may be newer than a storefront's cached cart). A choice naming another company than the
 * session is judged by its own check; one made for the other method is left out. Pure: no call.
 */
export function tradeCreditReadiness(
  cart: CartLike,
  {
    choice: given,
    providerId = given?.providerId,
    language,
    overrides,
  }: { choice?: TradeCreditChoice | null; providerId?: string; language?: string; overrides?: Overrides } = {},
): TradeCreditReadiness {
  // A choice made for the other method (the buyer switched) says nothing of this one.
  const choice = given?.providerId && providerId && given.providerId !== providerId ? undefined : given
  const say = (status: "declined" | "needs_company", code: string | undefined, serverMessage?: string) =>
    ({ ready: false, status, code, message: buyerMessage(code, { language, overrides, serverMessage }) }) as const
  const session = tradeCreditSessionOfProvider(cart, providerId)
  const held = tradeCreditChoiceOf(cart, { providerId })
  const refused = choice?.check?.approved === false ? choice.check : undefined
  if (choice?.company && (refused || !sameCompany(choice.company, held?.company))) {
    if (refused) return say("declined", refused.code, refused.message)
    if (choice.check?.approved) return READY
    return {
      ready: false,
      status: "checking",
      code: undefined,
      message: kitText("readiness.checking", { language, overrides }),
    }
  }
  const data = session?.data
  if (data && (data.state === "REJECTED" || (typeof data.decline_reason === "string" && data.decline_reason)))
    return say("declined", "TRADE_CREDIT_DECLINED")
  if (sessionIsChecked(session)) return READY
  return say("needs_company", "COMPANY_REQUIRED")
}

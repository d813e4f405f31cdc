import { useMemo } from "react"
import type { CartLike } from "../checkout"
import { tradeCreditReadiness, type TradeCreditReadiness } from "../readiness"
import { useRememberedChoice } from "./remembered-choice"
import type { TextProps } from "./texts"

/**
 * Whether the buyer may go on with trade credit (tradeCreditReadiness), from the cart and the tab's choice as
 * TradeCreditFields keeps it: kept up to date as the buyer chooses, and as the kit's credit check answers. For the
 * storefront's "Continue to review" and its review step (client components).
 */
export function useTradeCreditReadiness(
  cart: (CartLike & { id?: string }) | null | undefined,
  { providerId, language, overrides }: TextProps & { providerId?: string } = {},
): TradeCreditReadiness {
  const choice = useRememberedChoice(cart?.id)
  return useMemo(
    () => tradeCreditReadiness(cart, { choice, providerId: providerId || undefined, language, overrides }),
    [cart, choice, providerId, language, overrides],
  )
}

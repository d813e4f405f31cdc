import { useEffect, useRef, useState } from "react"
import type { CompanySelection } from "../company-search"
import { type CheckoutCart, type PaymentSdk, startTradeCreditSession } from "../place-order"
import type { TextProps } from "./texts"

/**
 * The credit check, once the company is known: the cart's session started with it (instalments: its limits come
 * back in the session's data). Started again for another company or method, not for every render of the cart; only
 * the newest start's answer counts. `error` is the refusal in the buyer's words.
 */
export function useCreditCheck({
  sdk,
  cart,
  providerId,
  selection,
  language,
  overrides,
}: TextProps & {
  sdk: PaymentSdk
  cart: CheckoutCart
  providerId: string
  selection: CompanySelection | null
}) {
  const [checked, setChecked] = useState<Record<string, unknown>>()
  const [error, setError] = useState<string>()
  const seq = useRef(0)
  const companyKey = selection ? JSON.stringify(selection.company) : ""

  useEffect(() => {
    setChecked(undefined)
    setError(undefined)
    if (!selection) return
    const mine = ++seq.current
    void startTradeCreditSession({
      sdk,
      cart,
      providerId,
      data: { company: selection.company },
      language,
      overrides,
    }).then((started) => {
      if (mine !== seq.current) return
      if (started.error) setError(started.error.message)
      else setChecked(started.session?.data ?? {})
    })
    // Started again for another company or method, not for every render of the cart.
  }, [providerId, companyKey])

  return { checked, error }
}

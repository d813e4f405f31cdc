"use client"
import { type ElementType, useEffect, useRef, useState } from "react"
import type { ClientSdk } from "../company-search"
import { type SoleTraderBusiness, signUpSoleTrader } from "../sole-trader"
import { textsOf, type TextProps } from "./texts"

export type SoleTraderSignupButtonProps = TextProps & {
  /** `@medusajs/js-sdk` with the customer logged in (the sole-trader routes need a customer). */
  sdk: ClientSdk
  /** The business's country (ISO 3166-1 alpha-2, default GB). */
  country?: string
  /** The registered business, to buy with: the session's company is `{ company_name, organization_number,
   * country_prefix: country_code }`. */
  onCompany: (business: SoleTraderBusiness) => void
  /** Ask the provider whether it knows the customer before opening the popup (default true). */
  checkKnownBuyer?: boolean
  button?: ElementType
  id?: string
  className?: string
}

/**
 * "Sign up as a sole trader": a business without a registration number signs up with the credit provider in a popup
 * the plugin's store route opens (POST /store/trade-credit/soletrader/signup), and buys with the business it saved.
 * The progress, and how it ended, in plain words beside the button.
 */
export function SoleTraderSignupButton({
  sdk,
  country = "GB",
  onCompany,
  checkKnownBuyer = true,
  button: Button = "button",
  id = "soletrader-signup",
  className,
  language,
  overrides,
}: SoleTraderSignupButtonProps) {
  const t = textsOf({ language, overrides })
  const [status, setStatus] = useState("")
  const [blocked, setBlocked] = useState<string>()
  const [busy, setBusy] = useState(false)
  const abort = useRef<AbortController>()
  useEffect(() => () => abort.current?.abort(), [])

  const press = async () => {
    abort.current?.abort()
    abort.current = new AbortController()
    setBusy(true)
    setBlocked(undefined)
    const outcome = await signUpSoleTrader({
      sdk,
      country,
      language,
      overrides,
      checkKnownBuyer,
      onStatus: setStatus,
      onBlocked: setBlocked,
      signal: abort.current.signal,
    })
    setBusy(false)
    setBlocked(undefined)
    setStatus(outcome.message)
    if (outcome.business) onCompany(outcome.business)
  }

  return (
    <div className={["trade-credit-soletrader", className].filter(Boolean).join(" ")}>
      <Button type="button" id={id} onClick={press} disabled={busy}>
        {t("soletrader.button")}
      </Button>
      <p className="hint" id={`${id}-status`} role="status">
        {status}
        {blocked ? (
          <>
            {" "}
            {t("soletrader.blocked")}{" "}
            <a href={blocked} target="_blank" rel="opener">
              {t("soletrader.open")}
            </a>
          </>
        ) : null}
      </p>
    </div>
  )
}

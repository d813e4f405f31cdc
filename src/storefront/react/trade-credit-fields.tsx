"use client"
import { useEffect, useRef, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import type { ClientSdk, CompanySelection } from "../company-search"
import {
  type CheckoutCart,
  isPlanProvider,
  type PaymentSdk,
  startTradeCreditSession,
  type TradeCreditChoice,
} from "../place-order"
import { type BuyerDetails, BuyerDetailsFields } from "./buyer-details-fields"
import { CompanyPicker } from "./company-picker"
import { InstalmentChoices } from "./instalment-choices"
import { rememberChoice } from "./remembered-choice"
import { TRADE_CREDIT_FIELDS_CSS } from "./styles"
import { textsOf, type TextProps } from "./texts"

export type TradeCreditFieldsProps = TextProps & {
  cart: CheckoutCart
  sdk: PaymentSdk & ClientSdk
  /** The trade credit provider the buyer selected (invoice or instalments). */
  providerId: string
  /** The country searched in (default: the cart's billing, else shipping country, else GB). */
  country?: string
  countries?: readonly (string | readonly [string, string])[]
  /** Every change of the buyer's choice (also remembered for TradeCreditPaymentButton, by cart, for the tab). */
  onChange?: (choice: TradeCreditChoice | undefined) => void
  className?: string
  /** Leave out the kit's few default rules (TRADE_CREDIT_FIELDS_CSS): the store styles `.trade-credit-fields` itself.
   * */
  unstyled?: boolean
}

/**
 * The payment step's trade credit part, for a storefront whose payment button is in another step (the starters'
 * review): the company picker, the instalment choices (instalments: from the session's credit check, which starts
 * once the company is chosen) and the buyer's references. A declined buyer reads why at once, in plain words. The
 * choice is handed to TradeCreditPaymentButton, which places the order with it.
 */
export function TradeCreditFields({
  cart,
  sdk,
  providerId,
  country,
  countries,
  onChange,
  className,
  unstyled,
  language,
  overrides,
}: TradeCreditFieldsProps) {
  const t = textsOf({ language, overrides })
  const [selection, setSelection] = useState<CompanySelection | null>(null)
  const [details, setDetails] = useState<BuyerDetails>({})
  const [periods, setPeriods] = useState<number>()
  const [checked, setChecked] = useState<Record<string, unknown>>()
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const seq = useRef(0)
  const plan = isPlanProvider(providerId)
  const companyKey = selection ? JSON.stringify(selection.company) : ""

  // Back from the service's page without an order (the return route's `?trade_credit=failed|canceled|error&code=`).
  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const outcome = query.get("trade_credit")
    if (outcome === "failed" || outcome === "canceled" || outcome === "cancelled")
      setNotice(t(outcome === "failed" ? "return.failed" : "return.cancelled"))
    else if (outcome === "error") setNotice(buyerMessage(query.get("code") ?? undefined, { language, overrides }))
    // Once, on arrival.
  }, [])

  // The credit check, once the company is known: the session started with it (instalments: its limits come back).
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

  useEffect(() => {
    const choice = selection
      ? { providerId, company: selection.company, details, numberOfPeriods: plan ? periods : undefined }
      : undefined
    rememberChoice(cart.id, choice)
    onChange?.(choice)
  }, [cart.id, providerId, companyKey, details, periods])

  const fallbackCountry = (
    cart.billing_address?.country_code ??
    cart.shipping_address?.country_code ??
    "GB"
  ).toUpperCase()
  return (
    <div className={["trade-credit-fields", className].filter(Boolean).join(" ")}>
      {unstyled ? null : <style>{TRADE_CREDIT_FIELDS_CSS}</style>}
      {notice ? (
        <p className="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <CompanyPicker
        sdk={sdk}
        country={country ?? fallbackCountry}
        countries={countries}
        onSelect={setSelection}
        onClear={() => setSelection(null)}
        language={language}
        overrides={overrides}
      />
      {error ? (
        <p className="error trade-credit-error" role="alert">
          {error}
        </p>
      ) : null}
      {plan && selection && !error ? (
        <InstalmentChoices
          sessionData={checked}
          value={periods}
          onChange={setPeriods}
          language={language}
          overrides={overrides}
        />
      ) : null}
      <BuyerDetailsFields
        value={details}
        onChange={setDetails}
        language={language}
        overrides={overrides}
        legend={t("details.legend")}
      />
    </div>
  )
}

"use client"
import { useEffect, useState } from "react"
import type { ClientSdk, CompanySelection } from "../company-search"
import { type CheckoutCart, isPlanProvider, type PaymentSdk, type TradeCreditChoice } from "../place-order"
import { type BuyerDetails, BuyerDetailsFields } from "./buyer-details-fields"
import { CompanyPicker } from "./company-picker"
import { InstalmentChoices } from "./instalment-choices"
import { rememberChoice } from "./remembered-choice"
import { TRADE_CREDIT_FIELDS_CSS } from "./styles"
import { textsOf, type TextProps } from "./texts"
import { useCreditCheck } from "./use-credit-check"
import { useReturnNotice } from "./use-return-notice"

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
  const notice = useReturnNotice({ language, overrides })
  const { checked, error } = useCreditCheck({ sdk, cart, providerId, selection, language, overrides })
  const plan = isPlanProvider(providerId)
  const companyKey = selection ? JSON.stringify(selection.company) : ""

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

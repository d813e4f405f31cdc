"use client"
import { useEffect } from "react"
import type { ClientSdk } from "../company-search"
import { SHOP_UNREACHABLE } from "../error-fields"
import type { CheckoutCart, PaymentSdk } from "../place-order"
import { tradeCreditReadiness, type TradeCreditReadiness } from "../readiness"
import { companyLabelOf } from "../session-choice"
import { isPlanProvider, type TradeCreditChoice } from "../session-data"
import { stable } from "../session-keys"
import { BuyerDetailsFields } from "./buyer-details-fields"
import { CompanyPicker } from "./company-picker"
import { InstalmentChoices } from "./instalment-choices"
import { type ErrorDisplayProps, KitError } from "./kit-error"
import { rememberChoice } from "./remembered-choice"
import { TRADE_CREDIT_FIELDS_CSS } from "./styles"
import { textsOf, type TextProps } from "./texts"
import { useReturnNotice } from "./use-return-notice"
import { useTradeCreditSession } from "./use-trade-credit-session"

export type TradeCreditFieldsProps = TextProps &
  ErrorDisplayProps & {
    cart: CheckoutCart
    sdk: PaymentSdk & ClientSdk
    /** The trade credit provider the buyer selected (invoice or instalments). */
    providerId: string
    /** The country searched in (default: the cart's billing, else shipping country, else GB). */
    country?: string
    countries?: readonly (string | readonly [string, string])[]
    /** Every change of the buyer's choice (also remembered for TradeCreditPaymentButton, by cart, for the tab). */
    onChange?: (choice: TradeCreditChoice | undefined) => void
    /**
     * Awaited after the kit started or updated the cart's payment session: refresh what the storefront cached of the
     * cart (the starter: a server action revalidating its cart tag, then `router.refresh()`).
     */
    onCartChanged?: () => unknown
    /** Whether the buyer may go on (tradeCreditReadiness), at every change: for the storefront's "Continue" button. */
    onReadiness?: (readiness: TradeCreditReadiness) => void
    /** The return page named in the session (default `<origin>/<country>/checkout/trade-credit/return`). */
    returnUrl?: string
    /** The pause after the buyer's last change of the references or months before the session is updated (default
     * 800 ms). */
    saveDelayMs?: number
    /** The pause before a credit check or save that failed for a passing reason (not a decline: the service or the
     * store was busy or down) is tried again (default 2000 ms, doubled each time up to 32 s; the buyer's next change
     * tries at once). */
    retryDelayMs?: number
    className?: string
    /** Leave out the kit's few default rules (TRADE_CREDIT_FIELDS_CSS): the store styles `.trade-credit-fields`
     * itself. */
    unstyled?: boolean
  }

/** The country searched in by default: the cart's billing, else shipping country, else GB. */
const countryOf = (cart: CheckoutCart) =>
  (cart.billing_address?.country_code ?? cart.shipping_address?.country_code ?? "GB").toUpperCase()

/** The readiness the storefront is told: while a check that failed for a passing reason is tried again, its words. */
const withFailure = (
  readiness: TradeCreditReadiness,
  failure: string | undefined,
  failureCode: string | undefined,
): TradeCreditReadiness =>
  failure && readiness.status === "checking"
    ? {
        ...readiness,
        code: failureCode === SHOP_UNREACHABLE ? failureCode : "TRADE_CREDIT_UNAVAILABLE",
        message: failure,
      }
    : readiness

/**
 * The payment step's trade credit part, for a storefront whose payment button is in another step (the starters'
 * review): the company picker, the instalment choices (instalments: from the session's credit check, which starts
 * once the company is chosen) and the buyer's references. A declined buyer reads why at once, in plain words. The
 * choice lives in the cart's session (a reload, Back and another tab find it there) and in the tab, for
 * TradeCreditPaymentButton, which places the order with it.
 */
export function TradeCreditFields({
  cart,
  sdk,
  providerId,
  country,
  countries,
  onChange,
  onCartChanged,
  onReadiness,
  returnUrl,
  saveDelayMs,
  retryDelayMs,
  className,
  unstyled,
  errorClassName,
  renderError,
  language,
  overrides,
}: TradeCreditFieldsProps) {
  const t = textsOf({ language, overrides })
  const session = useTradeCreditSession({
    sdk,
    cart,
    providerId,
    returnUrl,
    onCartChanged,
    saveDelayMs,
    retryDelayMs,
    language,
    overrides,
  })
  const { selection, details, periods, check, failure, failureCode } = session
  const notice = useReturnNotice({ language, overrides })
  const plan = isPlanProvider(providerId)
  const refused = check?.approved === false ? check.message : undefined
  const error = refused ?? failure // a failure that passes: its words say to try again (and the kit does)

  useEffect(() => {
    // Before the session was read back, nothing is remembered: mounting with nothing chosen erases nothing.
    if (!session.loaded) return
    const choice: TradeCreditChoice = {
      providerId,
      ...(selection && { company: selection.company, companyLabel: companyLabelOf(selection) }),
      details,
      ...(plan && periods !== undefined && { numberOfPeriods: periods }),
      ...(returnUrl && { returnUrl }),
      ...(selection && check && { check }),
    }
    rememberChoice(cart.id, choice)
    onChange?.(selection ? choice : undefined)
    onReadiness?.(
      withFailure(tradeCreditReadiness(cart, { choice, providerId, language, overrides }), failure, failureCode),
    )
  }, [
    session.loaded,
    cart.id,
    providerId,
    stable(selection?.company),
    stable(details),
    periods,
    stable(check),
    failure,
    failureCode,
  ])

  return (
    <div className={["trade-credit-fields", className].filter(Boolean).join(" ")}>
      {unstyled ? null : <style>{TRADE_CREDIT_FIELDS_CSS}</style>}
      <KitError message={notice} kind="notice" errorClassName={errorClassName} renderError={renderError} />
      <CompanyPicker
        sdk={sdk}
        country={country ?? countryOf(cart)}
        countries={countries}
        value={selection}
        onSelect={session.choose}
        onClear={() => session.choose(null)}
        language={language}
        overrides={overrides}
      />
      <KitError message={error} errorClassName={errorClassName} renderError={renderError} />
      {plan && selection && !refused ? (
        <InstalmentChoices
          sessionData={session.checked}
          value={periods}
          onChange={session.choosePeriods}
          language={language}
          overrides={overrides}
        />
      ) : null}
      <BuyerDetailsFields
        value={details}
        onChange={session.changeDetails}
        language={language}
        overrides={overrides}
        legend={t("details.legend")}
      />
    </div>
  )
}

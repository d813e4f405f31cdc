"use client"
import { type ElementType, type ReactNode, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import {
  type CheckoutCart,
  type PaymentSdk,
  placeTradeCreditOrder,
  type PlaceOrderResult,
  type TradeCreditChoice,
} from "../place-order"
import { rememberChoice, rememberedChoice } from "./remembered-choice"
import { textsOf, type TextProps } from "./texts"

export type TradeCreditPaymentButtonProps = TextProps &
  TradeCreditChoice & {
    /** The cart, with its payment collection and sessions (the store API's default fields). */
    cart: CheckoutCart
    /** `@medusajs/js-sdk`: `store.payment.initiatePaymentSession`, `store.cart.complete` and `store.cart.retrieve`. */
    sdk: PaymentSdk
    /** After the order is placed: e.g. delete the cart cookie (a server action). */
    clearCart?: () => unknown
    /** The order is placed. Default: to `<country segment>/order/<id>/confirmed` (the starters' confirmation). */
    onOrder?: (order: { id: string; [key: string]: unknown }) => unknown
    /** The buyer verifies at the service first. Default: `window.location.assign(url)`. */
    onRedirect?: (url: string) => unknown
    onError?: (error: { code: string | undefined; message: string }) => unknown
    disabled?: boolean
    /** The store's own button component (given onClick, disabled, isLoading, children…); default a <button>. */
    button?: ElementType
    /** More props for the button (e.g. the starter Button's `size`). */
    buttonProps?: Record<string, unknown>
    id?: string
    className?: string
    "data-testid"?: string
    children?: ReactNode
  }

/** `/dk/checkout/…` → `/dk`; `/checkout` → "": the part of the path before the checkout (the starters' country
 * segment). */
export const pathBeforeCheckout = (pathname: string) => {
  const at = pathname.search(/\/checkout(\/|$)/)
  return at >= 0 ? pathname.slice(0, at) : ""
}

/**
 * Places the order with trade credit in one completion: starts (or brings up to date) the cart's trade credit session
 * with the buyer's choice (`company`, `details`, `numberOfPeriods`, `providerId` props, else what TradeCreditFields
 * remembered for this cart, else the session's own data), then sends the buyer to the service's verification page, or
 * completes the cart when nothing needs verifying. Errors show under it in the buyer's words, never a raw code.
 */
export function TradeCreditPaymentButton({
  cart,
  sdk,
  providerId,
  company,
  details,
  numberOfPeriods,
  returnUrl,
  clearCart,
  onOrder,
  onRedirect,
  onError,
  disabled,
  button: Button = "button",
  buttonProps,
  id,
  className,
  "data-testid": dataTestId,
  children,
  language,
  overrides,
}: TradeCreditPaymentButtonProps) {
  const t = textsOf({ language, overrides })
  const [busy, setBusy] = useState<"placing" | "redirecting" | undefined>()
  const [error, setError] = useState<string>()

  const press = async () => {
    setBusy("placing")
    setError(undefined)
    const remembered = rememberedChoice(cart.id) ?? {}
    const prefix = pathBeforeCheckout(window.location.pathname)
    const choice: TradeCreditChoice = {
      providerId: providerId ?? remembered.providerId,
      company: company ?? remembered.company,
      details: details ?? remembered.details,
      numberOfPeriods: numberOfPeriods ?? remembered.numberOfPeriods,
      returnUrl: returnUrl ?? remembered.returnUrl ?? `${window.location.origin}${prefix}/checkout/trade-credit/return`,
    }
    const result = await placeTradeCreditOrder({
      sdk,
      cart,
      choice,
      language: language ?? "en",
      pageLanguage: language,
      overrides,
      clearCart,
    }).catch((): PlaceOrderResult => ({
      error: { code: undefined, message: buyerMessage(undefined, { language, overrides }) },
    }))
    if (result.redirect) {
      setBusy("redirecting")
      return onRedirect ? onRedirect(result.redirect) : window.location.assign(result.redirect)
    }
    if (result.order) {
      rememberChoice(cart.id, undefined)
      return onOrder
        ? onOrder(result.order)
        : window.location.assign(`${prefix}/order/${encodeURIComponent(result.order.id)}/confirmed`)
    }
    const failure = result.error ?? { code: undefined, message: buyerMessage(undefined, { language, overrides }) }
    setBusy(undefined)
    setError(failure.message)
    onError?.(failure)
  }

  const label =
    busy === "redirecting" ? t("button.redirecting") : busy ? t("button.placing") : (children ?? t("button.place"))
  const props: Record<string, unknown> = {
    ...buttonProps,
    type: "button",
    id,
    className,
    onClick: press,
    disabled: disabled || Boolean(busy),
    "data-testid": dataTestId,
    children: label,
  }
  if (Button === "button") props["aria-busy"] = Boolean(busy)
  else props.isLoading = Boolean(busy)
  return (
    <>
      <Button {...props} />
      {error ? (
        <p className="error trade-credit-error" role="alert" id={id ? `${id}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </>
  )
}

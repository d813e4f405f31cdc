"use client"
import { type ElementType, type ReactNode, useState } from "react"
import { buyerMessage } from "../buyer-messages"
import { isNoAnswer, SHOP_UNREACHABLE } from "../error-fields"
import { type CheckoutCart, type PaymentSdk, placeTradeCreditOrder, type PlaceOrderResult } from "../place-order"
import type { TradeCreditChoice } from "../session-data"
import { buttonChoice } from "./button-choice"
import { type ErrorDisplayProps, KitError } from "./kit-error"
import { rememberChoice, rememberedChoice } from "./remembered-choice"
import { pathBeforeCheckout } from "./return-page"
import { placingOrder } from "./session-queue"
import { textsOf, type TextProps } from "./texts"
import { usePageRestored } from "./use-page-restored"

export { pathBeforeCheckout }

export type TradeCreditPaymentButtonProps = TextProps &
  ErrorDisplayProps &
  Omit<TradeCreditChoice, "check"> & {
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
    /**
     * Awaited once the kit started or updated the cart's payment session, before the buyer goes on: refresh what the
     * storefront cached of the cart (the starter: a server action revalidating its cart tag, then `router.refresh()`).
     */
    onCartChanged?: () => unknown
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

/**
 * Places the order with trade credit in one completion: starts (or brings up to date) the cart's trade credit session
 * with the buyer's choice (`company`, `details`, `numberOfPeriods`, `providerId` props, else what TradeCreditFields
 * remembered for this cart, else the session's own data, read again from the server: a reload, Back from the
 * service's page and another tab find it), then sends the buyer to the service's verification page, or completes the
 * cart when nothing needs verifying. A company whose credit check was refused is refused again without a call. Errors
 * show under it once, in the buyer's words (never a raw code), styled as the store's (`errorClassName`,
 * `renderError`).
 */
export function TradeCreditPaymentButton({
  cart,
  sdk,
  providerId,
  company,
  companyLabel,
  details,
  numberOfPeriods,
  returnUrl,
  clearCart,
  onOrder,
  onRedirect,
  onError,
  onCartChanged,
  errorClassName,
  renderError,
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

  // Back from the service's page may show the page as it was left: ready to be pressed again.
  usePageRestored(() => setBusy(undefined))

  const press = async () => {
    setBusy("placing")
    setError(undefined)
    const prefix = pathBeforeCheckout(window.location.pathname)
    const given = { providerId, company, companyLabel, details, numberOfPeriods, returnUrl }
    // Alone on the cart's line of session starts: the payment step's save still waiting is dropped, one under way is
    // awaited, none starts afterwards (it would replace the session the order is placed with). The choice is read
    // after that: TradeCreditFields remembers every change at once, so it has the buyer's latest references.
    const result = await placingOrder(cart.id, () =>
      placeTradeCreditOrder({
        sdk,
        cart,
        choice: buttonChoice(given, rememberedChoice(cart.id)),
        language: language ?? "en",
        pageLanguage: language,
        overrides,
        clearCart,
        onCartChanged,
      }),
    ).catch((error: unknown): PlaceOrderResult => {
      // It answers its own failures; one thrown all the same: no answer from the shop in those words, else general.
      const code = isNoAnswer(error) ? SHOP_UNREACHABLE : undefined
      return { error: { code, message: buyerMessage(code, { language, overrides }) } }
    })
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
      <KitError
        message={error}
        errorClassName={errorClassName}
        renderError={renderError}
        id={id ? `${id}-error` : undefined}
      />
    </>
  )
}

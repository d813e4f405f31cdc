// The payment button's flow, without React: start (or bring up to date) the cart's trade credit payment session with
// the buyer's choices, then send the buyer to the service's verification page, or complete the cart when nothing
// needs verifying (instalments, a verified trade account user). One completion: pay by invoice starts its session
// with `verify_before_completion`, so the cart is completed once, on return. The cart's sessions are read again
// first: the page's cart may be a storefront's cached copy. src/storefront/react uses it; a server action may too.

import { buyerMessage, type Overrides, restartCodeOf } from "./buyer-messages"
import { cartChanged } from "./cart-changed"
import { failureCodeOf, isRetryable, messageOf, SHOP_UNREACHABLE } from "./error-fields"
import {
  type CartLike,
  completeTradeCreditCart,
  type CompletionResult,
  type SessionLike,
  type StoreSdk,
  TRADE_CREDIT_PROVIDER_IDS,
  verificationUrlOf,
} from "./checkout"
import { isPlanProvider, sessionIsReady, type TradeCreditChoice, tradeCreditSessionData } from "./session-data"

/** The slice of `@medusajs/js-sdk` that starts payment sessions and completes carts. */
export type PaymentSdk = StoreSdk & {
  store: {
    // The SDK's own types, which the kit does not import: `any` lets @medusajs/js-sdk's typed method fit.
    payment: {
      /* eslint-disable @typescript-eslint/no-explicit-any -- see above */
      initiatePaymentSession(
        cart: any,
        body: { provider_id: string; data?: Record<string, unknown> },
        query?: any,
        headers?: any,
      ): Promise<{ payment_collection?: any }>
      /* eslint-enable @typescript-eslint/no-explicit-any */
    }
  }
}

/** A cart as the store API answers it, with its payment collection and sessions (the default fields have them). */
export type CheckoutCart = {
  id: string
  payment_collection?: { id?: string; payment_sessions?: SessionLike[] | null } | null
  billing_address?: { country_code?: string | null } | null
  shipping_address?: { country_code?: string | null } | null
}

/** The session of `providerId` on the cart (the one just started). */
const sessionOfProvider = (cart: CheckoutCart, providerId: string): SessionLike | undefined =>
  cart.payment_collection?.payment_sessions?.find((s) => s.provider_id === providerId && s.status !== "canceled")

/** A failed step, in the buyer's words. `retryable`: not a refusal (the service or the store was busy or down, the
 * network failed): the buyer may try again, and the kit does not keep it as a refused credit check. */
export type TradeCreditError = { code: string | undefined; message: string; retryable?: true }
export type SessionStart =
  | { cart: CheckoutCart; session: SessionLike | undefined; error?: undefined }
  | { error: TradeCreditError; cart?: undefined; session?: undefined }

/**
 * Starts the cart's payment session for `providerId` with `data` (Medusa replaces the cart's other sessions). Never
 * throws: a refusal (a declined buyer, a field to fix) is `{ error }` with the buyer's words. A cart read before it
 * had a payment collection is read again first, so a collection made meanwhile is used, not made twice. A failure
 * that is not a refusal (isRetryable) is `{ error: { retryable: true } }` with words saying to try again.
 */
export async function startTradeCreditSession({
  sdk,
  cart,
  providerId,
  data,
  language,
  overrides,
}: {
  sdk: PaymentSdk
  cart: CheckoutCart
  providerId: string
  data: Record<string, unknown>
  language?: string
  overrides?: Overrides
}): Promise<SessionStart> {
  try {
    let current = cart
    if (!current.payment_collection?.id) {
      const read = await sdk.store.cart.retrieve(cart.id, { fields: "id,*payment_collection" }).then(
        (r) => r.cart as CheckoutCart,
        () => undefined,
      )
      if (read?.payment_collection?.id) current = { ...cart, payment_collection: read.payment_collection }
    }
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(current, {
      provider_id: providerId,
      data,
    })
    const updated: CheckoutCart = { ...current, payment_collection: payment_collection ?? current.payment_collection }
    return { cart: updated, session: sessionOfProvider(updated, providerId) }
  } catch (error) {
    // A request that got no answer is SHOP_UNREACHABLE ("We couldn't reach the shop…"), not the service's fault.
    const code = failureCodeOf(error)
    if (isRetryable(error)) {
      const known =
        code === "TRADE_CREDIT_RATE_LIMITED" || code === SHOP_UNREACHABLE ? code : "TRADE_CREDIT_UNAVAILABLE"
      return { error: { code, message: buyerMessage(known, { language, overrides }), retryable: true } }
    }
    return { error: { code, message: buyerMessage(code, { language, overrides, serverMessage: messageOf(error) }) } }
  }
}

/** The fields the kit reads of a cart to pay it: its payment collection and that collection's sessions. */
export const CHECKOUT_CART_FIELDS = "id,*payment_collection,*payment_collection.payment_sessions"

/**
 * The cart's payment collection and sessions as the server has them now, over the page's copy of the cart (which a
 * storefront may have cached: after a reload, Back from the service's page, or a change made in another tab). The
 * page's cart when the read fails.
 */
export async function retrieveCheckoutCart({
  sdk,
  cart,
}: {
  sdk: StoreSdk
  cart: CheckoutCart
}): Promise<CheckoutCart> {
  const read = await sdk.store.cart.retrieve(cart.id, { fields: CHECKOUT_CART_FIELDS }).then(
    (r) => r?.cart as CheckoutCart | undefined,
    () => undefined,
  )
  return read?.payment_collection ? { ...cart, payment_collection: read.payment_collection } : cart
}

export type PlaceOrderResult = CompletionResult | { error: TradeCreditError; order?: undefined; redirect?: undefined }

/**
 * The payment button's press: the cart's sessions read again (see retrieveCheckoutCart), the session brought up to
 * date with the choice (started again only when it differs from what the session holds: Back from the service's page
 * finds the same verification page, no second service order), then `{ redirect }` to the service's verification page
 * (in `pageLanguage` when given), or the cart completed: `{ order }` (after `clearCart()`; a cart another tab completed
 * answers its order), or `{ error }` with the buyer's words (never a raw code). A session from before the press is
 * completed first rather than sent to its page straight away: the completion reads its order at the service, and
 * sends the buyer to that page only while the order still waits there. When the session's order is over at the
 * service (TRADE_CREDIT_ORDER_CANCELLED, TRADE_CREDIT_ORDER_GONE) the same choice is started again, once, and the
 * buyer goes to the new verification page, never the old one. A choice whose credit check was refused
 * (`choice.check`) is refused again without a call. `onCartChanged` (the storefront refreshes its cached cart) is
 * awaited once the session changed.
 */
export async function placeTradeCreditOrder({
  sdk,
  cart: pageCart,
  choice = {},
  language,
  pageLanguage,
  overrides,
  clearCart,
  onCartChanged,
}: {
  sdk: PaymentSdk
  cart: CheckoutCart
  choice?: TradeCreditChoice
  /** The buyer's language for the messages. */
  language?: string
  /** The language of the service's verification page (`lang`); without it the page follows the browser. */
  pageLanguage?: string
  overrides?: Overrides
  clearCart?: () => unknown
  /** The session changed: e.g. revalidate the storefront's cached cart (a server action) and refresh the page. */
  onCartChanged?: () => unknown
}): Promise<PlaceOrderResult> {
  const refuse = (code: string | undefined, serverMessage?: string): PlaceOrderResult => ({
    error: { code, message: buyerMessage(code, { language, overrides, serverMessage }) },
  })
  if (choice.check?.approved === false) return refuse(choice.check.code, choice.check.message)
  const cart = await retrieveCheckoutCart({ sdk, cart: pageCart })
  const existing = cart.payment_collection?.payment_sessions?.find(
    (s) => s.provider_id?.startsWith("pp_trade-credit") && s.status !== "canceled",
  )
  const providerId = choice.providerId ?? existing?.provider_id ?? TRADE_CREDIT_PROVIDER_IDS.invoice
  const data = tradeCreditSessionData(
    { ...choice, providerId },
    existing?.provider_id === providerId ? existing.data : undefined,
  )
  const complete = () => completeTradeCreditCart({ sdk, cartId: cart.id, clearCart, language: pageLanguage, overrides })
  /** Starts the session with the choice: `{ cart, session }`, or `{ error }` in the buyer's words. */
  const start = async (from: CheckoutCart) => {
    const started = await startTradeCreditSession({ sdk, cart: from, providerId, data, language, overrides })
    if (!started.error) await cartChanged(onCartChanged)
    return started
  }
  /** Where a session started just now goes: to verify, when its order waits for the buyer, else the completion. */
  const onward = async (started: CheckoutCart): Promise<PlaceOrderResult> => {
    const redirect = isPlanProvider(providerId)
      ? undefined
      : verificationUrlOf(started as CartLike, { language: pageLanguage })
    return redirect ? { redirect } : await complete()
  }

  let result: PlaceOrderResult
  if (!sessionIsReady(existing, providerId, data)) {
    const started = await start(cart)
    if (started.error) return { error: started.error }
    // A guest who named no company: the session waits for one (a logged-in trade account user's is filled in).
    if (Array.isArray(started.session?.data?.missing) && started.session.data.missing.includes("company"))
      return refuse("COMPANY_REQUIRED")
    result = await onward(started.cart)
  } else {
    // A session from before this press (Back from the service's page, a reload, another tab): its order may be over
    // at the service since (cancelled, or gone: purged, lost). The completion reads it first: one that still waits
    // sends the buyer to its page (completeTradeCreditCart), one verified meanwhile is placed.
    result = await complete()
  }
  // The session's order is over (TRADE_CREDIT_ORDER_CANCELLED, TRADE_CREDIT_ORDER_GONE): the same choice is started
  // again, once, and the buyer goes to the NEW verification page, never the old one. When that start is refused
  // (the buyer is declined now, a field to fix) the buyer reads why; when it cannot be made now, the first words.
  if (result.error && restartCodeOf(result.error.code, undefined)) {
    const again = await start(await retrieveCheckoutCart({ sdk, cart }))
    if (again.error && !again.error.retryable) return { error: again.error }
    if (!again.error) result = await onward(again.cart)
  }
  if (result.error && pageLanguage === undefined && language !== undefined) {
    // The page language was left to the browser; the message is still in the buyer's language.
    const { code, message } = result.error
    return { error: { ...result.error, message: buyerMessage(code, { language, overrides, serverMessage: message }) } }
  }
  return result
}

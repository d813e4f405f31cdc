// The payment button's flow, without React: start (or bring up to date) the cart's trade credit payment session with
// the buyer's choices, then send the buyer to the service's verification page, or complete the cart when nothing
// needs verifying (instalments, a verified trade account user). One completion: pay by invoice starts its session
// with `verify_before_completion`, so the cart is completed once, on return. The cart's sessions are read again
// first: the page's cart may be a storefront's cached copy. src/storefront/react uses it; a server action may too.

import { buyerMessage, type Overrides } from "./buyer-messages"
import { cartChanged } from "./cart-changed"
import { codeOf, isRetryable, messageOf } from "./error-fields"
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
    const code = codeOf(error)
    if (isRetryable(error)) {
      const known = code === "TRADE_CREDIT_RATE_LIMITED" ? code : "TRADE_CREDIT_UNAVAILABLE"
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
 * answers its order), or `{ error }` with the buyer's words (never a raw code). A choice whose credit check was
 * refused (`choice.check`) is refused again without a call. `onCartChanged` (the storefront refreshes its cached
 * cart) is awaited once the session changed.
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
  let current = cart
  let session = existing
  if (!sessionIsReady(existing, providerId, data)) {
    const started = await startTradeCreditSession({ sdk, cart, providerId, data, language, overrides })
    if (started.error) return { error: started.error }
    current = started.cart
    session = started.session
    await cartChanged(onCartChanged)
  }
  // A guest who named no company: the session waits for one (a logged-in trade account user's is filled in).
  if (Array.isArray(session?.data?.missing) && session.data.missing.includes("company"))
    return refuse("COMPANY_REQUIRED")
  if (!isPlanProvider(providerId)) {
    const redirect = verificationUrlOf(current as CartLike, { language: pageLanguage })
    if (redirect) return { redirect }
  }
  const result = await completeTradeCreditCart({ sdk, cartId: cart.id, clearCart, language: pageLanguage, overrides })
  if (result.error && pageLanguage === undefined && language !== undefined) {
    // The page language was left to the browser; the message is still in the buyer's language.
    return refuse(result.error.code, result.error.message)
  }
  return result
}

// The payment button's flow, without React: start (or bring up to date) the cart's trade credit payment session with
// the buyer's choices, then send the buyer to the service's verification page, or complete the cart when nothing
// needs verifying (instalments, a verified trade account user). One completion: pay by invoice starts its session
// with `verify_before_completion`, so the cart is completed once, on return. src/storefront/react uses it; a server
// action may too.

import { buyerMessage, type Overrides } from "./buyer-messages"
import { codeOf, messageOf } from "./error-fields"
import {
  type CartLike,
  completeTradeCreditCart,
  type CompletionResult,
  invoiceSessionData,
  type SessionLike,
  type StoreSdk,
  TRADE_CREDIT_PROVIDER_IDS,
  verificationUrlOf,
} from "./checkout"

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

/** The buyer's references as the invoice carries them (BuyerDetailsFields gives them). */
export type BuyerReferences = {
  purchaseOrderNumber?: string
  department?: string
  project?: string
  /** A list, or the field's text ("ap@x.example, finance@x.example"). */
  invoiceEmails?: string[] | string
  orderNote?: string
}

/** What the buyer chose: the method (provider), the company, the references and, for instalments, the months. */
export type TradeCreditChoice = {
  providerId?: string
  /** The session's `company`: `{ company_canonical_id }` or `{ company_name, organization_number, country_prefix }`. */
  company?: Record<string, unknown>
  details?: BuyerReferences
  numberOfPeriods?: number
  /** Where the service sends the buyer back (an origin of the plugin's storefrontUrls). */
  returnUrl?: string
}

export const isPlanProvider = (providerId: string | undefined) =>
  typeof providerId === "string" && providerId.startsWith("pp_trade-credit-plan")

/** What the storefront puts in a session's `data` (the plugin keeps it there beside its own state). */
const INPUT_KEYS = [
  "company",
  "representative",
  "purchase_order_number",
  "department",
  "project",
  "order_note",
  "invoice_emails",
  "return_url",
  "verify_before_completion",
  "number_of_periods",
] as const

/** The storefront's part of a session's data (its own state left out). */
export function sessionInputOf(data: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const key of INPUT_KEYS) if (data?.[key] !== undefined && data[key] !== null) input[key] = data[key]
  return input
}

/** Invoice emails from a list or a field's text: split at commas, semicolons and spaces, empty ones dropped. */
export const invoiceEmailsOf = (emails: string[] | string | undefined): string[] =>
  (Array.isArray(emails) ? emails : String(emails ?? "").split(/[,;\s]+/)).map((e) => e.trim()).filter(Boolean)

const text = (value: string | undefined) => (typeof value === "string" && value.trim() ? value.trim() : undefined)

/**
 * The session `data` for a choice: an invoice's with `verify_before_completion` (invoiceSessionData), an instalment
 * plan's with `number_of_periods`. What the choice leaves out is kept from `current` (the data of the cart's session
 * of the same provider), so a session started with the company keeps it.
 */
export function tradeCreditSessionData(
  choice: TradeCreditChoice,
  current?: Record<string, unknown> | null,
): Record<string, unknown> {
  const kept = sessionInputOf(current)
  const details = choice.details ?? {}
  const emails = details.invoiceEmails === undefined ? undefined : invoiceEmailsOf(details.invoiceEmails)
  const data: Record<string, unknown> = {
    ...kept,
    ...invoiceSessionData({
      company: choice.company ?? (kept.company as Record<string, unknown> | undefined),
      returnUrl: choice.returnUrl ?? (kept.return_url as string | undefined),
      purchaseOrderNumber:
        details.purchaseOrderNumber === undefined
          ? (kept.purchase_order_number as string)
          : text(details.purchaseOrderNumber),
      department: details.department === undefined ? (kept.department as string) : text(details.department),
      project: details.project === undefined ? (kept.project as string) : text(details.project),
      orderNote: details.orderNote === undefined ? (kept.order_note as string) : text(details.orderNote),
      invoiceEmails: emails ?? (kept.invoice_emails as string[] | undefined),
      representative: kept.representative as Record<string, unknown> | undefined,
    }),
  }
  // A field the buyer emptied is left out (the session's earlier value with it).
  for (const [field, key] of [
    ["purchaseOrderNumber", "purchase_order_number"],
    ["department", "department"],
    ["project", "project"],
    ["orderNote", "order_note"],
  ] as const) {
    if (details[field] !== undefined && !text(details[field])) delete data[key]
  }
  if (emails && !emails.length) delete data.invoice_emails
  if (isPlanProvider(choice.providerId)) {
    delete data.verify_before_completion
    if (choice.numberOfPeriods !== undefined) data.number_of_periods = choice.numberOfPeriods
  } else {
    delete data.number_of_periods
  }
  return data
}

/** Stable JSON (keys sorted), to compare what a session was started with. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )

/**
 * Whether the cart's session already is what `data` would start: the same provider and input, past the credit check
 * (an invoice's service order made, an instalment plan's account set up) and not failed.
 */
export function sessionIsReady(
  session: SessionLike | undefined,
  providerId: string,
  data: Record<string, unknown>,
): boolean {
  if (!session || session.provider_id !== providerId || !session.data) return false
  if (session.status === "error" || session.status === "canceled" || Array.isArray(session.data.missing)) return false
  if (stable(sessionInputOf(session.data)) !== stable(sessionInputOf(data))) return false
  return isPlanProvider(providerId) ? Boolean(session.data.account_id) : Boolean(session.data.order_id)
}

/** The session of `providerId` on the cart (the one just started). */
const sessionOfProvider = (cart: CheckoutCart, providerId: string): SessionLike | undefined =>
  cart.payment_collection?.payment_sessions?.find((s) => s.provider_id === providerId && s.status !== "canceled")

export type TradeCreditError = { code: string | undefined; message: string }
export type SessionStart =
  | { cart: CheckoutCart; session: SessionLike | undefined; error?: undefined }
  | { error: TradeCreditError; cart?: undefined; session?: undefined }

/**
 * Starts the cart's payment session for `providerId` with `data` (Medusa replaces the cart's other sessions). Never
 * throws: a refusal (a declined buyer, a field to fix) is `{ error }` with the buyer's words. A cart read before it
 * had a payment collection is read again first, so a collection made meanwhile is used, not made twice.
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
    return { error: { code, message: buyerMessage(code, { language, overrides, serverMessage: messageOf(error) }) } }
  }
}

export type PlaceOrderResult = CompletionResult | { error: TradeCreditError; order?: undefined; redirect?: undefined }

/**
 * The payment button's press: the session brought up to date with the choice (started again only when it differs
 * from what the cart's session was started with), then `{ redirect }` to the service's verification page (in
 * `pageLanguage` when given), or the cart completed: `{ order }` (after `clearCart()`), or `{ error }` with the
 * buyer's words (never a raw code).
 */
export async function placeTradeCreditOrder({
  sdk,
  cart,
  choice = {},
  language,
  pageLanguage,
  overrides,
  clearCart,
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
}): Promise<PlaceOrderResult> {
  const existing = cart.payment_collection?.payment_sessions?.find(
    (s) => s.provider_id?.startsWith("pp_trade-credit") && s.status !== "canceled",
  )
  const providerId = choice.providerId ?? existing?.provider_id ?? TRADE_CREDIT_PROVIDER_IDS.invoice
  const data = tradeCreditSessionData(
    { ...choice, providerId },
    existing?.provider_id === providerId ? existing.data : undefined,
  )
  const refuse = (code: string): PlaceOrderResult => ({
    error: { code, message: buyerMessage(code, { language, overrides }) },
  })
  let current = cart
  let session = existing
  if (!sessionIsReady(existing, providerId, data)) {
    const started = await startTradeCreditSession({ sdk, cart, providerId, data, language, overrides })
    if (started.error) return { error: started.error }
    current = started.cart
    session = started.session
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
    return {
      error: {
        code: result.error.code,
        message: buyerMessage(result.error.code, { language, overrides, serverMessage: result.error.message }),
      },
    }
  }
  return result
}

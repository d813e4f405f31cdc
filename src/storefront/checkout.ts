import { checkPeriodsWithinLimits, isPlanDuration } from "../core/plan/plan-limits"
import { buyerLanguageOf, buyerMessage, type Overrides, restartCodeOf } from "./buyer-messages"
import { codeOf, failureCodeOf, messageOf, SHOP_UNREACHABLE } from "./error-fields"

// The kit's steps over a cart and its trade credit payment session: the session's data, the verification page, the
// return page's query, the completion, the instalment choices and the funding state (see index.ts).

/** A payment session (or a payment) as the store API answers it: the fields the kit reads. */
export type SessionLike = {
  provider_id?: string
  status?: string
  // Public type: storefronts read the session's data as Medusa's types have it (any).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  data?: Record<string, any> | null
}
/** A cart read with `*payment_collection.payment_sessions`. */
export type CartLike = { payment_collection?: { payment_sessions?: SessionLike[] | null } | null } | null | undefined

/** The slice of `@medusajs/js-sdk`'s client the kit calls. */
export type StoreSdk = {
  store: {
    // The SDK's own answer types, which the kit does not import: `any` lets @medusajs/js-sdk's typed methods fit.
    cart: {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      complete(cartId: string): Promise<any>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      retrieve(cartId: string, query?: Record<string, unknown>): Promise<{ cart: any }>
    }
  }
}

/** One company of the plugin's company search (`GET /store/trade-credit/companies`), as its answer lists them. */
export type CompanyHit = {
  canonical_id: string
  name: string
  country: string
  national_identifier: { type: string; id: string }
  /** The name with the match in `<mark>` tags: escape it and keep only those tags. */
  highlight?: string
}

/** The providers' ids as this package registers them (id `default` in medusa-config.ts). */
export const TRADE_CREDIT_PROVIDER_IDS = Object.freeze({
  invoice: "pp_trade-credit_default",
  instalments: "pp_trade-credit-plan_default",
} as const)

/** The cookie the Medusa Next.js starters keep the cart id in: clear it once the cart became an order. */
export const CART_COOKIE = "_medusa_cart_id" as const

/** True for a payment session (or a provider id) of this plugin. */
export function isTradeCredit(sessionOrProviderId: SessionLike | string | null | undefined): boolean {
  const id = typeof sessionOrProviderId === "string" ? sessionOrProviderId : sessionOrProviderId?.provider_id
  return typeof id === "string" && id.startsWith("pp_trade-credit")
}

/** An order read with `*payment_collections.payment_sessions` (the store API allows it). */
export type OrderLike =
  { payment_collections?: { payment_sessions?: SessionLike[] | null }[] | null } | null | undefined

/** The trade credit payment session (not cancelled) of a cart, or of an order, if any. */
export function tradeCreditSessionOf(cartOrOrder: CartLike | OrderLike): SessionLike | undefined {
  const collections =
    cartOrOrder && "payment_collections" in cartOrOrder
      ? (cartOrOrder.payment_collections ?? [])
      : [(cartOrOrder as CartLike)?.payment_collection]
  return collections.flatMap((c) => c?.payment_sessions ?? []).find((s) => isTradeCredit(s) && s.status !== "canceled")
}

/**
 * The `data` of an invoice payment session: the buyer's company and references, the page to come back to, and
 * `verify_before_completion` (the session hands out the service's verification page, so the cart is completed once).
 */
export type InvoiceSessionInput = {
  company?: Record<string, unknown>
  returnUrl?: string
  purchaseOrderNumber?: string
  project?: string
  department?: string
  orderNote?: string
  invoiceEmails?: string[]
  representative?: Record<string, unknown>
}

export function invoiceSessionData({
  company,
  returnUrl,
  purchaseOrderNumber,
  project,
  department,
  orderNote,
  invoiceEmails,
  representative,
}: InvoiceSessionInput = {}): Record<string, unknown> & { verify_before_completion: true } {
  const data: Record<string, unknown> & { verify_before_completion: true } = { verify_before_completion: true }
  if (company) data.company = company
  if (returnUrl) data.return_url = returnUrl
  if (purchaseOrderNumber) data.purchase_order_number = purchaseOrderNumber
  if (project) data.project = project
  if (department) data.department = department
  if (orderNote) data.order_note = orderNote
  if (invoiceEmails?.length) data.invoice_emails = invoiceEmails
  if (representative) data.representative = representative
  return data
}

/**
 * Where the buyer verifies before the cart is completed: the service's page, when the cart's trade credit session
 * waits for the buyer (`requires_more`, state UNVERIFIED); undefined when there is nothing to verify.
 */
export function verificationUrlOf(
  cart: CartLike,
  { language }: { language?: string | readonly string[] } = {},
): string | undefined {
  const session = tradeCreditSessionOf(cart)
  const url =
    session?.status === "requires_more" && session.data?.state === "UNVERIFIED"
      ? session.data.payment_url || undefined
      : undefined
  return url && withPageLanguage(url, language)
}

/**
 * The service's page in the buyer's language (`lang`, one of the kit's buyer languages), when the store knows it
 * better than the browser's `Accept-Language` (a shop in Norwegian opened in an English browser). Without a language
 * the URL is as the service gave it.
 */
export function withPageLanguage(url: string, language: string | readonly string[] | undefined): string {
  if (language === undefined || (Array.isArray(language) && !language.length)) return url
  try {
    const page = new URL(url)
    page.searchParams.set("lang", buyerLanguageOf(language))
    return page.toString()
  } catch {
    return url
  }
}

/**
 * What happened at the service, as the return page's `trade_credit` says it, in the one spelling the kit uses (the
 * service's, and Medusa's: `canceled`). The kit reads `cancelled` (the spelling of orders made by 0.1) as `canceled`
 * and never writes it.
 */
export const RETURN_OUTCOMES = Object.freeze(["verified", "failed", "canceled", "unknown"] as const)
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number]

/** A `trade_credit` value in the kit's spelling; anything else is `unknown`. */
export function returnOutcomeOf(value: string | null | undefined): ReturnOutcome {
  if (value === "cancelled") return "canceled"
  return (RETURN_OUTCOMES as readonly string[]).includes(value ?? "") ? (value as ReturnOutcome) : "unknown"
}

/**
 * The return page's query (`?cart_id=…&trade_credit=verified|failed|canceled`, a URL, URLSearchParams or Next.js's
 * `searchParams` object): the cart and what happened at the service (returnOutcomeOf). The cart id comes in the URL
 * because the starters' cart cookie (SameSite=Strict) does not survive the trip through the service's site.
 */

export function returnOf(
  query: URLSearchParams | URL | string | Record<string, string | string[] | undefined> | null | undefined,
): { cartId: string | undefined; outcome: ReturnOutcome } {
  const params =
    query instanceof URLSearchParams
      ? query
      : typeof query === "string" || query instanceof URL
        ? new URL(String(query), "http://x").searchParams
        : new URLSearchParams(
            Object.entries(query ?? {}).flatMap(([k, v]): [string, string][] =>
              Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : v == null ? [] : [[k, String(v)]],
            ),
          )
  return { cartId: params.get("cart_id") || undefined, outcome: returnOutcomeOf(params.get("trade_credit")) }
}

/**
 * Completes the cart (the buyer is back, or needs no verification) through the SDK. Answers `{ order }` once it is
 * placed, after `clearCart()` (e.g. deleting CART_COOKIE: the cart is used up, and the next add-to-cart must make a
 * new one); `{ redirect }` when the buyer has yet to verify at the service; `{ error: { code, message } }` otherwise,
 * the message in the buyer's words (`buyerMessage`, the server's own text first). A session whose order the service
 * cancelled or no longer knows (TRADE_CREDIT_ORDER_CANCELLED, TRADE_CREDIT_ORDER_GONE) is that error, never a
 * redirect to its old page. A request that got no answer is SHOP_UNREACHABLE ("We couldn't reach the shop…"),
 * `retryable`; never the browser's words ("Failed to fetch").
 */
export type CompletionResult =
  // Public type: the order as the SDK's types have it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  | { order: any; redirect?: undefined; error?: undefined }
  | { redirect: string; order?: undefined; error?: undefined }
  | { error: { code: string | undefined; message: string; retryable?: true }; order?: undefined; redirect?: undefined }

export async function completeTradeCreditCart({
  sdk,
  cartId,
  clearCart,
  language,
  overrides,
}: {
  sdk: StoreSdk
  cartId: string
  clearCart?: () => unknown
  language?: string
  overrides?: Overrides
}): Promise<CompletionResult> {
  let failure: unknown
  try {
    const result = await sdk.store.cart.complete(cartId)
    if (result?.type === "order") {
      await clearCart?.()
      return { order: result.order }
    }
    failure = result?.error
  } catch (error) {
    failure = error
  }
  // The session's order is over at the service (cancelled, or gone): its page is dead, whatever the session still
  // says. The code also when the SDK's error carries only the server's words.
  const restart = restartCodeOf(codeOf(failure), messageOf(failure))
  // No answer at all (the network, or the shop, is down): SHOP_UNREACHABLE's words, never the browser's.
  const code = failureCodeOf(failure) ?? restart
  if (restart)
    return { error: { code, message: buyerMessage(code, { language, overrides, serverMessage: messageOf(failure) }) } }
  const cart = await sdk.store.cart.retrieve(cartId, { fields: "*payment_collection.payment_sessions" }).then(
    (r) => r.cart as CartLike,
    () => undefined,
  )
  const session = tradeCreditSessionOf(cart)
  if (session?.status === "requires_more" && session.data?.payment_url)
    return { redirect: withPageLanguage(session.data.payment_url, language) }
  const message = buyerMessage(code, { language, overrides, serverMessage: messageOf(failure) })
  return { error: code === SHOP_UNREACHABLE ? { code, message, retryable: true } : { code, message } }
}

/** Preferred numbers of monthly instalments a storefront offers, when they fit. */
export const DEFAULT_INSTALMENT_CHOICES: readonly number[] = Object.freeze([3, 6, 12, 24, 36])

/**
 * The numbers of monthly instalments to offer, from the instalment session's credit check (its `data`:
 * minimum_instalments, maximum_instalments, maximum_instalment_amount, gross_amount): only counts the service will
 * accept, by the plugin's own check (plan-limits.ts: within the limits, and no instalment of the service's split above
 * the monthly maximum). `preferred` picks the storefront's usual counts; when none fits, the smallest count that does
 * is offered alone. When the merchant offers only some counts in the cart's region (`offered_periods`), those that fit
 * are offered instead, and nothing else. Empty when nothing fits.
 */
export function instalmentChoices(
  sessionData:
    | {
        minimum_instalments?: unknown
        maximum_instalments?: unknown
        maximum_instalment_amount?: unknown
        gross_amount?: unknown
        offered_periods?: unknown
      }
    | null
    | undefined,
  { preferred = DEFAULT_INSTALMENT_CHOICES }: { preferred?: readonly number[] } = {},
): number[] {
  const min = Number(sessionData?.minimum_instalments)
  const max = Number(sessionData?.maximum_instalments)
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) return []
  const limits = {
    minimum_instalments: min,
    maximum_instalments: max,
    maximum_instalment_amount: String(sessionData?.maximum_instalment_amount ?? ""),
    currency: "",
  }
  const total =
    typeof sessionData?.gross_amount === "string" && MONEY.test(sessionData.gross_amount)
      ? sessionData.gross_amount
      : undefined
  const amountKnown = total !== undefined && MONEY.test(limits.maximum_instalment_amount)
  const fits = (n: number) =>
    amountKnown ? checkPeriodsWithinLimits(total!, [n], limits).ok : isPlanDuration(n) && n >= min && n <= max
  // The numbers the merchant offers in the cart's region, when it chose some (Settings → Trade credit → Regions).
  const offered = Array.isArray(sessionData?.offered_periods)
    ? sessionData.offered_periods.filter((n): n is number => Number.isInteger(n))
    : undefined
  const chosen = [...new Set(offered ?? preferred)].filter((n) => Number.isInteger(n) && fits(n)).sort((a, b) => a - b)
  if (chosen.length || offered) return chosen
  for (let n = min; n <= max; n++) if (fits(n)) return [n]
  return []
}

const MONEY = /^\d+(\.\d{1,2})?$/

/**
 * Where an instalment order's funding stands, for the confirmation page: "pending" (the service decides after the
 * order is placed; show "awaiting approval" and read the order again later), "accepted", "rejected", or undefined
 * when the session is no instalment session. Takes the payment session or the payment (both carry `data`).
 */
export function fundingStateOf(
  sessionOrPayment: SessionLike | null | undefined,
): "pending" | "accepted" | "rejected" | undefined {
  const status = sessionOrPayment?.data?.funding_status
  if (status === "ACCEPTED") return "accepted"
  if (status === "REJECTED") return "rejected"
  if (status === "PENDING" || sessionOrPayment?.status === "pending_authorization") return "pending"
  return undefined
}

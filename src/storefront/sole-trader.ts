// Sole-trader signup: a business without a company registration number signs up with the credit provider in a popup
// whose URL the plugin's store route issues (the API key stays on the server), then buys with the business the
// provider saved. The routes need a logged-in customer.
//
//   POST /store/trade-credit/soletrader/autofill-token → {buyer_url}   a read-only token; GET buyer_url: 200 known
// buyer
//   POST /store/trade-credit/soletrader/signup {country} → {popup_url} the popup: the service's saves the details to
//                                                                      autofill and closes (seed step 3); the
// simulator's
//                                                                      also posts {type: "soletrader-signup", status}
//   GET  /store/trade-credit/soletrader/buyer → {buyer}                 the registered business (404: not yet)
//   GET  /store/trade-credit/soletrader/enrollment → {enrollment: {status, message}}

import { buyerMessage, type Overrides } from "./buyer-messages"
import type { ClientSdk } from "./company-search"
import { failureCodeOf, messageOf, statusOf } from "./error-fields"
import { kitText } from "./texts"

const BASE = "/store/trade-credit/soletrader"

/** The business the provider saved (the session's company: organization_number, country_code, company_name). */
export type SoleTraderBusiness = { company_name: string; organization_number: string; country_code: string }

export type SoleTraderOutcome =
  | { status: "known" | "signed-up"; business: SoleTraderBusiness; message: string }
  | { status: "cancelled" | "in-review" | "error"; message: string; business?: undefined }

export type SoleTraderSignupOptions = {
  sdk: ClientSdk
  country: string
  language?: string
  overrides?: Overrides
  /** Progress for the buyer, in words. */
  onStatus?: (message: string) => void
  /** The popup was blocked: show the buyer a link to `url` (target _blank, rel opener). */
  onBlocked?: (url: string) => void
  /** Ask the provider whether it knows the customer first (default true). */
  checkKnownBuyer?: boolean
  /** Opens the popup; a handle with `closed` lets the kit see the popup close without a message. */
  open?: (url: string) => { closed?: boolean } | null
  /** How often the popup's `closed` is checked, in milliseconds (default 500). */
  closedPollMs?: number
  fetch?: typeof fetch
  /** Where the popup's message arrives (default window). */
  messages?: Pick<Window, "addEventListener" | "removeEventListener">
  signal?: AbortSignal
}

const failure = (error: unknown, language?: string, overrides?: Overrides): SoleTraderOutcome => {
  // A request that got no answer: SHOP_UNREACHABLE's words ("We couldn't reach the shop…"), never the browser's.
  const code =
    failureCodeOf(error) ??
    (statusOf(error) === 401
      ? "TRADE_CREDIT_UNAUTHORIZED"
      : statusOf(error) === 429
        ? "TRADE_CREDIT_RATE_LIMITED"
        : undefined)
  return { status: "error", message: buyerMessage(code, { language, overrides, serverMessage: messageOf(error) }) }
}

/** The signup, start to end: the known buyer, else the popup and what it ended with. Never throws. */
export async function signUpSoleTrader({
  sdk,
  country,
  language,
  overrides,
  onStatus,
  onBlocked,
  checkKnownBuyer = true,
  open = (url) => window.open(url, "soletrader-signup", "width=520,height=760"),
  fetch: fetchImpl = (...args) => fetch(...args),
  messages = typeof window === "undefined" ? undefined : window,
  closedPollMs = 500,
  signal,
}: SoleTraderSignupOptions): Promise<SoleTraderOutcome> {
  const t = (key: Parameters<typeof kitText>[0], values?: Record<string, string>) =>
    kitText(key, { language, overrides, values })
  const readBuyer = async () => (await sdk.client.fetch<{ buyer: SoleTraderBusiness }>(`${BASE}/buyer`)).buyer
  try {
    if (checkKnownBuyer) {
      onStatus?.(t("soletrader.checking"))
      const { buyer_url } = await sdk.client.fetch<{ buyer_url: string }>(`${BASE}/autofill-token`, { method: "POST" })
      // Straight to the credit provider with the read-only token: no cookies, no API key.
      // No answer from the credit provider (its site is down, blocked): the provider's failure, not the shop's.
      const read = await fetchImpl(buyer_url, { credentials: "omit", cache: "no-store" }).catch(() => undefined)
      if (read?.ok) {
        const business = await readBuyer()
        return { status: "known", business, message: t("soletrader.welcome", { name: business.company_name }) }
      }
      if (read?.status !== 404)
        return { status: "error", message: buyerMessage("TRADE_CREDIT_UNAVAILABLE", { language, overrides }) }
    }
    onStatus?.(t("soletrader.opening"))
    const { popup_url } = await sdk.client.fetch<{ popup_url: string }>(`${BASE}/signup`, {
      method: "POST",
      body: { country },
    })
    const origin = new URL(popup_url).origin
    const popup = watchPopup(origin, messages, signal, closedPollMs)
    const opened = open(popup_url)
    if (opened) onStatus?.(t("soletrader.popup"))
    else onBlocked?.(popup_url)
    popup.watchClosed(opened)
    const status = await popup.ended
    if (status !== "completed" && status !== "closed")
      return { status: "cancelled", message: t("soletrader.cancelled") }
    // Seed step 4: after the popup, the autofill read is repeated (the plugin's buyer route reads it server-side).
    try {
      const business = await readBuyer()
      return { status: "signed-up", business, message: t("soletrader.signedUp", { name: business.company_name }) }
    } catch (error) {
      if (statusOf(error) !== 404) throw error
      // Not registered (yet): the enrollment says why, in the buyer's words (declined, in review…).
      const enrollment = await sdk.client
        .fetch<{ enrollment?: { message?: string } }>(`${BASE}/enrollment`)
        .catch(() => undefined)
      const message = enrollment?.enrollment?.message
      // Closed with nothing saved and no enrollment: the buyer closed the popup without finishing.
      if (status === "closed" && !message) return { status: "cancelled", message: t("soletrader.closed") }
      return { status: "in-review", message: message || t("soletrader.review") }
    }
  } catch (error) {
    return failure(error, language, overrides)
  }
}

/**
 * How the popup ended, once, whichever comes first: its message, posted from its origin (`completed`, `cancelled`…);
 * `closed` when the window closed without one (the service's popup saves the details to autofill and closes); or
 * `cancelled` when aborted, or when there is neither a message channel nor a window to watch.
 */
function watchPopup(
  origin: string,
  messages: SoleTraderSignupOptions["messages"],
  signal: AbortSignal | undefined,
  pollMs: number,
) {
  let settled = false
  let timer: ReturnType<typeof setInterval> | undefined
  let resolve!: (status: string) => void
  const ended = new Promise<string>((r) => (resolve = r))
  const done = (status: string) => {
    if (settled) return
    settled = true
    messages?.removeEventListener("message", onMessage as EventListener)
    signal?.removeEventListener("abort", onAbort)
    if (timer !== undefined) clearInterval(timer)
    resolve(status)
  }
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.data?.type !== "soletrader-signup") return
    done(String(event.data.status ?? "cancelled"))
  }
  const onAbort = () => done("cancelled")
  messages?.addEventListener("message", onMessage as EventListener)
  signal?.addEventListener("abort", onAbort)
  if (signal?.aborted) done("cancelled")
  return {
    ended,
    /** Polls the window's `closed` (the standard way: a cross-origin popup fires no event the opener sees). */
    watchClosed(popup: { closed?: boolean } | null) {
      if (settled) return
      if (!popup || typeof popup.closed !== "boolean") {
        // Nothing to poll (blocked, or an `open` without a handle): the message, if one can come, is the only signal.
        if (!messages) done("cancelled")
        return
      }
      let closedSeen = false
      timer = setInterval(() => {
        // One more interval after the window is seen closed, so a message it posted just before closing wins.
        if (closedSeen) done("closed")
        else if (popup.closed) closedSeen = true
      }, pollMs)
    },
  }
}

// The return page as a route handler (Next.js App Router's `route.ts`, or any server that speaks the web's Request
// and Response): the service sends the buyer back with `?cart_id=…&trade_credit=verified|failed|canceled`.

import { buyerLanguageOf, type Overrides } from "./buyer-messages"
import { CART_COOKIE, completeTradeCreditCart, returnOf, type StoreSdk } from "./checkout"
import { kitText } from "./texts"

type Params = Record<string, string | string[] | undefined>

export type ReturnRouteOptions = {
  sdk: StoreSdk
  /** The cart cookie to clear once the order is placed (default the starters' `_medusa_cart_id`). */
  cartCookie?: string
  /** The route segment holding the country (default `countryCode`, the starters' `/[countryCode]/…`). */
  countryParam?: string
  /** The paths under the country segment (defaults: the starters'). */
  orderPath?: (order: { id: string }) => string
  checkoutPath?: (outcome: string, code?: string) => string
  /** The buyer's language (default: the request's Accept-Language). */
  language?: (request: Request) => string | undefined
  overrides?: Overrides
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/**
 * A same-site step to `path`: a small page that moves on at once. The buyer arrives from the service's site, so the
 * starters' SameSite=Strict cookies (the cart, the login) are not sent with this request nor with a redirect from
 * it; the page's own navigation is same-site and carries them.
 */
function onward(path: string, language: string, overrides: Overrides | undefined, setCookie?: string): Response {
  const href = escapeHtml(path)
  const label = escapeHtml(kitText("return.continue", { language, overrides }))
  const body =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta ` +
    `name="robots" content="noindex"><meta http-equiv="refresh" content="0;url=${href}">` +
    `<title>${label}</title></head><body><p><a ` +
    `href="${href}">${label}</a></p></body></html>`
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
  if (setCookie) headers.append("set-cookie", setCookie)
  return new Response(body, { status: 200, headers })
}

/**
 * The return route handler: completes the cart once (the kit's completeTradeCreditCart) when the buyer verified,
 * clears the cart cookie (the completed cart must not be reused) and goes on to the order's confirmation, keeping the
 * country segment; sends the buyer back to the service when the verification is not finished; back to the checkout's
 * payment step (`?step=payment&trade_credit=failed|canceled|error&code=…`) otherwise.
 *
 *   // src/app/[countryCode]/(checkout)/checkout/trade-credit/return/route.ts
 *   export const GET = tradeCreditReturnRoute({ sdk })
 */
export function tradeCreditReturnRoute({
  sdk,
  cartCookie = CART_COOKIE,
  countryParam = "countryCode",
  orderPath = (order) => `/order/${encodeURIComponent(order.id)}/confirmed`,
  checkoutPath = (outcome, code) =>
    `/checkout?step=payment&trade_credit=${encodeURIComponent(outcome)}` +
    (code ? `&code=${encodeURIComponent(code)}` : ""),
  language: languageOf = (request) => request.headers.get("accept-language") ?? undefined,
  overrides,
}: ReturnRouteOptions) {
  /**
   * `context.params`: the route's segments (Next.js passes a promise of them); `any` so that Next.js's check of a
   * route's handler accepts it for any route.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's params (see above)
  return async function GET(request: Request, context: { params: any }): Promise<Response> {
    const params: Params = (await context?.params) ?? {}
    const country = params[countryParam]
    const segment = typeof country === "string" && /^[a-z]{2}$/i.test(country) ? `/${country.toLowerCase()}` : ""
    const language = buyerLanguageOf(languageOf(request) ?? "en")
    const { cartId, outcome } = returnOf(new URL(request.url).searchParams)
    // No cart in the URL: nothing to complete, whatever the outcome says.
    if (!cartId) return onward(segment + checkoutPath("unknown"), language, overrides)
    if (outcome !== "verified") return onward(segment + checkoutPath(outcome), language, overrides)
    const result = await completeTradeCreditCart({ sdk, cartId, language, overrides })
    if (result.redirect)
      return new Response(null, { status: 303, headers: { location: result.redirect, "cache-control": "no-store" } })
    if (result.error) {
      console.warn(
        `trade credit: the return's completion of cart ${cartId} failed: ${result.error.code ?? "no code"}: ` +
          `${result.error.message}`,
      )
      return onward(segment + checkoutPath("error", result.error.code), language, overrides)
    }
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : ""
    return onward(
      segment + orderPath(result.order),
      language,
      overrides,
      `${cartCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure}`,
    )
  }
}

/** `/dk/checkout/…` → `/dk`; `/checkout` → "": the part of the path before the checkout (the starters' country
 * segment). */
export const pathBeforeCheckout = (pathname: string) => {
  const at = pathname.search(/\/checkout(\/|$)/)
  return at >= 0 ? pathname.slice(0, at) : ""
}

/**
 * The return page the kit names in the session (`return_url`) unless the store gives one: the starters'
 * `<origin>/<countryCode>/checkout/trade-credit/return`. Undefined outside a browser.
 */
export const defaultReturnUrl = (): string | undefined =>
  typeof window === "undefined"
    ? undefined
    : `${window.location.origin}${pathBeforeCheckout(window.location.pathname)}/checkout/trade-credit/return`

import type { MerchantUrls } from "../../service/schemas/order"

/**
 * Where the service sends the buyer after verification. The return URL was
 * checked against the storefront origins already; it gets the cart id (the
 * starter's cart cookie is SameSite=Strict, so a buyer coming back from another
 * site arrives without it) and the outcome as query parameters (`canceled` in Medusa's spelling; 0.1 wrote
 * `cancelled`, which the storefront kit still reads).
 */
export function merchantUrlsFor(returnUrl: string, cartId: string): MerchantUrls {
  const url = new URL(returnUrl)
  url.searchParams.set("cart_id", cartId)
  const withParams = (outcome: "verified" | "failed" | "canceled") => {
    url.searchParams.set("trade_credit", outcome)
    return url.toString()
  }
  return {
    merchant_confirmation_url: withParams("verified"),
    merchant_order_verification_failed_url: withParams("failed"),
    merchant_cancel_order_url: withParams("canceled"),
  }
}

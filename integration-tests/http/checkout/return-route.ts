import Medusa from "@medusajs/js-sdk"
import { tradeCreditReturnRoute } from "../../../src/storefront"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { STOREFRONT_URL } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { areaPart } from "../../helpers/area"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

const ACME = { company_canonical_id: "cmpgb08123456" }

/**
 * The kit's return route handler as docs/storefront.md puts it in the dtc-starter
 * (`src/app/[countryCode]/(checkout)/checkout/trade-credit/return/route.ts`: `export const GET = tradeCreditReturnRoute({ sdk })`),
 * called with a web Request as Next.js calls it, over Medusa's real store API through `@medusajs/js-sdk`.
 */
export default areaPart("return-route", ({ api, getContainer }) => {
  let seed: any
  let admin: ReturnType<typeof adminRequester>
  let GET: ReturnType<typeof tradeCreditReturnRoute>

  beforeAll(async () => {
    admin = adminRequester(api, await loginAdmin(getContainer(), api))
    seed = await seedStore(admin)
    const sdk = new Medusa({ baseUrl: api.defaults.baseURL, publishableKey: seed.publishableKey })
    GET = tradeCreditReturnRoute({ sdk })
  })

  const returnTo = (query: string, language = "nb-NO,nb;q=0.9") =>
    GET(new Request(`https://shop.example/dk/checkout/trade-credit/return?${query}`, { headers: { "accept-language": language } }), {
      params: Promise.resolve({ countryCode: "dk" }),
    })
  /** Where the answer's page moves on to (its meta refresh), and what it says. */
  const onwardOf = async (res: Response) => {
    const page = await res.text()
    return { status: res.status, to: /content="0;url=([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&"), lang: /<html lang="([^"]+)"/.exec(page)?.[1] }
  }

  it("completes the verified cart once, clears the cart cookie and goes on to the order, keeping the country segment", async () => {
    const store = storeClient(api, seed.publishableKey)
    const cart = await createCheckoutCart(store, seed)
    const started = await startTradeCreditSession(store, cart.id, {
      company: ACME,
      verify_before_completion: true,
      return_url: `${STOREFRONT_URL}/dk/checkout/trade-credit/return`,
    })
    expect(started.status).toBe(200)
    const session = started.data.payment_collection.payment_sessions.find((s: any) => s.provider_id === "pp_trade-credit_default")

    // Back before verifying: sent on to the service's page again (a redirect: the service's own site), in the buyer's
    // language.
    const early = await returnTo(`cart_id=${cart.id}&trade_credit=verified`)
    expect(early.status).toBe(303)
    expect(early.headers.get("location")).toBe(`${session.data.payment_url}?lang=nb`)

    await approveAtPaymentUrl(session.data.payment_url)
    const res = await returnTo(`cart_id=${cart.id}&trade_credit=verified`)
    expect(res.headers.get("set-cookie")).toBe("_medusa_cart_id=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure")
    const placed = await orderOfCart(cart.id)
    expect(placed.id).toMatch(/^order_/)
    const { order } = await admin("GET", `/admin/orders/${placed.id}?fields=id,*payment_collections.payments`)
    expect(order.payment_collections[0].payments[0].provider_id).toBe("pp_trade-credit_default")
    expect(await onwardOf(res)).toEqual({ status: 200, to: `/dk/order/${order.id}/confirmed`, lang: "nb" })

    // A reload of the return page places nothing more: the completed cart answers its order.
    const again = await onwardOf(await returnTo(`cart_id=${cart.id}&trade_credit=verified`))
    expect(again.to).toBe(`/dk/order/${order.id}/confirmed`)
    expect((await orderOfCart(cart.id)).id).toBe(order.id)
  })

  it("sends a cancelled or failed verification back to the payment step in the country, and a missing cart too", async () => {
    expect(await onwardOf(await returnTo("cart_id=cart_x&trade_credit=canceled", "de"))).toEqual({
      status: 200,
      to: "/dk/checkout?step=payment&trade_credit=canceled",
      lang: "de",
    })
    // A return URL of an order made by 0.1 says "cancelled": the same outcome.
    expect((await onwardOf(await returnTo("cart_id=cart_x&trade_credit=cancelled"))).to).toBe("/dk/checkout?step=payment&trade_credit=canceled")
    expect((await onwardOf(await returnTo("cart_id=cart_x&trade_credit=failed"))).to).toBe("/dk/checkout?step=payment&trade_credit=failed")
    expect((await onwardOf(await returnTo("trade_credit=verified"))).to).toBe("/dk/checkout?step=payment&trade_credit=unknown")
    // A cart the store does not know: back to the payment step with the error's code, never a raw failure page.
    const unknown = await onwardOf(await returnTo("cart_id=cart_01NOPE&trade_credit=verified"))
    expect(unknown.to).toMatch(/^\/dk\/checkout\?step=payment&trade_credit=error/)
  })

  /** The order placed from a cart (Medusa's order_cart link). */
  async function orderOfCart(cartId: string): Promise<{ id: string }> {
    const query = getContainer().resolve("query") as any
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    return { id: data[0]?.order_id }
  }
})

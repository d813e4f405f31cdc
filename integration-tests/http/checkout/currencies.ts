import BigNumber from "bignumber.js"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, findCompanyId, STOREFRONT_URL, WEBHOOK_PATH } from "../../helpers/simulator"
import { startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { approveAtPaymentUrl } from "../../helpers/verification"
import { waitUntil } from "../../helpers/wait"
import { areaPart, areaSimulator } from "../../helpers/area"
import { cartReference } from "../../../src/core/order/merchant-reference"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore, seedRegion } = require("../../../scripts/lib/seed-store.js")

/**
 * A checkout in each currency the service takes plans in (issue #23 item 3): GBP, EUR (the Netherlands and Germany),
 * NOK, SEK, DKK and USD, each in a region of its own with the country's tax rate, a buyer's address and phone as the
 * country writes them, and a company found through the store's company search in that country's register. Per
 * currency: pay by invoice (verification, order, a partial capture then the rest, a partial refund) and an
 * instalment plan (funded by webhook, fulfilled on capture, a partial refund credited). Every amount the service
 * received is in the cart's currency and adds up to the cart's total; the phone reached the service in E.164.
 *
 * A region in a currency the service does not take (JPY) is refused by both providers and by the pre-check with
 * TRADE_CREDIT_NOT_ELIGIBLE, before anything is asked of the service.
 */
const simulator = areaSimulator()
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
const DAY = 24 * 60 * 60 * 1000
const cents = (money: string | number) => Math.round(Number(money) * 100)
/** Medusa's total (a number, possibly with more than two decimals) as the service's money: half up to the cent. */
const money = (total: string | number) => new BigNumber(String(total)).toFixed(2, BigNumber.ROUND_HALF_UP)

type Market = {
  currency: string
  country: string
  name: string
  taxRate: number
  taxName: string
  factor: number
  /** The store search that finds the buyer's company in the country's register. */
  search: string
  address: Record<string, string>
  phone: string
}

const MARKETS: Market[] = [
  {
    currency: "gbp", country: "gb", name: "United Kingdom", taxRate: 20, taxName: "VAT", factor: 1, search: "acme",
    address: { first_name: "Grace", last_name: "Hopper", company: "Acme Industrial Supplies Ltd", address_1: "14 Mill Lane", city: "Leeds", postal_code: "LS1 4AP", country_code: "gb", phone: "07400 123456" },
    phone: "+447400123456",
  },
  {
    currency: "eur", country: "nl", name: "Nederland", taxRate: 21, taxName: "BTW", factor: 1.17, search: "amstel",
    address: { first_name: "Sanne", last_name: "de Vries", company: "Amstel Kantoormeubelen B.V.", address_1: "Damrak 70", city: "Amsterdam", postal_code: "1012 LM", country_code: "nl", phone: "06 12345678" },
    phone: "+31612345678",
  },
  {
    currency: "eur", country: "de", name: "Deutschland", taxRate: 19, taxName: "MwSt", factor: 1.17, search: "rheintal",
    address: { first_name: "Jonas", last_name: "Becker", company: "Rheintal Bürobedarf GmbH", address_1: "Königsallee 12", city: "Düsseldorf", postal_code: "40212", country_code: "de", phone: "0151 23456789" },
    phone: "+4915123456789",
  },
  {
    currency: "nok", country: "no", name: "Norge", taxRate: 25, taxName: "MVA", factor: 13.6, search: "nordlys",
    address: { first_name: "Ingrid", last_name: "Hansen", company: "Nordlys Bygg AS", address_1: "Storgata 12", city: "Oslo", postal_code: "0155", country_code: "no", phone: "912 34 567" },
    phone: "+4791234567",
  },
  {
    currency: "sek", country: "se", name: "Sverige", taxRate: 25, taxName: "Moms", factor: 12.9, search: "stockholms",
    address: { first_name: "Erik", last_name: "Lindqvist", company: "Stockholms Kontorsservice AB", address_1: "Drottninggatan 50", city: "Stockholm", postal_code: "111 21", country_code: "se", phone: "070-123 45 67" },
    phone: "+46701234567",
  },
  {
    currency: "dkk", country: "dk", name: "Danmark", taxRate: 25, taxName: "Moms", factor: 8.7, search: "københavns",
    address: { first_name: "Mette", last_name: "Nielsen", company: "Københavns Kontorinventar ApS", address_1: "Vesterbrogade 10", city: "København V", postal_code: "1620", country_code: "dk", phone: "20 12 34 56" },
    phone: "+4520123456",
  },
  {
    currency: "usd", country: "us", name: "United States", taxRate: 8.25, taxName: "Sales tax", factor: 1.27, search: "acme hardware",
    address: { first_name: "Ada", last_name: "Lovelace", company: "Acme Hardware Supply Inc.", address_1: "100 Main Street", city: "Springfield", province: "us-il", postal_code: "62701", country_code: "us", phone: "(217) 555-0123" },
    phone: "+12175550123",
  },
]

export default areaPart("currencies", ({ api, getContainer }) => {
  let seed: any
  let admin: ReturnType<typeof adminRequester>
  const regions: Record<string, any> = {}
  const companies: Record<string, string> = {}
  let jpyRegion: any

  beforeAll(async () => {
    admin = adminRequester(api, await loginAdmin(getContainer(), api))
    seed = await seedStore(admin)
    regions.gb = seed.region
    for (const market of MARKETS.filter((m) => m.country !== "gb")) {
      regions[market.country] = (await seedRegion(admin, seed, market)).region
    }
    jpyRegion = (await seedRegion(admin, seed, { name: "日本", currency: "jpy", country: "jp", taxRate: 10, taxName: "JCT", factor: 190 })).region
    await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}${WEBHOOK_PATH}` })
    // The service funds each plan as soon as it may: at once in the full profile, no sooner than 2 s after the plan
    // under the minimal one (the service never decides at once); either way the funding webhook authorizes the payment,
    // which the test waits for.
    simulator.sim!.state.repayment.fundingDelayMs = 0
  })

  const store = () => storeClient(api, seed.publishableKey)

  async function cartIn(market: Pick<Market, "country" | "address">, regionId = regions[market.country].id) {
    const s = store()
    const { cart } = await s.ok("POST", "/store/carts", {
      region_id: regionId,
      email: `buyer@${market.country}.example`,
      items: [
        { variant_id: seed.variants[0].id, quantity: 3 },
        { variant_id: seed.variants[1].id, quantity: 2 },
      ],
      shipping_address: market.address,
      billing_address: market.address,
    })
    const { shipping_options } = await s.ok("GET", `/store/shipping-options?cart_id=${cart.id}`)
    expect(shipping_options).toHaveLength(1)
    await s.ok("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
    return (await s.ok("GET", `/store/carts/${cart.id}`)).cart
  }

  const serviceOrder = async (id: string) => (await control(simulator.url, "GET", `/_sim/orders/${id}`)).order
  const paymentOf = async (orderId: string) => {
    const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
    return order.payment_collections.flatMap((c: any) => c.payments ?? [])[0]
  }

  it.each(MARKETS.map((m) => [`${m.currency.toUpperCase()} (${m.country.toUpperCase()})`, m] as const))(
    "sells in %s: company search, invoice checkout, captures in parts, refund, and an instalment plan",
    async (_label, market) => {
      const currency = market.currency.toUpperCase()
      // The buyer finds the company in the country's register through the store.
      const search = await store().ok("GET", `/store/trade-credit/companies?country=${market.country.toUpperCase()}&q=${encodeURIComponent(market.search)}`)
      expect(search.items.length).toBeGreaterThan(0)
      const company = { company_canonical_id: search.items[0].canonical_id }
      expect(company.company_canonical_id).toBe(await findCompanyId(simulator.url, market.country.toUpperCase(), market.search))
      companies[market.country] = company.company_canonical_id

      // Pay by invoice.
      const cart = await cartIn(market)
      expect(cart.currency_code).toBe(market.currency)
      expect(cart.tax_total).toBeGreaterThan(0)
      const started = await startTradeCreditSession(store(), cart.id, {
        company,
        verify_before_completion: true,
        return_url: `${STOREFRONT_URL}/${market.country}/checkout/trade-credit/return`,
      })
      expect(started.status).toBe(200)
      const session = started.data.payment_collection.payment_sessions[0]
      await approveAtPaymentUrl(session.data.payment_url)
      const completed = await store().ok("POST", `/store/carts/${cart.id}/complete`)
      expect(completed.type).toBe("order")
      const order = completed.order

      const placed = await serviceOrder(session.data.order_id)
      expect(placed.currency).toBe(currency)
      expect(placed.gross_amount).toBe(money(cart.total))
      expect(placed.line_items.reduce((sum: number, l: any) => sum + cents(l.gross_amount), 0)).toBe(cents(placed.gross_amount))
      expect(placed.tax_subtotals.map((t: any) => Number(t.tax_rate))).toEqual([market.taxRate / 100])
      const { items: creates } = await control(simulator.url, "GET", "/_sim/requests?method=POST&path_prefix=/v1/order")
      const createBody = creates.find((r: any) => r.path === "/v1/order" && r.body?.merchant_reference === cartReference(cart.id)).body
      expect(createBody.currency).toBe(currency)
      expect(createBody.buyer.representative.phone_number).toBe(market.phone)
      expect(createBody.billing_address.country).toBe(market.country.toUpperCase())

      // Captured in two parts, then a part refunded: each in the order's currency.
      const payment = await paymentOf(order.id)
      const firstPart = Math.round(Number(payment.amount) * 30) / 100
      await admin("POST", `/admin/payments/${payment.id}/capture`, { amount: firstPart })
      await admin("POST", `/admin/payments/${payment.id}/capture`, { amount: new BigNumber(String(payment.amount)).minus(firstPart).toNumber() })
      const fulfilled = await serviceOrder(session.data.order_id)
      expect(fulfilled.state).toBe("FULFILLED")
      expect(fulfilled.fulfilments.map((f: any) => f.gross_amount)[0]).toBe(firstPart.toFixed(2))
      expect(fulfilled.fulfilments.reduce((sum: number, f: any) => sum + cents(f.gross_amount), 0)).toBe(cents(placed.gross_amount))
      expect(fulfilled.fulfilments.every((f: any) => f.currency === undefined || f.currency === currency)).toBe(true)
      await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 25 })
      const refunded = await serviceOrder(session.data.order_id)
      expect(refunded.refunds.map((r: any) => [r.amount, r.currency])).toEqual([["25.00", currency]])

      // Monthly instalments in the same currency: funded by webhook, fulfilled on capture, a part credited.
      const planCart = await cartIn(market)
      const { payment_collection } = await store().ok("POST", "/store/payment-collections", { cart_id: planCart.id })
      const planStarted = await store().call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        provider_id: PLAN_PROVIDER,
        data: { company, number_of_periods: 6 },
      })
      expect(planStarted.status).toBe(200)
      const planOrder = (await store().ok("POST", `/store/carts/${planCart.id}/complete`)).order
      const planPayment = await waitUntil(`the funded plan payment in ${currency}`, () => paymentOf(planOrder.id))
      const planId = planPayment.data.plan_id
      const plan = (await control(simulator.url, "GET", `/_sim/plans/${planId}`)).plan
      expect(plan.currency).toBe(currency)
      expect(plan.total_repayment_amount).toBe(money(planCart.total))
      await admin("POST", `/admin/payments/${planPayment.id}/capture`, {})
      // A month and more later the first instalments are invoiced, and a part of them can be credited.
      await control(simulator.url, "POST", "/_sim/clock/advance", { ms: 40 * DAY })
      await admin("POST", `/admin/payments/${planPayment.id}/refund`, { amount: 10 })
      const credited = await control(simulator.url, "GET", `/_sim/plans/${planId}`)
      expect(credited.credits.map((c: any) => [c.amount, c.currency])).toEqual([["10.00", currency]])
    }
  )

  it("refuses a currency the service does not take (JPY) in both providers and the pre-check, asking the service nothing", async () => {
    const market = {
      country: "jp",
      address: { first_name: "Yuki", last_name: "Tanaka", company: "Sakura Shoji KK", address_1: "1-1 Marunouchi", city: "Tokyo", postal_code: "100-0005", country_code: "jp", phone: "+81 3 1234 5678" },
    }
    const cart = await cartIn(market, jpyRegion.id)
    expect(cart.currency_code).toBe("jpy")
    const company = { company_canonical_id: companies.gb ?? (await findCompanyId(simulator.url, "GB", "acme")) }
    const before = (await control(simulator.url, "GET", "/_sim/requests")).items.length

    const invoice = await startTradeCreditSession(store(), cart.id, { company })
    expect({ status: invoice.status, code: invoice.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    expect(invoice.data.message).toMatch(/not available for orders in this currency/)
    const { payment_collection } = await store().ok("POST", "/store/payment-collections", { cart_id: cart.id })
    const plan = await store().call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company, number_of_periods: 6 },
    })
    expect({ status: plan.status, code: plan.data.code }).toEqual({ status: 400, code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    const swedish = storeClient(api, seed.publishableKey, { "accept-language": "sv" })
    const preCheck = await swedish.ok("POST", `/store/trade-credit/carts/${cart.id}/pre-check`, { company })
    expect(preCheck).toMatchObject({ available: false, reason: "not_eligible", code: "TRADE_CREDIT_NOT_ELIGIBLE" })
    expect(preCheck.message).toMatch(/valutan/)
    expect((await control(simulator.url, "GET", "/_sim/requests")).items.length).toBe(before)
  })
})

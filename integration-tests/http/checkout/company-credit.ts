import { adminRequester, loginAdmin } from "../../helpers/admin"
import { control, STOREFRONT_URL, WEBHOOK_PATH } from "../../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../../helpers/storefront"
import { areaPart, areaSimulator } from "../../helpers/area"
import { waitForValue } from "../../helpers/wait"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../src/modules/trade-credit"
import type { CompanyCreditEvent } from "../../../src/modules/trade-credit/receivables"
import { BUYER_TEXTS } from "../../../src/utils/buyer-texts"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../../scripts/lib/seed-store.js")

/**
 * The checkout respects what the service said of the buyer's company (issue #38, item 4): a company in an arrears
 * block is not offered trade credit (the pre-check hides it, or greys it with the buyer's words where the region says
 * so), and its sessions and its cart's completion are refused; a cart above the company's maximum single order value
 * or its remaining credit is refused; each before anything is asked of the service (the simulator's request log stays
 * empty). Both lift when the exit_ or limit event arrives: kept in the module directly here, and once through the
 * simulator's signed webhooks and the plugin's one pipeline.
 */
const simulator = areaSimulator()
const PLAN_PROVIDER = "pp_trade-credit-plan_default"
/** A company the simulator's registry knows and approves (by number and name, as a storefront's manual entry). */
const THORNBURY = { organization_number: "11223344", country_prefix: "GB", company_name: "Thornbury Catering" }
const THORNBURY_ID = "cmpgb11223344"

/** A refused store call as its status and code. */
const refusal = (res: { status: number; data: { code?: string } }) => ({ status: res.status, code: res.data.code })

/** Everything the simulated service received since the test cleared its log. */
const received = async () =>
  (await control(simulator.url, "GET", "/_sim/requests")).items as { method: string; path: string }[]

export default areaPart("company-credit", ({ api, getContainer }) => {
  let seed: any
  let admin: ReturnType<typeof adminRequester>
  let store: ReturnType<typeof storeClient>
  const module = () => getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  /** Event times, later each call: the module applies an event only over an older one. */
  let clock = Date.now()
  const at = () => new Date((clock += 1000))

  beforeAll(async () => {
    admin = adminRequester(api, await loginAdmin(getContainer(), api))
    seed = await seedStore(admin)
    store = storeClient(api, seed.publishableKey)
  })

  beforeEach(async () => {
    await control(simulator.url, "DELETE", "/_sim/faults")
    await control(simulator.url, "DELETE", "/_sim/requests")
  })

  const company = { organization_number: THORNBURY.organization_number, company_name: "THORNBURY CATERING" }
  /** An arrears event as the pipeline applies it (the arrears events name no country). */
  const arrears = (state: "none" | "approaching" | "blocked"): CompanyCreditEvent => ({
    ...company,
    country_code: null,
    at: at(),
    arrears: { arrears_state: state, ...(state === "blocked" && { days_in_arrears: 9 }) },
  })
  /** A credit-limit event in GBP. */
  const limit = (fields: { balance: string; max: string }): CompanyCreditEvent => ({
    ...company,
    country_code: "GB",
    at: at(),
    limit: {
      currency_code: "gbp",
      credit_limit: "50000.00",
      credit_limit_balance: fields.balance,
      max_single_order_value: fields.max,
      credit_approved: true,
      decline_reason: null,
      in_arrears: false,
    },
  })

  const preCheck = (cartId: string, client = store) =>
    client.call("POST", `/store/trade-credit/carts/${cartId}/pre-check`, { company: THORNBURY })
  const planSession = async (cartId: string) => {
    const { payment_collection } = await store.ok("POST", "/store/payment-collections", { cart_id: cartId })
    return await store.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: PLAN_PROVIDER,
      data: { company: THORNBURY, number_of_periods: 6 },
    })
  }

  it("an arrears block: hidden or greyed, sessions and completion refused, nothing asked; exit lifts it", async () => {
    const cart = await createCheckoutCart(store, seed)
    await module().applyCompanyCreditEvent(arrears("blocked"))

    // The pre-check hides it (the region's default), with the code and the buyer's words.
    const hidden = await preCheck(cart.id)
    expect(hidden.status).toBe(200)
    expect(hidden.data).toEqual({
      cart_id: cart.id,
      available: false,
      reason: "arrears_block",
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      hide: true,
      message: BUYER_TEXTS["credit.arrears_block"].en,
    })
    // The region greys it instead: shown unavailable with the reason, in the buyer's language.
    const url = `/admin/trade-credit/regions/${seed.region.id}/settings`
    const saved = await admin("POST", url, { arrears_block_display: "grey" })
    expect(saved.settings.arrears_block_display).toBe("grey")
    expect(saved.changes[0]).toMatchObject({ field: "arrears_block_display", old_value: "hide", new_value: "grey" })
    const swedish = storeClient(api, seed.publishableKey, { "accept-language": "sv" })
    const greyed = await preCheck(cart.id, swedish)
    expect(greyed.data).toMatchObject({ available: false, reason: "arrears_block", hide: false })
    expect(greyed.data.message).toBe(BUYER_TEXTS["credit.arrears_block"].sv)

    // The payment sessions are refused with the code, in the buyer's words.
    const returnUrl = `${STOREFRONT_URL}/checkout/return`
    const invoice = await startTradeCreditSession(store, cart.id, { company: THORNBURY, return_url: returnUrl })
    expect(refusal(invoice)).toEqual({ status: 400, code: "TRADE_CREDIT_ARREARS_BLOCK" })
    expect(invoice.data.message).toBe(BUYER_TEXTS["credit.arrears_block"].en)
    const plan = await planSession(cart.id)
    expect(refusal(plan)).toEqual({ status: 400, code: "TRADE_CREDIT_ARREARS_BLOCK" })
    const preview = await store.call("POST", "/store/trade-credit/plans/preview", {
      cart_id: cart.id,
      periods: [6],
      company: THORNBURY,
    })
    expect(refusal(preview)).toEqual({ status: 400, code: "TRADE_CREDIT_ARREARS_BLOCK" })
    // Nothing of it reached the service.
    expect(await received()).toEqual([])

    // The exit event: offered again, and the session is credit-checked by the service.
    await module().applyCompanyCreditEvent(arrears("none"))
    expect((await preCheck(cart.id)).data).toEqual({ cart_id: cart.id, available: true })
    const started = await startTradeCreditSession(store, cart.id, { company: THORNBURY, return_url: returnUrl })
    expect(started.status).toBe(200)
    expect((await received()).filter((r) => r.path === "/v1/order_intent")).toHaveLength(1)

    // Blocked again before the cart is completed: the completion is refused and no order is made at the service.
    await module().applyCompanyCreditEvent(arrears("blocked"))
    await control(simulator.url, "DELETE", "/_sim/requests")
    const completed = await store.call("POST", `/store/carts/${cart.id}/complete`)
    expect(completed.status).toBe(400)
    expect(JSON.stringify(completed.data)).toContain(BUYER_TEXTS["credit.arrears_block"].en)
    expect(await received()).toEqual([])
  })

  it("above the maximum single order or the credit left: refused, nothing asked; a raised limit lifts it", async () => {
    const cart = await createCheckoutCart(store, seed)
    const total = Number(cart.total).toFixed(2)
    const returnUrl = `${STOREFRONT_URL}/checkout/return`

    await module().applyCompanyCreditEvent(limit({ balance: "40000.00", max: "10.00" }))
    expect((await preCheck(cart.id)).data).toEqual({
      cart_id: cart.id,
      available: false,
      reason: "above_company_limit",
      code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
      hide: true,
      message: BUYER_TEXTS["credit.above_max_order_value"].en,
    })
    const aboveMax = await startTradeCreditSession(store, cart.id, { company: THORNBURY, return_url: returnUrl })
    expect(refusal(aboveMax)).toEqual({ status: 400, code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE" })
    const plan = await planSession(cart.id)
    expect(refusal(plan)).toEqual({ status: 400, code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE" })

    // A limit event raising the maximum to the cart's total, but with less credit left than the total.
    await module().applyCompanyCreditEvent(limit({ balance: "10.00", max: total }))
    expect((await preCheck(cart.id)).data).toMatchObject({
      available: false,
      code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
    })
    const aboveBalance = await startTradeCreditSession(store, cart.id, { company: THORNBURY, return_url: returnUrl })
    expect(refusal(aboveBalance)).toEqual({ status: 400, code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE" })
    expect(aboveBalance.data.message).toBe(BUYER_TEXTS["credit.above_credit_balance"].en)
    expect(await received()).toEqual([])

    // An older limit event arriving late changes nothing.
    expect(
      await module().applyCompanyCreditEvent({ ...limit({ balance: "40000.00", max: "40000.00" }), at: new Date(0) }),
    ).toBe(false)
    expect((await preCheck(cart.id)).data).toMatchObject({ code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE" })

    // The limit event that raises the credit left: offered, and the service decides.
    await module().applyCompanyCreditEvent(limit({ balance: "40000.00", max: total }))
    expect((await preCheck(cart.id)).data).toEqual({ cart_id: cart.id, available: true })
    const started = await startTradeCreditSession(store, cart.id, { company: THORNBURY, return_url: returnUrl })
    expect(started.status).toBe(200)
    expect((await received()).filter((r) => r.path === "/v1/order_intent")).toHaveLength(1)
  })

  it("by the service's signed webhooks: the block and the limit arrive and lift through the pipeline", async () => {
    await control(simulator.url, "PUT", "/_sim/webhook", { url: `${api.defaults.baseURL}${WEBHOOK_PATH}` })
    const cart = await createCheckoutCart(store, seed)
    const credit = () => module().companyCreditOf("GB", THORNBURY.organization_number)

    // The service puts the company in an arrears block: customer.in_arrears_block.v1, signed, to the plugin.
    await control(simulator.url, "POST", `/_sim/companies/${THORNBURY_ID}/arrears`, { state: "blocked" })
    await waitForValue("the block kept for the company", credit, (c) => c?.in_arrears === true)
    await control(simulator.url, "DELETE", "/_sim/requests")
    expect((await preCheck(cart.id)).data).toMatchObject({ available: false, reason: "arrears_block" })
    expect(await received()).toEqual([])

    // customer.exit_arrears_block.v1: offered again.
    await control(simulator.url, "POST", `/_sim/companies/${THORNBURY_ID}/arrears`, { state: "none" })
    await waitForValue("the block lifted", credit, (c) => c?.in_arrears === false)
    expect((await preCheck(cart.id)).data).toEqual({ cart_id: cart.id, available: true })

    // customer.credit_limit.updated.v1 lowering the maximum single order value below the cart's total, then raising it.
    await control(simulator.url, "PATCH", `/_sim/companies/${THORNBURY_ID}`, {
      credit_limit: "50000.00",
      max_single_order_value: "10.00",
    })
    await waitForValue(
      "the lowered maximum kept",
      credit,
      (c) => c?.max_single_order_value != null && Number(c.max_single_order_value) === 10,
    )
    await control(simulator.url, "DELETE", "/_sim/requests")
    expect((await preCheck(cart.id)).data).toMatchObject({
      available: false,
      code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
    })
    expect(await received()).toEqual([])
    await control(simulator.url, "PATCH", `/_sim/companies/${THORNBURY_ID}`, { max_single_order_value: "40000.00" })
    await waitForValue("the raised maximum kept", credit, (c) => Number(c?.max_single_order_value) === 40000)
    expect((await preCheck(cart.id)).data).toEqual({ cart_id: cart.id, available: true })
  })
})

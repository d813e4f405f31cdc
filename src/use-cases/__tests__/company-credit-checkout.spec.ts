import { MedusaError } from "@medusajs/framework/utils"
import type { CompanyCreditFacts } from "../../core/region/company-credit-rule"
import { GB_ADDRESS, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import type { TradeCreditPlanData } from "../../core/plan/plan-data"
import { BUYER_TEXTS } from "../../utils/buyer-texts"
import { TtlCache } from "../../utils/ttl-cache"
import type { AnswerCache } from "../answer-cache"
import { checkPlanBuyer } from "../check-plan-buyer"
import { companyIdOf } from "../company-credits"
import { createPlan } from "../create-plan"
import { findOrCreateOrder } from "../find-or-create-order"
import { checkInvoiceCredit } from "../invoice-credit-check"
import { IntentReuse } from "../intent-reuse"
import { CompanyIdentities } from "../plan-check-reuse"
import { previewPlans } from "../plan-preview"
import { preCheck, type PreCheckDeps } from "../pre-check"
import {
  type CompanyCreditFakes,
  checkoutCart,
  fakeClient,
  fakeCompanyCredits,
  fakeKeptChecks,
  fakeQuery,
  fakes,
  recordingLogger,
  rejection,
} from "./fakes"

/**
 * The checkout respects what the service's events said of the buyer's company (issue #38): a company in an arrears
 * block is not offered trade credit (the pre-check hides or greys it, as the region says), a cart above its maximum
 * single order value or its remaining credit is refused, each before anything is asked of the service, in the
 * pre-check, the invoice session, the order's creation, the instalment session, the preview and the plan's creation;
 * and both lift as soon as the module says otherwise.
 */

const COMPANY = { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" }
const KEY = "GB:01234567"

const known = (fields: Partial<CompanyCreditFacts> = {}): CompanyCreditFacts => ({
  in_arrears: false,
  currency_code: "GBP",
  credit_limit_balance: "50000.00",
  max_single_order_value: "20000.00",
  ...fields,
})
const BLOCKED = known({ in_arrears: true })

/** Every call the fake client received, on any of its interfaces: the service asked anything at all. */
const serviceCalls = (client: ReturnType<typeof fakeClient>) =>
  (Object.values(client) as unknown[])
    .filter((part): part is Record<string, jest.Mock> => typeof part === "object" && part !== null)
    .flatMap((part) => Object.values(part).flatMap((method) => method.mock?.calls ?? []))

/** The store routes' short cache, in a map. */
function mapCache(): AnswerCache {
  const entries = new Map<string, unknown>()
  return {
    get: async <T>(key: string) => entries.get(key) as T | undefined,
    set: async (key, value) => void entries.set(key, value),
  }
}

/** A GBP cart of 1440.00 (1200.00 at 20 %) in region reg_01 with the given settings. */
function storeCart(setting?: Record<string, unknown>) {
  return {
    ...medusaCart({
      id: "cart_01CREDIT",
      currency_code: "gbp",
      items: [{ id: "cali_01", title: "Oak desk", quantity: 1, unit_price: "1200.00", tax_lines: [{ rate: 20 }] }],
      billing_address: GB_ADDRESS,
      shipping_address: GB_ADDRESS,
    }),
    region_id: "reg_01",
    region: setting ? { trade_credit_region_setting: setting } : null,
    completed_at: null,
  }
}

describe("companyIdOf", () => {
  it("names a company given by number as it is, and one given by canonical id as the search described it", async () => {
    const kept = fakeKeptChecks()
    const identities = new CompanyIdentities(kept)
    await identities.rememberSearch([
      {
        canonical_id: "cmpgb08123456",
        name: "ACME",
        country: "GB",
        national_identifier: { type: "GB_CRN", id: "08123456" },
      } as never,
    ])

    expect(await companyIdOf({ ...COMPANY, country_prefix: "gb" }, undefined)).toEqual({
      country_code: "GB",
      organization_number: "01234567",
    })
    expect(await companyIdOf({ company_canonical_id: "cmpgb08123456" }, identities)).toEqual({
      country_code: "GB",
      organization_number: "08123456",
    })
    // A canonical id the search's answer is not kept for: unknown here, the service decides.
    expect(await companyIdOf({ company_canonical_id: "cmpgb99999999" }, identities)).toBeUndefined()
    expect(await companyIdOf({ company_canonical_id: "cmpgb08123456" }, undefined)).toBeUndefined()
  })
})

describe("the pre-check and the company's credit", () => {
  function setUp(credits: CompanyCreditFakes, setting?: Record<string, unknown>) {
    const client = fakeClient()
    client.orders.createIntent.mockResolvedValue({
      approved: true,
      tracking_id: "trk_1",
      decline_reason: null,
    } as never)
    const logger = recordingLogger()
    const kept = fakeKeptChecks()
    const deps: PreCheckDeps = {
      query: fakeQuery({ cart: [storeCart(setting)] }),
      client,
      options: { captureOn: "shipment" },
      cache: mapCache(),
      kept,
      companyCredits: fakeCompanyCredits(credits),
      logger,
    }
    const check = async (company: Record<string, string> = COMPANY) =>
      (await preCheck(deps, { cart_id: "cart_01CREDIT", company: company as never })) as {
        answer: Record<string, unknown>
      }
    return { client, logger, kept, deps, check }
  }

  it("hides trade credit from a company in an arrears block (the region's default), asking nothing", async () => {
    const { client, logger, check } = setUp({ [KEY]: BLOCKED })

    expect((await check()).answer).toEqual({
      available: false,
      reason: "arrears_block",
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      hide: true,
      message: BUYER_TEXTS["credit.arrears_block"].en,
    })
    expect(client.orders.createIntent).not.toHaveBeenCalled()
    expect(logger.at("info")).toEqual([
      "Trade credit pre-check of cart cart_01CREDIT: not offered: the buyer's company is in an arrears block at the " +
        "service: hiding trade credit cart_id=cart_01CREDIT region_id=reg_01 code=TRADE_CREDIT_ARREARS_BLOCK",
    ])
  })

  it("greys it with the buyer's words where the region says so (declines stay as the region hides them)", async () => {
    const { client, check } = setUp({ [KEY]: BLOCKED }, { arrears_block_display: "grey" })

    expect((await check()).answer).toMatchObject({ available: false, reason: "arrears_block", hide: false })
    expect(client.orders.createIntent).not.toHaveBeenCalled()
  })

  it("refuses a cart above the maximum single order value or the remaining credit, shown as declines", async () => {
    const above = setUp({ [KEY]: known({ max_single_order_value: "1000.00" }) })
    expect((await above.check()).answer).toEqual({
      available: false,
      reason: "above_company_limit",
      code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE",
      hide: true,
      message: BUYER_TEXTS["credit.above_max_order_value"].en,
    })
    const spent = setUp({ [KEY]: known({ credit_limit_balance: "1439.99" }) }, { hide_when_declined: false })
    expect((await spent.check()).answer).toMatchObject({
      reason: "above_company_limit",
      code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE",
      hide: false,
      message: BUYER_TEXTS["credit.above_credit_balance"].en,
    })
    for (const { client } of [above, spent]) expect(client.orders.createIntent).not.toHaveBeenCalled()
  })

  it("lifts at once when the module says otherwise: never answered from the cache", async () => {
    const credits: CompanyCreditFakes = {}
    const { client, check } = setUp(credits)

    expect((await check()).answer).toEqual({ available: true })
    // Blocked after an approved answer was cached: the block holds at once.
    credits[KEY] = BLOCKED
    expect((await check()).answer).toMatchObject({ reason: "arrears_block" })
    // The exit event: offered again (the approved answer kept for the unchanged cart).
    credits[KEY] = known()
    expect(await preCheckAnswerOf(check)).toEqual({ available: true })
    // A limit event raising the maximum above the cart: offered.
    credits[KEY] = known({ max_single_order_value: "1000.00" })
    expect((await check()).answer).toMatchObject({ code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE" })
    credits[KEY] = known({ max_single_order_value: "1440.00" })
    expect((await check()).answer).toEqual({ available: true })
    expect(client.orders.createIntent).toHaveBeenCalledTimes(1)
  })

  it("finds a company given by canonical id through what the company search said of it", async () => {
    const { client, kept, check } = setUp({ "GB:08123456": BLOCKED })
    await new CompanyIdentities(kept).rememberSearch([
      { canonical_id: "cmpgb08123456", name: "ACME", country: "GB", national_identifier: { id: "08123456" } } as never,
    ])

    expect((await check({ company_canonical_id: "cmpgb08123456" })).answer).toMatchObject({ reason: "arrears_block" })
    expect(client.orders.createIntent).not.toHaveBeenCalled()
  })
})

const preCheckAnswerOf = async (check: () => Promise<{ answer: Record<string, unknown> }>) => (await check()).answer

describe("the invoice provider and the company's credit", () => {
  const SESSION = "payses_01CREDIT"
  const data = (extra: Partial<TradeCreditPaymentData> = {}): TradeCreditPaymentData => ({
    session_id: SESSION,
    company: COMPANY,
    ...extra,
  })

  it("refuses the session's credit check before any call, even with an approved intent kept for the cart", async () => {
    const credits: CompanyCreditFakes = {}
    const f = fakes({ cart: checkoutCart(), companyCredits: credits })
    const intents = new IntentReuse(fakeKeptChecks())
    f.client.orders.createIntent.mockResolvedValue({
      approved: true,
      tracking_id: "trk_1",
      decline_reason: null,
    } as never)
    await checkInvoiceCredit(f.deps, intents, { sessionId: SESSION, data: data(), amount: undefined })
    expect(f.client.orders.createIntent).toHaveBeenCalledTimes(1)

    credits[KEY] = BLOCKED
    const error = await rejection(
      checkInvoiceCredit(f.deps, intents, { sessionId: SESSION, data: data(), amount: "31.75" }),
    )
    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({
      type: MedusaError.Types.NOT_ALLOWED,
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      message: BUYER_TEXTS["credit.arrears_block"].en,
    })
    expect(f.logger.at("info")).toContain(
      "trade-credit: not offered to the buyer's company: the buyer's company is in an arrears block at the service " +
        `payment_session_id=${SESSION} cart_id=cart_01FAKE code=TRADE_CREDIT_ARREARS_BLOCK`,
    )
    credits[KEY] = known({ credit_limit_balance: "31.74" })
    expect(
      await rejection(checkInvoiceCredit(f.deps, intents, { sessionId: SESSION, data: data(), amount: undefined })),
    ).toMatchObject({ code: "TRADE_CREDIT_ABOVE_CREDIT_BALANCE" })
    expect(f.client.orders.createIntent).toHaveBeenCalledTimes(1)

    // A limit event raising the balance to the cart's total: the kept intent serves again.
    credits[KEY] = known({ credit_limit_balance: "31.75" })
    expect(
      await checkInvoiceCredit(f.deps, intents, { sessionId: SESSION, data: data(), amount: undefined }),
    ).toMatchObject({ tracking_id: "trk_1" })
    expect(f.client.orders.createIntent).toHaveBeenCalledTimes(1)
  })

  it("makes no order for a company blocked since its session started (the completion is refused)", async () => {
    const f = fakes({ cart: checkoutCart(), companyCredits: { [KEY]: BLOCKED } })

    const error = await rejection(
      findOrCreateOrder(f.deps, new IntentReuse(fakeKeptChecks()), SESSION, data({ tracking_id: "trk_1" })),
    )

    expect(error).toMatchObject({ code: "TRADE_CREDIT_ARREARS_BLOCK" })
    expect(serviceCalls(f.client)).toEqual([])
    // Not even the order's reference row: nothing will be made under it.
    expect(f.plugin.orderReferences.rows).toEqual([])
  })

  it("reads the module only: a company in another currency, or the module missing, changes nothing", async () => {
    const f = fakes({
      cart: checkoutCart(),
      companyCredits: { [KEY]: known({ currency_code: "EUR", credit_limit_balance: "1.00" }) },
    })
    f.client.orders.createIntent.mockResolvedValue({
      approved: true,
      tracking_id: "trk_2",
      decline_reason: null,
    } as never)
    await checkInvoiceCredit(f.deps, new IntentReuse(fakeKeptChecks()), {
      sessionId: SESSION,
      data: data(),
      amount: "31.75",
    })
    const none = fakes({ cart: checkoutCart(), pluginModule: false })
    none.client.orders.createIntent.mockResolvedValue({ approved: true, tracking_id: "trk_3" } as never)
    const intents = new IntentReuse(fakeKeptChecks())
    await checkInvoiceCredit(none.deps, intents, { sessionId: SESSION, data: data(), amount: undefined })
    expect(f.client.orders.createIntent).toHaveBeenCalledTimes(1)
    expect(none.client.orders.createIntent).toHaveBeenCalledTimes(1)
  })
})

describe("the instalment provider, the preview and the company's credit", () => {
  const SESSION = "payses_01PLAN"

  it("refuses the instalment session before the company read and the credit check", async () => {
    const f = fakes({ cart: storeCart(), companyCredits: { [KEY]: known({ max_single_order_value: "1439.99" }) } })

    const error = await rejection(
      checkPlanBuyer(f.deps, {
        sessionId: SESSION,
        given: { company: COMPANY },
        amount: undefined,
        buyer: {},
        companies: new TtlCache(60_000),
      }),
    )

    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "TRADE_CREDIT_ABOVE_MAX_ORDER_VALUE" })
    expect(serviceCalls(f.client)).toEqual([])
  })

  it("refuses the preview with the code, asking the service nothing", async () => {
    const client = fakeClient()
    const outcome = await previewPlans(
      {
        query: fakeQuery({ cart: [storeCart()] }),
        client,
        options: { captureOn: "shipment" },
        call: async (_action, step) => await step(),
        companyCredits: fakeCompanyCredits({ [KEY]: BLOCKED }),
      },
      { cart_id: "cart_01CREDIT", periods: [6], company: COMPANY },
    )

    expect(outcome).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_ARREARS_BLOCK",
      message: BUYER_TEXTS["credit.arrears_block"].en,
    })
    expect(serviceCalls(client)).toEqual([])
  })

  it("makes no plan for a company blocked since its session was credit-checked", async () => {
    const f = fakes({ cart: storeCart(), companyCredits: { [KEY]: BLOCKED } })
    const checked = {
      session_id: SESSION,
      company: COMPANY,
      number_of_periods: 6,
      account_id: "acc_1",
      gross_amount: "1440.00",
      minimum_instalments: 3,
      maximum_instalments: 12,
      maximum_instalment_amount: "1000.00",
      currency: "GBP",
    } as unknown as TradeCreditPlanData

    expect(await rejection(createPlan(f.deps, SESSION, checked))).toMatchObject({ code: "TRADE_CREDIT_ARREARS_BLOCK" })
    expect(serviceCalls(f.client)).toEqual([])
  })
})

import BigNumber from "bignumber.js"
import { loadPublished, type PublishedDocuments } from "../../../../conformance/published"
import { checkPlanAmounts } from "../../../service/repayment-schedule"
import { AccountRequest, AccountUpdateRequest, PlanRequest } from "../../../service/schemas"
import { buildLines } from "../../order/lines"
import { parseSessionInput } from "../../order/session-input"
import { GB_ADDRESS, medusaCart, type CartSpec } from "../../order/__tests__/fixtures/medusa-cart"
import { buildPlanBody } from "../plan-body"
import { planLinesOf, planTaxSubtotalsOf } from "../plan-lines"
import { accountUpdateOf, buildAccountBody } from "../repayment-account-body"
import { companyKeyOf, type ResolvedCompany } from "../repayment-company"

/**
 * The repayment bodies the plugin builds (contract section 3), against the
 * client's schemas and arithmetic and against the service's own published
 * document (repay-api.yaml through conformance/published.ts): zero violations.
 */

const spec: CartSpec = {
  id: "cart_01PLAN",
  currency_code: "gbp",
  items: [
    // No product descriptions: the lines still carry one.
    {
      id: "cali_01",
      title: "Oak desk",
      variant_title: "Large / Natural",
      quantity: 3,
      unit_price: "450.01",
      tax_lines: [{ rate: 20 }],
      variant_sku: "DESK-L",
    },
    {
      id: "cali_02",
      title: "Paper A4",
      quantity: 7,
      unit_price: "4.99",
      tax_lines: [{ rate: 0, description: "Zero rated" }],
      variant_barcode: "5012345678900",
    },
  ],
  shipping_methods: [{ id: "casm_01", name: "Standard", amount: "9.90", tax_lines: [{ rate: 20 }] }],
  promotions: [{ code: "TRADE10", type: "percentage", value: 10, target: "items" }],
  billing_address: { ...GB_ADDRESS, phone: "07700 900123" },
  shipping_address: { ...GB_ADDRESS, address_1: "Dock 4, Canary Wharf", phone: null },
}

const session = parseSessionInput({
  company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
})

const COMPANY: ResolvedCompany = {
  trade_name: "Acme-Ltd",
  company_name: "Acme Ltd",
  official_address: { address_line_1: "1 King Street", city: "London", postal_code: "EC2V 8AU", country_code: "GB" },
  country_code: "GB",
  national_identifier: "01234567",
  company_key: companyKeyOf("GB", "01234567"),
}

let published: PublishedDocuments
beforeAll(async () => {
  published = await loadPublished()
})

const planBody = (cartSpec: CartSpec = spec, numberOfPeriods = 12) => {
  const cart = medusaCart(cartSpec)
  return buildPlanBody({
    sessionId: "payses_01PLAN",
    cart,
    input: session,
    accountId: "6f1c2a4e-0000-4000-8000-000000000000",
    numberOfPeriods,
    lines: buildLines(cart),
    consentedAt: new Date("2026-11-24T23:30:00Z"),
  })
}

describe("the plan body", () => {
  it("carries the representative, the shipping address and the lines in the repayment interface's names", () => {
    const body = planBody()
    expect(PlanRequest.parse(body)).toEqual(body)
    expect(checkPlanAmounts(body)).toEqual({ ok: true })
    expect(body).toMatchObject({
      reference: "payses_01PLAN",
      consent_date: "2026-11-24",
      currency: "GBP",
      buyer_representative: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@acme.example",
        phone_number: "+447700900123",
      },
      shipping_address: {
        address_line_1: "Dock 4, Canary Wharf",
        address_line_2: "Floor 2",
        city: "London",
        region: "Greater London",
        postal_code: "EC2V 8AU",
        country_code: "GB",
      },
      terms: { period: "MONTHLY", number_of_periods: 12 },
    })
    expect(body.line_items.every((line) => line.description && line.quantity_unit_name)).toBe(true)
    expect(body.line_items.map((line) => line.line_item_type)).toContain("SHIPPING_FEE")
    expect(body.line_items.find((line) => line.name.startsWith("Oak desk"))?.product_identifiers).toEqual([
      { value: "DESK-L", identifier_type: "SKU" },
    ])
    // The plan's total is the cart's.
    expect(body.total_repayment_amount).toBe(buildLines(medusaCart(spec)).gross_amount)
  })

  it("conforms to the published POST /repay/v1/plan, and the check has teeth", () => {
    const body = planBody()
    expect(published.request("POST", "/repay/v1/plan", body)).toEqual([])
    const { buyer_representative: _dropped, ...bare } = body
    expect(published.request("POST", "/repay/v1/plan", bare)).not.toEqual([])
    expect(published.request("POST", "/repay/v1/plan", { ...body, consent_date: "2026-11-24T23:30:00Z" })).not.toEqual(
      [],
    )
  })

  it("conforms to the published preview body: one plan a call", () => {
    const body = planBody()
    const preview = {
      total_repayment_amount: body.total_repayment_amount,
      tax_subtotals: body.tax_subtotals,
      terms: body.terms,
    }
    expect(published.request("POST", "/repay/v1/preview", preview)).toEqual([])
  })

  it("without a shipping address the goods go to the billing address; without either it names the field", () => {
    const body = planBody({ ...spec, shipping_address: null })
    expect(body.shipping_address.address_line_1).toBe("1 King Street")
    const customer = {
      id: "cus_1",
      email: "ada@acme.example",
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "07700 900123",
      company_name: null,
    }
    expect(() => planBody({ ...spec, shipping_address: null, billing_address: null, customer })).toThrow(
      expect.objectContaining({ code: expect.any(String), path: expect.stringMatching(/address/) }),
    )
  })

  it("a phone that cannot be read is a clear error naming the field, not a silent omission", () => {
    expect(() => planBody({ ...spec, billing_address: { ...GB_ADDRESS, phone: "12" }, customer: null })).toThrow(
      expect.objectContaining({ path: expect.stringMatching(/phone/) }),
    )
  })

  it("a currency the repayment interface does not serve is refused naming currency_code", () => {
    expect(() => planBody({ ...spec, currency_code: "chf" })).toThrow(
      expect.objectContaining({ code: "CART_NOT_SUPPORTED", path: "currency_code" }),
    )
  })
})

describe("plan lines", () => {
  const order = {
    name: "Widget",
    description: "A widget",
    quantity: "4",
    quantity_unit: "pcs",
    tax_rate: "0.200000",
    tax_class_name: "VAT 20%",
    type: "PHYSICAL",
  }
  const net = (lines: ReturnType<typeof planLinesOf>) =>
    lines
      .reduce(
        (acc, l) =>
          acc.plus(
            new BigNumber(l.quantity).times(new BigNumber(l.unit_price_amount).minus(l.unit_discount_amount ?? 0)),
          ),
        new BigNumber(0),
      )
      .toFixed(2)

  it("gives each order line's net exactly: with its discount, in the price, or as two lines", () => {
    const withDiscount = planLinesOf({ ...order, net_amount: "36.00", discount_amount: "4.00" })
    expect(withDiscount).toEqual([
      expect.objectContaining({ quantity: "4", unit_price_amount: "10.00", unit_discount_amount: "1.00" }),
    ])
    const folded = planLinesOf({ ...order, net_amount: "36.00", discount_amount: "4.02" })
    expect(folded).toEqual([expect.objectContaining({ quantity: "4", unit_price_amount: "9.00" })])
    expect(folded[0]).not.toHaveProperty("unit_discount_amount")
    const split = planLinesOf({ ...order, net_amount: "10.02" })
    expect(split.map((l) => [l.quantity, l.unit_price_amount])).toEqual([
      ["3", "2.50"],
      ["1", "2.52"],
    ])
    for (const lines of [withDiscount, folded, split]) expect(["36.00", "10.02"]).toContain(net(lines))
    expect(planLinesOf({ ...order, type: "BUYER_FEE", net_amount: "4.00" })[0].line_item_type).toBe("FEE")
  })

  it("moves cents from tax to taxable when Medusa's per-line rounding drifts beyond 0.02", () => {
    const [subtotal] = planTaxSubtotalsOf([{ tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.04" }])
    expect(new BigNumber(subtotal.taxable_amount).plus(subtotal.tax_amount).toFixed(2)).toBe("120.04")
    expect(
      new BigNumber(subtotal.tax_amount).minus(new BigNumber(subtotal.taxable_amount).times("0.2")).abs().lte("0.02"),
    ).toBe(true)
  })
})

describe("the account bodies", () => {
  it("conform to the published POST /repay/v1/account and PUT /repay/v1/account/{id}", () => {
    const cart = medusaCart(spec)
    const body = buildAccountBody(session, cart, COMPANY, "cus_1/GB-01234567")
    expect(AccountRequest.parse(body)).toEqual(body)
    expect(published.request("POST", "/repay/v1/account", body)).toEqual([])
    const update = accountUpdateOf(body)
    expect(AccountUpdateRequest.parse(update)).toEqual(update)
    expect(published.request("PUT", "/repay/v1/account/6f1c2a4e-0000-4000-8000-000000000000", update)).toEqual([])
  })
})

import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { CreateOrderRequest } from "../../../service/schemas"
import { Money } from "../../money/money"
import { buildCreateOrderBody } from "../order-body"
import { medusaCart, type CartSpec, type ItemSpec, type PromotionSpec, type ShippingSpec } from "./fixtures/medusa-cart"

/**
 * Random carts, totalled by Medusa's own code (promotion compute-actions and
 * decorateCartTotals): every body built from them must pass the wire schema and
 * the service's arithmetic, and charge exactly Medusa's total rounded to cents.
 */

const RATES = [0, 5, 7.5, 12, 20, 25]

/** A decimal string with 0 to 7 decimals (four-decimal prices, currency conversion). */
const decimal = (maxUnits: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxUnits * 10_000_000 }), fc.constantFrom(0, 2, 2, 3, 4, 7))
    .map(([n, decimals]) => new BigNumber(n).shiftedBy(-7).decimalPlaces(decimals, BigNumber.ROUND_DOWN).toFixed())

const quantity = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: 1000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }).map((n) => n / 10) },
)

const promotion: fc.Arbitrary<PromotionSpec> = fc
  .record({
    code: fc.constantFrom("A", "B", "C", "D"),
    type: fc.constantFrom("percentage" as const, "fixed" as const),
    value: fc.integer({ min: 1, max: 50_000 }).map((n) => n / 100),
    target: fc.constantFrom("items" as const, "order" as const, "shipping_methods" as const),
    allocation: fc.constantFrom("each" as const, "across" as const),
    max_quantity: fc.integer({ min: 1, max: 5 }),
    is_tax_inclusive: fc.boolean(),
  })
  .map((p) => (p.type === "percentage" ? { ...p, value: Math.min(p.value, 100) } : p))

const cartSpec: fc.Arbitrary<CartSpec> = fc
  .subarray(RATES, { maxLength: 3 })
  .chain((rates) => {
    const taxLines = fc
      .option(fc.constantFrom(...(rates.length ? rates : [0])), { nil: undefined, freq: rates.length ? 6 : 1 })
      .map((rate) => (rate === undefined || rates.length === 0 ? [] : [{ rate }]))
    const item: fc.Arbitrary<Omit<ItemSpec, "id">> = fc.record({
      quantity,
      unit_price: decimal(5_000),
      is_tax_inclusive: fc.boolean(),
      requires_shipping: fc.boolean(),
      tax_lines: taxLines,
    })
    const shipping: fc.Arbitrary<Omit<ShippingSpec, "id">> = fc.record({
      amount: decimal(200),
      is_tax_inclusive: fc.boolean(),
      tax_lines: taxLines,
    })
    return fc.record({
      items: fc.array(item, { minLength: 1, maxLength: 6 }),
      shipping_methods: fc.array(shipping, { maxLength: 2 }),
      promotions: fc.uniqueArray(promotion, { maxLength: 3, selector: (p) => p.code }),
    })
  })
  .map((spec) => ({
    items: spec.items.map((item, i) => ({ ...item, id: `cali_${i}` })),
    shipping_methods: spec.shipping_methods.map((method, i) => ({ ...method, id: `casm_${i}` })),
    promotions: spec.promotions,
  }))

const buyer = {
  company: { company_canonical_id: "cmp1" },
  representative: {
    email: "ada@acme.example",
    first_name: "Ada",
    last_name: "Lovelace",
    phone_number: "+442079460958",
  },
}

describe("order bodies of random carts", () => {
  it("pass the schema and the arithmetic, and charge Medusa's total rounded to cents", () => {
    fc.assert(
      fc.property(cartSpec, (spec) => {
        const cart = medusaCart(spec)
        const body = buildCreateOrderBody({
          cart,
          buyer,
          merchantOrderId: "payses_1",
          urls: { merchant_confirmation_url: "https://shop.example/return" },
        })
        CreateOrderRequest.parse(body)
        expect(checkOrderAmounts(body)).toEqual({ ok: true })
        expect(body.gross_amount).toBe(Money.fromMedusa(cart.total).roundToCents().toFixed(2))

        // Each line stays within two cents of Medusa's own total for it, carries
        // Medusa's discount (excluding tax) and relays Medusa's rate.
        const medusaLines = [...cart.items, ...cart.shipping_methods]
        expect(body.line_items).toHaveLength(medusaLines.length)
        body.line_items.forEach((line, i) => {
          const medusa = medusaLines[i]
          expect(
            new BigNumber(line.gross_amount).minus(Money.fromMedusa(medusa.total).toString()).abs().lte("0.02"),
          ).toBe(true)
          expect(line.discount_amount).toBe(Money.fromMedusa(medusa.discount_subtotal).roundToCents().toFixed(2))
          const percent = (medusa.tax_lines ?? []).reduce(
            (s: BigNumber, t: { rate: number }) => s.plus(t.rate),
            new BigNumber(0),
          )
          expect(line.tax_rate).toBe(percent.dividedBy(100).toFixed(6))
        })
      }),
      { numRuns: 600 },
    )
  })
})

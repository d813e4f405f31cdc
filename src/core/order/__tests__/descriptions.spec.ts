import { refundLinesForReturns } from "../returned-lines"
import fc from "fast-check"
import { cleanText, clipText, MAX_DESCRIPTION } from "../descriptions"
import { buildLines } from "../lines"
import { splitAmountByTaxRates } from "../split-amount"
import { medusaCart, type CartSpec } from "./fixtures/medusa-cart"

/**
 * Every line the plugin sends carries a non-empty `description` (contract
 * section 2; issue 18 found intents, orders and plans sent without it).
 */

const spec: CartSpec = {
  items: [
    {
      id: "cali_desk",
      title: "Oak desk",
      variant_title: "Large / Natural",
      quantity: 1,
      unit_price: "450.00",
      tax_lines: [{ rate: 20 }],
    },
    {
      id: "cali_pen",
      title: "Pen",
      variant_title: "Default variant",
      quantity: 10,
      unit_price: "1.20",
      tax_lines: [{ rate: 20 }],
    },
  ],
  shipping_methods: [{ id: "casm_1", name: "Standard", amount: "9.90", tax_lines: [{ rate: 20 }] }],
}

const descriptions = (cart: ReturnType<typeof medusaCart>) =>
  buildLines(cart).line_items.map((line) => line.description)

describe("line descriptions", () => {
  it(
    "a product without a description: its title and the variant's ('Oak desk " +
      "— Large / Natural'); shipping: 'Shipping: <name>'",
    () => {
      expect(descriptions(medusaCart(spec))).toEqual(["Oak desk — Large / Natural", "Pen", "Shipping: Standard"])
    },
  )

  it("a product with a description: the product's description, whitespace collapsed", () => {
    const cart = medusaCart(spec)
    ;(cart.items[0] as any).product_description = "Solid oak.\n\nHand-finished   in Somerset."
    expect(descriptions(cart)[0]).toBe("Solid oak. Hand-finished in Somerset.")
    // A blank description is no description.
    ;(cart.items[1] as any).product_description = "   "
    expect(descriptions(cart)[1]).toBe("Pen")
  })

  it("a shipping method's own description when Medusa holds one as text", () => {
    const cart = medusaCart(spec)
    ;(cart.shipping_methods[0] as any).description = "Next working day, signed for"
    expect(descriptions(cart)[2]).toBe("Shipping: Next working day, signed for")
    ;(cart.shipping_methods[0] as any).description = { carrier: "dhl" }
    expect(descriptions(cart)[2]).toBe("Shipping: Standard")
  })

  it("a discounted line keeps its description (the discount is the line's discount_amount)", () => {
    const cart = medusaCart({
      ...spec,
      promotions: [{ code: "TRADE10", type: "percentage", value: 10, target: "items" }],
    })
    const lines = buildLines(cart).line_items
    expect(lines[0]).toMatchObject({ description: "Oak desk — Large / Natural", discount_amount: "45.00" })
    expect(lines.every((line) => line.description)).toBe(true)
  })

  it("a gift card product says so", () => {
    const cart = medusaCart({
      items: [{ id: "cali_gc", title: "Gift card", variant_title: "£50", quantity: 1, unit_price: "50.00" }],
    })
    ;(cart.items[0] as any).is_giftcard = true
    ;(cart.items[0] as any).product_title = "Store voucher"
    expect(descriptions(cart)).toEqual(["Gift card: Store voucher — £50"])
  })

  it("never empty, and a long text is cut cleanly at a word, within the limit", () => {
    const cart = medusaCart({ items: [{ id: "cali_x", title: " ", quantity: 1, unit_price: "1.00" }] })
    ;(cart.items[0] as any).product_title = null
    expect(descriptions(cart)).toEqual(["Item"])

    const long = `${"A sturdy oak desk with drawers ".repeat(20)}end`
    const cut = clipText(long, MAX_DESCRIPTION)
    expect(cut.length).toBeLessThanOrEqual(MAX_DESCRIPTION)
    expect(cut).toMatch(/ drawers…$|desk…$|oak…$|with…$|sturdy…$|A…$/)
    // Never half of a surrogate pair.
    expect(clipText("😀".repeat(200), 11)).toBe(`${"😀".repeat(5)}…`)
  })

  it("the lines of a partial capture or refund, and a credit note's, carry one too", () => {
    const split = splitAmountByTaxRates("60.00", [
      { tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" },
      { tax_rate: "0.000000", taxable_amount: "30.00", tax_amount: "0.00" },
    ])
    expect(split.line_items.map((line) => line.description)).toEqual([
      "Order amount (Tax 20%)",
      "Order amount (No tax 0%)",
    ])
    const named = splitAmountByTaxRates(
      "10.00",
      [{ tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" }],
      {
        name: "Invoiced part",
        description: "Part of the order invoiced now",
      },
    )
    expect(named.line_items[0].description).toBe("Part of the order invoiced now")

    // An order line the service answered without a description (an older order): the credit note repeats its name.
    const line = buildLines(medusaCart(spec)).line_items[0]
    const { description: _omitted, ...withoutDescription } = line
    const refund = refundLinesForReturns("540.00", { line_items: [withoutDescription as typeof line], refunds: [] }, [
      { id: "ret_1", items: [{ item_id: "cali_desk", quantity: 1 }] },
    ])
    expect(refund?.line_items[0].description).toBe(line.name)
  })
})

describe("cleanText", () => {
  it("collapses every kind of whitespace as the plain replace-and-trim does, with or without its fast path", () => {
    const text = fc
      .array(fc.constantFrom("a", "é", " ", "  ", "\n", "\t", "\u00a0", "\u2028", "\ufeff", "—", "x y"), {
        maxLength: 12,
      })
      .map((parts) => parts.join(""))
    fc.assert(
      fc.property(text, (value) => {
        expect(cleanText(value)).toBe(value.replace(/\s+/g, " ").trim())
      }),
      { numRuns: 3000 },
    )
    expect(cleanText(null)).toBe("")
    expect(cleanText(42)).toBe("")
  })
})

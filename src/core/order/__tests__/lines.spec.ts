import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { Money } from "../../money/money"
import { PayloadError } from "../errors"
import { buildLines } from "../lines"
import type { MedusaCartInput } from "../medusa-cart"
import { medusaCart, medusaCartJson, type CartSpec } from "./fixtures/medusa-cart"

/** The amounts of each line, in order: [name, quantity, unit_price, discount, net, tax, gross, rate, class]. */
const amountsOf = (lines: ReturnType<typeof buildLines>) =>
  lines.line_items.map((l) => [
    l.name,
    l.quantity,
    l.unit_price,
    l.discount_amount,
    l.net_amount,
    l.tax_amount,
    l.gross_amount,
    l.tax_rate,
    l.tax_class_name,
  ])

const vat = (rate: number) => [{ rate, description: "VAT", code: `VAT${rate}` }]

function build(spec: CartSpec, options?: Parameters<typeof buildLines>[1]) {
  const cart = medusaCart(spec)
  const lines = buildLines(cart, options)
  expect(checkOrderAmounts(lines)).toEqual({ ok: true })
  return { cart, lines }
}

describe("buildLines: example carts, exact bodies", () => {
  it("one rate, shipping taxed", () => {
    const { lines } = build({
      items: [
        { id: "cali_a", title: "Paper A4", quantity: 2, unit_price: "12.50", tax_lines: vat(20) },
        { id: "cali_b", title: "Stapler", quantity: 1, unit_price: "7.99", tax_lines: vat(20) },
      ],
      shipping_methods: [{ id: "casm_1", name: "Express", amount: "5.00", tax_lines: vat(20) }],
    })
    expect(amountsOf(lines)).toEqual([
      ["Paper A4", "2", "12.500000", "0.00", "25.00", "5.00", "30.00", "0.200000", "VAT 20%"],
      ["Stapler", "1", "7.990000", "0.00", "7.99", "1.60", "9.59", "0.200000", "VAT 20%"],
      ["Express", "1", "5.000000", "0.00", "5.00", "1.00", "6.00", "0.200000", "VAT 20%"],
    ])
    expect(lines.line_items[2]).toMatchObject({
      type: "SHIPPING_FEE",
      quantity_unit: "sc",
      line_item_reference: "casm_1",
    })
    expect(lines.line_items[0]).toMatchObject({ type: "PHYSICAL", quantity_unit: "pcs", line_item_reference: "cali_a" })
    expect(lines).toMatchObject({
      gross_amount: "45.59",
      net_amount: "37.99",
      tax_amount: "7.60",
      discount_amount: "0.00",
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "37.99", tax_amount: "7.60" }],
    })
  })

  it("three rates including 0 % and an item with no tax line", () => {
    const { cart, lines } = build({
      items: [
        { id: "cali_a", title: "Desk", quantity: 1, unit_price: "100.00", tax_lines: vat(20) },
        {
          id: "cali_b",
          title: "Book",
          quantity: 3,
          unit_price: "9.99",
          tax_lines: [{ rate: 5, description: "Reduced" }],
        },
        {
          id: "cali_c",
          title: "Children's shoes",
          quantity: 2,
          unit_price: "15.00",
          tax_lines: [{ rate: 0, description: "Zero rated" }],
        },
        { id: "cali_d", title: "Stamp", quantity: 1, unit_price: "1.10", tax_lines: [] },
      ],
      shipping_methods: [{ id: "casm_1", name: "Standard", amount: "4.95", tax_lines: vat(20) }],
    })
    expect(amountsOf(lines)).toEqual([
      ["Desk", "1", "100.000000", "0.00", "100.00", "20.00", "120.00", "0.200000", "VAT 20%"],
      ["Book", "3", "9.990000", "0.00", "29.97", "1.50", "31.47", "0.050000", "Reduced 5%"],
      ["Children's shoes", "2", "15.000000", "0.00", "30.00", "0.00", "30.00", "0.000000", "Zero rated 0%"],
      ["Stamp", "1", "1.100000", "0.00", "1.10", "0.00", "1.10", "0.000000", "No tax 0%"],
      ["Standard", "1", "4.950000", "0.00", "4.95", "0.99", "5.94", "0.200000", "VAT 20%"],
    ])
    // 187.4085 + 1.10 in Medusa, rounded half up
    expect(Money.fromMedusa(cart.total).toFixed()).toBe("188.5085")
    expect(lines.gross_amount).toBe("188.51")
    expect(lines.tax_subtotals).toEqual([
      { tax_rate: "0.000000", taxable_amount: "31.10", tax_amount: "0.00" },
      { tax_rate: "0.050000", taxable_amount: "29.97", tax_amount: "1.50" },
      { tax_rate: "0.200000", taxable_amount: "104.95", tax_amount: "20.99" },
    ])
  })

  it("tax-inclusive prices: the cent rounding put back on the lines that rounded away", () => {
    const { cart, lines } = build({
      items: [
        { id: "cali_a", title: "Mug", quantity: 1, unit_price: "9.99", is_tax_inclusive: true, tax_lines: vat(20) },
        { id: "cali_b", title: "Mug", quantity: 1, unit_price: "9.99", is_tax_inclusive: true, tax_lines: vat(20) },
        { id: "cali_c", title: "Jug", quantity: 1, unit_price: "19.99", is_tax_inclusive: true, tax_lines: vat(20) },
      ],
    })
    // Each 9.99 is 8.325 + 1.665 in Medusa: rounded alone, 8.33 + 1.67 = 10.00.
    expect(Money.fromMedusa(cart.total).toFixed()).toBe("39.97")
    expect(amountsOf(lines)).toEqual([
      ["Mug", "1", "8.325000", "0.00", "8.33", "1.66", "9.99", "0.200000", "VAT 20%"],
      ["Mug", "1", "8.325000", "0.00", "8.33", "1.66", "9.99", "0.200000", "VAT 20%"],
      ["Jug", "1", "16.658333", "0.00", "16.66", "3.33", "19.99", "0.200000", "VAT 20%"],
    ])
    expect(lines.gross_amount).toBe("39.97")
  })

  it("a percentage and a fixed promotion as line discounts (excluding tax)", () => {
    const { lines } = build({
      items: [
        { id: "cali_a", title: "Chair", quantity: 2, unit_price: "49.90", tax_lines: vat(20) },
        { id: "cali_b", title: "Lamp", quantity: 1, unit_price: "15.00", tax_lines: vat(20) },
      ],
      promotions: [
        { code: "TEN", type: "percentage", value: 10, target: "items" },
        { code: "FIVE", type: "fixed", value: 5, target: "order" },
      ],
    })
    // Chair: 9.98 (10 %) + 4.3467 (its share of 5.00 across) off 99.80
    expect(amountsOf(lines)).toEqual([
      ["Chair", "2", "49.900000", "14.33", "85.47", "17.09", "102.56", "0.200000", "VAT 20%"],
      ["Lamp", "1", "15.000000", "2.15", "12.85", "2.57", "15.42", "0.200000", "VAT 20%"],
    ])
    expect(lines).toMatchObject({
      gross_amount: "117.98",
      discount_amount: "16.48",
      net_amount: "98.32",
      tax_amount: "19.66",
    })
  })

  it("a tax-inclusive promotion on tax-inclusive prices", () => {
    const { lines } = build({
      items: [
        { id: "cali_a", title: "Coat", quantity: 1, unit_price: "120.00", is_tax_inclusive: true, tax_lines: vat(20) },
      ],
      promotions: [{ code: "TWELVE", type: "fixed", value: 12, target: "items", is_tax_inclusive: true }],
    })
    // 12.00 off including tax is 10.00 off excluding it: 100 - 10 = 90 net, 18 tax.
    expect(amountsOf(lines)).toEqual([
      ["Coat", "1", "100.000000", "10.00", "90.00", "18.00", "108.00", "0.200000", "VAT 20%"],
    ])
  })

  it("shipping with a discount", () => {
    const { lines } = build({
      items: [{ id: "cali_a", title: "Toner", quantity: 1, unit_price: "30.00", tax_lines: vat(20) }],
      shipping_methods: [{ id: "casm_1", name: "Courier", amount: "12.00", tax_lines: vat(20) }],
      promotions: [{ code: "HALFSHIP", type: "percentage", value: 50, target: "shipping_methods" }],
    })
    expect(amountsOf(lines)).toEqual([
      ["Toner", "1", "30.000000", "0.00", "30.00", "6.00", "36.00", "0.200000", "VAT 20%"],
      ["Courier", "1", "12.000000", "6.00", "6.00", "1.20", "7.20", "0.200000", "VAT 20%"],
    ])
    expect(lines).toMatchObject({ gross_amount: "43.20", discount_amount: "6.00" })
  })

  it("free shipping and a tax-inclusive shipping price", () => {
    const { lines } = build({
      items: [{ id: "cali_a", title: "Toner", quantity: 1, unit_price: "30.00", tax_lines: vat(20) }],
      shipping_methods: [
        { id: "casm_1", name: "Pickup", amount: "0", tax_lines: vat(20) },
        { id: "casm_2", name: "Courier", amount: "5.99", is_tax_inclusive: true, tax_lines: vat(20) },
      ],
    })
    expect(amountsOf(lines)).toEqual([
      ["Toner", "1", "30.000000", "0.00", "30.00", "6.00", "36.00", "0.200000", "VAT 20%"],
      ["Pickup", "1", "0.000000", "0.00", "0.00", "0.00", "0.00", "0.200000", "VAT 20%"],
      ["Courier", "1", "4.991667", "0.00", "4.99", "1.00", "5.99", "0.200000", "VAT 20%"],
    ])
  })

  it("a decimal quantity (orders keep NUMERIC quantities)", () => {
    const { lines } = build({
      items: [{ id: "cali_a", title: "Cable (m)", quantity: 2.5, unit_price: "3.99", tax_lines: vat(20) }],
    })
    // 9.975 + 1.995 = 11.97 in Medusa; rounded alone 9.98 + 2.00.
    expect(amountsOf(lines)).toEqual([
      ["Cable (m)", "2.5", "3.990000", "0.00", "9.98", "1.99", "11.97", "0.200000", "VAT 20%"],
    ])
  })

  it("four-decimal and currency-converted prices are rounded at the edge", () => {
    const spec: CartSpec = {
      items: [
        { id: "cali_a", title: "Pen", quantity: 7, unit_price: "19.9999", tax_lines: vat(20) },
        {
          id: "cali_b",
          title: "Ink",
          quantity: 3,
          unit_price: "12.3456789",
          tax_lines: [{ rate: 7.5, description: "Sales tax" }],
        },
      ],
    }
    const { cart, lines } = build(spec)
    expect(Money.fromMedusa(cart.total).toFixed()).toBe("207.8139744525")
    expect(amountsOf(lines)).toEqual([
      ["Pen", "7", "19.999900", "0.00", "140.00", "28.00", "168.00", "0.200000", "VAT 20%"],
      ["Ink", "3", "12.345679", "0.00", "37.04", "2.77", "39.81", "0.075000", "Sales tax 7.5%"],
    ])
    expect(lines.gross_amount).toBe("207.81")
    // The store API's JSON of the same cart (floats and raw_* objects) gives the same lines.
    expect(buildLines(medusaCartJson(spec))).toEqual(lines)
  })

  it("many lines that all round the same way: a cent back on each", () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      id: `cali_${i}`,
      title: "Mug",
      quantity: 1,
      unit_price: "9.99",
      is_tax_inclusive: true,
      tax_lines: vat(20),
    }))
    const { lines } = build({ items })
    expect(lines.gross_amount).toBe("499.50")
    for (const line of lines.line_items)
      expect([line.net_amount, line.tax_amount, line.gross_amount]).toEqual(["8.33", "1.66", "9.99"])

    // Untaxed half-cent prices: the cents go back on the net amounts, never as tax on a 0 % line.
    const untaxed = Array.from({ length: 40 }, (_, i) => ({
      id: `cali_${i}`,
      title: "Nail",
      quantity: 1,
      unit_price: "0.125",
    }))
    const { lines: nails } = build({ items: untaxed })
    expect(nails.gross_amount).toBe("5.00")
    // 40 × 0.125 = 5.00: half the lines 0.13, half 0.12 (the first ones in the cart take the cents back).
    expect(nails.line_items.map((l) => l.net_amount)).toEqual([...Array(20).fill("0.12"), ...Array(20).fill("0.13")])
    for (const line of nails.line_items) expect([line.unit_price, line.tax_amount]).toEqual(["0.125000", "0.00"])
  })

  it("several tax lines on one item add up, and name the class after each", () => {
    const { lines } = build({
      items: [
        {
          id: "cali_a",
          title: "Skis",
          quantity: 1,
          unit_price: "200.00",
          tax_lines: [
            { rate: 5, description: "GST" },
            { rate: 7, description: "PST" },
          ],
        },
      ],
    })
    expect(amountsOf(lines)).toEqual([
      ["Skis", "1", "200.000000", "0.00", "200.00", "24.00", "224.00", "0.120000", "GST 5% + PST 7%"],
    ])
  })

  it("describes items: variant, type by shipping, SKU and GTIN, image and product page", () => {
    const { lines } = build(
      {
        items: [
          {
            id: "cali_a",
            title: "T-shirt",
            variant_title: "L / Black",
            quantity: 1,
            unit_price: "10",
            tax_lines: vat(20),
            variant_sku: "TS-L-BLK",
            variant_barcode: "4006381333931",
            thumbnail: "https://cdn.example/ts.png",
            product_handle: "t-shirt",
          },
          {
            id: "cali_b",
            title: "E-book",
            variant_title: "Default variant",
            quantity: 1,
            unit_price: "5",
            requires_shipping: false,
            tax_lines: vat(20),
            variant_barcode: "not-a-gtin",
            thumbnail: "/static/ebook.png",
          },
        ],
      },
      { productUrlTemplate: "https://shop.example/products/{handle}", nonShippingItemType: "SERVICE" },
    )
    expect(lines.line_items[0]).toMatchObject({
      name: "T-shirt (L / Black)",
      type: "PHYSICAL",
      image_url: "https://cdn.example/ts.png",
      product_page_url: "https://shop.example/products/t-shirt",
      details: {
        barcodes: [
          { type: "SKU", value: "TS-L-BLK" },
          { type: "GTIN", value: "4006381333931" },
        ],
        part_number: "TS-L-BLK",
      },
    })
    expect(lines.line_items[1].name).toBe("E-book")
    expect(lines.line_items[1].type).toBe("SERVICE")
    expect(lines.line_items[1]).not.toHaveProperty("image_url")
    expect(lines.line_items[1]).not.toHaveProperty("product_page_url")
    expect(lines.line_items[1]).not.toHaveProperty("details")
  })
})

describe("buildLines: refusals", () => {
  const item = { id: "cali_a", quantity: 1, unit_price: "10", tax_lines: vat(20) }

  it("refuses store credit (a part-payment the service cannot carry)", () => {
    expect(() => buildLines(medusaCart({ items: [item], credit_lines: [{ amount: "5" }] }))).toThrow(
      expect.objectContaining({ code: "CART_NOT_SUPPORTED", path: "credit_lines" }),
    )
  })

  it("refuses a cart read without its totals", () => {
    // The totals not read: null, which the builder reads as absent.
    const cart = {
      id: "cart_1",
      currency_code: "eur",
      total: 12,
      subtotal: null,
      tax_total: null,
      discount_subtotal: null,
      credit_line_total: null,
      items: [
        {
          id: "cali_a",
          quantity: 1,
          unit_price: 10,
          tax_lines: [{ rate: 20 }],
          subtotal: null,
          discount_total: null,
          discount_subtotal: null,
          discount_tax_total: null,
          tax_total: null,
          total: null,
        },
      ],
    } satisfies MedusaCartInput
    expect(() => buildLines(cart)).toThrow(expect.objectContaining({ code: "INVALID_CART", path: "items[0]" }))
  })

  it("refuses a cart whose total is not the sum of its lines", () => {
    const cart = medusaCart({ items: [item] })
    // (the raw_ sibling wins over the float: both changed, as a stale read would have them)
    cart.total = 99
    cart.raw_total = { value: "99", precision: 20 }
    expect(() => buildLines(cart)).toThrow(expect.objectContaining({ code: "INVALID_CART", path: "total" }))
  })

  it("refuses a payment amount other than the cart's total", () => {
    const cart = medusaCart({ items: [item] })
    expect(buildLines(cart, { expectedTotal: { value: "12.004" } }).gross_amount).toBe("12.00")
    expect(() => buildLines(cart, { expectedTotal: "11.99" })).toThrow(
      expect.objectContaining({ code: "INVALID_AMOUNT" }),
    )
  })

  it("refuses an empty cart and malformed data with the field's path", () => {
    expect(() => buildLines(medusaCart({ items: [] }))).toThrow(expect.objectContaining({ code: "CART_NOT_SUPPORTED" }))
    const cart = medusaCart({ items: [item] })
    cart.items[0].quantity = "lots"
    const error = (() => {
      try {
        buildLines(cart)
      } catch (e) {
        return e
      }
    })() as PayloadError
    expect(error).toBeInstanceOf(PayloadError)
    expect(error.code).toBe("INVALID_CART")
    expect(error.path).toBe("items[0].quantity")
    expect(error.message).toContain("items[0].quantity")
  })
})

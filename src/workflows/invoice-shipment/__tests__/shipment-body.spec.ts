import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { FulfilRequest, type LineItem, type Order } from "../../../service/schemas"
import { buildLines } from "../../../core/order"
import { medusaCart, type CartSpec } from "../../../core/order/__tests__/fixtures/medusa-cart"
import { planShipmentFulfilment, type ShippedItem } from "../shipment-body"

/**
 * The service side of these tests: an order created from the cart (the cart's
 * line item ids as references), and fulfilments appended as the service does,
 * a body as sent, no body as "all that remains" (its gross only).
 */
type ServiceOrder = Pick<Order, "gross_amount" | "line_items" | "fulfilments">

const vat = (rate: number) => [{ rate, description: "VAT", code: `VAT${rate}` }]

/** The same spec as a cart (cali_/casm_ ids: what the service knows) and as the Medusa order (ordli_/ordsm_ ids). */
function cartAndOrder(spec: CartSpec) {
  const withIds = (prefix: string, shipping: string): CartSpec => ({
    ...spec,
    items: spec.items.map((item, i) => ({ ...item, id: `${prefix}_${i}` })),
    shipping_methods: (spec.shipping_methods ?? []).map((method, i) => ({ ...method, id: `${shipping}_${i}` })),
  })
  const cartLines = buildLines(medusaCart(withIds("cali", "casm")))
  const orderLines = buildLines(medusaCart(withIds("ordli", "ordsm")))
  const service: ServiceOrder = {
    gross_amount: cartLines.gross_amount,
    line_items: cartLines.line_items,
    fulfilments: [],
  }
  return { service, orderLines: orderLines.line_items }
}

const remainingOf = (service: ServiceOrder) =>
  service.fulfilments.reduce((rest, f) => rest.minus(f.gross_amount), new BigNumber(service.gross_amount))

/** Runs one shipment against the simulated service; returns the plan. */
function ship(service: ServiceOrder, orderLines: LineItem[], shipped: ShippedItem[], lastShipment = false) {
  const plan = planShipmentFulfilment({ orderLines, serviceOrder: service, shipped, lastShipment })
  const n = service.fulfilments.length + 1
  const invoice = { id: `f${n}`, invoice_number: `INV-${n}`, invoice_url: `https://service.example/inv/${n}` }
  if (plan.kind === "part") {
    FulfilRequest.parse(plan.body)
    expect(checkOrderAmounts(plan.body)).toEqual({ ok: true })
    expect(new BigNumber(plan.body.gross_amount).lt(remainingOf(service))).toBe(true)
    service.fulfilments.push({ ...invoice, gross_amount: plan.body.gross_amount, line_items: plan.body.line_items })
  } else if (plan.kind === "rest") {
    service.fulfilments.push({ ...invoice, gross_amount: remainingOf(service).toFixed(2), line_items: [] })
  }
  return plan
}

const SPEC: CartSpec = {
  items: [
    { id: "x", title: "Copier paper", variant_title: "A4", quantity: 3, unit_price: "249.99", tax_lines: vat(20) },
    { id: "y", title: "Copier paper", variant_title: "A3", quantity: 2, unit_price: "319.50", tax_lines: vat(20) },
  ],
  shipping_methods: [{ id: "s", name: "Pallet delivery", amount: "12.50", tax_lines: vat(20) }],
  promotions: [{ code: "TRADE10", type: "percentage", value: 10, target: "items", allocation: "across" }],
}

describe("planShipmentFulfilment", () => {
  it("fulfils the first shipment's lines with the shipping, the last one with no body", () => {
    const { service, orderLines } = cartAndOrder(SPEC)
    const first = ship(service, orderLines, [{ line_item_id: "ordli_0", quantity: 3 }])
    expect(first.kind).toBe("part")
    if (first.kind !== "part") return
    // The service's own lines, by the references it knows (the cart's), with their exact amounts.
    expect(first.body.line_items.map((l) => [l.line_item_reference, l.quantity, l.gross_amount])).toEqual([
      ["cali_0", "3", service.line_items[0].gross_amount],
      ["casm_0", "1", service.line_items[2].gross_amount],
    ])
    const second = ship(service, orderLines, [{ line_item_id: "ordli_1", quantity: 2 }], true)
    expect(second.kind).toBe("rest")
    expect(remainingOf(service).toFixed(2)).toBe("0.00")
  })

  it("scales a line to the shipped units, and the units shipped last take exactly what is left of it", () => {
    const { service, orderLines } = cartAndOrder(SPEC)
    const parts = [1, 1, 1].map(() => ship(service, orderLines, [{ line_item_id: "ordli_0", quantity: 1 }]))
    const lineA = service.line_items[0]
    const ofA = parts.flatMap((p) =>
      p.kind === "part" ? p.body.line_items.filter((l) => l.line_item_reference === "cali_0") : [],
    )
    expect(ofA.map((l) => l.quantity)).toEqual(["1", "1", "1"])
    for (const field of ["net_amount", "tax_amount", "gross_amount", "discount_amount"] as const) {
      expect(ofA.reduce((s, l) => s.plus(l[field]), new BigNumber(0)).toFixed(2)).toBe(lineA[field])
    }
    // Shipping went on the first shipment only.
    expect(
      parts.map((p) => (p.kind === "part" ? p.body.line_items.filter((l) => l.type === "SHIPPING_FEE").length : -1)),
    ).toEqual([1, 0, 0])
    // B is shipped by a shipment that is not the last one (e.g. out of order): still exactly its line, then nothing is
    // left.
    const b = ship(service, orderLines, [{ line_item_id: "ordli_1", quantity: 2 }])
    expect(b.kind).toBe("rest")
    expect(remainingOf(service).toFixed(2)).toBe("0.00")
  })

  it("does nothing once an admin captured everything, and takes the rest when lines would reach what remains", () => {
    const { service, orderLines } = cartAndOrder(SPEC)
    // An admin captured most of it manually: one line per rate, no item references.
    const almost = new BigNumber(service.gross_amount).minus("10.00").toFixed(2)
    service.fulfilments.push({
      id: "m1",
      gross_amount: almost,
      invoice_number: "INV-M",
      invoice_url: "https://service.example/m",
      line_items: [],
    })
    expect(ship(service, orderLines, [{ line_item_id: "ordli_0", quantity: 1 }]).kind).toBe("rest")
    expect(ship(service, orderLines, [{ line_item_id: "ordli_1", quantity: 2 }])).toEqual({
      kind: "nothing",
      reason: "the order is invoiced in full already",
    })
  })

  it("uses the Medusa line when the service knows none like it (an order changed since)", () => {
    const { service, orderLines } = cartAndOrder(SPEC)
    service.line_items = service.line_items.map((l) => ({ ...l, name: `${l.name} (old)` }))
    const plan = ship(service, orderLines, [{ line_item_id: "ordli_1", quantity: 1 }])
    expect(plan.kind).toBe("part")
    if (plan.kind === "part")
      expect(plan.body.line_items.map((l) => l.line_item_reference)).toEqual(["ordli_1", "ordsm_0"])
  })

  const RATES = [0, 5, 12.5, 20, 25]
  const spec: fc.Arbitrary<CartSpec> = fc
    .record({
      items: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 40 }),
          unit_price: fc.integer({ min: 1, max: 5_000_000 }).map((n) => new BigNumber(n).shiftedBy(-4).toFixed()),
          is_tax_inclusive: fc.boolean(),
          rate: fc.constantFrom(...RATES),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      shipping: fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 2 }),
      discount: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    })
    .map(({ items, shipping, discount }) => ({
      items: items.map(({ rate, ...item }, i) => ({
        ...item,
        id: `i${i}`,
        title: `Item ${i}`,
        tax_lines: rate ? vat(rate) : [],
      })),
      shipping_methods: shipping.map((cents, i) => ({
        id: `s${i}`,
        name: `Shipping ${i}`,
        amount: (cents / 100).toFixed(2),
        tax_lines: vat(20),
      })),
      promotions: discount
        ? [
            {
              code: "P",
              type: "percentage" as const,
              value: discount,
              target: "items" as const,
              allocation: "across" as const,
            },
          ]
        : [],
    }))

  it(
    "random orders shipped in random parts: every body passes the service's " +
      "checks and the fulfilments add up to the order",
    () => {
      fc.assert(
        fc.property(
          spec,
          fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 40, maxLength: 40 }),
          (cartSpec, cuts) => {
            const { service, orderLines } = cartAndOrder(cartSpec)
            // Ship each item in random chunks, item after item; the final chunk is the last shipment.
            const chunks: ShippedItem[] = []
            let c = 0
            cartSpec.items.forEach((item, i) => {
              let left = item.quantity
              while (left > 0) {
                const n = Math.min(left, cuts[c++ % cuts.length])
                chunks.push({ line_item_id: `ordli_${i}`, quantity: n })
                left -= n
              }
            })
            chunks.forEach((chunk, i) => ship(service, orderLines, [chunk], i === chunks.length - 1))
            expect(remainingOf(service).toFixed(2)).toBe("0.00")
            // Every line fulfilled in parts was fulfilled exactly, to the cent.
            for (const line of service.line_items) {
              const parts = service.fulfilments
                .flatMap((f) => f.line_items)
                .filter((l) => l.line_item_reference === line.line_item_reference)
              const quantity = parts.reduce((s, l) => s.plus(l.quantity), new BigNumber(0))
              if (quantity.eq(line.quantity)) {
                expect(parts.reduce((s, l) => s.plus(l.gross_amount), new BigNumber(0)).toFixed(2)).toBe(
                  line.gross_amount,
                )
              }
            }
          },
        ),
        { numRuns: 300 },
      )
    },
  )
})

import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkLineItem } from "../../../service/order-arithmetic"
import { RefundRequest, type LineItem, type Order } from "../../../service/schemas"
import { checkRefundAmounts } from "../../../../packages/simulator/src/orders/amounts"
import { receivedReturnsOf } from "../received-returns"
import { prorateLine, refundLinesForReturns, unrefundedReturns } from "../returned-lines"

/** Lines as buildLines makes them for the seeded cart: 3 x A4 and 2 x A3 with 10 % off, VAT 20 %, shipping. */
const line = (overrides: Partial<LineItem>): LineItem => ({
  name: "Copier paper, pallet (A4)",
  quantity: "3",
  quantity_unit: "pcs",
  unit_price: "249.990000",
  net_amount: "674.97",
  tax_amount: "134.99",
  gross_amount: "809.96",
  discount_amount: "75.00",
  tax_rate: "0.200000",
  tax_class_name: "VAT 20%",
  type: "PHYSICAL",
  line_item_reference: "ordli_a4",
  ...overrides,
  // Every line carries a description (contract section 2): here the line's name, as a product without one gets.
  description: overrides.description ?? overrides.name ?? "Copier paper, pallet (A4)",
})
const A4 = line({})
const A3 = line({
  name: "Copier paper, pallet (A3)",
  quantity: "2",
  unit_price: "319.500000",
  net_amount: "575.10",
  tax_amount: "115.02",
  gross_amount: "690.12",
  discount_amount: "63.90",
  line_item_reference: "ordli_a3",
})
const SHIPPING = line({
  name: "Pallet delivery",
  quantity: "1",
  quantity_unit: "sc",
  unit_price: "12.500000",
  net_amount: "12.50",
  tax_amount: "2.50",
  gross_amount: "15.00",
  discount_amount: "0.00",
  type: "SHIPPING_FEE",
  line_item_reference: "ordsm_1",
})
const order = (refunds: Order["refunds"] = []) => ({ line_items: [A4, A3, SHIPPING], refunds })
const refundOf = (lines: LineItem[]): Order["refunds"][number] => ({
  id: "r1",
  amount: lines.reduce((s, l) => s.plus(l.gross_amount), new BigNumber(0)).toFixed(2),
  currency: "GBP",
  credit_note_number: "CN-000001",
  credit_note_url: "http://sim.test/v1/invoice/o/pdf?number=CN-000001",
  refund_date: "2026-11-21T00:00:00Z",
  reason: null,
  refund_reference: "refund_1",
  line_items: lines,
})

/** The body the provider sends, checked as the service checks it. */
const expectValidRefund = (
  amount: string,
  lines: { line_items: LineItem[]; tax_subtotals: RefundRequest["tax_subtotals"] },
) => {
  const body = RefundRequest.parse({ amount, currency: "GBP", ...lines })
  expect(checkRefundAmounts(body)).toEqual({ ok: true })
}

describe("prorateLine", () => {
  it("repeats a line whose every unit came back, without images or links", () => {
    expect(prorateLine({ ...A3, image_url: "https://img.test/a3.png" }, "2")).toEqual(A3)
  })

  it("takes a discounted line's share per unit, to the cent", () => {
    const one = prorateLine(A4, 1)
    expect(one).toMatchObject({
      quantity: "1",
      unit_price: "249.990000",
      discount_amount: "25.00",
      net_amount: "224.99",
      tax_amount: "45.00",
      gross_amount: "269.99",
      line_item_reference: "ordli_a4",
    })
    expect(checkLineItem(one, 0)).toEqual({ ok: true })
  })

  it("refuses no units", () => {
    expect(() => prorateLine(A4, 0)).toThrow(RangeError)
  })
})

describe("refundLinesForReturns", () => {
  const returnOf = (id: string, items: [string, number][]) => ({
    id,
    items: items.map(([item_id, quantity]) => ({ item_id, quantity })),
  })

  it("credits the returned units line by line when the amount is what they are worth", () => {
    // Medusa's refund for 1 x A4 is its total per unit, 269.9892, which the admin refunds as 269.99.
    const result = refundLinesForReturns({ value: "269.99", precision: 20 }, order(), [
      returnOf("return_1", [["ordli_a4", 1]]),
    ])
    expect(result?.line_items).toEqual([prorateLine(A4, 1)])
    expect(result?.tax_subtotals).toEqual([{ tax_rate: "0.200000", taxable_amount: "224.99", tax_amount: "45.00" }])
    expect(result?.reason).toBe("Returned goods (return_1)")
    expectValidRefund("269.99", result!)
  })

  it("puts a rounding cent per line back on the lines, never more", () => {
    const returned = [
      returnOf("return_1", [
        ["ordli_a4", 2],
        ["ordli_a3", 1],
      ]),
    ]
    const worth = new BigNumber(prorateLine(A4, 2).gross_amount).plus(prorateLine(A3, 1).gross_amount)
    for (const delta of ["-0.02", "-0.01", "0.01", "0.02"]) {
      const amount = worth.plus(delta).toFixed(2)
      const result = refundLinesForReturns(amount, order(), returned)
      expect(result).toBeDefined()
      expectValidRefund(amount, result!)
    }
    expect(refundLinesForReturns(worth.plus("0.03").toFixed(2), order(), returned)).toBeUndefined()
    expect(refundLinesForReturns("100.00", order(), returned)).toBeUndefined()
  })

  it("matches one return of several, and skips units a refund with lines already covered", () => {
    const first = returnOf("return_1", [["ordli_a4", 1]])
    const second = returnOf("return_2", [["ordli_a3", 2]])
    // Both open: the second alone is A3's whole line.
    expect(refundLinesForReturns("690.12", order(), [first, second])?.line_items).toEqual([A3])
    // Both open and refunded together.
    expect(refundLinesForReturns("960.11", order(), [first, second])?.return_ids).toEqual(["return_1", "return_2"])
    // The first was refunded with its line: only the second is open.
    const afterFirst = order([refundOf([prorateLine(A4, 1)])])
    expect(unrefundedReturns(afterFirst, [first, second])).toEqual([second])
    expect(refundLinesForReturns("269.99", afterFirst, [first, second])).toBeUndefined()
    expect(refundLinesForReturns("690.12", afterFirst, [first, second])?.reason).toBe("Returned goods (return_2)")
  })

  it("names a claim, and gives up on items the service order does not have", () => {
    const claim = { ...returnOf("return_9", [["ordli_a3", 1]]), claim_id: "claim_1" }
    expect(refundLinesForReturns(prorateLine(A3, 1).gross_amount, order(), [claim])?.reason).toBe(
      "Claim claim_1 (return_9)",
    )
    expect(refundLinesForReturns("10.00", order(), [returnOf("return_1", [["ordli_unknown", 1]])])).toBeUndefined()
    expect(refundLinesForReturns("1700.00", order(), [returnOf("return_1", [["ordli_a4", 4]])])).toBeUndefined()
  })

  it("passes the service's refund checks for any line and any part of it returned", () => {
    const rate = fc.constantFrom("0.000000", "0.050000", "0.075000", "0.200000", "0.250000")
    const lineArb = fc
      .record({
        quantity: fc.integer({ min: 1, max: 40 }),
        unitCents: fc.integer({ min: 1, max: 500_000 }),
        discountPercent: fc.integer({ min: 0, max: 100 }),
        rate,
      })
      .map(({ quantity, unitCents, discountPercent, rate }) => {
        const unit = new BigNumber(unitCents).shiftedBy(-2)
        const subtotal = unit.times(quantity)
        const discount = subtotal.times(discountPercent).dividedBy(100).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
        const net = subtotal.minus(discount)
        const tax = net.times(rate).decimalPlaces(2, BigNumber.ROUND_HALF_UP)
        return line({
          quantity: String(quantity),
          unit_price: unit.toFixed(6),
          discount_amount: discount.toFixed(2),
          net_amount: net.toFixed(2),
          tax_amount: tax.toFixed(2),
          gross_amount: net.plus(tax).toFixed(2),
          tax_rate: rate,
        })
      })
    fc.assert(
      fc.property(
        lineArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -1, max: 1 }),
        (orderLine, units, cents) => {
          const returned = Math.min(units, Number(orderLine.quantity))
          const part = prorateLine(orderLine, returned)
          expect(checkLineItem(part, 0)).toEqual({ ok: true })
          const amount = new BigNumber(part.gross_amount).plus(new BigNumber(cents).shiftedBy(-2))
          if (!amount.gt(0)) return
          const result = refundLinesForReturns(amount, { line_items: [orderLine], refunds: [] }, [
            { id: "return_1", items: [{ item_id: "ordli_a4", quantity: returned }] },
          ])
          if (result) expectValidRefund(amount.toFixed(2), result)
          if (cents === 0) expect(result).toBeDefined()
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe("receivedReturnsOf", () => {
  it("keeps returns that received goods (damaged too), oldest first, not the cancelled ones", () => {
    const returns = receivedReturnsOf([
      {
        id: "return_2",
        status: "received",
        received_at: "2026-11-21T10:00:00Z",
        items: [{ item_id: "a", received_quantity: 1, damaged_quantity: { value: "1", precision: 20 } }],
      },
      {
        id: "return_1",
        status: "partially_received",
        received_at: "2026-11-20T10:00:00Z",
        items: [{ item_id: "b", received_quantity: "2", damaged_quantity: 0 }],
      },
      { id: "return_3", status: "requested", items: [{ item_id: "c", received_quantity: 0, damaged_quantity: 0 }] },
      {
        id: "return_4",
        status: "canceled",
        canceled_at: "2026-11-21T11:00:00Z",
        items: [{ item_id: "d", received_quantity: 1 }],
      },
    ])
    expect(returns.map((r) => [r.id, r.items.map((i) => [i.item_id, new BigNumber(i.quantity).toNumber()])])).toEqual([
      ["return_1", [["b", 2]]],
      ["return_2", [["a", 2]]],
    ])
  })
})

describe("refundLinesForReturns, orders placed from a cart", () => {
  it("finds the line of an order item by its name when the service names the cart's items", () => {
    const fromCart = {
      line_items: [{ ...A4, line_item_reference: "cali_a4" }, { ...A3, line_item_reference: "cali_a3" }, SHIPPING],
      refunds: [],
    }
    const returned = [
      { id: "return_1", items: [{ item_id: "ordli_a4", name: "Copier paper, pallet (A4)", quantity: 1 }] },
    ]
    const result = refundLinesForReturns("269.99", fromCart, returned)
    expect(result?.line_items).toEqual([{ ...prorateLine(A4, 1), line_item_reference: "cali_a4" }])
    // Refunded units are counted on the service's line: the same return is not credited twice.
    const after = { ...fromCart, refunds: [refundOf(result!.line_items)] }
    expect(refundLinesForReturns("269.99", after, returned)).toBeUndefined()
    // Two lines of the same name cannot be told apart: no lines, the amount is split by rate instead.
    const twice = { ...fromCart, line_items: [...fromCart.line_items, { ...A4, line_item_reference: "cali_a4_again" }] }
    expect(refundLinesForReturns("269.99", twice, returned)).toBeUndefined()
  })
})

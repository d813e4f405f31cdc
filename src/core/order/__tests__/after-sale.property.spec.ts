import BigNumber from "bignumber.js"
import fc from "fast-check"
import { checkOrderAmounts } from "../../../service/order-arithmetic"
import { FulfilRequest, type TaxSubtotal } from "../../../service/schemas"
import { planCapture, planRefund, refundableOf, uninvoicedOf } from "../after-sale"
import { splitAmountByTaxRates } from "../split-amount"

/**
 * The money rules of the after-sale (issue #19: partial fulfilments and refunds never exceed what remains, tax split in
 * proportion), held over random orders and random sequences of captures and refunds. The service's side is simulated
 * as the contract says: a fulfilment with a part invoices the part, one without invoices the rest; a refund credits
 * its amount.
 */

const cents = (value: BigNumber.Value) => new BigNumber(value).times(100).integerValue().toNumber()
const money = (c: number) => (c / 100).toFixed(2)
const RATES = ["0.000000", "0.050000", "0.120000", "0.200000", "0.250000"]

/** An order of one to three tax rates, each with a taxable amount from 0.01 to 20,000.00 and its tax. */
const orderArb = fc.uniqueArray(fc.constantFrom(...RATES), { minLength: 1, maxLength: 3 }).chain((rates) =>
  fc
    .tuple(...rates.map((rate) => fc.integer({ min: 1, max: 2_000_000 }).map((taxable) => ({ rate, taxable }))))
    .map((parts) => {
      const tax_subtotals: TaxSubtotal[] = parts.map(({ rate, taxable }) => ({
        tax_rate: rate,
        taxable_amount: money(taxable),
        tax_amount: money(Math.round(taxable * Number(rate))),
      }))
      const gross = tax_subtotals.reduce((sum, t) => sum + cents(t.taxable_amount) + cents(t.tax_amount), 0)
      return { tax_subtotals, gross }
    }),
)

/** A step of the after-sale: a capture of a share of what is left (or the rest), or a refund of a share of what was
 * invoiced. */
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("capture" as const),
    share: fc.option(fc.double({ min: 0, max: 1.3, noNaN: true }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("refund" as const), share: fc.double({ min: -0.1, max: 1.3, noNaN: true }) }),
)

type SimOrder = Parameters<typeof planCapture>[0]

function newOrder(tax_subtotals: TaxSubtotal[], gross: number): SimOrder & { fulfilments: any[]; refunds: any[] } {
  return {
    gross_amount: money(gross),
    state: "CONFIRMED",
    currency: "GBP",
    tax_subtotals,
    fulfilments: [],
    refunds: [],
  }
}

describe("after-sale plans (property)", () => {
  it(
    "never invoice more than the order, never credit more than was invoiced, " +
      "and split every part by the order's rates",
    () => {
      fc.assert(
        fc.property(orderArb, fc.array(stepArb, { maxLength: 12 }), ({ tax_subtotals, gross }, steps) => {
          const order = newOrder(tax_subtotals, gross)
          let n = 0
          for (const step of steps) {
            n += 1
            if (step.kind === "capture") {
              const left = cents(uninvoicedOf(order).toDecimal())
              const amount =
                step.share === undefined ? undefined : new BigNumber(money(Math.max(1, Math.round(left * step.share))))
              const plan = planCapture(order, { amount })
              if (left <= 0) {
                expect(plan).toEqual({ action: "none" })
                continue
              }
              expect(plan.action).toBe("fulfil")
              if (plan.action !== "fulfil") continue
              if (plan.part) {
                // A part: exactly the amount, less than what is left, its lines and tax subtotals adding up.
                expect(plan.part.gross_amount).toBe(amount!.toFixed(2))
                expect(cents(plan.part.gross_amount)).toBeLessThan(left)
                expect(checkOrderAmounts(plan.part)).toEqual({ ok: true })
                FulfilRequest.parse(plan.part)
                order.fulfilments.push({ gross_amount: plan.part.gross_amount, line_items: plan.part.line_items })
              } else {
                // The rest: only when the capture is the whole payment or at least what is left.
                expect(amount === undefined || cents(amount) >= left).toBe(true)
                const rest = splitAmountByTaxRates(money(left), tax_subtotals)
                order.fulfilments.push({ gross_amount: rest.gross_amount, line_items: rest.line_items })
              }
              const invoiced = order.fulfilments.reduce((sum, f) => sum + cents(f.gross_amount), 0)
              expect(invoiced).toBeLessThanOrEqual(gross)
              if (invoiced === gross) order.state = "FULFILLED"
            } else {
              const refundable = cents(refundableOf(order).toDecimal())
              const amount = new BigNumber(money(Math.round(Math.max(refundable, 1) * step.share)))
              const refundId = `ref_${n}`
              const plan = planRefund(order, { amount, refundId })
              if (amount.lte(0) || cents(amount) > refundable) {
                expect(plan.action).toBe("refuse")
                continue
              }
              expect(plan.action).toBe("refund")
              if (plan.action !== "refund") continue
              // Split by the rates of what was invoiced, to the cent.
              const split = plan.tax_subtotals.reduce(
                (sum, t) => sum + cents(t.taxable_amount) + cents(t.tax_amount),
                0,
              )
              expect(split).toBe(cents(amount))
              order.refunds.push({ amount: amount.toFixed(2), refund_reference: refundId })
              // The same refund again is never a second credit note.
              expect(planRefund(order, { amount, refundId })).toEqual({ action: "none" })
              const credited = order.refunds.reduce((sum, r) => sum + cents(r.amount), 0)
              const invoiced = order.fulfilments.reduce((sum, f) => sum + cents(f.gross_amount), 0)
              expect(credited).toBeLessThanOrEqual(invoiced)
            }
          }
        }),
        { numRuns: 300 },
      )
    },
  )

  it("adopts an invoice or a credit note whose answer Medusa lost, instead of asking twice", () => {
    const order = newOrder([{ tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" }], 12000)
    const part = planCapture(order, { amount: new BigNumber("50.00") })
    expect(part.action).toBe("fulfil")
    // The service invoiced 50.00; Medusa's capture was rolled back, so Medusa records none of it: the retry adopts it.
    order.fulfilments.push({ gross_amount: "50.00", line_items: [] })
    expect(planCapture(order, { amount: new BigNumber("50.00"), recorded: new BigNumber(0) })).toEqual({
      action: "none",
    })
    // With Medusa's record of it, a second capture of 50.00 is a new invoice.
    expect(planCapture(order, { amount: new BigNumber("50.00"), recorded: new BigNumber("50.00") }).action).toBe(
      "fulfil",
    )

    // A credit note of 10.00 the plugin asked for under ref_lost, whose Medusa refund was rolled back: adopted.
    order.refunds.push({ amount: "10.00", refund_reference: "ref_lost" })
    const adopted = planRefund(order, {
      amount: new BigNumber("10.00"),
      refundId: "ref_retry",
      others: { total: new BigNumber(0), ids: new Set() },
    })
    expect(adopted).toEqual({ action: "none" })
    // Once Medusa records ref_lost, another 10.00 is a new credit note.
    const fresh = planRefund(order, {
      amount: new BigNumber("10.00"),
      refundId: "ref_new",
      others: { total: new BigNumber("10.00"), ids: new Set(["ref_lost"]) },
    })
    expect(fresh.action).toBe("refund")
    expect(planRefund(order, { amount: new BigNumber("40.01"), refundId: "ref_more" })).toMatchObject({
      action: "refuse",
      message: expect.stringMatching(/40.00 is refundable/),
    })
  })
})

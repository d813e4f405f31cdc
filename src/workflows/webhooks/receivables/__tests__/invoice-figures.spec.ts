import type { ReconciliationEvent } from "../../../../service/schemas/after-invoice-events"
import type { InvoiceDetails } from "../../../../service/schemas/order"
import { dateOf, dayOf, entryOfEvent, figuresOfEntries, figuresOfRead, statusOfPaymentStatus } from "../invoice-figures"
import { Money } from "../../../../core/money/money"
import { companyKeyOfAccount, companyOf, customerOfAccount } from "../order-link"

const base = {
  id: "evt_1",
  time: "2026-03-01T09:00:00Z",
  data: {
    order_id: "ord_1",
    invoice_id: "inv_1",
    amount: "-40",
    currency: "GBP",
  },
}
const event = (type: ReconciliationEvent["type"], data: Record<string, unknown> = {}) =>
  ({ ...base, type, data: { ...base.data, ...data } }) as unknown as ReconciliationEvent

describe("entryOfEvent: the dated line of each reconciliation event", () => {
  it("dates each line by what happened, names its reference, keeps the amount as signed", () => {
    expect(entryOfEvent(event("order.reconciliation.invoiced.v1", { amount: "120.5" }))).toEqual({
      event_id: "evt_1",
      kind: "invoiced",
      amount: "120.50",
      currency_code: "gbp",
      occurred_at: new Date("2026-03-01T09:00:00Z"),
      reference: "inv_1",
    })
    const payment = { payment_id: "pay_1", payment_reference: "INV-7", booked_at: "2026-03-03T00:00:00Z" }
    expect(entryOfEvent(event("order.reconciliation.payment_allocated.v1", { payment }))).toMatchObject({
      kind: "payment",
      amount: "-40.00",
      occurred_at: new Date("2026-03-03T00:00:00Z"),
      reference: "INV-7",
    })
    expect(
      entryOfEvent(event("order.reconciliation.payment_allocated.v1", { amount: "40", payment: { ...payment } })),
    ).toMatchObject({ kind: "payment_reversed", amount: "40.00" })
    expect(
      entryOfEvent(
        event("order.reconciliation.credited.v1", {
          credit_note: { refund_id: "ref_1", credited_at: "2026-03-04T10:00:00Z" },
        }),
      ),
    ).toMatchObject({ kind: "credited", occurred_at: new Date("2026-03-04T10:00:00Z"), reference: "ref_1" })
    expect(
      entryOfEvent(event("order.reconciliation.collected.v1", { collection: { collection_id: "col_1" } })),
    ).toMatchObject({ kind: "collected", occurred_at: new Date(base.time), reference: "col_1" })
    expect(
      entryOfEvent(
        event("order.reconciliation.recoursed.v1", {
          recourse: { recourse_id: "rec_1", recoursed_at: "2026-05-01T00:00:00Z" },
        }),
      ),
    ).toMatchObject({ kind: "recoursed", occurred_at: new Date("2026-05-01T00:00:00Z"), reference: "rec_1" })
  })

  it("falls back to the event's time when a date is missing or not a date", () => {
    const payment = { payment_id: "pay_1", payment_reference: null, booked_at: "not a date" }
    expect(entryOfEvent(event("order.reconciliation.payment_allocated.v1", { payment }))).toMatchObject({
      occurred_at: new Date(base.time),
      reference: "pay_1",
    })
    expect(dateOf(null, new Date(0))).toEqual(new Date(0))
    expect(dayOf("2026-04-02")).toEqual(new Date("2026-04-02T00:00:00Z"))
    expect(dayOf("nope")).toBeNull()
  })
})

describe("where an invoice stands", () => {
  it("reads the service's payment status, and the invoice's totals for the rest", () => {
    const m = Money.fromDecimal
    const open = {
      amount: m("100"),
      paid: Money.ZERO,
      credited: Money.ZERO,
      collected: Money.ZERO,
      recoursed: Money.ZERO,
      outstanding: m("100"),
    }
    const partPaid = { ...open, paid: m("1"), outstanding: m("99") }
    expect(statusOfPaymentStatus("PAID", open)).toBe("paid")
    expect(statusOfPaymentStatus("PARTIAL_PAYMENT", partPaid)).toBe("part_paid")
    expect(statusOfPaymentStatus("IN_COLLECTIONS", open)).toBe("in_collection")
    expect(statusOfPaymentStatus("RECOURSED", open)).toBe("recoursed")
    expect(statusOfPaymentStatus("PARTIAL_RECOURSE", partPaid)).toBe("recoursed")
    expect(statusOfPaymentStatus("REFUNDED", open)).toBe("credited")
    for (const status of ["NOT_PAID", "OVERDUE", "PARTIAL_REFUND", "CANCELLED", "NEW_ONE", null]) {
      expect(statusOfPaymentStatus(status, open)).toBe("open")
    }
    expect(statusOfPaymentStatus("OVERDUE", partPaid)).toBe("part_paid")
    // No status (it is optional): the totals say where the invoice stands.
    expect(statusOfPaymentStatus(null, { ...open, paid: m("100"), outstanding: Money.ZERO })).toBe("paid")
    expect(statusOfPaymentStatus(null, { ...open, recoursed: m("100"), outstanding: Money.ZERO })).toBe("recoursed")
    expect(statusOfPaymentStatus(null, { ...open, collected: m("10"), outstanding: m("90") })).toBe("in_collection")
    expect(statusOfPaymentStatus(null, { ...open, credited: m("100"), outstanding: Money.ZERO })).toBe("credited")
  })

  it("takes the read's totals as the invoice's", () => {
    const read = {
      id: "inv_1",
      gross_amount: "120.00",
      total_paid_amount: "40.00",
      total_credited_amount: "0.00",
      total_collected_amount: "0.00",
      total_recoursed_amount: "0.00",
      unpaid_amount: "80.00",
      payment_status: "PARTIAL_PAYMENT",
    } as InvoiceDetails
    expect(figuresOfRead(read)).toEqual({
      amount: "120.00",
      paid_amount: "40.00",
      credited_amount: "0.00",
      collected_amount: "0.00",
      recoursed_amount: "0.00",
      outstanding_amount: "80.00",
      status: "part_paid",
    })
  })

  it("adds up the invoice's own lines when no read applies, whatever order they came in", () => {
    const lines = [
      { kind: "payment" as const, amount: "-40.00" },
      { kind: "invoiced" as const, amount: "120.00" },
    ]
    expect(figuresOfEntries(lines, null)).toMatchObject({
      amount: "120.00",
      paid_amount: "40.00",
      outstanding_amount: "80.00",
      status: "part_paid",
    })
    // A payment before its invoice: the amount is not known yet, so the invoice is not paid.
    expect(figuresOfEntries([lines[0]], null)).toMatchObject({ amount: "0.00", status: "part_paid" })
    // The amount a read gave before stands when no invoiced line was kept.
    expect(figuresOfEntries([lines[0]], "40.00")).toMatchObject({ outstanding_amount: "0.00", status: "paid" })
    const reversed = [...lines, { kind: "payment_reversed" as const, amount: "40.00" }]
    expect(figuresOfEntries(reversed, null)).toMatchObject({ paid_amount: "0.00", status: "open" })
    expect(figuresOfEntries([...lines, { kind: "recoursed", amount: { value: "-80" } }], null)).toMatchObject({
      recoursed_amount: "80.00",
      outstanding_amount: "0.00",
      status: "recoursed",
    })
    expect(figuresOfEntries([lines[1], { kind: "collected", amount: -20 }], null)).toMatchObject({
      status: "in_collection",
    })
    expect(figuresOfEntries([lines[1], { kind: "credited", amount: "-120.00" }], null)).toMatchObject({
      status: "credited",
    })
  })
})

describe("whose a document is", () => {
  it("keys a company by country and organization number, and a repayment account's the same way", () => {
    expect(companyOf({ country_prefix: "gb", organization_number: "0812 3456", company_name: "ACME" })).toEqual({
      company_key: "GB:08123456",
      company_name: "ACME",
    })
    expect(companyOf({ company_name: "ACME" })).toEqual({ company_key: null, company_name: "ACME" })
    expect(companyKeyOfAccount("GB-08123456")).toBe("GB:08123456")
    expect(companyKeyOfAccount("nodash")).toBeNull()
    expect(customerOfAccount("cus_1")).toBe("cus_1")
    expect(customerOfAccount("guest-abc")).toBeNull()
  })
})

import type { Fulfilment, Refund } from "../../service/schemas/order"
import { creditNoteOfOrder } from "../credit-note-download"
import { invoiceOfOrder } from "../invoice-download"
import type { OrderPaymentRead } from "../order-documents"
import { adminFakes } from "./admin-fakes"
import { rejection, serviceError, serviceOrder, serviceUnavailable } from "./fakes"

/** The admin's document downloads: an order's invoices and credit notes, read from the service as PDFs. */

const PDF = { contentType: "application/pdf", body: Buffer.from("%PDF-1.7") }

const fulfilment = (n: number, fields: Partial<Fulfilment> = {}): Fulfilment => ({
  id: `ful_${n}`,
  gross_amount: "100.00",
  invoice_number: `INV-${n}`,
  invoice_url: `https://docs.example/invoice/${n}`,
  line_items: [],
  ...fields,
})

const refund = (n: number, fields: Partial<Refund> = {}): Refund =>
  ({
    id: `ref_${n}`,
    amount: "10.00",
    currency: "GBP",
    refund_no: n,
    credit_note_number: `CN-${n}`,
    credit_note_url: `https://docs.example/credit-note/${n}`,
    refund_date: null,
    reason: null,
    refund_reference: null,
    line_items: [],
    ...fields,
  }) as Refund

/** `read`: the order and its payment as the route reads them (left out: no such order). */
function setUp({ read }: { read?: OrderPaymentRead } = { read: paidOrder() }) {
  const fakes = adminFakes()
  fakes.module.regionSettingsOf.mockResolvedValue({ invoice_language: "sv_SE" })
  const readOrderPayment = jest.fn(async () => read)
  return { ...fakes, deps: { ...fakes.deps, readOrderPayment }, readOrderPayment }
}

function paidOrder(): OrderPaymentRead {
  return { order: { display_id: 7, region_id: "reg_se", locale: "en-GB" }, payment: { service_order_id: "ord_123" } }
}

describe("invoiceOfOrder", () => {
  it("refuses an unknown order, one paid otherwise, and one with nothing invoiced yet, with their codes", async () => {
    expect(await invoiceOfOrder(setUp({}).deps, { orderId: "order_1" })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_ORDER_NOT_FOUND",
    })
    const other = setUp({ read: { order: {}, payment: undefined } })
    expect(await invoiceOfOrder(other.deps, { orderId: "order_1" })).toMatchObject({
      code: "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER",
    })
    const pending = setUp()
    pending.client.orders.get.mockResolvedValue(serviceOrder())
    expect(await invoiceOfOrder(pending.deps, { orderId: "order_1" })).toMatchObject({
      code: "TRADE_CREDIT_NOT_INVOICED",
      message: expect.stringMatching(/^Nothing is invoiced for order #7 yet/),
    })
  })

  it("downloads the latest invoice in the region's language, named after its number", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValue(serviceOrder({ fulfilments: [fulfilment(1), fulfilment(2)] }))
    client.orders.invoicePdf.mockResolvedValue(PDF)

    expect(await invoiceOfOrder(deps, { orderId: "order_1" })).toEqual({ outcome: "document", name: "INV-2", pdf: PDF })
    expect(client.orders.invoicePdf).toHaveBeenCalledWith("ord_123", { lang: "sv_SE", original: true })
  })

  it("downloads a fulfilment's invoice by its link, by the fulfilment's id or its invoice number", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValue(serviceOrder({ fulfilments: [fulfilment(1), fulfilment(2)] }))
    client.orders.documentPdf.mockResolvedValue(PDF)

    expect(await invoiceOfOrder(deps, { orderId: "order_1", fulfilment: "ful_1" })).toMatchObject({ name: "INV-1" })
    expect(await invoiceOfOrder(deps, { orderId: "order_1", fulfilment: "INV-2" })).toMatchObject({ name: "INV-2" })
    expect(client.orders.documentPdf.mock.calls).toEqual([
      ["https://docs.example/invoice/1"],
      ["https://docs.example/invoice/2"],
    ])
    expect(await invoiceOfOrder(deps, { orderId: "order_1", fulfilment: "INV-9" })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
      message: 'Order order_1 has no invoice for "INV-9"; its invoices are INV-1, INV-2',
    })
  })

  it("downloads the one invoice of an order fulfilled whole as the order's invoice", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValue(serviceOrder({ fulfilments: [fulfilment(1, { invoice_url: "" })] }))
    client.orders.invoicePdf.mockResolvedValue(PDF)

    expect(await invoiceOfOrder(deps, { orderId: "order_1", fulfilment: "ful_1" })).toMatchObject({ name: "INV-1" })
    expect(client.orders.invoicePdf).toHaveBeenCalledWith("ord_123", { lang: "sv_SE", original: true })
  })

  it("answers the service's 409 and 404 as outcomes, and any other failure through the admin's adapter", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValue(serviceOrder({ fulfilments: [fulfilment(1)] }))
    client.orders.invoicePdf
      .mockRejectedValueOnce(serviceError({ code: "NOT_INVOICED", status: 409 }))
      .mockRejectedValueOnce(serviceError({ code: "NOT_FOUND", status: 404 }))
      .mockRejectedValueOnce(serviceUnavailable())

    expect(await invoiceOfOrder(deps, { orderId: "order_1" })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_INVOICED",
      message: "The trade credit service has not issued the invoice yet (NOT_INVOICED).",
    })
    expect(await invoiceOfOrder(deps, { orderId: "order_1" })).toMatchObject({
      code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
      message: "The trade credit service has no the invoice.",
    })
    const failure = await rejection(invoiceOfOrder(deps, { orderId: "order_1" }))
    expect(failure).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE" })
    expect(failure.message).toMatch(/could not download the invoice .*SERVER_ERROR, trace trace-fake-1/)
  })

  it("fails through the admin's adapter when the order cannot be read", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockRejectedValue(serviceUnavailable())

    const failure = await rejection(invoiceOfOrder(deps, { orderId: "order_1" }))

    expect(failure).toMatchObject({ code: "TRADE_CREDIT_UNAVAILABLE" })
    expect(failure.message).toMatch(/could not read the order/)
  })
})

describe("creditNoteOfOrder", () => {
  it("refuses an order with nothing refunded, and an unknown number, each with its code", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValueOnce(serviceOrder())
    expect(await creditNoteOfOrder(deps, { orderId: "order_1", number: "CN-1" })).toMatchObject({
      code: "TRADE_CREDIT_NO_CREDIT_NOTE",
      message: expect.stringMatching(/^No credit note exists for order #7 yet/),
    })
    client.orders.get.mockResolvedValueOnce(serviceOrder({ refunds: [refund(1)] }))
    expect(await creditNoteOfOrder(deps, { orderId: "order_1", number: "CN-9" })).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
      message: 'Order order_1 has no credit note "CN-9"; its credit notes are CN-1',
    })
  })

  it("downloads a credit note by its link, found by its number or the refund's id", async () => {
    const { deps, client } = setUp()
    client.orders.get.mockResolvedValue(serviceOrder({ refunds: [refund(1), refund(2)] }))
    client.orders.documentPdf.mockResolvedValue(PDF)

    expect(await creditNoteOfOrder(deps, { orderId: "order_1", number: "ref_2" })).toEqual({
      outcome: "document",
      name: "CN-2",
      pdf: PDF,
    })
    expect(client.orders.documentPdf).toHaveBeenCalledWith("https://docs.example/credit-note/2")
  })

  it("downloads the latest credit note without a link as the order's document, and refuses an older one", async () => {
    const { deps, client } = setUp()
    const refunds = [refund(1, { credit_note_url: null }), refund(2, { credit_note_url: null })]
    client.orders.get.mockResolvedValue(serviceOrder({ refunds }))
    client.orders.invoicePdf.mockResolvedValue(PDF)

    expect(await creditNoteOfOrder(deps, { orderId: "order_1", number: "CN-2" })).toMatchObject({ name: "CN-2" })
    expect(client.orders.invoicePdf).toHaveBeenCalledWith("ord_123")
    expect(await creditNoteOfOrder(deps, { orderId: "order_1", number: "CN-1" })).toMatchObject({
      outcome: "refused",
      code: "TRADE_CREDIT_NO_CREDIT_NOTE",
      message: expect.stringMatching(/gives no link to credit note "CN-1" of order order_1 yet/),
    })
  })
})

import { quote } from "../utils/quote"
import { type DocumentOutcome, fetchDocument, invoicedOrderOf, type OrderDocumentsDeps } from "./order-documents"

export type InvoiceDownloadInput = {
  orderId: string
  /** The service's fulfilment id or its invoice number; left out: the latest invoice. */
  fulfilment?: string
}

/**
 * The invoice of a Medusa order paid by trade credit: the one of the given fulfilment, else the latest (an order
 * shipped in parts has one invoice per shipment). Refused with a code: nothing invoiced yet (in words), an order not
 * paid by trade credit, an unknown fulfilment. The latest is asked in the region's invoice language, else the order's
 * locale's.
 */
export async function invoiceOfOrder(deps: OrderDocumentsDeps, input: InvoiceDownloadInput): Promise<DocumentOutcome> {
  const { orderId: id, fulfilment: wanted } = input
  const read = await invoicedOrderOf(deps, id)
  if (read.outcome === "refused") return read
  const { serviceOrder, client, displayId, invoiceLanguage } = read

  const fulfilments = serviceOrder.fulfilments
  if (fulfilments.length === 0) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_INVOICED",
      message:
        `Nothing is invoiced for order ${displayId ? `#${displayId}` : quote(id)} ` +
        `yet: the trade credit service issues an invoice ` +
        "when the goods ship (or when the payment is captured). Try again after the first shipment.",
    }
  }
  if (wanted) {
    const fulfilment = fulfilments.find(
      (f) => f.id === wanted || (f.invoice_number !== "" && f.invoice_number === wanted),
    )
    if (!fulfilment) {
      return {
        outcome: "refused",
        code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
        message:
          `Order ${quote(id)} has no invoice for "${quote(wanted)}"; its invoices ` +
          `are ${fulfilments.map((f) => f.invoice_number).join(", ")}`,
      }
    }
    // A fulfilment the client derived from an order fulfilled whole (no link in the answer) is the order's one invoice.
    const single = fulfilments.length === 1 && fulfilment.invoice_url === ""
    const name = fulfilment.invoice_number || `invoice-${serviceOrder.id}`
    return fetchDocument(deps, `invoice ${name}`, name, async () =>
      single
        ? client.orders.invoicePdf(serviceOrder.id, { lang: await invoiceLanguage(), original: true })
        : client.orders.documentPdf(fulfilment.invoice_url),
    )
  }
  const latest = fulfilments[fulfilments.length - 1]
  const lang = await invoiceLanguage()
  return fetchDocument(deps, "the invoice", latest.invoice_number || `invoice-${serviceOrder.id}`, () =>
    client.orders.invoicePdf(serviceOrder.id, { lang, original: true }),
  )
}

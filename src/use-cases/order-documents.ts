import { TradeCreditError } from "../client/errors"
import type { TradeCreditClient } from "../client/index"
import type { PdfDocument } from "../client/orders"
import { type InvoiceLanguage, invoiceLanguageOf } from "../core/order/invoice-language"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { Order } from "../service/schemas/order"
import { quote } from "../utils/quote"
import type { ServiceCall, ServiceFailure } from "./deps"

/*
 * What the document downloads of an order share (invoice-download.ts, credit-note-download.ts): the service order
 * behind a Medusa order paid by trade credit, and the fetch of one PDF with the service's refusals as outcomes.
 */

/** An order and its trade credit payment, as `readOrderTradeCreditPayment` reads them; undefined: no such order. */
export type OrderPaymentRead = {
  order: { display_id?: number; region_id?: string | null; locale?: string | null }
  payment?: { service_order_id: string }
}

export type OrderDocumentsDeps = {
  /**
   * The order and its trade credit payment (`readOrderTradeCreditPayment` of workflows/invoice-shipment, above the
   * use cases: the route hands it in).
   */
  readOrderPayment: (orderId: string) => Promise<OrderPaymentRead | undefined>
  /** The plugin's module: the service's client and the region's settings (its invoice language). */
  module: Pick<TradeCreditModuleService, "getClient" | "regionSettingsOf">
  /** The admin edge's service steps: a failure becomes its answer (with the service's code and trace id). */
  call: ServiceCall
  fail: ServiceFailure
}

/** A document refused: a code of the catalogue and the merchant's words. */
export type DocumentRefusal = {
  outcome: "refused"
  code:
    | "TRADE_CREDIT_ORDER_NOT_FOUND"
    | "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER"
    | "TRADE_CREDIT_NOT_INVOICED"
    | "TRADE_CREDIT_NO_CREDIT_NOTE"
    | "TRADE_CREDIT_DOCUMENT_NOT_FOUND"
  message: string
}

/** A document to download: the PDF, and the number its file is named after. */
export type DocumentOutcome = { outcome: "document"; name: string; pdf: PdfDocument } | DocumentRefusal

export type InvoicedOrder = {
  outcome: "order"
  displayId?: number
  serviceOrder: Order
  client: TradeCreditClient
  /** The language its invoice PDF is asked in (read when asked: only the latest invoice's download names one). */
  invoiceLanguage: () => Promise<InvoiceLanguage>
}

/** The service order of a Medusa order paid by trade credit; refused when there is no such order or it was paid
 * otherwise. */
export async function invoicedOrderOf(
  deps: OrderDocumentsDeps,
  orderId: string,
): Promise<InvoicedOrder | DocumentRefusal> {
  const found = await deps.readOrderPayment(orderId)
  if (!found)
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_ORDER_NOT_FOUND",
      message: `Order ${quote(orderId)} was not found`,
    }
  const payment = found.payment
  if (!payment) {
    return {
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER",
      message: `Order ${quote(orderId)} was not paid by trade credit: it has no trade credit invoice or credit note`,
    }
  }
  const client = deps.module.getClient()
  const serviceOrder = await deps.call("read the order", () => client.orders.get(payment.service_order_id))
  // The invoices' language: the region's setting, else the order's locale where the service has it, else English.
  const invoiceLanguage = async () => {
    const region = await deps.module.regionSettingsOf(found.order.region_id)
    return invoiceLanguageOf(region.invoice_language, found.order.locale)
  }
  return { outcome: "order", displayId: found.order.display_id, serviceOrder, client, invoiceLanguage }
}

/**
 * Fetches a document from the service. Its refusals become outcomes: not issued yet (409) TRADE_CREDIT_NOT_INVOICED
 * in words, no such document (404) TRADE_CREDIT_DOCUMENT_NOT_FOUND; any other failure goes to `fail` (the service
 * unreachable or answering wrongly).
 */
export async function fetchDocument(
  deps: Pick<OrderDocumentsDeps, "fail">,
  what: string,
  name: string,
  fetch: () => Promise<PdfDocument>,
): Promise<DocumentOutcome> {
  try {
    return { outcome: "document", name, pdf: await fetch() }
  } catch (error) {
    if (error instanceof TradeCreditError && error.status === 409) {
      return {
        outcome: "refused",
        code: "TRADE_CREDIT_NOT_INVOICED",
        message: `The trade credit service has not issued ${what} yet (${error.code}).`,
      }
    }
    if (error instanceof TradeCreditError && error.status === 404) {
      return {
        outcome: "refused",
        code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND",
        message: `The trade credit service has no ${what}.`,
      }
    }
    return deps.fail(`download ${what}`, error)
  }
}

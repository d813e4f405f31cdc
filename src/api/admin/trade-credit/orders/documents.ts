import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { TradeCreditError } from "../../../../client/errors"
import type { PdfDocument } from "../../../../client/orders"
import type { TradeCreditClient } from "../../../../client/index"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import type { Order } from "../../../../service/schemas/order"
import { type InvoiceLanguage, invoiceLanguageOf } from "../../../../core/order/invoice-language"
import { readOrderTradeCreditPayment } from "../../../../workflows/invoice-shipment/order-payment"
import { Codes } from "../../../errors/codes"
import { quote } from "../../../errors/quote"
import { RouteError } from "../../../errors/route-error"
import { adminServiceFailureError } from "../../../utils/service-failure"

/**
 * What the document routes share: parameter schemas (checked by admin-ui-middlewares.ts), the service order behind
 * a Medusa order, and the PDF answer. Refusals are RouteErrors, answered `{type, code, message}`.
 */

/** Medusa ids, invoice and credit note numbers, the service's ids: letters, digits, "_" and "-". */
const Identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'")

export const InvoiceParams = z.object({ id: Identifier })
export const InvoiceQuery = z.strictObject({ fulfilment: Identifier.optional() })
export type InvoiceQuery = z.output<typeof InvoiceQuery>
export const CreditNoteParams = z.object({ id: Identifier, number: Identifier })

export type InvoicedOrder = {
  orderId: string
  displayId?: number
  serviceOrder: Order
  client: TradeCreditClient
  /** The language its invoice PDF is asked in (read when asked: only the latest invoice's download names one). */
  invoiceLanguage: () => Promise<InvoiceLanguage>
}

/** The failure of a call to the service, for a merchant: what could not be done, with the service's code and trace id.
 * */
function serviceFailure(error: unknown, action: string): unknown {
  return adminServiceFailureError(error, action) ?? error
}

/** The service order of a Medusa order paid by trade credit; 404 when there is no such order or it was paid otherwise.
 * */
export async function loadServiceOrder(req: MedusaRequest, orderId: string): Promise<InvoicedOrder> {
  const found = await readOrderTradeCreditPayment(req.scope, orderId)
  if (!found) throw new RouteError(Codes.TRADE_CREDIT_ORDER_NOT_FOUND, `Order ${quote(orderId)} was not found`)
  if (!found.payment) {
    throw new RouteError(
      Codes.TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER,
      `Order ${quote(orderId)} was not paid by trade credit: it has no trade credit invoice or credit note`,
    )
  }
  const client = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  let serviceOrder: Order
  try {
    serviceOrder = await client.orders.get(found.payment.service_order_id)
  } catch (error) {
    throw serviceFailure(error, "read the order")
  }
  // The invoices' language: the region's setting, else the order's locale where the service has it, else English.
  const invoiceLanguage = async () => {
    const region = await req.scope
      .resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
      .regionSettingsOf(found.order.region_id)
    return invoiceLanguageOf(region.invoice_language, found.order.locale)
  }
  return { orderId, displayId: found.order.display_id, serviceOrder, client, invoiceLanguage }
}

/** Streams a PDF as a download named after the document's number, never cached by a browser or proxy. */
export function sendPdf(res: MedusaResponse, number: string, pdf: PdfDocument) {
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `attachment; filename="${number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`)
  res.setHeader("Content-Length", String(pdf.body.length))
  res.setHeader("Cache-Control", "private, no-store")
  res.status(200).end(pdf.body)
}

/**
 * Fetches a document from the service. Its refusals become answers of this
 * API: 409 (not issued yet) in words, 404 (no such document), and 503/502 when
 * the service cannot be reached or answers wrongly.
 */
export async function fetchDocument(what: string, fetch: () => Promise<PdfDocument>): Promise<PdfDocument> {
  try {
    return await fetch()
  } catch (error) {
    if (error instanceof TradeCreditError && error.status === 409) {
      throw new RouteError(
        Codes.TRADE_CREDIT_NOT_INVOICED,
        `The trade credit service has not issued ${what} yet (${error.code}).`,
      )
    }
    if (error instanceof TradeCreditError && error.status === 404) {
      throw new RouteError(Codes.TRADE_CREDIT_DOCUMENT_NOT_FOUND, `The trade credit service has no ${what}.`)
    }
    throw serviceFailure(error, `download ${what}`)
  }
}

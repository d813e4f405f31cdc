import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { TradeCreditError, type PdfDocument, type TradeCreditClient } from "../../../../client"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { toMedusaError } from "../../../../providers/trade-credit/lib/errors"
import type { Order } from "../../../../service/schemas"
import { readOrderTradeCreditPayment } from "../../../../workflows/invoice-shipment/order-payment"

/**
 * What the document routes share: parameter checks, the service order behind a
 * Medusa order, and the PDF answer. Errors are JSON `{ code, type, message }`.
 */

/** Medusa ids, invoice and credit note numbers, the service's ids: letters, digits, "_" and "-". */
const Identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'")

export const InvoiceParams = z.object({ id: Identifier })
export const InvoiceQuery = z.strictObject({ fulfilment: Identifier.optional() })
export const CreditNoteParams = z.object({ id: Identifier, number: Identifier })

/** Parses route parameters or the query string; a bad one is a 400 with the code TRADE_CREDIT_INVALID_PARAMETERS. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.length ? issue.path.join(".") : issue?.code === "unrecognized_keys" ? (issue as any).keys?.join(", ") : ""
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid ${where}${field ? ` "${field}"` : ""}: ${issue?.message ?? "invalid"}`,
    "TRADE_CREDIT_INVALID_PARAMETERS"
  )
}

export type InvoicedOrder = {
  orderId: string
  displayId?: number
  serviceOrder: Order
  client: TradeCreditClient
}

/**
 * The service order of a Medusa order paid by trade credit; 404 when there is no
 * such order or it was paid otherwise. When the service cannot be read, the
 * answer (502) is sent here and undefined returned.
 */
export async function loadServiceOrder(req: MedusaRequest, res: MedusaResponse, orderId: string): Promise<InvoicedOrder | undefined> {
  const found = await readOrderTradeCreditPayment(req.scope, orderId)
  if (!found) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`, "TRADE_CREDIT_ORDER_NOT_FOUND")
  }
  if (!found.payment) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${orderId} was not paid by trade credit: it has no trade credit invoice or credit note`,
      "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER"
    )
  }
  const client = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  const serviceOrderId = found.payment.service_order_id
  let serviceOrder: Order
  try {
    serviceOrder = await client.orders.get(serviceOrderId)
  } catch (error) {
    sendServiceFailure(res, error, "read the order")
    return undefined
  }
  return { orderId, displayId: found.order.display_id, serviceOrder, client }
}

/** A 409 in words, as JSON: the document does not exist yet. */
export function sendNotYet(res: MedusaResponse, code: string, message: string) {
  res.status(409).json({ code, type: "not_allowed", message })
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
 * API: 409 (not issued yet) in words, 404 (no such document), and 502 when the
 * service cannot be reached or answers wrongly.
 */
export async function fetchDocument(
  res: MedusaResponse,
  what: string,
  fetch: () => Promise<PdfDocument>
): Promise<PdfDocument | undefined> {
  try {
    return await fetch()
  } catch (error) {
    if (error instanceof TradeCreditError && error.status === 409) {
      sendNotYet(res, "TRADE_CREDIT_NOT_INVOICED", `The trade credit service has not issued ${what} yet (${error.code}).`)
      return undefined
    }
    if (error instanceof TradeCreditError && error.status === 404) {
      res.status(404).json({ code: "TRADE_CREDIT_DOCUMENT_NOT_FOUND", type: "not_found", message: `The trade credit service has no ${what}.` })
      return undefined
    }
    sendServiceFailure(res, error, `download ${what}`)
    return undefined
  }
}

/** 502: the service could not be reached, or answered wrongly (the message names its error code and trace id). */
function sendServiceFailure(res: MedusaResponse, error: unknown, action: string) {
  const mapped = toMedusaError(error, action)
  res.status(502).json({ code: mapped.code ?? "TRADE_CREDIT_UNAVAILABLE", type: "unexpected_state", message: mapped.message })
}

import type { MedusaRequest } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import type { OrderDocumentsDeps } from "../../../../use-cases/order-documents"
import { readOrderTradeCreditPayment } from "../../../../workflows/invoice-shipment/order-payment"
import { adminDepsOf } from "../admin-deps"

/**
 * What the document routes share: parameter schemas (checked by admin-ui-middlewares.ts) and what their use cases
 * are given (use-cases/order-documents.ts); the PDF answer is api/utils/send-pdf.ts. Refusals are RouteErrors,
 * answered `{type, code, message}`.
 */

/** Medusa ids, invoice and credit note numbers, the service's ids: letters, digits, "_" and "-". */
const Identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'")

export const InvoiceParams = z.object({ id: Identifier })
export const InvoiceQuery = z.strictObject({ fulfilment: Identifier.optional() })
export type InvoiceQuery = z.output<typeof InvoiceQuery>
export const CreditNoteParams = z.object({ id: Identifier, number: Identifier })

/** The document use cases' dependencies: the admin's, and the order's trade credit payment as the workflows read it. */
export function documentDepsOf(req: MedusaRequest): OrderDocumentsDeps {
  return { ...adminDepsOf(req), readOrderPayment: (orderId) => readOrderTradeCreditPayment(req.scope, orderId) }
}

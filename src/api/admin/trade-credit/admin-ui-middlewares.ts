import type { MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { Codes } from "../../errors/codes"
import { NoBody, NoQuery, validateBody, validateParams, validateQuery } from "../../utils/validate"
import { CreditNoteParams, InvoiceParams, InvoiceQuery } from "./orders/documents"

/**
 * Input checks of the admin routes the plugin's admin UI uses. A malformed id,
 * an unknown query parameter or body field is a 400 with the code
 * TRADE_CREDIT_INVALID_PARAMETERS naming it.
 */

/** Medusa ids: letters, digits, "_" and "-". */
export const MedusaId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'")

export const OrderSummaryParams = z.object({ id: MedusaId })

const params = (schema: z.ZodType) =>
  validateParams(schema, Codes.TRADE_CREDIT_INVALID_PARAMETERS, { what: "Invalid path parameter" })
export const noQuery = validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_PARAMETERS, {
  what: "Invalid query parameter",
})

export const adminUiMiddlewares: MiddlewareRoute[] = [
  {
    // The order widget's summary of one order's trade credit payment.
    matcher: "/admin/trade-credit/orders/:id",
    method: ["GET"],
    middlewares: [params(OrderSummaryParams), noQuery],
  },
  {
    // The order widget's documents: the invoice (of one fulfilment, else the latest) and a credit note.
    matcher: "/admin/trade-credit/orders/:id/invoice",
    method: ["GET"],
    middlewares: [
      params(InvoiceParams),
      validateQuery(InvoiceQuery, Codes.TRADE_CREDIT_INVALID_PARAMETERS, { what: "Invalid query parameter" }),
    ],
  },
  {
    matcher: "/admin/trade-credit/orders/:id/credit-notes/:number",
    method: ["GET"],
    middlewares: [params(CreditNoteParams), noQuery],
  },
  {
    // Settings → Trade credit.
    matcher: "/admin/trade-credit/settings",
    method: ["GET"],
    middlewares: [noQuery],
  },
  {
    // The settings page's connection check: a cheap authenticated call to the service.
    matcher: "/admin/trade-credit/connection-check",
    method: ["POST"],
    middlewares: [noQuery, validateBody(NoBody, Codes.TRADE_CREDIT_INVALID_PARAMETERS, { what: "Invalid body field" })],
  },
]

/** The customer widget's routes take a customer id and no query. */
export const customerRouteMiddlewares = (schema: z.ZodType) => [params(schema), noQuery]

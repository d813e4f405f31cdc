import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { parseOr400 } from "./orders/documents"

/**
 * Input checks of the admin routes the plugin's admin UI uses. A malformed id,
 * an unknown query parameter or body field is a 400 with the code
 * TRADE_CREDIT_INVALID_PARAMETERS (Medusa's own validators answer without a code).
 */

/** Medusa ids: letters, digits, "_" and "-". */
const MedusaId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'")

export const OrderSummaryParams = z.object({ id: MedusaId })
export const NoQuery = z.strictObject({})
export const NoBody = z.strictObject({})

type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType }

/** Parses params, query and body; the parsed query and body replace `validatedQuery` / `validatedBody`. */
export function validateAdminUiRequest(schemas: Schemas) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    if (schemas.params) parseOr400(schemas.params, req.params, "path parameter")
    if (schemas.query) (req as any).validatedQuery = parseOr400(schemas.query, req.query ?? {}, "query parameter")
    if (schemas.body) (req as any).validatedBody = parseOr400(schemas.body, req.body ?? {}, "body field")
    next()
  }
}

export const adminUiMiddlewares: MiddlewareRoute[] = [
  {
    // The order widget's summary of one order's trade credit payment.
    matcher: "/admin/trade-credit/orders/:id",
    method: ["GET"],
    middlewares: [validateAdminUiRequest({ params: OrderSummaryParams, query: NoQuery })],
  },
  {
    // Settings → Trade credit.
    matcher: "/admin/trade-credit/settings",
    method: ["GET"],
    middlewares: [validateAdminUiRequest({ query: NoQuery })],
  },
  {
    // The settings page's connection check: a cheap authenticated call to the service.
    matcher: "/admin/trade-credit/connection-check",
    method: ["POST"],
    middlewares: [validateAdminUiRequest({ query: NoQuery, body: NoBody })],
  },
]

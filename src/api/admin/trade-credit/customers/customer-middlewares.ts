import type { MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { NoQuery, validateAdminUiRequest } from "../admin-ui-middlewares"

/** A Medusa customer id: letters, digits, "_" and "-". */
export const CustomerParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be 1 to 100 letters, digits, '_' or '-'") })

/**
 * The customer widget's own route: a malformed id or any query parameter is a
 * 400 TRADE_CREDIT_INVALID_PARAMETERS (spread into src/api/middlewares.ts).
 */
export const customerWidgetMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/customers/:id/enrollment",
    method: ["GET"],
    middlewares: [validateAdminUiRequest({ params: CustomerParams, query: NoQuery })],
  },
]

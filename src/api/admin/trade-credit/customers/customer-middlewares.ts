import type { MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { customerRouteMiddlewares, MedusaId } from "../admin-ui-middlewares"

/** A Medusa customer id: letters, digits, "_" and "-". */
export const CustomerParams = z.object({ id: MedusaId })

/**
 * The customer widget's own routes: a malformed id or any query parameter is a
 * 400 TRADE_CREDIT_INVALID_PARAMETERS (spread into src/api/middlewares.ts).
 */
export const customerWidgetMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/customers/:id/enrollment",
    method: ["GET"],
    middlewares: customerRouteMiddlewares(CustomerParams),
  },
  {
    matcher: "/admin/trade-credit/customers/:id/trade-account",
    method: ["GET"],
    middlewares: customerRouteMiddlewares(CustomerParams),
  },
]

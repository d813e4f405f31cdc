import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { NoQuery, validateBody, validateQuery } from "../../../utils/validate"
import { UpdateRegionSettingsBody } from "./validators"

/** The region settings routes' validation (spread into src/api/middlewares.ts): a mistake is a 400 naming the field. */
export const regionSettingsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/regions/:id/settings",
    method: ["GET"],
    middlewares: [
      validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query: the route takes none" }),
    ],
  },
  {
    matcher: "/admin/trade-credit/regions/:id/settings",
    method: ["POST"],
    middlewares: [
      validateBody(UpdateRegionSettingsBody, Codes.TRADE_CREDIT_INVALID_SETTINGS, { what: "Invalid settings" }),
    ],
  },
]

import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { NoQuery, validateBody, validateQuery } from "../../../utils/validate"
import { CreateErasureRequestBody, ListErasureRequestsQuery } from "./validators"

/** The erasure requests' validation (spread into src/api/middlewares.ts): a mistake is a 400 with a code, and nothing
 * is sent to the service. */
export const erasureRequestMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/erasure-requests",
    method: ["POST"],
    middlewares: [
      validateBody(CreateErasureRequestBody, Codes.TRADE_CREDIT_INVALID_ERASURE_REQUEST, {
        what: "Invalid erasure request",
      }),
    ],
  },
  {
    matcher: "/admin/trade-credit/erasure-requests",
    method: ["GET"],
    middlewares: [validateQuery(ListErasureRequestsQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query" })],
  },
  {
    matcher: "/admin/trade-credit/erasure-requests/:id",
    method: ["GET"],
    middlewares: [
      validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query: the route takes none" }),
    ],
  },
]

import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { validateQuery } from "../../../utils/validate"
import { ListReceivedEventsQuery } from "./validators"

/** The received events route's query check (spread into src/api/middlewares.ts). */
export const receivedEventsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/received-events",
    method: ["GET"],
    middlewares: [validateQuery(ListReceivedEventsQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query" })],
  },
]

import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { validateBody, validateQuery } from "../../../utils/validate"
import { ListReconciliationRunsQuery, RunReconciliationBody } from "./validators"

/** The reconciliation routes' validation (spread into src/api/middlewares.ts). */
export const reconciliationMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/reconciliation",
    method: ["GET"],
    middlewares: [
      validateQuery(ListReconciliationRunsQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query" }),
    ],
  },
  {
    matcher: "/admin/trade-credit/reconciliation",
    method: ["POST"],
    middlewares: [validateBody(RunReconciliationBody, Codes.TRADE_CREDIT_INVALID_BODY, { what: "Invalid body" })],
  },
]

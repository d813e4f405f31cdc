import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { validateQuery } from "../../../utils/validate"
import { CustomerCompaniesQuery, ExportReceivablesQuery, ListReceivablesQuery } from "./validators"

const query = (schema: Parameters<typeof validateQuery>[0]) =>
  validateQuery(schema, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query" })

/** The receivables routes' query checks (spread into src/api/middlewares.ts): a mistake is a 400 with a code. */
export const receivablesMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/receivables",
    method: ["GET"],
    middlewares: [query(ListReceivablesQuery)],
  },
  {
    matcher: "/admin/trade-credit/receivables/export",
    method: ["GET"],
    middlewares: [query(ExportReceivablesQuery)],
  },
  {
    matcher: "/admin/trade-credit/receivables/companies",
    method: ["GET"],
    middlewares: [query(CustomerCompaniesQuery)],
  },
]

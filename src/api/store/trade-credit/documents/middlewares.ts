import {
  authenticate,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  type MiddlewareRoute,
} from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { RouteError } from "../../../errors/route-error"
import { rateLimit } from "../../../utils/rate-limit"
import { NoQuery, validateQuery } from "../../../utils/validate"
import { DocumentsQuery } from "./validators"

const BASE = "/store/trade-credit/documents"

/**
 * The buyer's documents are a logged-in customer's: Medusa's `authenticate` reads the login (session or bearer), and
 * a request without one is refused in the plugin's shape (Medusa's own refusal has no code).
 */
const readCustomer = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })
function requireCustomer(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  return readCustomer(req, res, (error?: unknown) => {
    if (error) return next(error)
    const actor = (req as MedusaRequest & { auth_context?: { actor_id?: string; actor_type?: string } }).auth_context
    if (actor?.actor_type === "customer" && actor.actor_id) return next()
    return next(
      new RouteError(Codes.TRADE_CREDIT_UNAUTHORIZED, "Log in as a customer first: your documents are in your account"),
    )
  })
}

/** A PDF is a call to the service: 30 a minute per customer is far above a buyer downloading their invoices. */
const pdfRateLimit = rateLimit({ name: "document-pdf", windowMs: 60_000, max: 30, by: ["customer"] })

/** The buyer's documents routes' middlewares (spread into src/api/middlewares.ts), after Medusa's publishable key. */
export const buyerDocumentMiddlewares: MiddlewareRoute[] = [
  { matcher: `${BASE}*`, middlewares: [requireCustomer] },
  {
    matcher: BASE,
    method: ["GET"],
    middlewares: [validateQuery(DocumentsQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid documents query" })],
  },
  {
    matcher: `${BASE}/:id/pdf`,
    method: ["GET"],
    middlewares: [
      validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query: the route takes none" }),
      pdfRateLimit,
    ],
  },
]

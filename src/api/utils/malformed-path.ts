import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { sendError } from "../errors/answer"
import { Codes } from "../errors/codes"
import { PLUGIN_PATHS } from "./plugin-paths"

/**
 * A path with a broken %-escape (`/admin/trade-credit/orders/%E0%A4%A`) makes Express fail to decode a route
 * parameter, and one with an escaped control character (`%00`) reaches PostgreSQL, which refuses a NUL in text:
 * Medusa's error handler answers both 500 (found by integration-tests/http/route-fuzzing).
 * This runs before every route layer (a root middleware: Medusa registers those first) and answers such a path
 * under the plugin's prefixes 400 with a code instead. Other paths are left to Medusa. Under /admin it comes too
 * late: Medusa's own global `/admin*` middleware (setSecretApiKeyContext) is registered first and fails to decode
 * its `*` for every admin path, so an admin path with a broken escape stays Medusa's 500 (logged-in admins only).
 */
export function refuseMalformedPath(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.path
  if (!PLUGIN_PATHS.test(path)) return next()
  let decoded: string[]
  try {
    decoded = path.split("/").map((segment) => decodeURIComponent(segment))
  } catch {
    return sendError(res, Codes.TRADE_CREDIT_INVALID_PATH, "The path has a malformed %-escape")
  }
  // No id has a control character; PostgreSQL refuses a NUL in text outright, which Medusa's error handler answers 500.
  if (decoded.some((segment) => CONTROL_CHARACTER.test(segment))) {
    return sendError(res, Codes.TRADE_CREDIT_INVALID_PATH, "The path has a control character")
  }
  // Nor does any query value hold a NUL (an escaped one, %00, is the only way to send it).
  const query = req.originalUrl.indexOf("?")
  if (query >= 0 && /%00/.test(req.originalUrl.slice(query))) {
    return sendError(res, Codes.TRADE_CREDIT_INVALID_QUERY, "The query has a NUL character")
  }
  return next()
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/** Matcher "/" without a method: Medusa sorts root middlewares before every route and route middleware. */
export const malformedPathMiddlewares: MiddlewareRoute[] = [{ matcher: "/", middlewares: [refuseMalformedPath] }]

import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"

/** The plugin's URL prefixes. */
const PLUGIN_PATHS = /^\/(store|admin|hooks)\/trade-credit(\/|$)/

/**
 * A path with a broken %-escape (`/admin/trade-credit/orders/%E0%A4%A`) makes Express fail to decode a route
 * parameter, and Medusa's error handler answers that error 500 (found by integration-tests/http/route-fuzzing).
 * This runs before every route layer (a root middleware: Medusa registers those first) and answers such a path
 * under the plugin's prefixes 400 with a code instead. Other paths are left to Medusa. Under /admin it comes too
 * late: Medusa's own global `/admin*` middleware (setSecretApiKeyContext) is registered first and fails to decode
 * its `*` for every admin path, so an admin path with a broken escape stays Medusa's 500 (logged-in admins only).
 */
export function refuseMalformedPath(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.path
  if (!PLUGIN_PATHS.test(path)) return next()
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment)
  } catch {
    return res.status(400).json({ code: "TRADE_CREDIT_INVALID_PATH", type: "invalid_data", message: "The path has a malformed %-escape" })
  }
  return next()
}

/** Matcher "/" without a method: Medusa sorts root middlewares before every route and route middleware. */
export const malformedPathMiddlewares: MiddlewareRoute[] = [{ matcher: "/", middlewares: [refuseMalformedPath] }]

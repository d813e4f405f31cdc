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
 *
 * The webhook URLs are guarded too (issue #36, WEBHOOK_PATHS): a broken escape or a control character in
 * `/hooks/payment/trade-credit_…` (Medusa's route: 500) or right after `/hooks/trade-credit` (an HTML 404) is 400
 * with a code. Only a path that fails to decode, holds a control character or escapes the provider's name is
 * answered here: every well-formed delivery goes on to its receiver.
 */
export function refuseMalformedPath(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.path
  const escapedHook = escapedProviderHook(path)
  if (!PLUGIN_PATHS.test(path) && !WEBHOOK_PATHS.test(path) && !escapedHook) return next()
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
  if (escapedHook) {
    return sendError(
      res,
      Codes.TRADE_CREDIT_INVALID_PATH,
      "The webhook URL has %-escapes: write it as /hooks/trade-credit (or /hooks/payment/trade-credit_default)",
    )
  }
  // Nor does any query value hold a NUL (an escaped one, %00, is the only way to send it).
  const query = req.originalUrl.indexOf("?")
  if (query >= 0 && /%00/.test(req.originalUrl.slice(query))) {
    return sendError(res, Codes.TRADE_CREDIT_INVALID_QUERY, "The query has a NUL character")
  }
  return next()
}

// eslint-disable-next-line no-control-regex -- control characters are what this finds in a path as sent
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/**
 * The webhook URLs of the plugin as sent, before any decoding: `/hooks/trade-credit` followed by anything
 * (`/hooks/trade-credit%00` is not under the plugin's prefix, and Express would answer it an HTML 404), and Medusa's
 * `/hooks/payment/<provider>` for the plugin's providers, whose identifiers start with `trade-credit`
 * (`trade-credit_default`, `trade-credit-plan_default`, whatever id medusa-config gives them): Medusa's route decodes
 * `:provider` and answers a broken escape 500. Other providers' webhook URLs are left to Medusa.
 */
const WEBHOOK_PATHS = /^\/hooks\/(?:payment\/)?trade-credit/i

/**
 * Whether `path` is Medusa's webhook URL of a provider of the plugin with escapes in the provider's name
 * (`/hooks/payment/trade-credit%5Fdefault`): Express matches routes on the path as sent, so the plugin's receiver
 * (payment-hook.ts) does not answer it, and Medusa's route would take the delivery and drop it (the providers act on
 * no payment webhook of Medusa's). Refused instead, so that the sender retries and the merchant sees it.
 */
function escapedProviderHook(path: string): boolean {
  const segment = /^\/hooks\/payment\/([^/]*%[^/]*)/i.exec(path)?.[1]
  if (!segment) return false
  try {
    return /^trade-credit/i.test(decodeURIComponent(segment))
  } catch {
    // Whose name it is cannot be read: Medusa's, unless it starts as the plugin's (WEBHOOK_PATHS).
    return false
  }
}

/** Matcher "/" without a method: Medusa sorts root middlewares before every route and route middleware. */
export const malformedPathMiddlewares: MiddlewareRoute[] = [{ matcher: "/", middlewares: [refuseMalformedPath] }]

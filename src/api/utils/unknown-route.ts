import { readdirSync } from "node:fs"
import path from "node:path"
import {
  HTTP_METHODS,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  type MiddlewareRoute,
} from "@medusajs/framework/http"
import { Codes } from "../errors/codes"
import { quote } from "../errors/quote"
import { RouteError } from "../errors/route-error"
import { answersErrorsOf, LEGACY_WEBHOOK_PATHS } from "./plugin-paths"

/**
 * A request under the plugin's prefixes that no route of the plugin handles would fall through to Express's final
 * handler, which answers an HTML page ("Cannot POST ..."). This answers it in the plugin's shape instead (and so
 * for Medusa's webhook URL of the plugin's provider, `/hooks/payment/trade-credit_default`, POST only): 405
 * TRADE_CREDIT_METHOD_NOT_ALLOWED (with `Allow`) when the path is a route for other methods, 404
 * TRADE_CREDIT_ROUTE_NOT_FOUND when it is none. Medusa registers middlewares before routes and offers no "after
 * every route" hook, so the table of routes is read the way Medusa's own routes loader reads it: the `route.ts` (or
 * built `route.js`) files under the plugin's api folder and the HTTP methods each exports, once, on the first request.
 */

export type RouteTable = { pattern: RegExp; matcher: string; methods: string[] }[]

/** `/store/trade-credit/carts/[id]/pre-check` → `^/store/trade-credit/carts/[^/]+/pre-check/?$` (Express:
 * case-insensitive, a trailing slash allowed). */
export function patternOf(matcher: string): RegExp {
  const source = matcher
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")
  return new RegExp(`^${source}/?$`, "i")
}

/** The routes under `apiDir`, as Medusa's routes loader finds them (folders starting with "_" are not routes). */
export function readRouteTable(apiDir: string, load: (file: string) => Record<string, unknown> = require): RouteTable {
  const table: RouteTable = []
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_"))
          walk(path.join(dir, entry.name), [...segments, entry.name.replace(/^\[(\w+)\]$/, ":$1")])
      } else if (/^route\.(ts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const exported = load(path.join(dir, entry.name))
        const methods = HTTP_METHODS.filter((method) => typeof exported[method] === "function")
        const matcher = `/${segments.join("/")}`
        if (methods.length) table.push({ pattern: patternOf(matcher), matcher, methods: [...methods] })
      }
    }
  }
  walk(apiDir, [])
  return table
}

/** The methods the plugin's routes allow at `path`: undefined when no route of the plugin is at that path. */
export function allowedMethods(table: RouteTable, requestPath: string): string[] | undefined {
  const methods = table.filter((route) => route.pattern.test(requestPath)).flatMap((route) => route.methods)
  return methods.length ? [...new Set(methods)] : undefined
}

/**
 * The root middleware: 404 or 405 for a plugin path that no route of the plugin answers; anything else goes on.
 * `readTable` is called once, on the first request under the plugin's prefixes (Medusa has loaded every route by then).
 */
export function refuseUnknownRoutes(readTable: () => RouteTable) {
  let table: RouteTable | undefined
  return function refuseUnknownRoute(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
    if (!answersErrorsOf(req.path) || req.method === "OPTIONS") return next()
    table ??= readTable()
    const allowed = allowedMethods(table, req.path)
    if (!allowed)
      return next(
        new RouteError(Codes.TRADE_CREDIT_ROUTE_NOT_FOUND, `No route of the trade credit plugin at ${quote(req.path)}`),
      )
    const method = req.method === "HEAD" ? "GET" : req.method
    if (allowed.includes(method)) return next()
    return next(
      new RouteError(
        Codes.TRADE_CREDIT_METHOD_NOT_ALLOWED,
        `${quote(req.path)} does not answer ${method}; it answers ${allowed.join(", ")}`,
        {
          Allow: allowed.join(", "),
        },
      ),
    )
  }
}

/** The plugin's api folder: src/api, or .medusa/server/src/api once built. */
export const API_DIR = path.resolve(__dirname, "..")

/** Matcher "/" without a method: Medusa sorts root middlewares before every route and route middleware. */
export const unknownRouteMiddlewares: MiddlewareRoute[] = [
  { matcher: "/", middlewares: [refuseUnknownRoutes(() => [...readRouteTable(API_DIR), ...legacyWebhookRoutes])] },
]

/** Medusa's `POST /hooks/payment/:provider` at the plugin provider's URL. */
export const legacyWebhookRoutes: RouteTable = LEGACY_WEBHOOK_PATHS.map((matcher) => ({
  pattern: patternOf(matcher),
  matcher,
  methods: ["POST"],
}))

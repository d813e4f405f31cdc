import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { CompanySearchResult } from "../../../../service/schemas/company"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../../modules/trade-credit"
import { shortCache } from "../../../utils/short-cache"
import { describeServiceFailure, serviceFailureError } from "../../../utils/service-failure"
import type { CompanySearchParams } from "./validators"
import { errorIds, logLine } from "../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../medusa/plugin-logger"

/** How long a search answer is kept: long enough for an autocomplete's repeated prefixes, short enough to stay current.
 * */
export const COMPANY_SEARCH_CACHE_SECONDS = 60

/**
 * `GET /store/trade-credit/companies?country=GB&q=acme&limit=10` (publishable
 * key): the service's company search, for the checkout's autocomplete. Each
 * item's `canonical_id` goes into the payment session as
 * `company: {company_canonical_id}`. `highlight` marks the matched part with
 * `<mark>` (escape everything else before showing it as HTML).
 *
 * Answers are cached for a minute per (country, query, limit), and the route
 * is rate-limited per customer or address (see storefront-middlewares.ts).
 * The service unreachable: 503 TRADE_CREDIT_UNAVAILABLE with Retry-After (the
 * storefront offers manual entry of the company instead).
 */
export async function GET(req: MedusaRequest<unknown, CompanySearchParams>, res: MedusaResponse) {
  const params = req.validatedQuery
  const key = `${params.country}|${params.limit}|${params.q.toLowerCase()}`
  const cache = shortCache(req.scope, "company-search")
  const cached = await cache.get<CompanySearchResult>(key)
  if (cached) {
    res.setHeader("X-Trade-Credit-Cache", "hit")
    return res.json(answerOf(params, cached))
  }
  const client = req.scope.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE).getClient()
  let result: CompanySearchResult
  try {
    result = await client.companies.search({ country: params.country, q: params.q, limit: params.limit })
  } catch (error) {
    const refusal = serviceFailureError(error, "search companies")
    if (!refusal) throw error
    // The buyer's answer names no path or trace id of the service; the log does.
    logLine(
      pluginLoggerOf(req.scope),
      "warn",
      `Trade credit company search failed: ${refusal.code}: ${describeServiceFailure(error)}`,
      {
        code: refusal.code,
        trace_id: errorIds(error).trace_id,
      },
    )
    throw refusal
  }
  await cache.set(key, result, COMPANY_SEARCH_CACHE_SECONDS)
  res.setHeader("X-Trade-Credit-Cache", "miss")
  res.json(answerOf(params, result))
}

const answerOf = (params: { country: string; q: string; limit: number }, result: CompanySearchResult) => ({
  country: params.country,
  q: params.q,
  items: result.items.slice(0, params.limit).map((item) => ({
    canonical_id: item.canonical_id,
    name: item.name,
    country: item.country,
    national_identifier: item.national_identifier,
    highlight: item.highlight,
  })),
})

import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { searchCompanies } from "../../../../use-cases/company-search"
import { CompanyIdentities } from "../../../../use-cases/plan-check-reuse"
import { shortCache } from "../../../utils/short-cache"
import { checkoutDepsOf } from "../checkout-deps"
import type { CompanySearchParams } from "./validators"

/**
 * `GET /store/trade-credit/companies?country=GB&q=acme&limit=10` (publishable key): the service's company search, for
 * the checkout's autocomplete (use-cases/company-search.ts). `highlight` marks the matched part with `<mark>` (escape
 * everything else before showing it as HTML).
 *
 * Answers are cached for a minute per (country, query, limit), and the route is rate-limited per customer or address
 * (see storefront-middlewares.ts). The service unreachable: 503 TRADE_CREDIT_UNAVAILABLE with Retry-After (the
 * storefront offers manual entry of the company instead).
 */
export async function GET(req: MedusaRequest<unknown, CompanySearchParams>, res: MedusaResponse) {
  const deps = checkoutDepsOf(req)
  const { cache, answer } = await searchCompanies(
    { ...deps, cache: shortCache(req.scope, "company-search"), identities: new CompanyIdentities(deps.kept) },
    req.validatedQuery,
  )
  res.setHeader("X-Trade-Credit-Cache", cache)
  res.json(answer)
}

import type { TradeCreditClient } from "../client/index"
import type { CompanySearchResult } from "../service/schemas/company"
import type { ServiceCall } from "./deps"
import type { AnswerCache } from "./answer-cache"
import type { CompanyIdentities } from "./plan-check-reuse"

/** How long a search answer is kept: long enough for an autocomplete's repeated prefixes, short enough to stay current.
 * */
export const COMPANY_SEARCH_CACHE_SECONDS = 60

export type CompanySearchDeps = {
  client: Pick<TradeCreditClient, "companies">
  cache: AnswerCache
  call: ServiceCall
  /** Where the companies answered are kept by canonical id, for the instalment credit check (plan-check-reuse.ts). */
  identities?: CompanyIdentities
}

export type CompanySearchParams = { country: string; q: string; limit: number }

/** The store's answer: the matches, as a checkout's autocomplete shows them. */
export type CompanySearchAnswer = {
  country: string
  q: string
  items: Pick<
    CompanySearchResult["items"][number],
    "canonical_id" | "name" | "country" | "national_identifier" | "highlight"
  >[]
}

/**
 * The service's company search for the checkout's autocomplete, each answer kept a minute per (country, query,
 * limit): `cache` says whether this one was. Each item's `canonical_id` goes into the payment session as
 * `company: {company_canonical_id}`; `highlight` marks the matched part with `<mark>`.
 */
export async function searchCompanies(
  deps: CompanySearchDeps,
  params: CompanySearchParams,
): Promise<{ cache: "hit" | "miss"; answer: CompanySearchAnswer }> {
  const key = `${params.country}|${params.limit}|${params.q.toLowerCase()}`
  const cached = await deps.cache.get<CompanySearchResult>(key)
  // A cached answer's companies were kept when it was asked (in the module's table, for every instance).
  if (cached) return { cache: "hit", answer: answerOf(params, cached) }
  const result = await deps.call("search companies", () =>
    deps.client.companies.search({ country: params.country, q: params.q, limit: params.limit }),
  )
  await deps.cache.set(key, result, COMPANY_SEARCH_CACHE_SECONDS)
  await deps.identities?.rememberSearch(result.items)
  return { cache: "miss", answer: answerOf(params, result) }
}

const answerOf = (params: CompanySearchParams, result: CompanySearchResult): CompanySearchAnswer => ({
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

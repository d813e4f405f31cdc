import { z } from "@medusajs/framework/zod"

/** Results per search unless `limit` says otherwise (an autocomplete shows a handful). */
export const DEFAULT_SEARCH_LIMIT = 10
export const MAX_SEARCH_LIMIT = 25

/**
 * `GET /store/trade-credit/companies?country=GB&q=acme&limit=10`: the query of
 * the company search (the service's own rules: q 1-100 characters; a smaller
 * maximum for limit, as a storefront shows a short list).
 */
export const CompanySearchParams = z
  .object({
    country: z
      .string({ error: "country is required: the ISO 3166-1 alpha-2 code of the buyer's country, e.g. GB" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code, e.g. GB")
      .transform((s) => s.toUpperCase()),
    q: z
      .string({ error: "q is required: part of the company's name or number" })
      .transform((s) => s.replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, "q must not be empty").max(100, "q must be at most 100 characters")),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
      .max(MAX_SEARCH_LIMIT, `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
      .default(DEFAULT_SEARCH_LIMIT),
  })
  .strict()
export type CompanySearchParams = z.output<typeof CompanySearchParams>

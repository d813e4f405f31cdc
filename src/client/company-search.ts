import { z } from "@medusajs/framework/zod"
import {
  CompanyDetails,
  CompanySearchQuery,
  type CompanySearchResult,
  companySearchResultOf,
} from "../service/schemas/company"
import { urlPath } from "./http-utils"
import type { Transport } from "./transport"
import { validateRequest } from "./validate"

export type CompanySearchInput = z.input<typeof CompanySearchQuery>

/** Company search (contract section 1): find the buyer's company and its canonical_id. */
export class CompanySearchClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /**
   * GET /companies/v2/company?country=&q=&limit= (`q` optional; limit 1-100, default 15). A result without a country
   * (published optional) is in the searched country.
   */
  async search(query: CompanySearchInput): Promise<CompanySearchResult> {
    const { country, q, limit } = validateRequest(CompanySearchQuery, query, "company search")
    const { data } = await this.#transport.request(
      { method: "GET", path: "/companies/v2/company", query: { country, q, limit } },
      companySearchResultOf(country),
    )
    return data
  }

  /** GET /companies/v2/company/{canonical_id or lookup_id}: the company's canonical id, number and addresses. */
  async get(canonicalId: string): Promise<CompanyDetails> {
    const { data } = await this.#transport.request(
      { method: "GET", path: urlPath`/companies/v2/company/${canonicalId}` },
      CompanyDetails,
    )
    return data
  }
}

import type { CompanyDetails } from "../service/schemas/company"
import type { TradeCreditClient } from "../client/index"
import type { BuyerCompany } from "../service/schemas/order"
import { REPAYMENT_COUNTRIES, type RepaymentAddress } from "../service/schemas/repayment"
import {
  companyKeyOf,
  nationalIdentifierOf,
  repaymentCountryOf,
  type ResolvedCompany,
  tradeNameOf,
} from "../core/plan/repayment-company"
import type { TtlCache } from "../utils/ttl-cache"

/** How long a company's registry details are reused (name, number and registered address rarely change). */
export const COMPANY_DETAILS_TTL_MS = 15 * 60_000

/**
 * The company of the session input: `{company_canonical_id}` is read from the
 * service's company registry (its name, organization number and registered
 * address: one call); `{organization_number, country_prefix, company_name}`
 * is used as given, with the billing address as its official address (the
 * storefront gives no registered address) **(chosen)**. Registry details are
 * kept for a while (`COMPANY_DETAILS_TTL_MS`) when a cache is given.
 */
export async function resolveRepaymentCompany(
  client: Pick<TradeCreditClient, "companies">,
  company: BuyerCompany,
  billingAddress: RepaymentAddress,
  /** Registry answers already read (by canonical id): a returning buyer's company is not read again. */
  cache?: TtlCache<CompanyDetails>,
): Promise<ResolvedCompany> {
  if ("company_canonical_id" in company) {
    const id = company.company_canonical_id
    const details = cache?.get(id) ?? (await client.companies.get(id))
    cache?.set(id, details)
    const registered = details.addresses[0]
    const registeredCountry = registered && REPAYMENT_COUNTRIES.find((c) => c === registered.country)
    const official_address: RepaymentAddress =
      registered && registeredCountry
        ? {
            address_line_1: registered.street_address.slice(0, 255),
            city: registered.city.slice(0, 100),
            postal_code: registered.postal_code.slice(0, 20),
            country_code: registeredCountry,
          }
        : billingAddress
    return {
      trade_name: tradeNameOf(details.name),
      company_name: details.name.slice(0, 255),
      official_address,
      country_code: repaymentCountryOf(details.country),
      national_identifier: nationalIdentifierOf(details.organization_number),
      company_key: companyKeyOf(details.country, details.organization_number),
    }
  }
  const name = company.company_name ?? ""
  return {
    trade_name: tradeNameOf(name),
    company_name: name,
    official_address: billingAddress,
    country_code: repaymentCountryOf(company.country_prefix),
    national_identifier: nationalIdentifierOf(company.organization_number),
    company_key: companyKeyOf(company.country_prefix, company.organization_number),
  }
}

import type { CompanyDetails, TradeCreditClient } from "../../../client"
import type { BuyerCompany, RepaymentAddress, RepaymentBuyerCompany } from "../../../service/schemas"
import type { TtlCache } from "./ttl-cache"

/** The buyer's company as the repayment interface names it, with the key the plugin files its account under. */
export type ResolvedCompany = RepaymentBuyerCompany & {
  /** "GB-08123456": country and organization number (spaces and dashes left out, as the service compares them). */
  company_key: string
}

/** How long a company's registry details are reused (name, number and registered address rarely change). */
export const COMPANY_DETAILS_TTL_MS = 15 * 60_000

const normaliseNumber = (value: string) => value.replace(/[\s-]/g, "").toUpperCase()

export const companyKeyOf = (country: string, nationalIdentifier: string) =>
  `${country.toUpperCase()}-${normaliseNumber(nationalIdentifier)}`

/**
 * The company of the session input: `{company_canonical_id}` is read from the
 * service's company registry (its name, organization number and registered
 * address: one call); `{organization_number, country_prefix, company_name}`
 * is used as given, with the billing address as its official address (the
 * storefront gives no registered address) **(chosen)**. Registry details are
 * kept for a while (`COMPANY_DETAILS_TTL_MS`) when a cache is given.
 */
export async function resolveRepaymentCompany(
  client: TradeCreditClient,
  company: BuyerCompany,
  billingAddress: RepaymentAddress,
  /** Registry answers already read (by canonical id): a returning buyer's company is not read again. */
  cache?: TtlCache<CompanyDetails>
): Promise<ResolvedCompany> {
  if ("company_canonical_id" in company) {
    const id = company.company_canonical_id
    const details = cache?.get(id) ?? (await client.companies.get(id))
    cache?.set(id, details)
    const registered = details.addresses[0]
    const official_address: RepaymentAddress = registered
      ? {
          address_line_1: registered.street_address.slice(0, 255),
          city: registered.city.slice(0, 100),
          postal_code: registered.postal_code.slice(0, 20),
          country_code: registered.country,
        }
      : billingAddress
    return {
      trade_name: details.name.slice(0, 255),
      official_address,
      country_code: details.country,
      national_identifier: details.organization_number,
      company_key: companyKeyOf(details.country, details.organization_number),
    }
  }
  return {
    trade_name: company.company_name,
    official_address: billingAddress,
    country_code: company.country_prefix,
    national_identifier: company.organization_number,
    company_key: companyKeyOf(company.country_prefix, company.organization_number),
  }
}

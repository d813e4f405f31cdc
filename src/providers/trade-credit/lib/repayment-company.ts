import type { CompanyDetails, TradeCreditClient } from "../../../client"
import { type BuyerCompany, REPAYMENT_COUNTRIES, type RepaymentAddress, type RepaymentBuyerCompany } from "../../../service/schemas"
import { PayloadError } from "../payload/errors"
import type { TtlCache } from "./ttl-cache"
import { quote } from "../../../utils/quote"

/** The buyer's company as the repayment interface names it, with the key the plugin files its account under. */
export type ResolvedCompany = RepaymentBuyerCompany & {
  /** The company's name as registered (the credit check's `company_name`); `trade_name` is derived from it. */
  company_name: string
  /** "GB-08123456": country and organization number (spaces and dashes left out, as the service compares them). */
  company_key: string
}

/** How long a company's registry details are reused (name, number and registered address rarely change). */
export const COMPANY_DETAILS_TTL_MS = 15 * 60_000

const normaliseNumber = (value: string) => value.replace(/[\s-]/g, "").toUpperCase()

export const companyKeyOf = (country: string, nationalIdentifier: string) =>
  `${country.toUpperCase()}-${normaliseNumber(nationalIdentifier)}`

const MAX_IDENTIFIER = 40

/**
 * A `trade_name` the interface takes (`[A-Za-z0-9_-]`, 1 to 40) from a company
 * name: accents dropped, "&" as "and", every run of other characters one "-",
 * cut at 40 ("ACME Industrial & Co. Ltd" → "ACME-Industrial-and-Co-Ltd").
 */
export function tradeNameOf(companyName: string): string {
  const ascii = companyName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
  const name = ascii
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_IDENTIFIER)
    .replace(/-+$/, "")
  if (!name) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `The company name "${quote(companyName)}" has no letters or digits to name it by`,
      "company.company_name"
    )
  }
  return name
}

/** An organization number as the interface's `national_identifier`: spaces left out, `[A-Za-z0-9_-]` 1 to 40. */
export function nationalIdentifierOf(organizationNumber: string): string {
  const value = organizationNumber.replace(/\s+/g, "")
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `The organization number "${quote(organizationNumber)}" cannot be sent: use letters, digits, "-" and "_" only (at most 40)`,
      "company.organization_number"
    )
  }
  return value
}

function repaymentCountryOf(country: string): RepaymentBuyerCompany["country_code"] {
  const code = REPAYMENT_COUNTRIES.find((c) => c === country.toUpperCase())
  if (!code) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `Trade credit instalments serve companies in ${REPAYMENT_COUNTRIES.join(", ")}, not ${quote(country)}`,
      "company.country_prefix"
    )
  }
  return code
}

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

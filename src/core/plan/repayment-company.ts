import { REPAYMENT_COUNTRIES, type RepaymentBuyerCompany } from "../../service/schemas/repayment"
import { PayloadError } from "../order/errors"
import { quote } from "../../utils/quote"

/** The buyer's company as the repayment interface names it, with the key the plugin files its account under. */
export type ResolvedCompany = RepaymentBuyerCompany & {
  /** The company's name as registered (the credit check's `company_name`); `trade_name` is derived from it. */
  company_name: string
  /** "GB-08123456": country and organization number (spaces and dashes left out, as the service compares them). */
  company_key: string
}

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
      "company.company_name",
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
      `The organization number "${quote(organizationNumber)}" cannot be sent: ` +
        `use letters, digits, "-" and "_" only (at most 40)`,
      "company.organization_number",
    )
  }
  return value
}

export function repaymentCountryOf(country: string): RepaymentBuyerCompany["country_code"] {
  const code = REPAYMENT_COUNTRIES.find((c) => c === country.toUpperCase())
  if (!code) {
    throw new PayloadError(
      "BUYER_DETAILS_MISSING",
      `Trade credit instalments serve companies in ${REPAYMENT_COUNTRIES.join(", ")}, not ${quote(country)}`,
      "company.country_prefix",
    )
  }
  return code
}

import { z } from "@medusajs/framework/zod"
import { CountryCode } from "./common"

/** Company search (contract section 1). */
export const CompanySearchQuery = z.object({
  country: CountryCode,
  /** Optional (company-api `GET /company`): without it the service lists the country's companies. */
  q: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(15),
})
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>

/** The published `CompanyIdentifierType` values (a value added later is still read, as a string). */
export const COMPANY_IDENTIFIER_TYPES = [
  "ENIGMA_CONNECT_ID", "AT_FN", "BE_CBE", "CH_UID", "CZ_ICO", "DE_HRB", "DK_CVR", "EE_RGK", "ES_CIF", "FI_YTJ",
  "FR_SIREN", "FR_SIRET", "GB_CRN", "GR_GEMI", "IE_CRO", "IT_REA", "LT_IK", "LV_UR", "NL_KVK", "NO_BRREG", "PL_KRS",
  "RO_CUI", "SE_ORGNR", "US_EIN", "US_DUNS", "TWO",
] as const

/**
 * One search result. `canonical_id` (interfaces.md) is what the plugin keeps; `lookup_id`, `company_type` and
 * `status` are the published fields, read but not required (liberal in what the client accepts).
 */
export const CompanySearchItem = z.object({
  name: z.string(),
  canonical_id: z.string(),
  lookup_id: z.string().optional(),
  country: CountryCode,
  national_identifier: z.object({ type: z.string(), id: z.string() }),
  company_type: z.string().optional(),
  status: z.string().nullable().optional(),
  highlight: z.string(),
})
export type CompanySearchItem = z.infer<typeof CompanySearchItem>

export const CompanySearchResult = z.object({ items: z.array(CompanySearchItem) })
export type CompanySearchResult = z.infer<typeof CompanySearchResult>

export const CompanyAddress = z.object({
  street_address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: CountryCode,
})

export const CompanyDetails = z.object({
  canonical_id: z.string(),
  name: z.string(),
  country: CountryCode,
  organization_number: z.string(),
  addresses: z.array(CompanyAddress),
})
export type CompanyDetails = z.infer<typeof CompanyDetails>

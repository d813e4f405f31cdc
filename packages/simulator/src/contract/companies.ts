import { z } from "zod"
import { CountryCode } from "./common"

/** Company search (contract.md section 1, with section 8), as the simulator reads it. */

export const CompanySearchQuery = z.object({
  country: CountryCode,
  q: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(15),
})
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>

/** The published `CompanyIdentifierType` values. */
export const COMPANY_IDENTIFIER_TYPES = [
  "ENIGMA_CONNECT_ID",
  "AT_FN",
  "BE_CBE",
  "CH_UID",
  "CZ_ICO",
  "DE_HRB",
  "DK_CVR",
  "EE_RGK",
  "ES_CIF",
  "FI_YTJ",
  "FR_SIREN",
  "FR_SIRET",
  "GB_CRN",
  "GR_GEMI",
  "IE_CRO",
  "IT_REA",
  "LT_IK",
  "LV_UR",
  "NL_KVK",
  "NO_BRREG",
  "PL_KRS",
  "RO_CUI",
  "SE_ORGNR",
  "US_EIN",
  "US_DUNS",
  "TWO",
] as const
export type CompanyIdentifierType = (typeof COMPANY_IDENTIFIER_TYPES)[number]

/** The published `CompanyType` values. */
export const COMPANY_TYPES = [
  "SOLE_TRADER",
  "GOVERNMENT",
  "UNDEFINED",
  "PUBLIC_LIMITED_COMPANY",
  "PRIVATE_LIMITED_COMPANY",
  "REGISTERED_PARTNERSHIP",
  "REGISTERED_SOCIETY",
] as const
export type CompanyType = (typeof COMPANY_TYPES)[number]

export const CompanyAddress = z.object({
  street_address: z.string().min(1),
  city: z.string().min(1),
  postal_code: z.string().min(1),
  country: CountryCode,
})
export type CompanyAddress = z.infer<typeof CompanyAddress>

export type CompanySearchItem = {
  name: string
  canonical_id: string
  lookup_id: string
  country: string
  national_identifier: { type: CompanyIdentifierType; id: string }
  company_type: CompanyType
  status: string
  highlight: string
}

export type CompanyDetails = {
  canonical_id: string
  name: string
  country: string
  organization_number: string
  addresses: CompanyAddress[]
}

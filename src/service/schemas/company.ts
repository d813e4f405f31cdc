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

/** A country as company search answers may give it: a code (any case), or nothing. `undefined` when not a code. */
const countryRead = z
  .string()
  .nullish()
  .transform((value) => {
    const code = value?.trim().toUpperCase()
    return code && /^[A-Z]{2}$/.test(code) ? code : undefined
  })

/**
 * One search result as the service answers it (published `SearchCompanyInstance`, plus the seed's `canonical_id`).
 * `canonical_id` (interfaces.md: "carries canonical_id") is what the plugin keeps, and the one field it refuses to go
 * without: a result it could not send on an order is no result. Everything else is read as the documents allow:
 * `country` and `national_identifier` may be null or absent (the client then gives the searched country, and no
 * identifier), `lookup_id`, `company_type`, `status`, `highlight` anything or nothing, unknown fields ignored.
 */
export const CompanySearchItemAnswer = z.object({
  name: z.string(),
  canonical_id: z.string().min(1),
  lookup_id: z.string().nullish(),
  country: countryRead,
  national_identifier: z
    .object({ type: z.string(), id: z.string() })
    .nullish()
    .transform((value) => value ?? null),
  company_type: z.string().nullish(),
  status: z.string().nullish(),
  highlight: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
})

/** The search's answer, each result's country the searched one when the service gives none. */
export const companySearchResultOf = (searchedCountry: string) =>
  z.object({
    items: z.array(
      CompanySearchItemAnswer.transform((item) => ({ ...item, country: item.country ?? searchedCountry })),
    ),
  })

export const CompanySearchResult = companySearchResultOf("")
export type CompanySearchResult = z.infer<typeof CompanySearchResult>
export type CompanySearchItem = CompanySearchResult["items"][number]

/** A registered address of the company (contract section 1): kept only when whole. */
export const CompanyAddress = z.object({
  street_address: z.string().min(1),
  city: z.string().min(1),
  postal_code: z.string().min(1),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
})
export type CompanyAddress = z.infer<typeof CompanyAddress>

/**
 * GET /companies/v2/company/{id}. The published `CompanyDetailsResponse` is a bare object; the seed's "identify the
 * business" promises its identity: `canonical_id`, `organization_number`, `country`, `name`, read as strings (the
 * country upper case). `addresses` (contract section 1, not promised) may be absent, null or partial: only whole
 * addresses are kept (none: the plugin uses the billing address). Unknown fields are ignored.
 */
export const CompanyDetails = z.object({
  canonical_id: z.string().min(1),
  name: z.string(),
  country: z
    .string()
    .min(1)
    .transform((c) => c.trim().toUpperCase()),
  organization_number: z.string().min(1),
  addresses: z
    .array(z.unknown())
    .nullish()
    .transform((addresses) =>
      (addresses ?? []).flatMap((address) => {
        const whole = CompanyAddress.safeParse(address)
        return whole.success ? [whole.data] : []
      }),
    ),
})
export type CompanyDetails = z.infer<typeof CompanyDetails>

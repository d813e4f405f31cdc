import { z } from "@medusajs/framework/zod"
import { CountryCode } from "./common"

/** Company search (contract section 1). */
export const CompanySearchQuery = z.object({
  country: CountryCode,
  q: z.string().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(100).default(15),
})
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>

export const CompanySearchItem = z.object({
  name: z.string(),
  canonical_id: z.string(),
  country: CountryCode,
  national_identifier: z.object({ type: z.string(), id: z.string() }),
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

import { z } from "zod"
import { CountryCode, Email, IsoDate } from "./common"

/**
 * The simulator's own reading of business registration and autofill (contract.md section 5, with its section 8
 * corrections; published business-registration-api.yaml and autofill-api.yaml). Written from those documents alone:
 * nothing here comes from the plugin's schemas. Request bodies are read as the published schemas read them (unknown
 * keys ignored, absent optional fields given their published defaults); answers are typed for the handlers.
 */

/** Delegation tokens last one hour. */
export const DELEGATION_TOKEN_TTL_MS = 60 * 60 * 1000
/** Registration is for UK and US sole traders (interfaces.md). */
export const REGISTRATION_COUNTRIES = ["GB", "US"] as const
/** What personal fields of a decided proposal read. */
export const REDACTED = "[redacted]"
/** Evidence: at most 10 MB, PDF, PNG or JPEG **(chosen)**. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024
export const EVIDENCE_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const

const text = (max = 255) => z.string().trim().min(1).max(max)
const optionalText = (max = 255) => text(max).nullable().optional()

/** The merchant's id for the buyer **(chosen)**. */
export const BuyerReference = z.string().min(1).max(255)

// --- delegation: absent flags take the published defaults ---------------------------------------------------------

export const RegistryDelegationBody = z.object({
  verify_returning_buyer: z.boolean().default(true),
  create_proposal: z.boolean().default(true),
  buyer_reference: BuyerReference.optional(),
})

export const AutofillDelegationBody = z.object({
  read_current_buyer: z.boolean().default(true),
  write_current_buyer: z.boolean().default(false),
  delete_current_buyer: z.boolean().default(false),
  buyer_reference: BuyerReference.optional(),
})

// --- autofill ------------------------------------------------------------------------------------------------------

/** autofill-api `AddressSchema`: every field optional (null when absent). */
export const AutofillAddress = z.object({
  organization_name: z.string().nullable().default(null),
  apartment: z.string().nullable().default(null),
  building: z.string().nullable().default(null),
  street: z.string().nullable().default(null),
  postal_code: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  region: z.string().nullable().default(null),
  country: CountryCode.nullable().default(null),
})
export type AutofillAddress = z.infer<typeof AutofillAddress>

const buyerFields = {
  company_name: text().optional(),
  country_code: CountryCode.nullable().default(null),
  organization_number: text(50).nullable().default(null),
  first_name: z.string().nullable().default(null),
  last_name: z.string().nullable().default(null),
  email: Email.nullable().default(null),
  phone_number: z.string().nullable().default(null),
  billing_address: AutofillAddress.nullable().default(null),
  shipping_address: AutofillAddress.nullable().default(null),
}

/** POST /autofill/v1/buyer/current: `persistent` required, everything else optional. */
export const AutofillWriteBody = z.object({ persistent: z.boolean(), ...buyerFields })

/** What GET /autofill/v1/buyer/current answers (`company_name` left out when none was saved). */
export const AutofillBuyer = z.object(buyerFields)
export type AutofillBuyer = z.infer<typeof AutofillBuyer>

export const AutofillQuery = z.object({ buyer_reference: BuyerReference })

// --- returning buyers ----------------------------------------------------------------------------------------------

const VerificationType = z.literal("EMAIL").optional()

export const ReturningBuyerStartBody = z.object({ email: Email, verification_type: VerificationType })
/** `email` required here **(chosen)**; the code six digits **(chosen)**. */
export const ReturningBuyerCodeBody = z.object({
  email: Email,
  code: z.string().regex(/^\d{6}$/, "code must be six digits"),
  verification_type: VerificationType,
})

/** A business as returning-buyer verification and matches give it. */
export type Business = { company_name: string; country_code: string; organization_number: string }
export type ReturningBuyerResult = { business: Business; total_matches: number }

// --- proposals -----------------------------------------------------------------------------------------------------

const RegistrationCountry = z.enum(REGISTRATION_COUNTRIES, {
  error: (issue) =>
    `Business registration is limited to UK (GB) and US sole traders: ${JSON.stringify(issue.input)} is not supported`,
})

/** `BusinessAddressSchema`: building and street both required and non-empty. */
const BusinessAddress = z.object({
  apartment: optionalText(100),
  building: text(100),
  street: text(),
  postal_code: text(20),
  city: text(100),
  region: optionalText(100),
  country_code: CountryCode,
})

/** `AddressHistorySchema`: the current address first, without `date_until`. */
const AddressHistoryEntry = BusinessAddress.extend({ date_from: IsoDate, date_until: IsoDate.nullable().optional() })

const NationalIdentityNumber = z.object({ identity_number_type: text(50), identity_number: text(100) })

/** `PersonalDetailsSchema`: `address_history` required (may be empty), email and phone optional. */
const ProprietorDetails = z.object({
  title: optionalText(50),
  first_name: text(100),
  middle_names: optionalText(100),
  last_name: text(100),
  date_of_birth: IsoDate,
  email: Email.nullable().optional(),
  phone: text(30).nullable().optional(),
  address_history: z.array(AddressHistoryEntry),
  national_identity_numbers: z.array(NationalIdentityNumber).nullable().optional(),
})

/** `ProposedSoleTraderRequestSchema`. Another country than GB or US: 400. */
const ProposedSoleTrader = z
  .object({
    business_type: z.literal("SOLE_TRADER").default("SOLE_TRADER"),
    country_code: RegistrationCountry,
    trading_name: text(),
    email: Email,
    phone: text(30),
    website: optionalText(),
    tax_number: optionalText(50),
    business_address: BusinessAddress,
    proprietor_details: ProprietorDetails,
  })
  .refine((b) => b.business_address.country_code === b.country_code, {
    message: "business_address.country_code must be the proposal's country_code",
    path: ["business_address", "country_code"],
  })

export const ProposalCreateBody = z.object({ proposed_business: ProposedSoleTrader })
export type ProposalCreateBody = z.infer<typeof ProposalCreateBody>

/** POST .../submission: optional `{initiation_method}` (`VerificationConfigurationSchema`). */
export const SubmissionBody = z.object({ initiation_method: z.enum(["EMAIL", "REDIRECT"]).optional() })

export const PROPOSAL_STATUSES = ["DRAFT", "SUBMITTED", "IN_REVIEW", "ACCEPTED", "DECLINED", "WITHDRAWN"] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

type WireBusinessAddress = {
  apartment: string | null
  building: string
  street: string
  postal_code: string
  city: string
  region: string | null
  country_code: string
}

export type WireProprietorDetails = z.infer<typeof ProprietorDetails>

/** `proposed_business` as answers carry it; `proprietor_details` null once the proposal is decided. */
export type ProposedBusinessAnswer = {
  business_type: "SOLE_TRADER"
  country_code: string
  trading_name: string
  email: string
  phone: string
  website: string | null
  tax_number: string | null
  business_address: WireBusinessAddress
  proprietor_details: WireProprietorDetails | null
}

/** `BusinessSchema`: the business an ACCEPTED proposal enrolled. */
export type EnrolledBusiness = {
  id: string
  business_type: "SOLE_TRADER"
  organization_number: string
  trading_name: string
  country_code: string
  email: string
  phone: string
  website: string | null
  tax_number: string | null
  business_address: WireBusinessAddress
}

export type Proposal = {
  id: string
  status: ProposalStatus
  proposed_business: ProposedBusinessAnswer
  enrolled_business: EnrolledBusiness | null
}

export type Evidence = { id: string; proposal_id: string; file_name: string; content_type: string; size: number }

/** `VerificationSkippedSchema`: the answer of the submission. */
export type SubmissionAnswer = { initiation_method: "SKIP"; proposal_id: string }

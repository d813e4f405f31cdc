import { z } from "@medusajs/framework/zod"
import { CountryCode, Email, PhoneNumber } from "./common"
import { Address } from "./order"

/**
 * Business registration and autofill (contract section 5): delegation tokens,
 * the current buyer of autofill, returning-buyer verification and matches,
 * proposals and their evidence. The enrollment webhooks are in webhook.ts.
 */

/** Delegation tokens last one hour (contract section 5). */
export const DELEGATION_TOKEN_TTL_MS = 60 * 60 * 1000
/** Business registration is limited to UK and US sole traders (interfaces.md). */
export const REGISTRATION_COUNTRIES = ["GB", "US"] as const
export const RegistrationCountry = z.enum(REGISTRATION_COUNTRIES, {
  error: (issue) =>
    `Business registration is limited to UK (GB) and US sole traders: country_code ${JSON.stringify(issue.input)} is not supported`,
})
export type RegistrationCountry = z.infer<typeof RegistrationCountry>

/** What personal fields of a decided proposal read (contract section 5). */
export const REDACTED = "[redacted]"
/** Evidence: at most 10 MB, PDF, PNG or JPEG **(chosen)**. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024
export const EVIDENCE_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const

/** The merchant's id for the buyer (e.g. the Medusa customer id) **(chosen)**. */
export const BuyerReference = z.string().min(1).max(255)

// --- delegation -------------------------------------------------------------

/** POST /registry/v1/delegation → 201 `{}`, the token in the Service-Delegated-Authority-Token header. */
export const RegistryDelegationRequest = z.object({
  verify_returning_buyer: z.boolean(),
  create_proposal: z.boolean(),
  buyer_reference: BuyerReference.optional(),
})
export type RegistryDelegationRequest = z.infer<typeof RegistryDelegationRequest>

/** POST /autofill/v1/delegation → 201 `{}`, the token in the same header. */
export const AutofillDelegationRequest = z.object({
  read_current_buyer: z.boolean(),
  write_current_buyer: z.boolean(),
  buyer_reference: BuyerReference.optional(),
})
export type AutofillDelegationRequest = z.infer<typeof AutofillDelegationRequest>

/** The 201 body of a delegation, and of the returning-buyer verification POST. */
export const EmptyAnswer = z.object({})

// --- businesses and autofill ------------------------------------------------

/** A business as returning-buyer verification and matches give it. */
export const Business = z.object({
  company_name: z.string().min(1).max(255),
  country_code: CountryCode,
  organization_number: z.string().min(1).max(50),
})
export type Business = z.infer<typeof Business>

/**
 * The current buyer of autofill (GET and POST /autofill/v1/buyer/current). The
 * business is required; the person and the addresses may be null **(chosen)**.
 * Addresses have the order interface's shape, so a storefront can use them as
 * an order's billing and shipping address.
 */
export const AutofillBuyer = Business.extend({
  first_name: z.string().min(1).max(100).nullable().default(null),
  last_name: z.string().min(1).max(100).nullable().default(null),
  email: Email.nullable().default(null),
  phone_number: PhoneNumber.nullable().default(null),
  billing_address: Address.nullable().default(null),
  shipping_address: Address.nullable().default(null),
})
export type AutofillBuyer = z.infer<typeof AutofillBuyer>
export type AutofillBuyerInput = z.input<typeof AutofillBuyer>

/** `?buyer_reference=` names the record when the API key (not a token) reads or writes autofill. */
export const AutofillQuery = z.object({ buyer_reference: BuyerReference })

// --- returning buyers -------------------------------------------------------

export const ReturningBuyerVerificationRequest = z.object({ email: Email })
export type ReturningBuyerVerificationRequest = z.infer<typeof ReturningBuyerVerificationRequest>

/** The code sent by email: six digits **(chosen)**. */
export const VerificationCode = z.string().regex(/^\d{6}$/, "code must be six digits")

export const ReturningBuyerCodeRequest = z.object({ email: Email, code: VerificationCode })
export type ReturningBuyerCodeRequest = z.infer<typeof ReturningBuyerCodeRequest>

/** PATCH /proposal/returning-buyer/verification → 200; the matches token in the header. */
export const ReturningBuyerVerificationResult = z.object({
  business: Business,
  total_matches: z.number().int().min(0),
})
export type ReturningBuyerVerificationResult = z.infer<typeof ReturningBuyerVerificationResult>

export const ReturningBuyerMatches = z.object({ items: z.array(Business) })
export type ReturningBuyerMatches = z.infer<typeof ReturningBuyerMatches>

// --- proposals --------------------------------------------------------------

export const PROPOSAL_STATUSES = ["DRAFT", "SUBMITTED", "IN_REVIEW", "ACCEPTED", "DECLINED", "WITHDRAWN"] as const
export const ProposalStatus = z.enum(PROPOSAL_STATUSES)
export type ProposalStatus = z.infer<typeof ProposalStatus>

export const BusinessAddress = z.object({
  building: z.string().max(100).nullable().optional(),
  street: z.string().min(1).max(255),
  postal_code: z.string().min(1).max(20),
  city: z.string().min(1).max(100),
  region: z.string().max(100).nullable().optional(),
  country_code: CountryCode,
})
export type BusinessAddress = z.infer<typeof BusinessAddress>

export const ProprietorDetails = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  date_of_birth: z.iso.date(),
  email: Email,
  phone: PhoneNumber,
})
export type ProprietorDetails = z.infer<typeof ProprietorDetails>

/** `proposed_business` of POST /registry/v1/proposal. Another country than GB or US: 400. */
export const ProposedBusiness = z
  .object({
    business_type: z.literal("SOLE_TRADER"),
    country_code: RegistrationCountry,
    trading_name: z.string().trim().min(1).max(255),
    email: Email,
    phone: PhoneNumber,
    website: z.string().url().max(255).nullable().optional(),
    business_address: BusinessAddress,
    proprietor_details: ProprietorDetails,
  })
  .refine((b) => b.business_address.country_code === b.country_code, {
    message: "business_address.country_code must be the proposal's country_code",
    path: ["business_address", "country_code"],
  })
export type ProposedBusiness = z.infer<typeof ProposedBusiness>

export const ProposalCreateBody = z.object({ proposed_business: ProposedBusiness })
export type ProposalCreateBody = z.infer<typeof ProposalCreateBody>
export type ProposalCreateInput = z.input<typeof ProposalCreateBody>

/** `proposed_business` as answers carry it: the personal fields read "[redacted]" once decided. */
export const ProposedBusinessAnswer = z.object({
  business_type: z.literal("SOLE_TRADER"),
  country_code: CountryCode,
  trading_name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string().nullable().optional(),
  business_address: BusinessAddress,
  proprietor_details: z.object({
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
})

/** `enrolled_business` of an ACCEPTED proposal. */
export const EnrolledBusiness = Business.extend({ business_address: BusinessAddress })
export type EnrolledBusiness = z.infer<typeof EnrolledBusiness>

export const Proposal = z.object({
  id: z.string(),
  status: ProposalStatus,
  proposed_business: ProposedBusinessAnswer,
  enrolled_business: EnrolledBusiness.nullable(),
})
export type Proposal = z.infer<typeof Proposal>

/** POST /registry/v1/proposal/{id}/evidence → 201 **(chosen)**. */
export const Evidence = z.object({
  id: z.string(),
  proposal_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int().min(0),
})
export type Evidence = z.infer<typeof Evidence>

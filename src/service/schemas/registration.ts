import { z } from "@medusajs/framework/zod"
import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from "libphonenumber-js"
import { CountryCode, Email, PhoneNumber } from "./common"

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
    `Business registration is limited to UK (GB) and US sole traders: country_code ` +
    `${JSON.stringify(issue.input)} is not supported`,
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

/**
 * POST /registry/v1/delegation → 200 `{}`, the token in the Service-Delegated-Authority-Token header. Absent
 * flags take the published defaults (both true).
 */
export const RegistryDelegationRequest = z.object({
  verify_returning_buyer: z.boolean().default(true),
  create_proposal: z.boolean().default(true),
  buyer_reference: BuyerReference.optional(),
})
export type RegistryDelegationRequest = z.infer<typeof RegistryDelegationRequest>

/** POST /autofill/v1/delegation → 200 `{}`, the token in the same header. Defaults: read only. */
export const AutofillDelegationRequest = z.object({
  read_current_buyer: z.boolean().default(true),
  write_current_buyer: z.boolean().default(false),
  delete_current_buyer: z.boolean().default(false),
  buyer_reference: BuyerReference.optional(),
})
export type AutofillDelegationRequest = z.infer<typeof AutofillDelegationRequest>

/** The 200 body of a delegation and of the autofill write and delete, and the 201 of the verification POST. */
export const EmptyAnswer = z.object({})

// --- businesses and autofill ------------------------------------------------

/** A business as returning-buyer verification and matches give it. */
export const Business = z.object({
  company_name: z.string().min(1).max(255),
  country_code: CountryCode,
  organization_number: z.string().min(1).max(50),
})
export type Business = z.infer<typeof Business>

/** An address of autofill (published AddressSchema): every field optional. */
export const AutofillAddress = z.object({
  organization_name: z.string().max(255).nullable().optional(),
  apartment: z.string().max(100).nullable().optional(),
  building: z.string().max(100).nullable().optional(),
  street: z.string().max(255).nullable().optional(),
  postal_code: z.string().max(20).nullable().optional(),
  city: z.string().max(100).nullable().optional(),
  region: z.string().max(100).nullable().optional(),
  country: CountryCode.nullable().optional(),
})
export type AutofillAddress = z.infer<typeof AutofillAddress>

const autofillFields = {
  company_name: z.string().min(1).max(255).optional(),
  country_code: CountryCode.nullable().optional(),
  organization_number: z.string().min(1).max(50).nullable().optional(),
  first_name: z.string().min(1).max(100).nullable().optional(),
  last_name: z.string().min(1).max(100).nullable().optional(),
  email: Email.nullable().optional(),
  phone_number: PhoneNumber.nullable().optional(),
  billing_address: AutofillAddress.nullable().optional(),
  shipping_address: AutofillAddress.nullable().optional(),
}

/**
 * A phone the buyer typed, as E.164: already E.164, or read in the buyer's country ("07400 123456" in GB →
 * "+447400123456"). Undefined when it cannot be read as a valid number (the buyer then types it again): never a
 * refusal of the answer it came in.
 */
export function phoneAsE164(phone: string | null | undefined, country: string | null | undefined): string | undefined {
  if (!phone || !phone.trim()) return undefined
  const trimmed = phone.trim()
  if (PhoneNumber.safeParse(trimmed).success) return trimmed
  try {
    const parsed = parsePhoneNumberFromString(trimmed, (country ?? undefined) as PhoneCountry | undefined)
    return parsed?.isValid() ? parsed.number : undefined
  } catch {
    return undefined
  }
}

/** The parts every address of an answer has (any strings, null or absent), whatever the country is called. */
const answerAddressParts = {
  apartment: z.string().nullish(),
  building: z.string().nullish(),
  street: z.string().nullish(),
  postal_code: z.string().nullish(),
  city: z.string().nullish(),
  region: z.string().nullish(),
}

/** An address of autofill as GET answers it (published AddressSchema): any strings, nulls. */
const AutofillAnswerAddress = z.object({
  organization_name: z.string().nullish(),
  ...answerAddressParts,
  country: z.string().nullish(),
})

/**
 * The current buyer of autofill as GET /autofill/v1/buyer/current answers it (published BuyerDetailsSchema): every
 * field may be absent or null (`company_name` is left out when none was saved), strings as the buyer typed them.
 * The phone is read as saved and normalised to E.164 by the buyer's country (its own, else its billing or shipping
 * address's), or left out when it cannot be (defect 7 of issue 36: a national-format phone stranded the buyer with a
 * 502). A buyer can place orders once it has an organization number.
 */
export const AutofillBuyer = z
  .object({
    company_name: z.string().nullish(),
    country_code: z.string().nullish(),
    organization_number: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
    phone_number: z.string().nullish(),
    billing_address: AutofillAnswerAddress.nullish(),
    shipping_address: AutofillAnswerAddress.nullish(),
  })
  .transform((buyer) => {
    const country = buyer.country_code ?? buyer.billing_address?.country ?? buyer.shipping_address?.country
    const { company_name, phone_number, ...rest } = buyer
    return {
      ...rest,
      // An empty name says nothing: left out, as the service leaves out a name never saved.
      ...(company_name ? { company_name } : {}),
      phone_number: phoneAsE164(phone_number, country) ?? null,
    }
  })
export type AutofillBuyer = z.infer<typeof AutofillBuyer>

/** POST /autofill/v1/buyer/current → 200: `persistent` required, every other field optional. */
export const AutofillWriteRequest = z.object({ persistent: z.boolean(), ...autofillFields })
export type AutofillWriteRequest = z.infer<typeof AutofillWriteRequest>
export type AutofillBuyerInput = z.input<typeof AutofillWriteRequest>

/** `?buyer_reference=` names the record when the API key (not a token) reads or writes autofill. */
export const AutofillQuery = z.object({ buyer_reference: BuyerReference })

// --- returning buyers -------------------------------------------------------

const VerificationType = z.literal("EMAIL").optional()

export const ReturningBuyerVerificationRequest = z.object({ email: Email, verification_type: VerificationType })
export type ReturningBuyerVerificationRequest = z.infer<typeof ReturningBuyerVerificationRequest>

/** The code sent by email: six digits **(chosen)**. */
export const VerificationCode = z.string().regex(/^\d{6}$/, "code must be six digits")

export const ReturningBuyerCodeRequest = z.object({
  email: Email,
  code: VerificationCode,
  verification_type: VerificationType,
})
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

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional()

/** A business address (published BusinessAddressSchema): building and street both required. */
export const BusinessAddress = z.object({
  apartment: optionalText(100),
  building: z.string().trim().min(1).max(100),
  street: z.string().trim().min(1).max(255),
  postal_code: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  region: optionalText(100),
  country_code: CountryCode,
})
export type BusinessAddress = z.infer<typeof BusinessAddress>

/** A residential address of the proprietor; the current one first, without `date_until`. */
export const AddressHistoryEntry = BusinessAddress.extend({
  date_from: z.iso.date(),
  date_until: z.iso.date().nullable().optional(),
})
export type AddressHistoryEntry = z.infer<typeof AddressHistoryEntry>

export const NationalIdentityNumber = z.object({
  identity_number_type: z.string().min(1).max(50),
  identity_number: z.string().min(1).max(100),
})

/** The proprietor (published PersonalDetailsSchema): `address_history` required (may be empty). */
export const ProprietorDetails = z.object({
  title: optionalText(50),
  first_name: z.string().trim().min(1).max(100),
  middle_names: optionalText(100),
  last_name: z.string().trim().min(1).max(100),
  date_of_birth: z.iso.date(),
  email: Email.nullable().optional(),
  phone: PhoneNumber.nullable().optional(),
  address_history: z.array(AddressHistoryEntry),
  national_identity_numbers: z.array(NationalIdentityNumber).nullable().optional(),
})
export type ProprietorDetails = z.infer<typeof ProprietorDetails>

/** `proposed_business` of POST /registry/v1/proposal. Another country than GB or US: 400. */
export const ProposedBusiness = z
  .object({
    business_type: z.literal("SOLE_TRADER").default("SOLE_TRADER"),
    country_code: RegistrationCountry,
    trading_name: z.string().trim().min(1).max(255),
    email: Email,
    phone: PhoneNumber,
    website: z.string().url().max(255).nullable().optional(),
    tax_number: optionalText(50),
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

/*
 * Proposal answers are read as the published documents allow them (issue 36): `ProposalSchema` with either published
 * business (`ProposedSoleTraderSchema`, `ProposedGovernmentDepartmentSchema`), nulls where nullable, unknown fields,
 * every published status. The seed promises `id`, `status` and `enrolled_business` (null until ACCEPTED): `id` and
 * `status` are required (the plugin follows a proposal by its id and acts on its status).
 */

const nullIfAbsent = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value) => value ?? null)

/** An address as answers carry it (published `BusinessAddressSchema`): strings, optional parts null or absent. */
const AnswerAddress = z.object({ ...answerAddressParts, country_code: z.string().nullish() })

/**
 * A proposal's status as the service answers it. The published `ProposalStatusEnum` names the seed's IN_REVIEW
 * `REVIEWING`, read as IN_REVIEW; and has `UNVERIFIED` (submitted, the buyer's verification step pending: an
 * EMAIL or REDIRECT submission), which the seed's states have no name for: read as SUBMITTED (waiting, nothing
 * decided; the plugin acts alike on both).
 */
export const ProposalStatusAnswer = z
  .enum([...PROPOSAL_STATUSES, "REVIEWING", "UNVERIFIED"])
  .transform((status): ProposalStatus =>
    status === "REVIEWING" ? "IN_REVIEW" : status === "UNVERIFIED" ? "SUBMITTED" : status,
  )

/**
 * `proposed_business` as answers carry it: a sole trader or a government department (published `business_type`,
 * default SOLE_TRADER). Once decided, `email` and `phone` read "[redacted]" and `proprietor_details` is null.
 */
export const ProposedBusinessAnswer = z.object({
  business_type: z
    .string()
    .nullish()
    .transform((type) => type ?? "SOLE_TRADER"),
  country_code: z.string(),
  trading_name: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  website: z.string().nullish(),
  tax_number: z.string().nullish(),
  business_address: AnswerAddress.nullish(),
  proprietor_details: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      date_of_birth: z.string().nullish(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
    })
    .passthrough()
    .nullish(),
})

/** `enrolled_business` of an ACCEPTED proposal (published `BusinessSchema`); `email` and `phone` redacted. */
export const EnrolledBusiness = z.object({
  id: z.string().nullish(),
  business_type: z.string().nullish(),
  organization_number: z.string(),
  trading_name: z.string(),
  country_code: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  website: z.string().nullish(),
  tax_number: z.string().nullish(),
  business_address: AnswerAddress.nullish(),
})
export type EnrolledBusiness = z.infer<typeof EnrolledBusiness>

export const Proposal = z.object({
  id: z.string(),
  status: ProposalStatusAnswer,
  proposed_business: ProposedBusinessAnswer,
  enrolled_business: nullIfAbsent(EnrolledBusiness),
})
export type Proposal = z.infer<typeof Proposal>

/** POST .../submission: an optional body (published VerificationConfigurationSchema). */
export const SubmissionRequest = z.object({ initiation_method: z.enum(["EMAIL", "REDIRECT"]).optional() })
export type SubmissionRequest = z.infer<typeof SubmissionRequest>

/**
 * POST .../submission → 200 (published `VerificationInitiationResponseSchema`): SKIP (the contract's), EMAIL or
 * REDIRECT (with its `redirect_url` when it gives one), every field optional. `submissionAnswerOf(id)` reads an answer
 * without `proposal_id` as the proposal submitted, without `initiation_method` as SKIP (the first published default).
 */
export const submissionAnswerOf = (proposalId?: string) =>
  z
    .object({
      initiation_method: z.enum(["SKIP", "EMAIL", "REDIRECT"]).nullish(),
      proposal_id: z.string().nullish(),
      redirect_url: z.string().nullish(),
    })
    .transform((answer, ctx) => {
      const proposal_id = answer.proposal_id ?? proposalId
      if (proposal_id == null) {
        ctx.addIssue({
          code: "custom",
          path: ["proposal_id"],
          message: "the proposal's id is neither in the answer nor asked for",
        })
        return z.NEVER
      }
      return {
        initiation_method: answer.initiation_method ?? "SKIP",
        proposal_id,
        ...(answer.redirect_url != null && { redirect_url: answer.redirect_url }),
      }
    })
export const SubmissionAnswer = submissionAnswerOf()
export type SubmissionAnswer = z.infer<typeof SubmissionAnswer>

/** POST /registry/v1/proposal/{id}/evidence → 201 **(chosen)**. */
export const Evidence = z.object({
  id: z.string(),
  proposal_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int().min(0),
})
export type Evidence = z.infer<typeof Evidence>

import { z } from "@medusajs/framework/zod"
import { CountryCode, Email, PhoneNumber } from "./common"

/**
 * Trade account interface, version 3 preview (contract section 4), under
 * `{baseUrl}/trade-account/v3`. A business customer and its users (the
 * employees who order for it). Ids the service makes begin with `svc_`; the
 * merchant's own ids never may (interfaces.md, identifier resolution).
 */

/** The prefix of the ids the service makes; a merchant id with it is refused (400 SCHEMA_ERROR). */
export const SERVICE_ID_PREFIX = "svc_"

/** True when an id in a path segment names a record by the service's id, false when it is the merchant's own. */
export const isServiceId = (id: string) => id.startsWith(SERVICE_ID_PREFIX)

/** A merchant's own id (`merchant_customer_id`, `merchant_user_id`): 1-255 characters, never beginning with `svc_`. */
export const MerchantId = z
  .string()
  .min(1)
  .max(255)
  .refine((id) => !isServiceId(id), {
    message: `a merchant id must not begin with "${SERVICE_ID_PREFIX}" (reserved for the service's ids)`,
  })

/**
 * The business: by the company search's canonical id, or by country and organization number. On the wire these
 * fields sit at the top level of the customer body (section 8); the plugin keeps this pair as its record of the
 * business and spreads it into the body.
 */
export const TradeAccountCompanyByCanonicalId = z.object({ canonical_id: z.string().min(1).max(255) }).strict()
export const TradeAccountCompanyByNumber = z
  .object({ country_code: CountryCode, organization_number: z.string().min(1).max(50) })
  .strict()
export const TradeAccountCompany = z.union([TradeAccountCompanyByCanonicalId, TradeAccountCompanyByNumber])
export type TradeAccountCompany = z.infer<typeof TradeAccountCompany>

/** `ContactCreateSchema`: every field required, the phone included. */
export const ContactPerson = z.object({
  first_name: z.string().min(1).max(255),
  last_name: z.string().min(1).max(255),
  phone_number: PhoneNumber,
  email: Email,
})
export type ContactPerson = z.infer<typeof ContactPerson>

/** `TradeAccountAddressSchema`: the address invoices go to unless an order gives its own. */
export const TradeAccountAddress = z.object({
  street_address: z.string().min(1).max(255),
  city: z.string().min(1).max(255),
  postal_code: z.string().max(32).nullish(),
  region: z.string().min(1).max(255).nullish(),
  country: CountryCode,
})
export type TradeAccountAddress = z.infer<typeof TradeAccountAddress>

/**
 * POST /trade-account/v3/customer (`TradeAccountCustomerCreateSchema`): `canonical_id` alone, or `country_code`
 * with `organization_number`, at the top level.
 */
export const TradeAccountCustomerRequest = z
  .object({
    merchant_customer_id: MerchantId,
    canonical_id: z.string().min(1).max(255).optional(),
    country_code: CountryCode.optional(),
    organization_number: z.string().min(1).max(50).optional(),
    /** At least one person the service may contact about the account. */
    contact_persons: z.array(ContactPerson).min(1).max(10),
    invoice_email_addresses: z.array(Email).max(10).optional(),
    invoice_billing_address: TradeAccountAddress.optional(),
    use_billing_address_for_shipping: z.boolean().optional(),
    trade_name: z.string().min(1).max(255).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const byNumber = body.country_code !== undefined || body.organization_number !== undefined
    if (body.canonical_id !== undefined) {
      if (byNumber)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["canonical_id"],
          message: "give canonical_id alone, or country_code and organization_number",
        })
      return
    }
    if (body.country_code === undefined || body.organization_number === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [body.country_code === undefined ? (byNumber ? "country_code" : "canonical_id") : "organization_number"],
        message: "canonical_id, or country_code and organization_number, is required",
      })
    }
  })
export type TradeAccountCustomerRequest = z.infer<typeof TradeAccountCustomerRequest>

/**
 * Answers are read as the published documents allow them (issue 36). The published customer and user answers carry
 * no id of the service at all (`id`, `svc_...`, is the contract's). A read record's `id` is the id that names it at
 * the service (in paths, and in an order's `buyer.trade_account`): the service's id when the answer gives one of the
 * service's own (`svc_...`, resolution rule 1), else the merchant's own id, which always resolves (rule 2); the
 * answer's own id in another format is kept as `service_id`, never used in a path. No id format is required of an
 * answer.
 */
const idOf = (id: string | null, merchantId: string) => (id !== null && isServiceId(id) ? id : merchantId)
/** An id of the answer's own that cannot name the record (not `svc_...`): kept, never used in a path. */
const otherId = (id: string | null): { service_id?: string } =>
  id !== null && !isServiceId(id) ? { service_id: id } : {}
const nullIfAbsent = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value) => value ?? null)

/** The customer's `company` (`CompanySchema`): the service's record of the business. */
export const TradeAccountCustomerCompany = z.object({
  country_prefix: z.string(),
  organization_number: z.string(),
  company_name: z.string().nullish(),
  company_canonical_id: z.string().nullish(),
})
export type TradeAccountCustomerCompany = z.infer<typeof TradeAccountCustomerCompany>

/** The customer (`TradeAccountCustomerResponseSchema`; the contract's `id` read when given, in any format). */
export const TradeAccountCustomer = z
  .object({
    id: nullIfAbsent(z.string().min(1)),
    merchant_customer_id: z.string().min(1),
    company: TradeAccountCustomerCompany.nullish(),
    // Read as the service stores them (its phones need not be E.164): strings, nothing more.
    contact_persons: z
      .array(
        z
          .object({ first_name: z.string(), last_name: z.string(), phone_number: z.string(), email: z.string() })
          .partial(),
      )
      .nullish()
      .transform((list) => list ?? []),
    invoice_email_addresses: z.array(z.string()).nullish(),
    invoice_billing_address: z
      .object({
        street_address: z.string().nullish(),
        city: z.string().nullish(),
        postal_code: z.string().nullish(),
        region: z.string().nullish(),
        country: z.string().nullish(),
      })
      .nullish(),
    use_billing_address_for_shipping: z
      .boolean()
      .nullish()
      .transform((value) => value ?? false),
    trade_name: z.string().nullish(),
  })
  .transform(({ id, ...customer }) => ({ ...customer, id: idOf(id, customer.merchant_customer_id), ...otherId(id) }))
export type TradeAccountCustomer = z.infer<typeof TradeAccountCustomer>

/** POST /trade-account/v3/customer/{cid}/user (`TradeAccountUserCreateSchema`): the phone is optional. */
export const TradeAccountUserRequest = z
  .object({
    merchant_user_id: MerchantId,
    email: Email,
    first_name: z.string().min(1).max(255),
    last_name: z.string().min(1).max(255),
    phone_number: PhoneNumber.optional(),
  })
  .strict()
export type TradeAccountUserRequest = z.infer<typeof TradeAccountUserRequest>

/**
 * The user (`TradeAccountUserResponseSchema`): `id` and `customer_id` are the contract's (absent from the published
 * answer: `null`); `verified` turns true after the verification link. `id` names it at the service (see above).
 */
export const TradeAccountUser = z
  .object({
    id: nullIfAbsent(z.string().min(1)),
    customer_id: nullIfAbsent(z.string().min(1)),
    merchant_user_id: z.string().min(1),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullish(),
    verified: z.boolean(),
  })
  .transform(({ id, ...user }) => ({ ...user, id: idOf(id, user.merchant_user_id), ...otherId(id) }))
export type TradeAccountUser = z.infer<typeof TradeAccountUser>

/** POST /trade-account/v3/user/{uid}/verification/url: where the service sends the user back afterwards. */
export const VerificationUrlRequest = z.object({
  return_url: z
    .string()
    .min(1)
    .max(2048)
    .refine((url) => /^https?:\/\/[^/\s]/i.test(url), { message: "return_url must be an absolute http(s) URL" }),
})
export type VerificationUrlRequest = z.infer<typeof VerificationUrlRequest>

/** The link (`TradeAccountUserVerificationUrlResponsechema`: any string; the plugin hands it on as given). */
export const VerificationUrl = z.object({ redirect_url: z.string() })
export type VerificationUrl = z.infer<typeof VerificationUrl>

/** The query the hosted page adds to `return_url` **(chosen)**: `trade_account_verification=verified|cancelled`. */
export const VERIFICATION_RESULT_PARAM = "trade_account_verification"
export const VERIFICATION_RESULTS = ["verified", "cancelled"] as const
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number]

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

/** A merchant's own id (`merchant_customer_id`, `merchant_user_id`): 1-100 characters, never beginning with `svc_`. */
export const MerchantId = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => !isServiceId(id), { message: `a merchant id must not begin with "${SERVICE_ID_PREFIX}" (reserved for the service's ids)` })

/** The business: by the company search's canonical id, or by country and organization number. */
export const TradeAccountCompanyByCanonicalId = z.object({ canonical_id: z.string().min(1).max(100) }).strict()
export const TradeAccountCompanyByNumber = z
  .object({ country_code: CountryCode, organization_number: z.string().min(1).max(50) })
  .strict()
export const TradeAccountCompany = z.union([TradeAccountCompanyByCanonicalId, TradeAccountCompanyByNumber])
export type TradeAccountCompany = z.infer<typeof TradeAccountCompany>

export const ContactPerson = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  phone_number: PhoneNumber,
  email: Email,
})
export type ContactPerson = z.infer<typeof ContactPerson>

/** POST /trade-account/v3/customer */
export const TradeAccountCustomerRequest = z.object({
  merchant_customer_id: MerchantId,
  company: TradeAccountCompany,
  /** At least one person the service may contact about the account **(chosen: 1 to 10)**. */
  contact_persons: z.array(ContactPerson).min(1).max(10),
  invoice_email_addresses: z.array(Email).max(10).default([]),
  trade_name: z.string().min(1).max(255),
})
export type TradeAccountCustomerRequest = z.infer<typeof TradeAccountCustomerRequest>

/** The customer: `{id: "svc_...", ...body}`. */
export const TradeAccountCustomer = TradeAccountCustomerRequest.extend({
  id: z.string().min(1),
  merchant_customer_id: z.string().min(1),
})
export type TradeAccountCustomer = z.infer<typeof TradeAccountCustomer>

/** POST /trade-account/v3/customer/{cid}/user */
export const TradeAccountUserRequest = z.object({
  merchant_user_id: MerchantId,
  email: Email,
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  phone_number: PhoneNumber,
})
export type TradeAccountUserRequest = z.infer<typeof TradeAccountUserRequest>

/** The user; `customer_id` is the customer's service id; `verified` turns true after the verification link. */
export const TradeAccountUser = TradeAccountUserRequest.extend({
  id: z.string().min(1),
  customer_id: z.string().min(1),
  merchant_user_id: z.string().min(1),
  verified: z.boolean(),
})
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

export const VerificationUrl = z.object({ redirect_url: z.string().url() })
export type VerificationUrl = z.infer<typeof VerificationUrl>

/** The query the hosted page adds to `return_url` **(chosen)**: `trade_account_verification=verified|cancelled`. */
export const VERIFICATION_RESULT_PARAM = "trade_account_verification"
export const VERIFICATION_RESULTS = ["verified", "cancelled"] as const
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number]

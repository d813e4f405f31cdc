import { z } from "zod"
import { CountryCode, Email, PhoneNumber } from "./common"

/**
 * The simulator's reading of the trade account interface, version 3 preview (contract.md section 4 with its
 * section 8 lines; published `trade-account-v3-api.yaml`), written from those documents alone. Bodies are strict:
 * a key the contract does not name is refused **(chosen)**, so a body in an older shape (a nested `company`) fails
 * here instead of passing unnoticed.
 */

/** The prefix of the ids the service makes (interfaces.md identifier resolution; `svc_` is the contract's choice). */
export const SIM_SERVICE_ID_PREFIX = "svc_"

export const isSimServiceId = (id: string) => id.startsWith(SIM_SERVICE_ID_PREFIX)

/** `merchant_customer_id`, `merchant_user_id`: 1 to 255 characters, never the service's prefix. */
const MerchantId = z
  .string()
  .min(1)
  .max(255)
  .refine((id) => !isSimServiceId(id), {
    message: `must not begin with "${SIM_SERVICE_ID_PREFIX}" (reserved for the service's ids)`,
  })

const Name = z.string().min(1).max(255)

/** `ContactCreateSchema`: all four required. */
export const SimContactPerson = z
  .object({ first_name: Name, last_name: Name, phone_number: PhoneNumber, email: Email })
  .strict()
export type SimContactPerson = z.infer<typeof SimContactPerson>

/** `TradeAccountAddressSchema`. */
export const SimTradeAccountAddress = z
  .object({
    street_address: z.string().min(1).max(255),
    city: z.string().min(1).max(255),
    postal_code: z.string().max(32).nullish(),
    region: z.string().min(1).max(255).nullish(),
    country: CountryCode,
  })
  .strict()
export type SimTradeAccountAddress = z.infer<typeof SimTradeAccountAddress>

/**
 * `POST /trade-account/v3/customer` (`TradeAccountCustomerCreateSchema`). The business at the top level:
 * `canonical_id` alone, or `country_code` with `organization_number`; anything else is refused at the first field
 * that breaks the rule.
 */
export const SimTradeAccountCustomerCreate = z
  .object({
    merchant_customer_id: MerchantId,
    canonical_id: z.string().min(1).max(255).nullish(),
    country_code: CountryCode.nullish(),
    organization_number: z.string().min(1).max(50).nullish(),
    contact_persons: z.array(SimContactPerson).min(1, "at least one contact person is required"),
    invoice_email_addresses: z.array(Email).nullish(),
    invoice_billing_address: SimTradeAccountAddress.nullish(),
    use_billing_address_for_shipping: z.boolean().default(false),
    trade_name: z.string().min(1).max(255).nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const byNumber = body.country_code != null || body.organization_number != null
    if (body.canonical_id != null) {
      for (const field of ["country_code", "organization_number"] as const) {
        if (body[field] != null) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [field],
            message: "give canonical_id alone, or country_code and organization_number",
          })
        }
      }
      return
    }
    if (!byNumber) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["canonical_id"],
        message: "canonical_id, or country_code and organization_number, is required",
      })
      return
    }
    for (const field of ["country_code", "organization_number"] as const) {
      if (body[field] == null)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [field],
          message: `${field} is required with ${field === "country_code" ? "organization_number" : "country_code"}`,
        })
    }
  })
export type SimTradeAccountCustomerCreate = z.infer<typeof SimTradeAccountCustomerCreate>

/** The answer's `company` (`CompanySchema`): the registry's record of the business. */
export type SimTradeAccountCompany = {
  country_prefix: string
  organization_number: string
  company_name: string
  company_canonical_id: string | null
}

/** The customer as the service answers it (`TradeAccountCustomerResponseSchema`, `id` chosen). */
export type SimTradeAccountCustomer = {
  id: string
  merchant_customer_id: string
  company: SimTradeAccountCompany
  contact_persons: SimContactPerson[]
  invoice_email_addresses: string[]
  invoice_billing_address: SimTradeAccountAddress | null
  use_billing_address_for_shipping: boolean
  trade_name: string | null
}

/** `POST /trade-account/v3/customer/{cid}/user` (`TradeAccountUserCreateSchema`): `phone_number` optional. */
export const SimTradeAccountUserCreate = z
  .object({
    merchant_user_id: MerchantId,
    email: Email,
    first_name: Name,
    last_name: Name,
    phone_number: PhoneNumber.nullish(),
  })
  .strict()
export type SimTradeAccountUserCreate = z.infer<typeof SimTradeAccountUserCreate>

/** The user as the service answers it (`TradeAccountUserResponseSchema`; `id`, `customer_id` chosen). */
export type SimTradeAccountUser = {
  id: string
  customer_id: string
  merchant_user_id: string
  email: string
  first_name: string
  last_name: string
  phone_number: string | null
  verified: boolean
}

/** `POST /trade-account/v3/user/{uid}/verification/url`: an absolute http(s) `return_url` **(chosen)**. */
export const SimVerificationUrlCreate = z
  .object({
    return_url: z
      .string()
      .min(1)
      .max(2048)
      .refine((url) => /^https?:\/\/[^/\s]/i.test(url), { message: "must be an absolute http(s) URL" }),
  })
  .strict()

/** The query the hosted page adds to `return_url` **(chosen)**: `trade_account_verification=verified|cancelled`. */
export const SIM_VERIFICATION_RESULT_PARAM = "trade_account_verification"
export type SimVerificationResult = "verified" | "cancelled"

import { z } from "@medusajs/framework/zod"
import {
  ContactPerson,
  isServiceId,
  SERVICE_ID_PREFIX,
  TradeAccountCompany,
} from "../../../../service/schemas/trade-account"
import { Email } from "../../../../service/schemas/common"

/** The message of a merchant id that begins with `svc_` (refused with the code TRADE_CREDIT_RESERVED_ID). */
export const RESERVED_ID_MESSAGE =
  `must not begin with "${SERVICE_ID_PREFIX}": that prefix is reserved for ` + `the trade credit service's ids`

/** A Medusa customer id, which becomes a merchant id at the service: never `svc_...`. */
const MedusaCustomerId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a Medusa customer id")
  .refine((id) => !isServiceId(id), RESERVED_ID_MESSAGE)

const Company = z.preprocess(
  (value) =>
    value && typeof value === "object" && typeof (value as { country_code?: unknown }).country_code === "string"
      ? { ...value, country_code: (value as { country_code: string }).country_code.toUpperCase() }
      : value,
  TradeAccountCompany,
)

/**
 * `POST /admin/trade-credit/trade-accounts`: onboard the company of a Medusa
 * customer. `company`: `{canonical_id}` (company search) or `{country_code,
 * organization_number}`. Contact persons, invoice emails and the invoice
 * billing address default to the customer; `users` (Medusa customer ids)
 * default to the customer.
 */
export const OnboardTradeAccountBody = z
  .object({
    customer_id: MedusaCustomerId,
    company: Company,
    trade_name: z.string().trim().min(1).max(255).optional(),
    contact_persons: z.array(ContactPerson).min(1).max(10).optional(),
    invoice_email_addresses: z.array(Email).max(10).optional(),
    /** Whether the service ships to the invoice billing address when an order gives no shipping address. */
    use_billing_address_for_shipping: z.boolean().optional(),
    users: z.array(MedusaCustomerId).min(1).max(20).optional(),
  })
  .strict()
export type OnboardTradeAccountBody = z.infer<typeof OnboardTradeAccountBody>

/** `POST /admin/trade-credit/trade-accounts/:id/users`: Medusa customers who order for the business. */
export const AddTradeAccountUsersBody = z.object({ customer_ids: z.array(MedusaCustomerId).min(1).max(20) }).strict()
export type AddTradeAccountUsersBody = z.infer<typeof AddTradeAccountUsersBody>

/** `POST .../users/:user_id/verification-link`: where the user returns to (one of the storefront origins). */
export const VerificationLinkBody = z.object({ return_url: z.string().trim().min(1).max(2048).optional() }).strict()
export type VerificationLinkBody = z.infer<typeof VerificationLinkBody>

export const ListTradeAccountsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type ListTradeAccountsQuery = z.infer<typeof ListTradeAccountsQuery>

import { z } from "@medusajs/framework/zod"
import type { BuyerCompany } from "../../service/schemas/order"
import { formatPath, PayloadError } from "./errors"

export { resolveReturnUrl, type ReturnUrlOptions } from "./return-url"

/**
 * What the storefront puts in the payment session's `data` for trade credit.
 * Strict about types, with messages a storefront developer can act on. Keys
 * not named here are ignored (the session data also holds the provider's own
 * state); the nested objects are strict, so a misspelt field is an error.
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)

const email = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(254, `${field} must be at most 254 characters`)
    .pipe(z.email(`${field} must be an email address`))

/** The message of a value that is not an object at all (other issues keep zod's own). */
const notAnObject = (message: string) => ({
  error: (issue: { code?: string }) => (issue.code === "invalid_type" ? message : undefined),
})

const COMPANY_SHAPE = "company must be {company_canonical_id} or {organization_number, country_prefix, company_name}"

const CompanyFields = z
  .object(
    {
      company_canonical_id: text("company.company_canonical_id", 100).optional(),
      organization_number: text("company.organization_number", 50).optional(),
      country_prefix: z
        .string({ error: "company.country_prefix must be a string" })
        .trim()
        .regex(/^[A-Za-z]{2}$/, "company.country_prefix must be an ISO 3166-1 alpha-2 country code, e.g. GB")
        .transform((s) => s.toUpperCase())
        .optional(),
      company_name: text("company.company_name", 255).optional(),
    },
    notAnObject(COMPANY_SHAPE),
  )
  .strict()

/** `{company_canonical_id}` (from company search), or `{organization_number, country_prefix, company_name}`. */
export const SessionCompany = CompanyFields.transform((company, ctx): BuyerCompany => {
  if (company.company_canonical_id) {
    const others = (["organization_number", "country_prefix", "company_name"] as const).filter((k) => company[k])
    if (others.length) {
      ctx.addIssue({
        code: "custom",
        path: [others[0]],
        message:
          "company: give either company_canonical_id alone, or organization_number, country_prefix and company_name",
      })
      return z.NEVER
    }
    return { company_canonical_id: company.company_canonical_id }
  }
  const { organization_number, country_prefix, company_name } = company
  if (!organization_number || !country_prefix || !company_name) {
    const missing = (["organization_number", "country_prefix", "company_name"] as const).find((k) => !company[k])!
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `company.${missing} is required (or give company_canonical_id from the company search)`,
    })
    return z.NEVER
  }
  return { organization_number, country_prefix, company_name }
})

/** The person ordering; any field left out is taken from the cart (email, billing name and phone). */
export const SessionRepresentative = z
  .object(
    {
      email: email("representative.email").optional(),
      first_name: text("representative.first_name", 100).optional(),
      last_name: text("representative.last_name", 100).optional(),
      /** Any usual notation; it is normalised to E.164 with the billing country as the default. */
      phone_number: text("representative.phone_number", 40).optional(),
    },
    notAnObject("representative must be {email, first_name, last_name, phone_number}"),
  )
  .strict()

export const SessionInput = z.object({
  company: SessionCompany.optional(),
  representative: SessionRepresentative.optional(),
  department: text("department", 255).optional(),
  project: text("project", 255).optional(),
  purchase_order_number: text("purchase_order_number", 255).optional(),
  order_note: text("order_note", 1000).optional(),
  invoice_emails: z
    .array(email("each of invoice_emails"), { error: "invoice_emails must be a list of email addresses" })
    .max(10, "invoice_emails holds at most 10 addresses")
    .optional(),
  /**
   * Order creation with the session (pay by invoice): the service order is made when the session starts, so the
   * storefront sends the buyer to `data.payment_url` first and completes the cart once, on return. Without it the
   * first completion makes the order and is refused (`requires_more`), and the completion on return places it.
   */
  verify_before_completion: z.boolean({ error: "verify_before_completion must be true or false" }).optional(),
  /** Where the buyer comes back after verifying; only the configured storefront origins are accepted. */
  return_url: z
    .string({ error: "return_url must be a string" })
    .max(2048, "return_url must be at most 2048 characters")
    .optional(),
})
export type SessionInput = z.output<typeof SessionInput>
export type SessionInputData = z.input<typeof SessionInput>

export type ParseSessionInputOptions = {
  /** Whether `company` must be there (default true: the intent and the order name the buyer's company). */
  requireCompany?: boolean
}

/**
 * Reads the storefront's input from the payment session data. Throws a
 * PayloadError INVALID_SESSION_DATA whose `path` names the first bad field.
 */
export function parseSessionInput(data: unknown, options: ParseSessionInputOptions = {}): SessionInput {
  const requireCompany = options.requireCompany ?? true
  if (data !== undefined && data !== null && (typeof data !== "object" || Array.isArray(data))) {
    throw new PayloadError("INVALID_SESSION_DATA", "The payment session data must be an object", [])
  }
  const result = SessionInput.safeParse(data ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]
    const path = formatPath(issue.path)
    const message = issue.message.startsWith(path.split("[")[0]) || !path ? issue.message : `${path}: ${issue.message}`
    throw new PayloadError("INVALID_SESSION_DATA", `Invalid trade credit details: ${message}`, path)
  }
  if (requireCompany && !result.data.company) {
    throw new PayloadError(
      "INVALID_SESSION_DATA",
      "Invalid trade credit details: company is required: give {company_canonical_id} " +
        "or {organization_number, country_prefix, company_name}",
      "company",
    )
  }
  return result.data
}

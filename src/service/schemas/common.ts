import { z } from "@medusajs/framework/zod"

/**
 * Wire primitives of the service (contract section 0). Every schema of the
 * service's bodies is built from these, so the client and the simulator agree
 * on one definition of "money", "tax rate" and "quantity".
 */

/** Money: a string with exactly two decimals, in major units ("1250.00"). */
export const Money = z.string().regex(/^\d{1,15}\.\d{2}$/, "money must be a decimal string with exactly two decimals")

/** A unit price: a string with exactly six decimals, excluding tax. */
export const UnitPrice = z
  .string()
  .regex(/^\d{1,15}\.\d{6}$/, "unit_price must be a decimal string with exactly six decimals")

/** A tax rate: a fraction as a string with six decimals ("0.200000"). */
export const TaxRate = z.string().regex(/^[01]\.\d{6}$/, "tax_rate must be a fraction with exactly six decimals")

/** A quantity: a positive decimal string ("3" or "2.5"). */
export const Quantity = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, "quantity must be a decimal string")

/** ISO 4217, upper case. */
export const Currency = z.string().regex(/^[A-Z]{3}$/, "currency must be ISO 4217 upper case")

/** ISO 3166-1 alpha-2, upper case. */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, "country must be ISO 3166-1 alpha-2 upper case")

/** An E.164 phone number. */
export const PhoneNumber = z.string().regex(/^\+[1-9]\d{6,14}$/, "phone number must be E.164")

export const Email = z.string().email().max(254)

/** One refused field: `loc` is its path (section 0: inside the body without a "body" prefix; "query"/"header" first).
 * */
export const ErrorLocation = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
})
export type ErrorLocation = z.infer<typeof ErrorLocation>

/** The body of every non-2xx answer (section 0), but under /repay/v1 and /companies/v2. */
export const ErrorBody = z.object({
  error_code: z.string(),
  error_message: z.string(),
  error_details: z.string().nullable().optional(),
  error_json: z.array(ErrorLocation).nullable().optional(),
  error_trace_id: z.string(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** A validation failure under /repay/v1 and /companies/v2: 422 (HTTPValidationError), loc starting
 * "body"/"query"/"header". */
export const ValidationErrorBody = z.object({ detail: z.array(ErrorLocation) })
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>

/** Any other error under /repay/v1 and /companies/v2 (`Error`): `code` "ERROR", or "COMPANY_NOT_FOUND" for a 404 of
 * company search. */
export const DescribedErrorBody = z.object({ description: z.string(), code: z.string() })
export type DescribedErrorBody = z.infer<typeof DescribedErrorBody>

/** Error codes of contract section 0 plus the order decline codes the service answers with. */
export const ERROR_CODES = [
  "SCHEMA_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID_STATE",
  "IDEMPOTENCY_CONFLICT",
  "RATE_LIMITED",
  "SERVER_ERROR",
  "UNAVAILABLE",
  "INVALID_ORDER_LINE_ITEM_DATA_AMOUNT_MISMATCH",
  "INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH",
] as const
export type ServiceErrorCode = (typeof ERROR_CODES)[number]

/** Header names of the contract. */
export const HEADERS = {
  apiKey: "x-api-key",
  idempotencyKey: "idempotency-key",
  delegatedToken: "service-delegated-authority-token",
  retryAfter: "retry-after",
} as const

/** An API key: secret_<env>_<43 URL-safe base64 characters>. */
export const API_KEY_PATTERN = /^secret_(test|prod)_[A-Za-z0-9_-]{43}$/

/**
 * A decimal as the published answers carry it (`format: decimal`, pattern `^-?[0-9]+(\.[0-9]{0,N})?`): a sign, any
 * number of decimals, a bare trailing dot. Read by every answer schema outside the order interface (issue 36).
 */
export const ReadDecimal = z.string().regex(/^-?\d+(\.\d*)?$/, "must be a decimal string")

/**
 * Money as the published answers carry it, read exactly: two decimals or fewer read as exactly two ("12.5" →
 * "12.50", "7." → "7.00"); more are kept as sent (never rounded).
 */
export const ReadMoney = ReadDecimal.transform((value) => {
  const [whole, fraction = ""] = value.split(".")
  return fraction.length <= 2 ? `${whole}.${fraction.padEnd(2, "0")}` : value
})

/** A tax subtotal as the published answers carry it (`TaxSubtotal`, `TaxSubtotalBase`). */
export const ReadTaxSubtotal = z.object({ tax_rate: ReadDecimal, taxable_amount: ReadMoney, tax_amount: ReadMoney })
export type ReadTaxSubtotal = z.infer<typeof ReadTaxSubtotal>

/** `null` read as absent: for a field the published documents let be null or left out, alike. */
export const absentIfNull = <T extends z.ZodTypeAny>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined)

/** The currencies the repayment interface serves (its schemas in repayment.ts; a region's rules read them too). */
export const REPAYMENT_CURRENCIES = ["DKK", "EUR", "GBP", "NOK", "SEK", "USD"] as const

import { z } from "zod"

/**
 * The simulator's own reading of the wire primitives (contract.md section 0), written from the contract and the
 * service's published documents alone. Nothing under src/simulator imports the plugin's schemas (src/service) or
 * its client: a misreading on one side then fails a test instead of passing on both.
 */

/** Money: a string with exactly two decimals, in major units ("1250.00"). */
export const Money = z.string().regex(/^\d{1,15}\.\d{2}$/, "must be a decimal string with exactly two decimals")

/** A signed amount (discounts and gift cards may be negative on a line). */
export const SignedMoney = z.string().regex(/^-?\d{1,15}\.\d{2}$/, "must be a decimal string with exactly two decimals")

/** A unit price: six decimals, excluding tax. */
export const UnitPrice = z.string().regex(/^-?\d{1,15}\.\d{6}$/, "must be a decimal string with exactly six decimals")

/** A tax rate: a fraction with six decimals ("0.200000"). */
export const TaxRate = z.string().regex(/^[01]\.\d{6}$/, "must be a fraction with exactly six decimals")

/** A quantity: a positive decimal string ("3" or "2.5"). */
export const Quantity = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, "must be a decimal string")

/** ISO 4217, upper case. */
export const Currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code in upper case")

/** ISO 3166-1 alpha-2, upper case. */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code in upper case")

/** E.164. */
export const PhoneNumber = z.string().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 phone number")

export const Email = z.string().email().max(254)

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")

/** A date-time with an offset (ISO 8601 / RFC 3339). */
export const IsoDateTime = z.string().datetime({ offset: true })

/** A merchant reference of the repayment and order interfaces: [A-Za-z0-9_-], 1 to 40. */
export const Reference40 = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 of [A-Za-z0-9_-]")

/** Header names of the seed (interfaces.md). */
export const HEADER = {
  apiKey: "x-api-key",
  idempotencyKey: "idempotency-key",
  delegatedToken: "service-delegated-authority-token",
  retryAfter: "retry-after",
} as const

/** An API key: secret_<env>_<43 URL-safe base64 characters> (section 0). */
export const API_KEY_FORMAT = /^secret_(test|prod)_[A-Za-z0-9_-]{43}$/

/** A path inside a request, as error bodies name it (section 0). */
export type Loc = (string | number)[]

/** A company's canonical id (sections 1 and 2): letters and digits only. */
export const CanonicalId = z.string().regex(/^[A-Za-z0-9]+$/, "must be letters and digits only")

/** Non-empty text with an upper bound. */
export const Text = (max: number) => z.string().min(1).max(max)

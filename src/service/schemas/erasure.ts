import { z } from "@medusajs/framework/zod"
import { Email } from "./common"

/**
 * The erasure interface (contract section 6, under `/gdpr/v1`). The service's
 * answer to an erasure never says what happened (interfaces.md rules 1-7): the
 * merchant looks the address up first and keeps its own audit trail.
 */

/** Which case applies to an address, for the calling merchant's records only. */
export const ERASURE_CASES = ["NO_RECORDS", "RETAINED", "ERASABLE"] as const
export const ErasureCase = z.enum(ERASURE_CASES)
export type ErasureCase = z.infer<typeof ErasureCase>

/**
 * The merchant's own data-protection request reference **(chosen limits)**: 1 to
 * 100 characters, starting with a letter or digit, then letters, digits and
 * `. _ - : / #`. Nothing that could carry markup, whitespace or an address.
 */
export const ERASURE_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/#-]{0,99}$/
export const ErasureReference = z
  .string()
  .min(1, "reference must not be empty")
  .max(100, "reference must be at most 100 characters")
  .regex(
    ERASURE_REFERENCE_PATTERN,
    "reference must start with a letter or digit and hold only letters, digits and . _ - : / #",
  )

/** `GET /gdpr/v1/lookup?email=`. */
export const ErasureLookupQuery = z.object({ email: Email })
export type ErasureLookupQuery = z.infer<typeof ErasureLookupQuery>

/** The lookup's answer (200): the address as asked and the case. */
export const ErasureLookup = z.object({ email: z.string(), case: ErasureCase })
export type ErasureLookup = z.infer<typeof ErasureLookup>

/** `POST /gdpr/v1/erasure`. */
export const ErasureRequest = z.object({ email: Email, reference: ErasureReference })
export type ErasureRequest = z.infer<typeof ErasureRequest>

/** The erasure's answer (202 in every case): the reference echoed, no outcome. */
export const ErasureAccepted = z.object({ reference: z.string() })
export type ErasureAccepted = z.infer<typeof ErasureAccepted>

/** The same address however it was typed: trimmed and lower-cased (what both sides compare and hash). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

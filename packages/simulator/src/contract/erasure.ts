import { z } from "zod"
import { Email } from "./common"

/**
 * The simulator's reading of the erasure interface (contract.md section 6, under `/gdpr/v1`; no published
 * document), written from the contract alone. The field names are the contract's choice.
 */

export const SIM_ERASURE_CASES = ["NO_RECORDS", "RETAINED", "ERASABLE"] as const
export type SimErasureCase = (typeof SIM_ERASURE_CASES)[number]

/** `GET /gdpr/v1/lookup?email=`. */
export const SimErasureLookupQuery = z.object({ email: Email }).strict()

/**
 * `POST /gdpr/v1/erasure` `{email, reference}`. The reference: 1 to 100 characters, a letter or digit first, then
 * letters, digits and `. _ - : / #` **(chosen)**. Another key is refused **(chosen)**.
 */
export const SimErasureRequest = z
  .object({
    email: Email,
    reference: z
      .string()
      .min(1)
      .max(100)
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._:/#-]*$/,
        "must start with a letter or digit and hold only letters, digits and . _ - : / #",
      ),
  })
  .strict()
export type SimErasureRequest = z.infer<typeof SimErasureRequest>

/** An address as the service compares it: trimmed, lower case. */
export const normaliseSimEmail = (email: string) => email.trim().toLowerCase()

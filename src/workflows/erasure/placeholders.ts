import { createHash } from "node:crypto"
import { normaliseEmail } from "../../service/schemas/erasure"

/**
 * The anonymised values the plugin writes over its own copies of a person's
 * data after an ERASABLE erasure, in the service's style: valid where the
 * data is parsed again (an email, an E.164 phone), unmistakably not a person,
 * and derived from the merchant's reference, never from the address.
 */
export type PluginPlaceholders = { email: string; name: string; phone: string; dateOfBirth: string }

export const ERASED_NAME = "Erased"

export function placeholdersFor(reference: string): PluginPlaceholders {
  const token = createHash("sha256").update(reference).digest("hex").slice(0, 12)
  return {
    email: `erased-${token}@erased.invalid`,
    name: ERASED_NAME,
    phone: "+10000000000",
    dateOfBirth: "1900-01-01",
  }
}

/** sha256 of the trimmed, lower-cased address: all the plugin keeps of it. */
export const emailHashOf = (email: string) => createHash("sha256").update(normaliseEmail(email)).digest("hex")

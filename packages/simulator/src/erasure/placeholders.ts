import { createHash } from "node:crypto"

/**
 * The anonymised values an erasure writes in place (interfaces.md rule 4).
 * They still satisfy the wire schemas (an erased record keeps answering with a
 * valid body), cannot be mistaken for a person, and are the same for every
 * field of one erasure. The token is derived from the merchant and the
 * reference, never from the address: nothing of the address survives.
 */
export type Placeholders = {
  /** `erased-<token>@erased.invalid` (`.invalid` is reserved: mail to it never leaves). */
  email: string
  firstName: string
  lastName: string
  /** A full name or a trading name that was a person's name. */
  name: string
  /** E.164, a number no one holds. */
  phone: string
  /** An ISO date no living person was born on. */
  dateOfBirth: string
  /** What an evidence file's bytes are replaced with. */
  fileName: string
  fileContent: Buffer
}

export const ERASED_EMAIL_DOMAIN = "erased.invalid"

export function placeholdersFor(merchantId: string, reference: string): Placeholders {
  const token = createHash("sha256").update(`${merchantId}\n${reference}`).digest("hex").slice(0, 12)
  return {
    email: `erased-${token}@${ERASED_EMAIL_DOMAIN}`,
    firstName: "Erased",
    lastName: "Erased",
    name: "Erased",
    phone: "+10000000000",
    dateOfBirth: "1900-01-01",
    fileName: "erased.txt",
    fileContent: Buffer.from("erased", "utf8"),
  }
}

/** The address as both sides compare it: trimmed, lower case. */
export const sameAddress = (a: string | null | undefined, wanted: string) =>
  typeof a === "string" && a.trim().toLowerCase() === wanted

/** sha256 of the lower-cased address: what the audit trail keeps instead of the address. */
export const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex")

import type { z } from "zod"
import type { ProposalCreateBody } from "../contract/registration"

type ProposalCreateInput = z.input<typeof ProposalCreateBody>

let counter = 0
/** A key no other test uses. */
export const uniqueKey = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`

/** A GB sole trader's proposal; `trading_name` drives the simulator's decision ("REVIEW", "DECLINE"). */
export function proposalBody(
  overrides: { country?: string; trading_name?: string; email?: string } = {},
): ProposalCreateInput {
  const country = overrides.country ?? "GB"
  const email = overrides.email ?? "jane.smith@plumbing.example"
  return {
    proposed_business: {
      business_type: "SOLE_TRADER",
      country_code: country as "GB",
      trading_name: overrides.trading_name ?? "Jane Smith Plumbing",
      email,
      phone: country === "US" ? "+14155550123" : "+447700900123",
      website: null,
      business_address: {
        building: "Unit 4",
        street: "Canal Street",
        postal_code: country === "US" ? "94105" : "M1 3HE",
        city: country === "US" ? "San Francisco" : "Manchester",
        region: country === "US" ? "CA" : null,
        country_code: country,
      },
      proprietor_details: {
        first_name: "Jane",
        last_name: "Smith",
        date_of_birth: "1985-04-12",
        email,
        phone: country === "US" ? "+14155550123" : "+447700900123",
        address_history: [],
      },
    },
  }
}

/** The smallest files whose first bytes say what they are. */
export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1")
export const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex")

// The company search of the plugin (`GET /store/trade-credit/companies?country=&q=&limit=`) as the company picker
// uses it: the query, the highlight (only its <mark> tags kept), the keyboard, and the choice as the session's
// `company`.

import type { CompanyHit } from "./checkout"

/** The slice of `@medusajs/js-sdk` the plugin's own store routes are called through (it adds the publishable key). */
export type ClientSdk = {
  client: {
    // The SDK's own signature, which the kit does not import: `any` where @medusajs/js-sdk's `client.fetch` has it.
    /* eslint-disable @typescript-eslint/no-explicit-any -- see above */
    fetch<T = any>(
      input: string,
      init?: { method?: string; query?: Record<string, any>; body?: any; headers?: Record<string, any> },
    ): Promise<T>
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
}

/** The buyer's company as the session's `data.company` takes it, with what the page shows of it. */
export type CompanySelection = {
  /** `{ company_canonical_id }` (found by the search) or `{ company_name, organization_number, country_prefix }`. */
  company:
    { company_canonical_id: string } | { company_name: string; organization_number: string; country_prefix: string }
  name: string
  /** The registration number: as the search gives it ("GB_CRN 08123456": the scheme's code, then the number), or as
   * typed. Shown without the code, in words ("Company number 08123456"). */
  number: string
  country: string
}

export async function searchCompanies({
  sdk,
  country,
  q,
  limit = 8,
}: {
  sdk: ClientSdk
  country: string
  q: string
  limit?: number
}): Promise<CompanyHit[]> {
  const answer = await sdk.client.fetch<{ items?: CompanyHit[] }>("/store/trade-credit/companies", {
    query: { country, q, limit },
  })
  return Array.isArray(answer?.items) ? answer.items : []
}

/**
 * The service's highlight (`"<mark>Acme</mark> Industrial"`) as parts to render: text, and the marked parts. Any
 * other markup stays text (a storefront never inserts it as HTML).
 */
export function highlightParts(highlight: string | undefined, fallback: string): { text: string; marked: boolean }[] {
  const source = highlight || fallback
  const parts: { text: string; marked: boolean }[] = []
  let marked = false
  for (const piece of source.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>") marked = true
    else if (piece === "</mark>") marked = false
    else if (piece) parts.push({ text: piece, marked })
  }
  return parts
}

/** The option a key moves to in a list of `length` (ArrowDown and ArrowUp wrap around); -1 for none. */
export function moveActive(active: number, key: string, length: number): number {
  if (!length) return -1
  if (key === "ArrowDown") return (active + 1 + length) % length
  if (key === "ArrowUp") return active < 0 ? length - 1 : (active - 1 + length) % length
  if (key === "Home") return 0
  if (key === "End") return length - 1
  return active
}

export const selectionOfHit = (hit: CompanyHit): CompanySelection => ({
  company: { company_canonical_id: hit.canonical_id },
  name: hit.name,
  number: `${hit.national_identifier.type} ${hit.national_identifier.id}`,
  country: hit.country,
})

/**
 * The registration number to show a buyer, without the service's scheme code before it ("GB_CRN 08123456" is
 * "08123456"; a number entered by hand stays as it was typed).
 */
export const registrationNumberOf = (number: string): string => number.replace(/^[A-Z]{2}_[A-Z0-9_]+\s+/, "").trim()

/** Manual entry: the registered name and number, in the picker's country. */
export const manualSelection = (name: string, number: string, country: string): CompanySelection => ({
  company: { company_name: name.trim(), organization_number: number.trim(), country_prefix: country.toUpperCase() },
  name: name.trim(),
  number: number.trim(),
  country: country.toUpperCase(),
})

import {
  COMPANY_IDENTIFIER_TYPES,
  type CompanyDetails,
  type CompanyIdentifierType,
  type CompanySearchItem,
  type CompanyType,
} from "../contract/companies"
import type { BuyerCompany } from "../contract/orders"
import { COMPANY_FIXTURES, type CompanyFixture } from "../fixtures/companies"
import type { LedgerInvoice } from "./invoice-ledger"

export const ARREARS_STATES = ["none", "approaching", "blocked"] as const
export type ArrearsState = (typeof ARREARS_STATES)[number]

/** What the service keeps of a buyer beside the registry's record (issue #38); absent in older state files. */
export type CompanyStanding = {
  /** The largest order the buyer may place; null or absent: the credit limit. */
  max_single_order_value?: string | null
  /**
   * The invoices the buyer still owes on, over all merchants (the same objects as the orders' ledgers); one settled
   * is dropped (nothing makes a settled invoice owed again).
   */
  receivables?: LedgerInvoice[]
  /** The merchants (`merchant.id`) that invoiced the company. */
  invoiced_by?: string[]
  /** The arrears block; `forced` when the control API set it (the clock leaves a forced state alone). */
  arrears?: { state: ArrearsState; forced: boolean }
}

export type CompanyRecord = CompanyFixture & CompanyStanding

/** A canonical id is letters and digits (section 1): other characters of an id given to add() or get() are dropped. */
export const normalizeCanonicalId = (value: string) => value.replace(/[^A-Za-z0-9]/g, "")

/** The published lookup id: the country and the number ("NO817352812"); not durable, resolves like a canonical id. */
export const lookupIdOf = (record: Pick<CompanyRecord, "country" | "organization_number">) =>
  `${record.country}${record.organization_number}`

const IDENTIFIER_BY_COUNTRY: Record<string, CompanyIdentifierType> = {
  GB: "GB_CRN",
  NO: "NO_BRREG",
  SE: "SE_ORGNR",
  US: "US_EIN",
  DK: "DK_CVR",
  FI: "FI_YTJ",
  NL: "NL_KVK",
  DE: "DE_HRB",
}

/** The record's identifier type as a published `CompanyIdentifierType` (an older record may name it otherwise). */
export function identifierTypeOf(record: CompanyRecord): CompanyIdentifierType {
  const given = record.identifier_type as CompanyIdentifierType
  return COMPANY_IDENTIFIER_TYPES.includes(given) ? given : (IDENTIFIER_BY_COUNTRY[record.country] ?? "TWO")
}

const companyTypeOf = (record: CompanyRecord): CompanyType =>
  record.company_type ?? (record.identifier_type === "SOLE_TRADER" ? "SOLE_TRADER" : "PRIVATE_LIMITED_COMPANY")

/** Lookups ignore spaces, dashes, dots and case: "556677-8899" is "5566778899". */
export const normalizeNumber = (value: string) => value.replace(/[^A-Za-z0-9]/g, "").toUpperCase()

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/**
 * The registry of companies the service knows, shared by every merchant:
 * the fixtures, plus companies added through the control API (and, later,
 * businesses enrolled through the registration interface).
 */
export class CompanyDirectory {
  private byId = new Map<string, CompanyRecord>()
  private byNumber = new Map<string, CompanyRecord>()

  constructor() {
    this.reset()
  }

  reset(): void {
    this.byId.clear()
    this.byNumber.clear()
    for (const fixture of COMPANY_FIXTURES) {
      this.add({ ...fixture, addresses: fixture.addresses.map((a) => ({ ...a })) })
    }
  }

  add(company: CompanyRecord): CompanyRecord {
    const record = {
      ...company,
      canonical_id: normalizeCanonicalId(company.canonical_id),
      organization_number: normalizeNumber(company.organization_number),
    }
    this.byId.set(record.canonical_id, record)
    this.byNumber.set(`${record.country}:${record.organization_number}`, record)
    return record
  }

  /** By canonical id or lookup id (`GET /companies/v2/company/{canonical_or_lookup_id}`). */
  get(id: string): CompanyRecord | undefined {
    const key = normalizeCanonicalId(id)
    const byCanonical = this.byId.get(key)
    if (byCanonical) return byCanonical
    const lookup = /^([A-Z]{2})([A-Za-z0-9]+)$/.exec(key)
    return lookup ? this.findByNumber(lookup[1], lookup[2]) : undefined
  }

  findByNumber(country: string, organizationNumber: string): CompanyRecord | undefined {
    return this.byNumber.get(`${country}:${normalizeNumber(organizationNumber)}`)
  }

  /** The company a `buyer.company` names, or undefined when the service does not know it. */
  resolve(company: BuyerCompany): CompanyRecord | undefined {
    if ("company_canonical_id" in company) return this.get(company.company_canonical_id)
    return this.findByNumber(company.country_prefix, company.organization_number)
  }

  all(): CompanyRecord[] {
    return [...this.byId.values()]
  }

  /** Case-insensitive substring match on the name or the organization number; names that start with q first. */
  search(country: string, q: string | undefined, limit: number): CompanySearchItem[] {
    // Without q every company of the country matches, by name.
    if (q === undefined) q = ""
    const needle = q.toLowerCase()
    const numberNeedle = normalizeNumber(q)
    const hits: { record: CompanyRecord; at: number }[] = []
    for (const record of this.byId.values()) {
      if (record.country !== country) continue
      const at = record.name.toLowerCase().indexOf(needle)
      if (
        at >= 0 ||
        needle.length === 0 ||
        (numberNeedle.length > 0 && record.organization_number.includes(numberNeedle))
      ) {
        hits.push({ record, at: at < 0 ? Number.MAX_SAFE_INTEGER : at })
      }
    }
    hits.sort((a, b) => a.at - b.at || a.record.name.localeCompare(b.record.name))
    return hits.slice(0, limit).map(({ record, at }) => ({
      name: record.name,
      canonical_id: record.canonical_id,
      lookup_id: lookupIdOf(record),
      country: record.country,
      national_identifier: { type: identifierTypeOf(record), id: record.organization_number },
      company_type: companyTypeOf(record),
      status: record.status ?? "ACTIVE",
      highlight: highlight(record.name, needle.length === 0 ? Number.MAX_SAFE_INTEGER : at, q.length),
    }))
  }
}

function highlight(name: string, at: number, length: number): string {
  if (at === Number.MAX_SAFE_INTEGER) return escapeHtml(name)
  return (
    escapeHtml(name.slice(0, at)) +
    `<mark>${escapeHtml(name.slice(at, at + length))}</mark>` +
    escapeHtml(name.slice(at + length))
  )
}

export function companyDetails(record: CompanyRecord): CompanyDetails {
  return {
    canonical_id: record.canonical_id,
    name: record.name,
    country: record.country,
    organization_number: record.organization_number,
    addresses: record.addresses.map((a) => ({ ...a })),
  }
}

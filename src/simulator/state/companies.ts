import type { BuyerCompany, CompanyDetails, CompanySearchItem } from "../../service/schemas"
import { COMPANY_FIXTURES, type CompanyFixture } from "../fixtures/companies"

export type CompanyRecord = CompanyFixture

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
    const record = { ...company, organization_number: normalizeNumber(company.organization_number) }
    this.byId.set(record.canonical_id, record)
    this.byNumber.set(`${record.country}:${record.organization_number}`, record)
    return record
  }

  get(canonicalId: string): CompanyRecord | undefined {
    return this.byId.get(canonicalId)
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
  search(country: string, q: string, limit: number): CompanySearchItem[] {
    const needle = q.toLowerCase()
    const numberNeedle = normalizeNumber(q)
    const hits: { record: CompanyRecord; at: number }[] = []
    for (const record of this.byId.values()) {
      if (record.country !== country) continue
      const at = record.name.toLowerCase().indexOf(needle)
      if (at >= 0 || (numberNeedle.length > 0 && record.organization_number.includes(numberNeedle))) {
        hits.push({ record, at: at < 0 ? Number.MAX_SAFE_INTEGER : at })
      }
    }
    hits.sort((a, b) => a.at - b.at || a.record.name.localeCompare(b.record.name))
    return hits.slice(0, limit).map(({ record, at }) => ({
      name: record.name,
      canonical_id: record.canonical_id,
      country: record.country,
      national_identifier: { type: record.identifier_type, id: record.organization_number },
      highlight: highlight(record.name, at, q.length),
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

import { bodyDigest } from "../core/order/idempotency-keys"
import type { CompanySearchItem } from "../service/schemas/company"
import { TtlCache } from "../utils/ttl-cache"
import type { PlanLimits } from "../core/plan/plan-limits"

/** How long an approved instalment credit check is reused for an unchanged cart and company (as an intent is). */
export const PLAN_CHECK_REUSE_MS = 10 * 60_000

/** How long what a company search said about a company (its country, identifier and name) is kept by canonical id. */
export const COMPANY_IDENTITY_MS = 15 * 60_000

/** The credit check's request body, as sent (plan-credit-check.ts). */
export type PlanCheckBody = {
  country_code: string
  national_identifier: string
  company_name: string
  amount: string
  currency: string
  instalment_period: "MONTHLY"
}

/**
 * Approved instalment credit checks by cart and check body. Medusa refreshes a payment session (updatePayment with
 * the cart unchanged), a storefront may start the session twice (a new session id each time), and a preview checks
 * the same cart before the session starts: each would otherwise check the same company for the same amount again
 * while the buyer waits. An unchanged cart and body reuses the approved limits; a changed total, company or currency
 * is another body and is checked. Declines are never kept (a raised limit takes effect at once). In process only:
 * another instance, a restart or an expired entry simply checks again (an optimisation, nothing depends on it); the
 * plan's creation is judged by the service against its own limits anyway.
 */
export class PlanCheckReuse {
  private readonly cache: TtlCache<PlanLimits>

  constructor(ttlMs = PLAN_CHECK_REUSE_MS, maxEntries = 2000, now?: () => number) {
    this.cache = new TtlCache<PlanLimits>(ttlMs, maxEntries, now)
  }

  static keyOf(cartId: string, body: PlanCheckBody): string {
    return `${cartId}:${bodyDigest(body)}`
  }

  get(key: string): PlanLimits | undefined {
    return this.cache.get(key)
  }

  remember(key: string, limits: PlanLimits): void {
    this.cache.set(key, limits)
  }

  get size(): number {
    return this.cache.size
  }
}

/** What a company search answered about a company: enough for a credit check (country, identifier, name). */
export type CompanyIdentity = { country: string; national_identifier: string; name: string }

/**
 * Company identities by canonical id, as the company search answered them: a buyer who chose the company in the
 * checkout's search has it credit-checked while its registry details are read (plan-offer.ts), not after. What the
 * registry then answers is compared: a different identity is checked again, so the search's word is never the last.
 */
export class CompanyIdentities {
  private readonly cache: TtlCache<CompanyIdentity>

  constructor(ttlMs = COMPANY_IDENTITY_MS, maxEntries = 2000, now?: () => number) {
    this.cache = new TtlCache<CompanyIdentity>(ttlMs, maxEntries, now)
  }

  /** Keeps the items of a search answer that name the company whole (a country and an identifier). */
  rememberSearch(items: Pick<CompanySearchItem, "canonical_id" | "name" | "country" | "national_identifier">[]): void {
    for (const item of items) {
      const id = item.national_identifier?.id
      if (!id || !item.country || !item.name) continue
      this.cache.set(item.canonical_id, { country: item.country, national_identifier: id, name: item.name })
    }
  }

  get(canonicalId: string): CompanyIdentity | undefined {
    return this.cache.get(canonicalId)
  }
}

/** The process's approved plan checks, shared by the instalment provider and the store's preview route. */
export const planCheckReuse = new PlanCheckReuse()

/** The process's company identities from searches, shared by the company search route and the instalment flows. */
export const companyIdentities = new CompanyIdentities()

import { bodyDigest } from "../core/order/idempotency-keys"
import type { CompanySearchItem } from "../service/schemas/company"
import type { KeptChecks } from "./kept-checks"
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
 * Approved instalment credit checks by cart and check body, kept where every instance finds them (kept-checks.ts).
 * Medusa refreshes a payment session (updatePayment with the cart unchanged), a storefront may start the session twice
 * (a new session id each time), and a preview checks the same cart before the session starts: each would otherwise
 * check the same company for the same amount again while the buyer waits. An unchanged cart and body reuses the
 * approved limits; a changed total, company or currency is another body and is checked. Declines are never kept (a
 * raised limit takes effect at once). An optimisation: a miss checks again; the plan's creation is judged by the
 * service against its own limits anyway.
 */
export class PlanCheckReuse {
  constructor(private readonly kept: KeptChecks) {}

  static keyOf(cartId: string, body: PlanCheckBody): string {
    return `plan:${cartId}:${bodyDigest(body)}`
  }

  async get(key: string): Promise<PlanLimits | undefined> {
    return await this.kept.find<PlanLimits>(key)
  }

  async remember(key: string, limits: PlanLimits): Promise<void> {
    await this.kept.keep([{ key, answer: limits }], PLAN_CHECK_REUSE_MS)
  }
}

/** What a company search answered about a company: enough for a credit check (country, identifier, name). */
export type CompanyIdentity = { country: string; national_identifier: string; name: string }

/**
 * Company identities by canonical id, as the company search answered them (kept-checks.ts): a buyer who chose the
 * company in the checkout's search has it credit-checked while its registry details are read (plan-offer.ts), not
 * after. What the registry then answers is compared: a different identity is checked again, so the search's word is
 * never the last.
 */
export class CompanyIdentities {
  constructor(private readonly kept: KeptChecks) {}

  private static keyOf(canonicalId: string): string {
    return `company:${canonicalId}`
  }

  /** Keeps the items of a search answer that name the company whole (a country and an identifier): one write. */
  async rememberSearch(
    items: Pick<CompanySearchItem, "canonical_id" | "name" | "country" | "national_identifier">[],
  ): Promise<void> {
    const whole = items.flatMap((item) => {
      const id = item.national_identifier?.id
      if (!id || !item.country || !item.name) return []
      const answer: CompanyIdentity = { country: item.country, national_identifier: id, name: item.name }
      return [{ key: CompanyIdentities.keyOf(item.canonical_id), answer }]
    })
    if (whole.length) await this.kept.keep(whole, COMPANY_IDENTITY_MS)
  }

  async get(canonicalId: string): Promise<CompanyIdentity | undefined> {
    return await this.kept.find<CompanyIdentity>(CompanyIdentities.keyOf(canonicalId))
  }
}

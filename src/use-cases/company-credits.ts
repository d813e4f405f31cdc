import { MedusaError } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import {
  type CompanyCreditFacts,
  type CompanyCreditRefusal,
  companyCreditRefusalOf,
} from "../core/region/company-credit-rule"
import { companyCreditsOf } from "../medusa/company-credits"
import { keptChecksOf } from "../medusa/kept-checks"
import type { MedusaServices } from "../medusa/services"
import type { BuyerCompany } from "../service/schemas/order"
import { type LogIds, logLine } from "../utils/log-line"
import { CompanyIdentities, type CompanyIdentity } from "./plan-check-reuse"

/** A buyer company as the service's credit events name it: its country (when known) and organization number. */
export type CompanyId = { country_code: string | null; organization_number: string }

/**
 * What the service last said of buyer companies' credit and arrears (its webhook events, kept by the plugin's module:
 * medusa/company-credits.ts). Null when nothing is known of the company, or the store's database did not answer: the
 * service's own check then decides, as before.
 */
export type CompanyCredits = {
  of(company: CompanyId): Promise<CompanyCreditFacts | null>
}

/** What the check is given: the company credits, and the companies a search described (for a canonical id). */
export type CompanyCreditDeps = {
  companyCredits: CompanyCredits
  /** The company search's identities by canonical id (plan-check-reuse.ts); without them a canonical id is unknown. */
  identities?: { get(canonicalId: string): Promise<CompanyIdentity | undefined> }
}

/**
 * What a provider's flow checks a company's credit with: the module's company credits (medusa/company-credits.ts) and
 * the companies the search described, kept in the module for every instance.
 */
export function companyCreditDepsOf(
  medusa: Pick<MedusaServices, "tradeCredit">,
  logger: Logger,
): CompanyCreditDeps & { logger: Logger } {
  return {
    companyCredits: companyCreditsOf(medusa, logger),
    identities: new CompanyIdentities(keptChecksOf(medusa, logger)),
    logger,
  }
}

/**
 * The company the checkout names, as the credit events name it: a company given by number as it is; one given by its
 * canonical id through what the company search said of it (undefined when the search's answer is not kept: nothing
 * is then refused here, the service decides).
 */
export async function companyIdOf(
  company: BuyerCompany,
  identities: CompanyCreditDeps["identities"],
): Promise<CompanyId | undefined> {
  if (!("company_canonical_id" in company)) {
    return { country_code: company.country_prefix.toUpperCase(), organization_number: company.organization_number }
  }
  const identity = await identities?.get(company.company_canonical_id)
  return identity
    ? { country_code: identity.country.toUpperCase(), organization_number: identity.national_identifier }
    : undefined
}

/**
 * Why a cart of `amount` may not be paid on trade credit for `company`, from what the service last said of the
 * company (core/region/company-credit-rule.ts: an arrears block, a total above its maximum single order value or its
 * remaining credit), or undefined. Read in the store's database only: nothing is asked of the service.
 */
export async function companyCreditRefusal(
  deps: CompanyCreditDeps,
  company: BuyerCompany,
  amount: { grossAmount: string; currency: string },
): Promise<CompanyCreditRefusal | undefined> {
  const id = await companyIdOf(company, deps.identities)
  if (!id) return undefined
  return companyCreditRefusalOf(await deps.companyCredits.of(id), amount)
}

/** The providers' error for a company-credit refusal (NOT_ALLOWED with its code and the buyer's words), logged. */
export function companyCreditError(logger: Logger, refusal: CompanyCreditRefusal, ids: LogIds): MedusaError {
  logLine(logger, "info", `trade-credit: not offered to the buyer's company: ${refusal.reason}`, {
    ...ids,
    code: refusal.code,
  })
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal.message, refusal.code)
}

/** Refuses (companyCreditError) a cart its company's credit does not allow, before anything is asked of the service. */
export async function assertCompanyCredit(
  deps: CompanyCreditDeps & { logger: Logger },
  company: BuyerCompany,
  amount: { grossAmount: string; currency: string },
  ids: LogIds,
): Promise<void> {
  const refusal = await companyCreditRefusal(deps, company, amount)
  if (refusal) throw companyCreditError(deps.logger, refusal, ids)
}

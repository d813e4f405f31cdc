import type { TradeCreditClient } from "../client/index"
import type { TradeCreditPlanData } from "../core/plan/plan-data"
import type { OrderEditPaymentData } from "../medusa/order-edit-payment"
import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { BuyerCompany } from "../service/schemas/order"
import type { TradeCreditCompany } from "../api/admin/trade-credit/admin-ui-types"

/*
 * The buyer's company of an order paid by trade credit, as the order widget names it (order-summary.ts): the
 * service's registry by canonical id, else what the order or the checkout recorded.
 */

/** What the widget reads of a repayment account's stored body (the account as the service answered it). */
type StoredAccountBody = {
  buyer_company?: { trade_name?: string | null; national_identifier?: string | null; country_code?: string | null }
}

const hasCanonicalId = (company: unknown): company is { company_canonical_id: string } =>
  !!company &&
  typeof company === "object" &&
  typeof (company as { company_canonical_id?: unknown }).company_canonical_id === "string"

/**
 * The company of an invoice order: the service order's buyer. The published order answer may name it by its country
 * and organization number only (no canonical id, no name: contract section 9, a buyer given by canonical id comes back
 * as the company it resolved to); then the canonical id the buyer was credit-checked with at checkout (kept on the
 * payment) gives its name from the registry, the answer's number and country standing where the registry has none.
 */
export async function orderCompany(
  client: TradeCreditClient,
  answered: BuyerCompany | undefined | null,
  stored: OrderEditPaymentData,
): Promise<TradeCreditCompany | null> {
  const given = [stored.company, stored.buyer_company].find(hasCanonicalId) as BuyerCompany | undefined
  if (!answered) return await companyOf(client, given ?? (stored.company as BuyerCompany | undefined))
  const fromAnswer = await companyOf(client, answered)
  if (!given || !fromAnswer || fromAnswer.canonical_id !== null || fromAnswer.name !== null) return fromAnswer
  const fromCheckout = await companyOf(client, given)
  if (!fromCheckout) return fromAnswer
  return {
    name: fromCheckout.name,
    organization_number: fromCheckout.organization_number ?? fromAnswer.organization_number,
    country: fromCheckout.country ?? fromAnswer.country,
    canonical_id: fromCheckout.canonical_id,
  }
}

/** The buyer's company: by its canonical id from the service's registry (one call), else as given. */
async function companyOf(
  client: TradeCreditClient,
  company: BuyerCompany | undefined | null,
): Promise<TradeCreditCompany | null> {
  if (!company || typeof company !== "object") return null
  if ("company_canonical_id" in company && company.company_canonical_id) {
    const canonicalId = company.company_canonical_id
    try {
      const details = await client.companies.get(canonicalId)
      return {
        name: details.name,
        organization_number: details.organization_number,
        country: details.country,
        canonical_id: canonicalId,
      }
    } catch {
      return { name: null, organization_number: null, country: null, canonical_id: canonicalId }
    }
  }
  if ("organization_number" in company) {
    return {
      name: company.company_name ?? null,
      organization_number: company.organization_number ?? null,
      country: company.country_prefix ?? null,
      canonical_id: null,
    }
  }
  return null
}

/**
 * The company of an instalment plan, named as the invoice widget names its buyer: the registered name (the registry's
 * for a canonical id, else the name the buyer gave). The repayment account's `trade_name` is an identifier the
 * repayment interface needs (a slug such as `THORNBURY-CATERING-EQUIPMENT`), shown only when no name can be read.
 */
export async function planCompany(
  module: Pick<TradeCreditModuleService, "listBuyerRepaymentAccounts">,
  client: TradeCreditClient,
  stored: TradeCreditPlanData,
): Promise<TradeCreditCompany | null> {
  const registered = await companyOf(client, stored.company as BuyerCompany | undefined)
  if (stored.account_id) {
    const [account] = await module.listBuyerRepaymentAccounts({ account_id: stored.account_id }, { take: 1 })
    const company = (account?.body as StoredAccountBody | null | undefined)?.buyer_company
    if (company) {
      return {
        name: registered?.name ?? company.trade_name ?? null,
        organization_number: company.national_identifier ?? registered?.organization_number ?? null,
        country: company.country_code ?? registered?.country ?? null,
        canonical_id:
          registered?.canonical_id ??
          (stored.company as { company_canonical_id?: string } | undefined)?.company_canonical_id ??
          null,
      }
    }
  }
  return registered
}

import type { TradeCreditModuleService } from "../modules/trade-credit"
import type { CompanyCreditView } from "../modules/trade-credit/company-credit-view"
import { ENROLLED_STATUSES, type EnrollmentStatus } from "../modules/trade-credit/models/enrollment"
import type {
  TradeCreditCompanyCredit,
  TradeCreditCustomerCompany,
} from "../api/admin/trade-credit/receivables/receivable-types"
import { decimalOf, isoOf } from "./receivable-view"

export type CustomerCompaniesDeps = {
  module: Pick<
    TradeCreditModuleService,
    "listTradeAccountUsers" | "listTradeAccounts" | "listEnrollments" | "listReceivables" | "companyCreditOf"
  >
}

type Company = Omit<TradeCreditCustomerCompany, "credit">

/** How many of the customer's newest documents are read for the companies they ordered for. */
const DOCUMENTS_READ = 200

/** `GB:08123456` → GB and 08123456 (no country before the colon: null). */
function fromCompanyKey(key: string, name: string | null): Company | null {
  const at = key.indexOf(":")
  const organization_number = key.slice(at + 1)
  if (at < 0 || !organization_number) return null
  return { country_code: key.slice(0, at) || null, organization_number, company_name: name, source: "orders" }
}

/** The companies a customer buys for: their trade account's, their sole-trader business, those of their orders. */
async function companiesOf(deps: CustomerCompaniesDeps, customerId: string): Promise<Company[]> {
  const [users, enrollments, documents] = await Promise.all([
    deps.module.listTradeAccountUsers({ customer_id: customerId }, { take: 1 }),
    deps.module.listEnrollments({ customer_id: customerId }, { take: 1 }),
    deps.module.listReceivables(
      { customer_id: customerId, company_key: { $ne: null } },
      { select: ["company_key", "company_name"], order: { created_at: "DESC" }, take: DOCUMENTS_READ },
    ),
  ])
  const [account] = users.length ? await deps.module.listTradeAccounts({ id: users[0].trade_account_id }) : []
  const companies: (Company | null)[] = [
    account?.organization_number
      ? {
          country_code: account.country_code ?? null,
          organization_number: account.organization_number,
          company_name: account.trade_name,
          source: "trade_account",
        }
      : null,
    ...enrollments
      .filter((e) => ENROLLED_STATUSES.includes(e.status as EnrollmentStatus) && e.organization_number)
      .map((e) => ({
        country_code: e.country_code,
        organization_number: e.organization_number!,
        company_name: e.company_name ?? null,
        source: "enrollment" as const,
      })),
    ...documents.map((d) => fromCompanyKey(d.company_key!, d.company_name ?? null)),
  ]
  return distinct(companies.filter((c): c is Company => c !== null))
}

/** One entry per company, the first found kept; a company named without its country is the one named with it. */
function distinct(companies: Company[]): Company[] {
  const key = (c: Company) => `${(c.country_code ?? "").toUpperCase()}:${c.organization_number}`
  const withCountry = new Set(companies.filter((c) => c.country_code).map((c) => c.organization_number))
  const seen = new Set<string>()
  return companies.filter((c) => {
    if ((!c.country_code && withCountry.has(c.organization_number)) || seen.has(key(c))) return false
    seen.add(key(c))
    return true
  })
}

/** An amount of the view with two decimals at least ("5000" → "5000.00"); null for none. */
const amountOf = (value: string | null): string | null => (value === null ? null : decimalOf({ value }, "value"))

const creditOf = (view: CompanyCreditView | null): TradeCreditCompanyCredit | null =>
  view && {
    currency_code: view.currency_code,
    credit_limit: amountOf(view.credit_limit),
    credit_limit_balance: amountOf(view.credit_limit_balance),
    max_single_order_value: amountOf(view.max_single_order_value),
    credit_approved: view.credit_approved,
    decline_reason: view.decline_reason,
    in_arrears: view.in_arrears,
    arrears_state: view.arrears_state,
    days_in_arrears: view.days_in_arrears,
    days_until_arrears: view.days_until_arrears,
    earliest_invoice_number: view.earliest_invoice_number,
    earliest_invoice_due_date: view.earliest_invoice_due_date,
    limit_event_at: isoOf(view.limit_event_at),
    arrears_event_at: isoOf(view.arrears_event_at),
  }

/**
 * The companies a Medusa customer buys for, each with its credit as the service last told it (limit, balance,
 * maximum single order value, arrears): the customer widget.
 */
export async function customerCompanies(
  deps: CustomerCompaniesDeps,
  customerId: string,
): Promise<TradeCreditCustomerCompany[]> {
  const companies = await companiesOf(deps, customerId)
  return await Promise.all(
    companies.map(async (company) => ({
      ...company,
      credit: creditOf(await deps.module.companyCreditOf(company.country_code, company.organization_number)),
    })),
  )
}

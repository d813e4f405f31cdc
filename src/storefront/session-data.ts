// The buyer's choice and the trade credit session's data it becomes: what the storefront puts in `data` (the plugin
// keeps it there beside its own state), and whether a session already is what a choice would start.

import { invoiceSessionData, type SessionLike } from "./checkout"
import { sameCompany, stable } from "./session-keys"

/** The buyer's references as the invoice carries them (BuyerDetailsFields gives them). */
export type BuyerReferences = {
  purchaseOrderNumber?: string
  department?: string
  project?: string
  /** A list, or the field's text ("ap@x.example, finance@x.example"). */
  invoiceEmails?: string[] | string
  orderNote?: string
}

/**
 * What the page shows of the chosen company (the search's name and registration number): kept in the session's data
 * as `company_label`, so another tab, or the page after a reload, shows the company the session holds.
 */
export type CompanyLabel = { name: string; number?: string; country?: string }

/** The credit check of the chosen company: approved, or refused with the buyer's words (a decline, a field to fix). */
export type CreditCheck = { approved: true } | { approved: false; code?: string; message: string }

/** What the buyer chose: the method (provider), the company, the references and, for instalments, the months. */
export type TradeCreditChoice = {
  providerId?: string
  /** The session's `company`: `{ company_canonical_id }` or `{ company_name, organization_number, country_prefix }`. */
  company?: Record<string, unknown>
  /** What the page shows of the company (see CompanyLabel). */
  companyLabel?: CompanyLabel
  details?: BuyerReferences
  numberOfPeriods?: number
  /** Where the service sends the buyer back (an origin of the plugin's storefrontUrls). */
  returnUrl?: string
  /** The credit check of `company`, when the kit made it (TradeCreditFields): a refused one is not tried again. */
  check?: CreditCheck
}

export const isPlanProvider = (providerId: string | undefined) =>
  typeof providerId === "string" && providerId.startsWith("pp_trade-credit-plan")

/** What the storefront puts in a session's data (the plugin keeps it there beside its own state). */
const INPUT_KEYS = [
  "company",
  "company_label",
  "representative",
  "purchase_order_number",
  "department",
  "project",
  "order_note",
  "invoice_emails",
  "return_url",
  "verify_before_completion",
  "number_of_periods",
] as const

/** The storefront's part of a session's data (its own state left out). */
export function sessionInputOf(data: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const key of INPUT_KEYS) if (data?.[key] !== undefined && data[key] !== null) input[key] = data[key]
  return input
}

/** Invoice emails from a list or a field's text: split at commas, semicolons and spaces, empty ones dropped. */
export const invoiceEmailsOf = (emails: string[] | string | undefined): string[] =>
  (Array.isArray(emails) ? emails : String(emails ?? "").split(/[,;\s]+/)).map((e) => e.trim()).filter(Boolean)

const text = (value: string | undefined) => (typeof value === "string" && value.trim() ? value.trim() : undefined)

/**
 * The session `data` for a choice: an invoice's with `verify_before_completion` (invoiceSessionData), an instalment
 * plan's with `number_of_periods`. What the choice leaves out is kept from `current` (the data of the cart's session
 * of the same provider), so a session started with the company keeps it; the company's label goes with its company.
 */
export function tradeCreditSessionData(
  choice: TradeCreditChoice,
  current?: Record<string, unknown> | null,
): Record<string, unknown> {
  const kept = sessionInputOf(current)
  const details = choice.details ?? {}
  const emails = details.invoiceEmails === undefined ? undefined : invoiceEmailsOf(details.invoiceEmails)
  const company = choice.company ?? (kept.company as Record<string, unknown> | undefined)
  const label = choice.companyLabel ?? (sameCompany(company, kept.company) ? kept.company_label : undefined)
  const data: Record<string, unknown> = {
    ...kept,
    ...invoiceSessionData({
      company,
      returnUrl: choice.returnUrl ?? (kept.return_url as string | undefined),
      purchaseOrderNumber:
        details.purchaseOrderNumber === undefined
          ? (kept.purchase_order_number as string)
          : text(details.purchaseOrderNumber),
      department: details.department === undefined ? (kept.department as string) : text(details.department),
      project: details.project === undefined ? (kept.project as string) : text(details.project),
      orderNote: details.orderNote === undefined ? (kept.order_note as string) : text(details.orderNote),
      invoiceEmails: emails ?? (kept.invoice_emails as string[] | undefined),
      representative: kept.representative as Record<string, unknown> | undefined,
    }),
  }
  if (company && label) data.company_label = label
  else delete data.company_label
  // A field the buyer emptied is left out (the session's earlier value with it).
  for (const [field, key] of [
    ["purchaseOrderNumber", "purchase_order_number"],
    ["department", "department"],
    ["project", "project"],
    ["orderNote", "order_note"],
  ] as const) {
    if (details[field] !== undefined && !text(details[field])) delete data[key]
  }
  if (emails && !emails.length) delete data.invoice_emails
  if (isPlanProvider(choice.providerId)) {
    delete data.verify_before_completion
    if (choice.numberOfPeriods !== undefined) data.number_of_periods = choice.numberOfPeriods
  } else {
    delete data.number_of_periods
  }
  return data
}

/** True when the session's credit check passed: an invoice's order intent (or order), an instalment plan's account. */
export function sessionIsChecked(session: SessionLike | undefined): boolean {
  const data = session?.data
  if (!data || session.status === "error" || session.status === "canceled" || Array.isArray(data.missing)) return false
  return isPlanProvider(session.provider_id)
    ? Boolean(data.account_id || data.plan_id)
    : Boolean(data.intent_id || data.order_id)
}

/**
 * Whether the cart's session already is what `data` would start: the same provider and input, past the credit check
 * (an invoice's service order made, an instalment plan's account set up) and not failed.
 */
export function sessionIsReady(
  session: SessionLike | undefined,
  providerId: string,
  data: Record<string, unknown>,
): boolean {
  if (!session || session.provider_id !== providerId || !sessionIsChecked(session)) return false
  if (stable(sessionInputOf(session.data)) !== stable(sessionInputOf(data))) return false
  return isPlanProvider(providerId) ? Boolean(session.data!.account_id) : Boolean(session.data!.order_id)
}

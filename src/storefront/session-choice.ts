// The buyer's choice read back from the cart's trade credit payment session: the session's data is on the server, so
// a reload, Back from the service's page or another tab finds the company, the references and the months the buyer
// gave. Tolerant: the data is whatever the session holds (a storefront's, an older kit's, none).

import { type CartLike, isTradeCredit, type SessionLike } from "./checkout"
import type { CompanySelection } from "./company-search"
import { type CompanyLabel, type TradeCreditChoice, invoiceEmailsOf, sessionIsChecked } from "./session-data"
import { isRecord } from "./session-keys"

const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined)

/** The session's `company`, when it names one as the plugin takes it: by canonical id, or by number and country. */
function companyOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined
  const id = textOf(value.company_canonical_id)
  if (id) return { company_canonical_id: id }
  const number = textOf(value.organization_number)
  const country = textOf(value.country_prefix)
  const name = textOf(value.company_name)
  if (!number || !country) return undefined
  return { ...(name && { company_name: name }), organization_number: number, country_prefix: country.toUpperCase() }
}

function labelOf(value: unknown): CompanyLabel | undefined {
  const name = isRecord(value) ? textOf(value.name) : undefined
  if (!isRecord(value) || !name) return undefined
  const number = textOf(value.number)
  const country = textOf(value.country)
  return { name, ...(number && { number }), ...(country && { country }) }
}

/** The cart's trade credit sessions (not cancelled): `providerId`'s first, when given. */
function sessionsOf(cart: CartLike): SessionLike[] {
  return (cart?.payment_collection?.payment_sessions ?? []).filter((s) => isTradeCredit(s) && s.status !== "canceled")
}

/** The cart's trade credit session of `providerId` (any trade credit session when none is given). */
export function tradeCreditSessionOfProvider(cart: CartLike, providerId?: string): SessionLike | undefined {
  const sessions = sessionsOf(cart)
  return providerId ? sessions.find((s) => s.provider_id === providerId) : sessions[0]
}

/**
 * The buyer's choice as the cart's trade credit session holds it: the method, the company (and its label), the
 * references, the number of months and the return page; `check` approved when the session passed its credit check.
 * The session of `providerId` when given, else the cart's trade credit session; undefined when there is none. Only
 * what the data holds in the right shape is read.
 */
export function tradeCreditChoiceOf(
  cart: CartLike,
  { providerId }: { providerId?: string } = {},
): TradeCreditChoice | undefined {
  const session = tradeCreditSessionOfProvider(cart, providerId)
  if (!session) return undefined
  const data = isRecord(session.data) ? session.data : {}
  const company = companyOf(data.company)
  const companyLabel = company ? labelOf(data.company_label) : undefined
  const emails = Array.isArray(data.invoice_emails)
    ? invoiceEmailsOf(data.invoice_emails.filter((e): e is string => typeof e === "string"))
    : typeof data.invoice_emails === "string"
      ? invoiceEmailsOf(data.invoice_emails)
      : []
  const details = {
    ...(textOf(data.purchase_order_number) && { purchaseOrderNumber: textOf(data.purchase_order_number) }),
    ...(textOf(data.department) && { department: textOf(data.department) }),
    ...(textOf(data.project) && { project: textOf(data.project) }),
    ...(emails.length && { invoiceEmails: emails }),
    ...(textOf(data.order_note) && { orderNote: textOf(data.order_note) }),
  }
  const periods = Number(data.number_of_periods)
  return {
    providerId: session.provider_id,
    ...(company && { company }),
    ...(companyLabel && { companyLabel }),
    details,
    ...(Number.isInteger(periods) && periods > 0 && { numberOfPeriods: periods }),
    ...(textOf(data.return_url) && { returnUrl: textOf(data.return_url) }),
    ...(company && sessionIsChecked(session) && { check: { approved: true as const } }),
  }
}

/**
 * The company a choice names, as the company picker shows it (`{ company, name, number, country }`): its label when
 * it has one, else what the company itself says (a company entered by hand has its name and number; one found by the
 * search, its canonical id). Undefined when the choice names no company.
 */
export function companySelectionOf(choice: TradeCreditChoice | null | undefined): CompanySelection | undefined {
  const company = companyOf(choice?.company)
  if (!company) return undefined
  const label = choice?.companyLabel
  return {
    company: company as CompanySelection["company"],
    name: label?.name ?? company.company_name ?? company.company_canonical_id ?? company.organization_number,
    number: label?.number ?? company.organization_number ?? "",
    country: (label?.country ?? company.country_prefix ?? "").toUpperCase(),
  }
}

/** What the session keeps of a selection to show it again (`company_label`). */
export const companyLabelOf = (selection: CompanySelection): CompanyLabel => ({
  name: selection.name,
  number: selection.number,
  country: selection.country,
})

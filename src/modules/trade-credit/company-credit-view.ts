import type { CompanyCreditRow } from "./types"

/** A company's credit as the checkout reads it: the newest limit and the newest arrears state of its rows. */
export type CompanyCreditView = {
  organization_number: string
  company_name: string | null
  currency_code: string | null
  credit_limit: string | null
  credit_limit_balance: string | null
  max_single_order_value: string | null
  credit_approved: boolean | null
  decline_reason: string | null
  in_arrears: boolean
  arrears_state: CompanyCreditRow["arrears_state"]
  days_in_arrears: number | null
  days_until_arrears: number | null
  earliest_invoice_number: string | null
  earliest_invoice_due_date: string | null
  limit_event_at: Date | null
  arrears_event_at: Date | null
}

const time = (at: Date | string | null | undefined) => (at ? new Date(at).getTime() : -Infinity)
const decimal = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

/**
 * The rows kept for one company (its own row and the country-less row of the arrears events) read as one: the limit
 * of the row whose limit event is newest, the arrears of the row whose arrears event is newest. Null when none.
 */
export function companyCreditView(rows: CompanyCreditRow[]): CompanyCreditView | null {
  if (!rows.length) return null
  const byLimit = [...rows].sort((a, b) => time(b.limit_event_at) - time(a.limit_event_at))[0]
  const byArrears = [...rows].sort((a, b) => time(b.arrears_event_at) - time(a.arrears_event_at))[0]
  const limitKnown = byLimit.limit_event_at != null
  const arrearsKnown = byArrears.arrears_event_at != null
  return {
    organization_number: byLimit.organization_number,
    company_name: byLimit.company_name ?? byArrears.company_name ?? null,
    currency_code: byLimit.currency_code ?? null,
    credit_limit: decimal(byLimit.credit_limit),
    credit_limit_balance: decimal(byLimit.credit_limit_balance),
    max_single_order_value: decimal(byLimit.max_single_order_value),
    credit_approved: byLimit.credit_approved ?? null,
    decline_reason: byLimit.decline_reason ?? null,
    // The limit event's flag until an arrears event says otherwise, whichever is newer.
    in_arrears:
      arrearsKnown && (!limitKnown || time(byArrears.arrears_event_at) >= time(byLimit.limit_event_at))
        ? byArrears.arrears_state === "blocked"
        : Boolean(byLimit.in_arrears),
    arrears_state: byArrears.arrears_state,
    days_in_arrears: byArrears.days_in_arrears ?? null,
    days_until_arrears: byArrears.days_until_arrears ?? null,
    earliest_invoice_number: byArrears.earliest_invoice_number ?? null,
    earliest_invoice_due_date: byArrears.earliest_invoice_due_date ?? null,
    limit_event_at: byLimit.limit_event_at ? new Date(byLimit.limit_event_at) : null,
    arrears_event_at: byArrears.arrears_event_at ? new Date(byArrears.arrears_event_at) : null,
  }
}

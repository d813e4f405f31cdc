import type { ArrearsState } from "./models/company-credit"
import type { ReceivableKind, ReceivableStatus } from "./models/receivable"
import type { ReceivableEntryKind } from "./models/receivable-entry"

/**
 * A document as an event or a read describes it (issue #38). Amounts are the service's decimal strings. A field left
 * out (undefined) keeps what the row has: an event that names less than the read never erases what the read gave.
 */
export type ReceivableInput = {
  kind: ReceivableKind
  document_id: string
  currency_code: string
  amount: string
  service_order_id?: string | null
  order_id?: string | null
  customer_id?: string | null
  company_key?: string | null
  company_name?: string | null
  number?: string | null
  payment_reference?: string | null
  paid_amount?: string | null
  credited_amount?: string | null
  collected_amount?: string | null
  recoursed_amount?: string | null
  outstanding_amount?: string | null
  status?: ReceivableStatus
  issued_at?: Date | null
  due_at?: Date | null
  settled_at?: Date | null
  document_url?: string | null
  details?: Record<string, unknown> | null
  read_at?: Date | null
}

/** One dated line of a document's life, from one event (`event_id`: a repeated delivery adds nothing). */
export type ReceivableEntryInput = {
  event_id: string
  kind: ReceivableEntryKind
  amount: string
  currency_code: string
  occurred_at: Date
  reference?: string | null
}

/** What a `customer.credit_limit.updated.v1` says of a company. */
export type CreditLimitInput = {
  currency_code: string
  credit_limit: string
  credit_limit_balance: string
  max_single_order_value: string
  credit_approved: boolean
  decline_reason: string | null
  in_arrears: boolean
}

/** What an arrears event says of a company (`exit_` events: state `none`, the rest null). */
export type ArrearsInput = {
  arrears_state: ArrearsState
  days_in_arrears?: number | null
  days_until_arrears?: number | null
  earliest_invoice_number?: string | null
  earliest_invoice_due_date?: string | null
}

/** A company's credit event: which company, when the service sent it, and the limit or the arrears it gives. */
export type CompanyCreditEvent = {
  organization_number: string
  country_code: string | null
  company_name: string | null
  at: Date
} & ({ limit: CreditLimitInput; arrears?: never } | { arrears: ArrearsInput; limit?: never })

/** `<country>:<organization number>`, the country empty when the event names none (the arrears events). */
export const companyKeyOf = (countryCode: string | null | undefined, organizationNumber: string): string =>
  `${(countryCode ?? "").toUpperCase()}:${organizationNumber.replace(/\s+/g, "")}`

/** The fields of `input` that were given (undefined dropped), for a create or an update. */
export function givenFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>
}

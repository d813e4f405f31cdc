/**
 * The events after the invoice (issue #38), by their published names (webhooks-api.yaml), with the data the
 * simulator sends. Required fields are always present; a nullable one is null when the simulator has no value.
 */

export const RECONCILIATION_EVENTS = {
  invoiced: "order.reconciliation.invoiced.v1",
  payment_allocated: "order.reconciliation.payment_allocated.v1",
  credited: "order.reconciliation.credited.v1",
  collected: "order.reconciliation.collected.v1",
  recoursed: "order.reconciliation.recoursed.v1",
} as const
export type ReconciliationEventType = (typeof RECONCILIATION_EVENTS)[keyof typeof RECONCILIATION_EVENTS]

export const CUSTOMER_EVENTS = {
  creditLimitUpdated: "customer.credit_limit.updated.v1",
  inArrears: "customer.in_arrears_block.v1",
  approachingArrears: "customer.approaching_arrears_block.v1",
  exitArrears: "customer.exit_arrears_block.v1",
  exitApproachingArrears: "customer.exit_approaching_arrears_block.v1",
  userVerified: "customer.user.verified.v1",
} as const

export const INSTALMENTS_INVOICED_EVENT = "instalments.invoiced.v1"
export const BILLING_STATEMENT_EVENT = "billing_statement.created.v1"

/** `OrderReconciliationDataBase`: amounts signed as the service signs them (invoiced positive, the rest negative). */
export type ReconciliationData = {
  root_order_id: string | null
  order_id: string
  invoice_id: string | null
  merchant_id: string
  amount: string
  currency: string
  billing_period_id: string | null
  merchant_user_id: string | null
}

/** What payment_allocated adds (`OrderReconciliationPaymentAllocatedData`). */
export type PaymentAllocatedExtra = {
  matched_reference: string
  payment: {
    payment_id: string
    payment_reference: string | null
    booked_at: string
    payment_amount: string
    currency: string
  }
}

/** `CustomerCreditLimitUpdateData`. */
export type CreditLimitUpdatedData = {
  buyer_company_name: string
  buyer_organization_number: string
  country: string
  previous_credit_limit: string | null
  previous_credit_limit_balance: string | null
  credit_limit: string
  credit_limit_balance: string
  max_single_order_value: string
  buyer_is_in_arrears: boolean
  currency: string
  credit_approved: boolean
  decline_reason: string | null
}

/** What the arrears events share (`CustomerInArrearsEventData`, `CustomerApproachingArrearsEventData`). */
export type ArrearsEventData = {
  buyer_company_name: string
  buyer_organization_number: string
  earliest_invoice_due_belongs_to_merchant: boolean
  earliest_invoice_number: string | null
  earliest_invoice_due_date: string | null
  earliest_invoice_gross_amount: string | null
  earliest_invoice_currency: string | null
}

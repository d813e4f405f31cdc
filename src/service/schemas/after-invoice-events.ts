import { z } from "@medusajs/framework/zod"
import { AnswerDecimal } from "./order"
import { Envelope, unread } from "./webhook-envelope"

/**
 * The events after the invoice (issue #38, webhooks-api.yaml), read by the rules of webhook.ts: `data` requires what
 * the plugin acts on (the document, the company, the user it is about, and the figures it keeps), every other field is
 * optional and may be null, fields not listed are dropped, and a decimal is a decimal string (`AnswerDecimal`, never a
 * number). The published schemas require more; a reader that required it all would turn a sender's omission into a
 * 400 the service retries for days.
 */

/** `order.reconciliation.*.v1`: an invoice's life at the service (invoiced, paid, credited, collected, recoursed). */
export const RECONCILIATION_EVENT_TYPES = [
  "order.reconciliation.invoiced.v1",
  "order.reconciliation.payment_allocated.v1",
  "order.reconciliation.credited.v1",
  "order.reconciliation.collected.v1",
  "order.reconciliation.recoursed.v1",
] as const
export type ReconciliationEventType = (typeof RECONCILIATION_EVENT_TYPES)[number]

export const INSTALMENTS_INVOICED_EVENT_TYPE = "instalments.invoiced.v1"
export const BILLING_STATEMENT_EVENT_TYPE = "billing_statement.created.v1"
export const CREDIT_LIMIT_EVENT_TYPE = "customer.credit_limit.updated.v1"
export const USER_VERIFIED_EVENT_TYPE = "customer.user.verified.v1"

/** A buyer company entering or leaving an arrears block, or the warning before one. */
export const ARREARS_EVENT_TYPES = [
  "customer.in_arrears_block.v1",
  "customer.approaching_arrears_block.v1",
  "customer.exit_arrears_block.v1",
  "customer.exit_approaching_arrears_block.v1",
] as const
export type ArrearsEventType = (typeof ARREARS_EVENT_TYPES)[number]

/** Every event after the invoice the plugin acts on (they are published under these names only). */
export const AFTER_INVOICE_EVENT_TYPES = [
  ...RECONCILIATION_EVENT_TYPES,
  INSTALMENTS_INVOICED_EVENT_TYPE,
  BILLING_STATEMENT_EVENT_TYPE,
  CREDIT_LIMIT_EVENT_TYPE,
  ...ARREARS_EVENT_TYPES,
  USER_VERIFIED_EVENT_TYPE,
] as const

/** A string the plugin keeps when sent: null or absent read as null. */
const kept = () =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? null)

/**
 * `data` of the reconciliation events (published OrderReconciliationDataBase and what each adds). Read: `order_id` (the
 * service order whose invoice it is: its invoice is read back, `GET /v1/order/{order_id}/invoice_details`), `amount`
 * and `currency` (the dated line, signed as the service signs it: invoiced positive, a payment allocated negative and
 * one taken back positive, credited, collected and recoursed negative), `invoice_id` (null: the order's invoice) and
 * the date and id of what the kind adds (`payment`, `credit_note`, `collection`, `recourse`; without it, the line is
 * dated by the event's `time`).
 */
export const ReconciliationEventData = z.object({
  order_id: z.string(),
  root_order_id: unread(),
  invoice_id: kept(),
  merchant_id: unread(),
  amount: AnswerDecimal,
  currency: z.string(),
  billing_period_id: unread(),
  merchant_user_id: unread(),
  // payment_allocated
  matched_reference: unread(),
  payment: z
    .object({
      payment_id: kept(),
      payment_reference: kept(),
      booked_at: kept(),
      payment_amount: AnswerDecimal.nullish(),
      currency: unread(),
    })
    .nullish(),
  // credited
  credit_note: z
    .object({ refund_id: kept(), credited_at: kept(), credit_note_amount: AnswerDecimal.nullish() })
    .nullish(),
  // collected
  collection: z
    .object({ collection_id: kept(), collected_at: kept(), collection_amount: AnswerDecimal.nullish() })
    .nullish(),
  // recoursed
  recourse: z.object({ recourse_id: kept(), recoursed_at: kept(), recourse_amount: AnswerDecimal.nullish() }).nullish(),
})
export type ReconciliationEventData = z.infer<typeof ReconciliationEventData>

export const ReconciliationEvent = z.object({
  ...Envelope,
  type: z.enum(RECONCILIATION_EVENT_TYPES),
  data: ReconciliationEventData,
})
export type ReconciliationEvent = z.infer<typeof ReconciliationEvent>

/**
 * `instalments.invoiced.v1` (InstalmentsInvoicedEventData). Read: `invoice_id` (the document), `instalment_account_id`
 * (the buyer's repayment account: whose invoice it is), `gross_amount`; kept when sent: the number, dates, payment
 * reference, the plans and instalments it invoices and its tax subtotals.
 */
export const InstalmentsInvoicedEvent = z.object({
  ...Envelope,
  type: z.literal(INSTALMENTS_INVOICED_EVENT_TYPE),
  data: z.object({
    invoice_id: z.string(),
    merchant_id: unread(),
    issue_date: kept(),
    due_date: kept(),
    invoice_number: kept(),
    payment_reference: kept(),
    instalment_account_id: z.string(),
    gross_amount: AnswerDecimal,
    tax_subtotals: z
      .array(z.object({ tax_amount: kept(), taxable_amount: kept(), tax_rate: kept() }))
      .nullish()
      .transform((items) => items ?? []),
    instalments: z
      .array(z.object({ plan_id: z.string(), instalment_id: kept() }))
      .nullish()
      .transform((items) => items ?? []),
  }),
})
export type InstalmentsInvoicedEvent = z.infer<typeof InstalmentsInvoicedEvent>

/**
 * `billing_statement.created.v1` (BillingStatementEventData): the monthly statement. Read: `billing_period_id` (the
 * document), `gross_amount`, `currency`; kept when sent: the number, dates, payment reference, what is outstanding,
 * the billing account and the invoices and credit notes it lists.
 */
export const BillingStatementEvent = z.object({
  ...Envelope,
  type: z.literal(BILLING_STATEMENT_EVENT_TYPE),
  data: z.object({
    merchant_id: unread(),
    billing_period_id: z.string(),
    statement_number: z.number().int().nullish(),
    payment_reference: kept(),
    gross_amount: AnswerDecimal,
    outstanding_amount: AnswerDecimal.nullish(),
    currency: z.string(),
    due_date: kept(),
    issue_date: kept(),
    billing_account_id: kept(),
    invoices: z
      .array(
        z.object({
          root_order_id: kept(),
          order_id: z.string(),
          invoice_id: z.string(),
          amount: AnswerDecimal,
          invoice_number: z.number().int().nullish(),
          invoice_number_string: kept(),
        }),
      )
      .nullish()
      .transform((items) => items ?? []),
    credit_notes: z
      .array(z.object({ refund_id: z.string(), credited_amount: AnswerDecimal }))
      .nullish()
      .transform((items) => items ?? []),
  }),
})
export type BillingStatementEvent = z.infer<typeof BillingStatementEvent>

/**
 * `customer.credit_limit.updated.v1` (CustomerCreditLimitUpdateData). Read: the company (`buyer_organization_number`,
 * `country`) and what the checkout respects: the limit, its balance, the maximum single order value, the currency,
 * whether credit is approved and the buyer in arrears. The previous figures are not kept.
 */
export const CreditLimitUpdatedEvent = z.object({
  ...Envelope,
  type: z.literal(CREDIT_LIMIT_EVENT_TYPE),
  data: z.object({
    buyer_company_name: kept(),
    buyer_organization_number: z.string(),
    country: z.string(),
    credit_limit: AnswerDecimal,
    credit_limit_balance: AnswerDecimal,
    max_single_order_value: AnswerDecimal,
    buyer_is_in_arrears: z.boolean(),
    currency: z.string(),
    credit_approved: z.boolean(),
    decline_reason: kept(),
  }),
})
export type CreditLimitUpdatedEvent = z.infer<typeof CreditLimitUpdatedEvent>

/**
 * The arrears events (CustomerInArrearsEventData, CustomerApproachingArrearsEventData, ArrearsBuyerBaseEventData for
 * the `exit_` ones). Read: `buyer_organization_number` (no country: the published events name none) and, when sent,
 * the days in arrears or until the block and the earliest invoice due.
 */
export const ArrearsEvent = z.object({
  ...Envelope,
  type: z.enum(ARREARS_EVENT_TYPES),
  data: z.object({
    buyer_company_name: kept(),
    buyer_organization_number: z.string(),
    days_in_arrears: z.number().int().nullish(),
    days_until_arrears: z.number().int().nullish(),
    earliest_invoice_number: kept(),
    earliest_invoice_due_date: kept(),
  }),
})
export type ArrearsEvent = z.infer<typeof ArrearsEvent>

/**
 * `customer.user.verified.v1` (CustomerUserVerifiedData). Read: `merchant_user_id` (the Medusa customer, as the plugin
 * named the trade-account user) and `user_id` (the service's user).
 */
export const UserVerifiedEvent = z.object({
  ...Envelope,
  type: z.literal(USER_VERIFIED_EVENT_TYPE),
  data: z.object({
    merchant_id: unread(),
    merchant_user_id: z.string(),
    user_id: z.string(),
  }),
})
export type UserVerifiedEvent = z.infer<typeof UserVerifiedEvent>

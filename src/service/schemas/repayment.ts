import { z } from "@medusajs/framework/zod"
import { Email, Money, PhoneNumber, ReadMoney, ReadTaxSubtotal, REPAYMENT_CURRENCIES, TaxRate } from "./common"
import { TaxSubtotal } from "./order"
import { MAX_NUMBER_OF_PERIODS, MAX_PLAN_MONTHS, MIN_NUMBER_OF_PERIODS, MIN_PLAN_MONTHS } from "../plan-periods"

/**
 * Repayment interface, version 1.0.0 (contract section 3, as corrected in its
 * section 8), under `{baseUrl}/repay/v1`. The seed's paths where it gives one
 * (`/preview`, `/status?plan_id=`, `/fulfilment` with `plan_id` in the body),
 * the published ones where it does not (`/account/{id}`,
 * `/plan/{plan_id}/cancellation`).
 */

export { MAX_NUMBER_OF_PERIODS, MAX_PLAN_MONTHS, MIN_NUMBER_OF_PERIODS, MIN_PLAN_MONTHS }
/** The only cadence the service supports. */
export const REPAYMENT_PERIODS = ["MONTHLY"] as const
export const RepaymentPeriod = z.enum(REPAYMENT_PERIODS)
export type RepaymentPeriod = z.infer<typeof RepaymentPeriod>

/** Countries of the repayment interface (published `CountryCode`). */
export const REPAYMENT_COUNTRIES = ["AT", "BE", "DE", "DK", "FI", "FR", "GB", "NL", "NO", "SE", "US"] as const
export const RepaymentCountry = z.enum(REPAYMENT_COUNTRIES, {
  error: `country_code must be one the repayment interface serves (${REPAYMENT_COUNTRIES.join(", ")})`,
})
export type RepaymentCountry = z.infer<typeof RepaymentCountry>
/** Currencies of the repayment interface (published `CurrencyCode`). */
export { REPAYMENT_CURRENCIES }
export const RepaymentCurrency = z.enum(REPAYMENT_CURRENCIES, {
  error: `currency must be one the repayment interface serves (${REPAYMENT_CURRENCIES.join(", ")})`,
})
export type RepaymentCurrency = z.infer<typeof RepaymentCurrency>

/** A calendar date, "2026-03-01" (instalment issue dates are in UTC; a plan's consent date). */
export const IsoDate = z.iso.date()
/** An ISO 8601 instant with its offset ("2026-02-14T10:00:00Z", "2026-02-14T11:00:00+01:00"). */
export const IsoDateTime = z.iso.datetime({ offset: true })

/** `[A-Za-z0-9_-]`, 1 to 40: a trade name, a national identifier, a plan's reference, the interface's ids. */
export const Identifier = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 of A-Z, a-z, 0-9, _ and -")

/** Money more than zero (published `PositiveMoney`). */
export const PositiveMoney = Money.refine((value) => /[1-9]/.test(value), "must be more than 0.00")

export const PlanTerms = z.object({
  period: RepaymentPeriod,
  number_of_periods: z.number().int().min(MIN_NUMBER_OF_PERIODS).max(MAX_NUMBER_OF_PERIODS),
})
export type PlanTerms = z.infer<typeof PlanTerms>

/** An account's address (`billing_address`, the company's `official_address`): published `Address`. */
export const RepaymentAddress = z.object({
  address_line_1: z.string().min(1).max(255),
  address_line_2: z.string().min(1).max(255).optional(),
  city: z.string().min(1).max(100),
  region: z.string().min(1).max(100).optional(),
  postal_code: z.string().min(1).max(20),
  country_code: RepaymentCountry,
})
export type RepaymentAddress = z.infer<typeof RepaymentAddress>

/** A plan's `shipping_address` (published `ShippingAddress`: any country). */
export const PlanShippingAddress = RepaymentAddress.extend({
  country_code: z.string().regex(/^[A-Z]{2}$/, "country_code must be ISO 3166-1 alpha-2 upper case"),
})
export type PlanShippingAddress = z.infer<typeof PlanShippingAddress>

export const RepaymentBuyerCompany = z.object({
  trade_name: Identifier,
  official_address: RepaymentAddress,
  country_code: RepaymentCountry,
  /** The organization number. */
  national_identifier: Identifier,
})
export type RepaymentBuyerCompany = z.infer<typeof RepaymentBuyerCompany>

/** Published `Representative`: all four required, the phone E.164. */
export const AccountRepresentative = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  phone_number: PhoneNumber,
  email: Email,
})
export type AccountRepresentative = z.infer<typeof AccountRepresentative>

/** POST /account */
export const AccountRequest = z.object({
  buyer_company: RepaymentBuyerCompany,
  billing_address: RepaymentAddress,
  invoice_email: Email,
  invoice_cc_emails: z.array(Email).max(10).default([]),
  account_representative: AccountRepresentative,
  due_in_days: z.number().int().min(0).optional(),
  /** The merchant's id of the account record, unique per merchant **(chosen; not in the published schema)**. */
  merchant_account_reference: z.string().min(1).max(100).optional(),
})
export type AccountRequest = z.infer<typeof AccountRequest>

/**
 * PUT /account/{account_id} → 204. The company's `country_code` and
 * `national_identifier` are not part of it and never change.
 */
export const AccountUpdateRequest = z.object({
  buyer_company: RepaymentBuyerCompany.pick({ trade_name: true, official_address: true }),
  billing_address: RepaymentAddress.optional(),
  invoice_email: Email,
  invoice_cc_emails: z.array(Email).max(10).optional(),
  account_representative: AccountRepresentative,
  due_in_days: z.number().int().min(0).optional(),
})
export type AccountUpdateRequest = z.infer<typeof AccountUpdateRequest>

/**
 * Answers are read as the published documents allow them (issue 36): required fields only, `null` where nullable,
 * unknown fields, any value of a published enum, money in the published `decimal` (read exactly, two decimals at
 * least). What the plugin needs and the seed promises is required: an account's and a plan's `id`, a check's decision
 * and terms, a status's funding and fulfilment. Nothing else an answer carries is refused.
 */

/** An address as answers carry it (published `Address`, `ShippingAddress`): strings, optional parts absent. */
const ReadAddress = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullish(),
  city: z.string(),
  region: z.string().nullish(),
  postal_code: z.string(),
  country_code: z.string(),
})

/**
 * The account: `{id, ...body}` (published `RepaymentAccount`: `id` optional, the seed's promise). Only `id` is used;
 * the echoed body is read as published (strings, any country and phone), optional parts absent.
 */
export const RepaymentAccount = z.object({
  id: z.string().min(1),
  buyer_company: z.object({
    trade_name: z.string(),
    official_address: ReadAddress,
    country_code: z.string(),
    national_identifier: z.string(),
  }),
  billing_address: ReadAddress,
  invoice_email: z.string(),
  invoice_cc_emails: z.array(z.string()).nullish(),
  account_representative: z.object({
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    email: z.string(),
  }),
  due_in_days: z.number().int().nullish(),
  /** The contract's (chosen, not published): echoed when sent. */
  merchant_account_reference: z.string().nullish(),
})
export type RepaymentAccount = z.infer<typeof RepaymentAccount>

/** POST /credit-check: `currency` defaults to GBP, `instalment_period` to MONTHLY. */
export const CreditCheckRequest = z.object({
  country_code: RepaymentCountry,
  national_identifier: Identifier,
  company_name: z.string().min(1).max(255),
  amount: PositiveMoney,
  currency: RepaymentCurrency.optional(),
  instalment_period: RepaymentPeriod.optional(),
})
export type CreditCheckRequest = z.infer<typeof CreditCheckRequest>

export const CREDIT_DECISIONS = ["APPROVED", "DECLINED"] as const
export const CreditDecision = z.enum(CREDIT_DECISIONS)

/**
 * The check's answer (published `CreditCheckResponse`; the seed promises its terms). The terms are read as the service
 * gives them, any whole numbers (core/plan/plan-limits.ts offers only what they and the plan duration, 3 to 36 months,
 * both allow); the amount exactly. A DECLINED check answers the limits `0`, `0`, `"0.00"` **(chosen)**.
 */
export const CreditCheckResult = z.object({
  decision: CreditDecision,
  minimum_instalments: z.number().int(),
  maximum_instalments: z.number().int(),
  maximum_instalment_amount: ReadMoney,
  currency: z.string(),
})
export type CreditCheckResult = z.infer<typeof CreditCheckResult>

/** POST /preview: one tentative plan a call (several options are several calls). */
export const PreviewRequest = z.object({
  total_repayment_amount: PositiveMoney,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  terms: PlanTerms,
})
export type PreviewRequest = z.infer<typeof PreviewRequest>

/** A list of tax subtotals as answers carry it: `null` or absent reads as none. */
const ReadTaxSubtotals = z
  .array(ReadTaxSubtotal)
  .nullish()
  .transform((list) => list ?? [])

/**
 * Terms as answers carry them (published `MonthlyTerms` or `YearlyTerms`): the plugin asks for MONTHLY only, and reads
 * whatever period the answer names (a string), its number of periods and, for YEARLY, its start month.
 */
export const ReadPlanTerms = z.object({
  period: z.string(),
  number_of_periods: z.number().int(),
  start_month: z.number().int().nullish(),
})
export type ReadPlanTerms = z.infer<typeof ReadPlanTerms>

/** An instalment of a preview (published `InstalmentPreview`). */
export const PreviewInstalment = z.object({
  invoice_issue_date: z.string(),
  repayment_amount: ReadMoney,
  tax_subtotals: ReadTaxSubtotals,
})
export type PreviewInstalment = z.infer<typeof PreviewInstalment>

/** POST /preview's answer (published `RepaymentPlanPreviewResponse`; its instalments may be none). */
export const PreviewResult = z.object({
  terms: ReadPlanTerms,
  instalments: z.array(PreviewInstalment),
  total_repayment_amount: ReadMoney,
  tax_subtotals: ReadTaxSubtotals,
})
export type PreviewResult = z.infer<typeof PreviewResult>

export const PLAN_LINE_ITEM_TYPES = ["DIGITAL", "PHYSICAL", "SHIPPING_FEE", "GIFTCARD", "SERVICE", "FEE"] as const
export const PlanLineItemType = z.enum(PLAN_LINE_ITEM_TYPES)
export type PlanLineItemType = z.infer<typeof PlanLineItemType>
export const PRODUCT_IDENTIFIER_TYPES = ["EAN", "GTIN", "SKU", "UPC", "JAN", "CUSTOM_IDENTIFIER"] as const

/** A plan's quantity: a positive decimal string with at most three decimals. */
export const PlanQuantity = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,3})?$/, "quantity must be a decimal string with at most three decimals")

/** A plan's line item: the repayment interface's own (published `LineItem`), not the order interface's. */
export const PlanLineItem = z.object({
  name: z.string().min(1).max(255),
  description: z.string().min(1).max(1000),
  product_identifiers: z.array(
    z.object({ value: z.string().min(1).max(255), identifier_type: z.enum(PRODUCT_IDENTIFIER_TYPES) }),
  ),
  /** Excluding tax. */
  unit_price_amount: Money,
  unit_discount_amount: Money.optional(),
  tax_rate: TaxRate,
  tax_class_name: z.string().min(1).max(100),
  quantity: PlanQuantity,
  quantity_unit_name: z.string().min(1).max(20),
  line_item_type: PlanLineItemType,
})
export type PlanLineItem = z.infer<typeof PlanLineItem>

/** POST /plan: every field required (published `RepaymentPlanRequest`). */
export const PlanRequest = z.object({
  /** The merchant's reference of the plan, unique per merchant while the plan holds it **(chosen)**. */
  reference: Identifier,
  description: z.string().min(1).max(1000),
  account_id: Identifier.or(z.uuid()),
  total_repayment_amount: PositiveMoney,
  currency: RepaymentCurrency,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  /** The day the buyer agreed to the plan. */
  consent_date: IsoDate,
  line_items: z.array(PlanLineItem).min(1),
  buyer_representative: AccountRepresentative,
  shipping_address: PlanShippingAddress,
  terms: PlanTerms,
})
export type PlanRequest = z.infer<typeof PlanRequest>

export const INSTALMENT_STATUSES = ["PLANNED", "INVOICED", "CANCELLED"] as const
export const InstalmentStatus = z.enum(INSTALMENT_STATUSES)
export type InstalmentStatus = z.infer<typeof InstalmentStatus>

/**
 * An instalment of a plan's answer (published `Instalment`: `id` optional, no `status`). Without an id it is named by
 * its `reference` (unique, `{plan reference}-{n}`); without a status it is PLANNED (a plan just made has invoiced
 * nothing: contract section 3); a status the contract does not list is kept as sent.
 */
export const Instalment = z
  .object({
    id: z.string().min(1).nullish(),
    reference: z.string(),
    invoice_issue_date: z.string(),
    repayment_amount: ReadMoney,
    tax_subtotals: ReadTaxSubtotals,
    status: z.string().nullish(),
  })
  .transform(({ id, status, ...instalment }) => ({
    ...instalment,
    id: id ?? instalment.reference,
    status: status ?? "PLANNED",
  }))
export type Instalment = z.infer<typeof Instalment>

/**
 * The plan, as POST /plan answers it (published `RepaymentPlanResponse`: the body echoed). `id` is the seed's
 * promise (any string: the contract's UUID is not required). `instalments` is optional in the published answer:
 * absent or null it reads as none (`[]`), and the plugin then shows no schedule (it keeps the plan's terms).
 * The echoed body is read loosely: only what the plugin uses is typed.
 */
export const RepaymentPlan = z.object({
  id: z.string().min(1),
  reference: z.string(),
  description: z.string(),
  account_id: z.string(),
  total_repayment_amount: ReadMoney,
  currency: z.string(),
  tax_subtotals: ReadTaxSubtotals,
  consent_date: z.string(),
  line_items: z.array(z.record(z.string(), z.unknown())),
  buyer_representative: z.object({
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    email: z.string(),
  }),
  shipping_address: ReadAddress,
  terms: ReadPlanTerms,
  instalments: z
    .array(Instalment)
    .nullish()
    .transform((list) => list ?? []),
})
export type RepaymentPlan = z.infer<typeof RepaymentPlan>

export const FUNDING_STATUSES = ["PENDING", "ACCEPTED", "REJECTED"] as const
export const FundingStatus = z.enum(FUNDING_STATUSES)
export type FundingStatus = z.infer<typeof FundingStatus>

export const FULFILMENT_STATUSES = ["NOT_INITIATED", "PENDING", "SUCCEEDED", "FAILED"] as const
export const PlanFulfilmentStatus = z.enum(FULFILMENT_STATUSES)
export type PlanFulfilmentStatus = z.infer<typeof PlanFulfilmentStatus>

/**
 * GET /status?plan_id= (published `RepaymentPlanStatusResponse`). `planId` is the plan asked about: the published
 * answer names none (`plan_id` is the contract's), so the one asked for is the one answered. Amounts: the published
 * `invoiced_amount` and `cancelled_amount` are optional and `credited_amount` is the contract's own; before fulfilment
 * (`NOT_INITIATED`) nothing is invoiced or credited (contract section 3: only a fulfilled plan's instalments are
 * invoiced), so an absent amount reads "0.00" then; otherwise an absent amount reads `null` (unknown: the plugin keeps
 * what it recorded, and lets the service decide what it cannot). `credit_decline_reason` absent or null: undefined.
 */
export const planStatusOf = (planId?: string) =>
  z
    .object({
      plan_id: z.string().nullish(),
      funding_status: FundingStatus,
      fulfilment_status: PlanFulfilmentStatus,
      total_repayment_amount: ReadMoney,
      on_recourse: z.boolean().nullish(),
      invoiced_amount: ReadMoney.nullish(),
      cancelled_amount: ReadMoney.nullish(),
      credited_amount: ReadMoney.nullish(),
      /** Why funding was REJECTED; left out while there is none. */
      credit_decline_reason: z.string().nullish(),
      recourse_decline_reason: z.string().nullish(),
    })
    .transform((status, ctx) => {
      const plan_id = status.plan_id ?? planId
      if (plan_id == null) {
        ctx.addIssue({
          code: "custom",
          path: ["plan_id"],
          message: "the plan's id is neither in the answer nor asked for",
        })
        return z.NEVER
      }
      const before = status.fulfilment_status === "NOT_INITIATED" ? "0.00" : null
      const invoiced_amount = status.invoiced_amount ?? before
      return {
        plan_id,
        funding_status: status.funding_status,
        fulfilment_status: status.fulfilment_status,
        total_repayment_amount: status.total_repayment_amount,
        on_recourse: status.on_recourse ?? false,
        invoiced_amount,
        cancelled_amount: status.cancelled_amount ?? null,
        credited_amount: status.credited_amount ?? (invoiced_amount === "0.00" ? "0.00" : null),
        ...(status.credit_decline_reason != null && { credit_decline_reason: status.credit_decline_reason }),
      }
    })
/** A status that names its plan (`plan_id`, as the contract's answers do). */
export const PlanStatus = planStatusOf()
export type PlanStatus = z.infer<typeof PlanStatus>

export const PlanStatusQuery = z.object({ plan_id: z.string().min(1).max(40) })

/** PUT /fulfilment */
export const PlanFulfilmentRequest = z.object({
  plan_id: z.string().min(1).max(40),
  /** Instalments sharing a key are invoiced together. */
  invoice_grouping_key: z.string().min(1).max(255).optional(),
})
export type PlanFulfilmentRequest = z.infer<typeof PlanFulfilmentRequest>

export const CANCEL_REASONS = ["TAX_CHANGES", "CREDIT_LIMITATION", "WRONG_DETAILS", "MIGRATION", "TERMINATED"] as const
export const CancelReason = z.enum(CANCEL_REASONS)
export type CancelReason = z.infer<typeof CancelReason>

/** PUT /plan/{plan_id}/cancellation (published `Cancellation`). */
export const PlanCancellationRequest = z.object({
  cancelled_at: IsoDateTime,
  cancel_reason: CancelReason.optional(),
})
export type PlanCancellationRequest = z.infer<typeof PlanCancellationRequest>

/**
 * The cancellation it answers (published `Cancellation`: only `cancelled_at` required). The plugin reads the plan's
 * status back after a cancellation (core/plan/plan-data.ts), so nothing here is needed: absent or null fields read
 * `null`, the reason any string (the published default TERMINATED when absent).
 */
export const PlanCancellation = z.object({
  id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  cancelled_at: z.string(),
  cancelled_repayment_amount: ReadMoney.nullish().transform((v) => v ?? null),
  currency: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  cancel_reason: z
    .string()
    .nullish()
    .transform((v) => v ?? "TERMINATED"),
})
export type PlanCancellation = z.infer<typeof PlanCancellation>

/** POST /credit **(chosen path)** */
export const PlanCreditRequest = z.object({
  plan_id: z.string().min(1).max(40),
  amount: PositiveMoney,
  currency: RepaymentCurrency,
  reason: z.string().min(1).max(255),
})
export type PlanCreditRequest = z.infer<typeof PlanCreditRequest>

export const PlanCredit = z.object({
  id: z.string(),
  plan_id: z.string(),
  amount: Money,
  currency: RepaymentCurrency,
})
export type PlanCredit = z.infer<typeof PlanCredit>

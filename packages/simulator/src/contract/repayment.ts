import { z } from "zod"
import { Email, IsoDate, IsoDateTime, Money, Reference40, SignedMoney, TaxRate } from "./common"

/**
 * The simulator's own reading of the repayment interface (contract section 3 and its section 8 lines, the
 * published repay-api document where the seed is silent), written apart from the plugin's schemas. Request bodies
 * are strict objects: a key the contract does not name is refused (422), so a client that reads the contract
 * differently fails here instead of at the real service **(chosen, docs/service-contract-notes.md §3)**.
 */

/** The API's range of `number_of_periods` (seed: "Number of periods 1 to 36"; published `MonthlyTerms`). */
export const API_MIN_PERIODS = 1
export const API_MAX_PERIODS = 36

/** Country codes of the repayment interface (published `CountryCode`). */
export const REPAYMENT_COUNTRIES = ["AT", "BE", "DE", "DK", "FI", "FR", "GB", "NL", "NO", "SE", "US"] as const
export const RepaymentCountry = z.enum(REPAYMENT_COUNTRIES)

/** Currencies of the repayment interface (published `CurrencyCode`). */
export const REPAYMENT_CURRENCIES = ["DKK", "EUR", "GBP", "NOK", "SEK", "USD"] as const
export const RepaymentCurrency = z.enum(REPAYMENT_CURRENCIES)

/** Money that must be more than zero (published `PositiveMoney`). */
export const PositiveMoney = Money.refine((value) => /[1-9]/.test(value), "must be more than 0.00")

/** An identifier of the interface: [A-Za-z0-9_-], 1 to 40 (trade_name, national_identifier, reference, ids). */
export const Identifier40 = Reference40

/** A plan's quantity: a positive decimal string with at most three decimals. */
export const PlanQuantity = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,3})?$/, "must be a decimal string with at most three decimals")
  .refine((value) => /[1-9]/.test(value), "must be more than 0")

export const Terms = z.strictObject({
  period: z.literal("MONTHLY", { error: 'must be "MONTHLY": the service repays monthly only' }),
  number_of_periods: z.number().int().min(API_MIN_PERIODS).max(API_MAX_PERIODS),
})
export type Terms = z.infer<typeof Terms>

export const TaxSubtotal = z.strictObject({ tax_rate: TaxRate, taxable_amount: Money, tax_amount: Money })
export type TaxSubtotal = z.infer<typeof TaxSubtotal>

/** An address of an account (billing, official) and of a plan's shipping (published `Address`, `ShippingAddress`). */
export const Address = z.strictObject({
  address_line_1: z.string().min(1),
  address_line_2: z.string().optional(),
  city: z.string().min(1),
  region: z.string().optional(),
  postal_code: z.string().min(1),
  country_code: RepaymentCountry,
})
export type Address = z.infer<typeof Address>

/** Published `Representative`: all four required; the phone in E.164 (contract section 0). */
export const Representative = z.strictObject({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  phone_number: z.string().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 phone number"),
  email: Email,
})
export type Representative = z.infer<typeof Representative>

export const BuyerCompany = z.strictObject({
  trade_name: Identifier40,
  official_address: Address,
  country_code: RepaymentCountry,
  national_identifier: Identifier40,
})

/** POST /account (published `RepaymentAccount`, plus the chosen `merchant_account_reference`). */
export const AccountCreate = z.strictObject({
  buyer_company: BuyerCompany,
  billing_address: Address,
  invoice_email: Email,
  invoice_cc_emails: z.array(Email).optional(),
  account_representative: Representative,
  due_in_days: z.number().int().min(0).optional(),
  merchant_account_reference: z.string().min(1).max(100).optional(),
})
export type AccountCreate = z.infer<typeof AccountCreate>

/** PUT /account/{account_id} (published `RepaymentAccountUpdate`): the company's country and number do not change. */
export const AccountUpdate = z.strictObject({
  buyer_company: z.strictObject({ trade_name: Identifier40, official_address: Address }),
  billing_address: Address.optional(),
  invoice_email: Email,
  invoice_cc_emails: z.array(Email).optional(),
  account_representative: Representative,
  due_in_days: z.number().int().min(0).optional(),
})
export type AccountUpdate = z.infer<typeof AccountUpdate>

/** The account as the service keeps and answers it: `{id, ...body}`, `invoice_cc_emails` always a list. */
export type Account = Omit<AccountCreate, "invoice_cc_emails"> & { id: string; invoice_cc_emails: string[] }

/** POST /credit-check */
export const CreditCheck = z.strictObject({
  country_code: RepaymentCountry,
  national_identifier: Identifier40,
  company_name: z.string().min(1),
  amount: PositiveMoney,
  currency: RepaymentCurrency.default("GBP"),
  instalment_period: z.literal("MONTHLY").default("MONTHLY"),
})
export type CreditCheck = z.infer<typeof CreditCheck>

export type CreditCheckAnswer = {
  decision: "APPROVED" | "DECLINED"
  minimum_instalments: number
  maximum_instalments: number
  maximum_instalment_amount: string
  currency: string
}

/** POST /preview: one tentative plan a call. */
export const Preview = z.strictObject({
  total_repayment_amount: PositiveMoney,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  terms: Terms,
})
export type Preview = z.infer<typeof Preview>

export const LINE_ITEM_TYPES = ["DIGITAL", "PHYSICAL", "SHIPPING_FEE", "GIFTCARD", "SERVICE", "FEE"] as const
export const IDENTIFIER_TYPES = ["EAN", "GTIN", "SKU", "UPC", "JAN", "CUSTOM_IDENTIFIER"] as const

/** A plan's line item: the repayment interface's own (published `LineItem`), not the order interface's. */
export const PlanLineItem = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  product_identifiers: z.array(z.strictObject({ value: z.string().min(1), identifier_type: z.enum(IDENTIFIER_TYPES) })),
  unit_price_amount: SignedMoney,
  unit_discount_amount: Money.optional(),
  tax_rate: TaxRate,
  tax_class_name: z.string().min(1),
  quantity: PlanQuantity,
  quantity_unit_name: z.string().min(1),
  line_item_type: z.enum(LINE_ITEM_TYPES),
})
export type PlanLineItem = z.infer<typeof PlanLineItem>

/** POST /plan: every field required (published `RepaymentPlanRequest`; `description` required there too). */
export const PlanCreate = z.strictObject({
  reference: Reference40,
  description: z.string().min(1),
  account_id: Identifier40,
  total_repayment_amount: PositiveMoney,
  currency: RepaymentCurrency,
  tax_subtotals: z.array(TaxSubtotal).min(1),
  consent_date: IsoDate.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "must be a calendar date"),
  line_items: z.array(PlanLineItem).min(1),
  buyer_representative: Representative,
  shipping_address: Address.extend({
    country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code"),
  }),
  terms: Terms,
})
export type PlanCreate = z.infer<typeof PlanCreate>

export type InstalmentStatus = "PLANNED" | "INVOICED" | "CANCELLED"
export type Instalment = {
  id: string
  reference: string
  invoice_issue_date: string
  repayment_amount: string
  tax_subtotals: TaxSubtotal[]
  status: InstalmentStatus
}

/** The plan as the service answers it: the body echoed, plus its id and instalments. */
export type Plan = PlanCreate & { id: string; instalments: Instalment[] }

/** GET /status?plan_id= */
export const StatusQuery = z.object({ plan_id: z.string().min(1).max(40) })

export type FundingStatus = "PENDING" | "ACCEPTED" | "REJECTED"
export type FulfilmentStatus = "NOT_INITIATED" | "PENDING" | "SUCCEEDED" | "FAILED"

export type StatusAnswer = {
  plan_id: string
  funding_status: FundingStatus
  fulfilment_status: FulfilmentStatus
  total_repayment_amount: string
  on_recourse: boolean
  invoiced_amount: string
  cancelled_amount: string
  credited_amount: string
  /** Left out, not null, while there is none. */
  credit_decline_reason?: string
}

/** PUT /fulfilment (seed path; the plan in the body). */
export const Fulfilment = z.strictObject({
  plan_id: z.string().min(1).max(40),
  invoice_grouping_key: z.string().min(1).max(255).optional(),
})
export type Fulfilment = z.infer<typeof Fulfilment>

export const CANCEL_REASONS = ["TAX_CHANGES", "CREDIT_LIMITATION", "WRONG_DETAILS", "MIGRATION", "TERMINATED"] as const

/** PUT /plan/{plan_id}/cancellation (published `Cancellation`). */
export const Cancellation = z.strictObject({
  cancelled_at: IsoDateTime,
  cancel_reason: z.enum(CANCEL_REASONS).default("TERMINATED"),
})
export type Cancellation = z.infer<typeof Cancellation>

export type CancellationAnswer = {
  id: string
  cancelled_at: string
  cancelled_repayment_amount: string
  currency: string
  cancel_reason: (typeof CANCEL_REASONS)[number]
}

/** POST /credit **(chosen path)**. */
export const Credit = z.strictObject({
  plan_id: z.string().min(1).max(40),
  amount: PositiveMoney,
  currency: RepaymentCurrency,
  reason: z.string().min(1).max(255),
})
export type Credit = z.infer<typeof Credit>

export type CreditAnswer = { id: string; plan_id: string; amount: string; currency: string }
